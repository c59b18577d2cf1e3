/**
 * The filter drawer as a modal dialog (issue 24): loaded when a search page's Filters drawer first opens (not in the
 * pages' first-load JavaScript). On a narrow screen, while it is open: the panel is a `dialog` with `aria-modal`,
 * everything else on the page is `inert` (focus stays inside, screen readers read only the drawer), the page behind
 * does not scroll; Escape, the close button and applying the form ("Show diamonds") close it, and focus returns to
 * the Filters button. On a wide screen the panel is the side column: nothing to hold.
 */

/** The media query under which the filters are a drawer (client/styles-search-phone.css uses the same width). */
export const DRAWER_QUERY = "(max-width: 800px)";

/** Makes the open drawer modal until it closes. Idempotent: a second call while held does nothing. */
export function holdDrawer(details: HTMLDetailsElement): void {
  if (!details.open || details.dataset.held || !matchMedia(DRAWER_QUERY).matches) return;
  const panel = details.querySelector<HTMLElement>(".drawer-panel");
  const summary = details.querySelector("summary");
  if (!panel || !summary) return;
  details.dataset.held = "1";
  const inerted: Element[] = [summary];
  // Every sibling of the drawer and of each of its ancestors: the rest of the page, header and footer included.
  for (let el: Element = details; el.parentElement && el !== document.body; el = el.parentElement) {
    for (const sibling of el.parentElement.children) {
      if (sibling !== el && !sibling.hasAttribute("inert") && sibling.tagName !== "SCRIPT") inerted.push(sibling);
    }
  }
  for (const el of inerted) el.setAttribute("inert", "");
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "true");
  panel.setAttribute("aria-labelledby", "drawer-title");
  document.documentElement.classList.add("drawer-open");

  // Closing releases at once (the toggle event comes a task later): focus is back on the button when the drawer hides.
  const close = () => {
    details.open = false;
    release();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      close();
    } else if (e.key === "Tab") wrapFocus(panel, e);
  };
  const onClick = (e: MouseEvent) => {
    if ((e.target as Element).closest(".drawer-close")) close();
  };
  const release = () => {
    if (details.open || !details.dataset.held) return;
    details.removeEventListener("toggle", release);
    document.removeEventListener("keydown", onKey);
    panel.removeEventListener("click", onClick);
    panel.removeEventListener("submit", close);
    for (const el of inerted) el.removeAttribute("inert");
    panel.removeAttribute("role");
    panel.removeAttribute("aria-modal");
    panel.removeAttribute("aria-labelledby");
    document.documentElement.classList.remove("drawer-open");
    delete details.dataset.held;
    summary.focus();
  };
  details.addEventListener("toggle", release);
  // On the document: applying a filter re-renders the form, and focus may fall back to the body meanwhile.
  document.addEventListener("keydown", onKey);
  panel.addEventListener("click", onClick);
  panel.addEventListener("submit", close);
  panel.querySelector<HTMLElement>(".drawer-close")?.focus();
}

/** Tab past the drawer's last control comes back to its first (and Shift+Tab before the first to the last). */
function wrapFocus(panel: HTMLElement, e: KeyboardEvent): void {
  const controls = [...panel.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary")].filter(
    (el) => !(el as HTMLInputElement).disabled && el.getClientRects().length > 0,
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && panel.contains(active);
  if (!first || !last) return;
  if (e.shiftKey && (!inside || active === first)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || active === last)) {
    e.preventDefault();
    first.focus();
  }
}
