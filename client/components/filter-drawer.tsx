/**
 * The search pages' filters on every screen (issue 24, decision 046): a `<details>` holding the filter form. Wide
 * screens show its content as the side panel (client/styles-search-phone.css: `::details-content` always shown, the
 * summary hidden). Narrow screens show only its summary, the "Filters" button with the count of active filters, in
 * the results' sticky bar; opened, it is a full-screen drawer. With JavaScript the drawer is a modal dialog
 * (./drawer.ts, loaded when first opened: focus kept inside, Escape and the close button close it); without, the
 * same element is a disclosure around a GET form.
 */
import type { ReactNode, SyntheticEvent } from "react";

/** Query parameters of a canonical search URL that are not filters: the origin mode, the sort, the page, the ring builder's diamond. */
const NOT_FILTERS = ["origin", "sort", "order", "page", "diamond"];

/** How many filters a canonical search URL holds (each filter is one parameter there: "carat=1-1.5"). */
export function activeFilterCount(href: string): number {
  return [...new Set(new URLSearchParams(href.split("?")[1]).keys())].filter((k) => !NOT_FILTERS.includes(k)).length;
}

const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
  const details = e.currentTarget;
  if (details.open) void import("./drawer").then((m) => m.holdDrawer(details));
};

/** The drawer around a page's filter form; `href` is the page's canonical URL (its filters are counted). */
export function FilterDrawer({ href, children }: { href: string; children: ReactNode }) {
  const active = activeFilterCount(href);
  return (
    <details className="filter-drawer" onToggle={onToggle}>
      <summary className="filters-button">
        Filters
        {active ? (
          <span className="filter-count">
            <span className="visually-hidden">, </span>
            {active}
            <span className="visually-hidden"> active</span>
          </span>
        ) : null}
      </summary>
      <div className="drawer-panel">
        <div className="drawer-head">
          <h2 id="drawer-title">Filters</h2>
          <button type="button" className="drawer-close">
            Close
          </button>
        </div>
        {children}
      </div>
    </details>
  );
}

/** A sort select's change applies at once: it submits the filter form it belongs to (whose submit handler navigates). */
export function submitOwnForm(e: SyntheticEvent<HTMLSelectElement>): void {
  e.currentTarget.form?.requestSubmit();
}
