/**
 * The setting, band and jewelry search pages' filter form (§2, §3 filters): metals, price, styles, shapes,
 * width, side stones, shipping, matching band, words and sort. A GET form: it works without JavaScript.
 */
import { Link, useNavigate } from "react-router";
import type { SettingSearchResult } from "#shared/settings/schemas.ts";
import type { CardSetting } from "./setting-card";
import { METALS, SHAPES, byCode } from "#shared/enums.ts";
import type { Collection, SearchPageDef } from "#shared/settings/pages.ts";
import type { SettingFilters } from "#shared/settings/schemas.ts";
import { submitOwnForm } from "./filter-drawer";
import { filtersFromQuery, filtersOffered, queryString, searchHrefOf, type CollectionFamily } from "#shared/settings/url.ts";

/** A result page as the hydration data carries it: what each card shows. */
export type Result = Omit<SettingSearchResult, "settings"> & { settings: CardSetting[] };

export interface PageData {
  page: SearchPageDef;
  collection: Collection | null;
  family: CollectionFamily | null;
  heading: string;
  subheading: string;
  /** The shopper's filters (the page's fixed ones included, a collection's own not). */
  filters: SettingFilters;
  pageNumber: number;
  diamond: string | null;
  /** Query parameters kept across filter changes and pages (a jewellery page's h1/h2). */
  keep: [string, string][];
  ignored: string[];
  searchId: string | null;
  /** §8: set when a searchId could not be restored. */
  searchError: string | null;
  result: Result;
  canonical: string;
}

export function withQuery(path: string, params: [string, string][]): string {
  const q = queryString(new URLSearchParams(params));
  return q ? `${path}${path.includes("?") ? "&" : "?"}${q}` : path;
}

const SORTS: [string, string][] = [
  ["sortingOrder-asc", "Best sellers"],
  ["price-asc", "Price: low to high"],
  ["price-desc", "Price: high to low"],
  ["name-asc", "Name: A to Z"],
  ["name-desc", "Name: Z to A"],
];
const SHIP_DAYS = [3, 5, 7, 10, 14];

/** The filter form's id: the results bar's sort select belongs to it. */
const FORM_ID = "ss-filters";

/**
 * The sort, in the results' bar (issue 24): the select belongs to the filter form (`form` attribute). With
 * JavaScript a change applies at once; without, the Sort button submits the form.
 */
export function SettingSort({ f }: { f: SettingFilters }) {
  const value = `${f.sortBy}-${f.sortOrder}`;
  return (
    <div className="sort-controls" key={value}>
      <label>
        Sort by{" "}
        <select name="sort" form={FORM_ID} defaultValue={value} onChange={submitOwnForm}>
          {SORTS.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" form={FORM_ID} className="sort-go">
        Sort
      </button>
    </div>
  );
}

function Checks({
  legend,
  name,
  options,
  picked,
}: {
  legend: string;
  name: string;
  options: { code: number; value: string; label: string }[];
  picked: number[];
}) {
  return (
    <fieldset className="check-group">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.code}>
          <input type="checkbox" name={name} value={o.value} defaultChecked={picked.includes(o.code)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

function Range({
  legend,
  name,
  min,
  max,
  step,
  low,
  high,
}: {
  legend: string;
  name: string;
  min?: number;
  max?: number;
  step: string;
  low?: number;
  high?: number;
}) {
  return (
    <fieldset className="range">
      <legend>{legend}</legend>
      <label>
        Min{" "}
        <input
          type="number"
          name={`${name}Min`}
          min="0"
          step={step}
          defaultValue={min ?? ""}
          placeholder={low === undefined ? undefined : String(low)}
          inputMode="decimal"
        />
      </label>
      <label>
        Max{" "}
        <input
          type="number"
          name={`${name}Max`}
          min="0"
          step={step}
          defaultValue={max ?? ""}
          placeholder={high === undefined ? undefined : String(high)}
          inputMode="decimal"
        />
      </label>
    </fieldset>
  );
}

/**
 * A plain GET form to the page's semantic URL. With JavaScript, a check box or select applies at once, text and
 * ranges on submit, always at the canonical URL and keeping the scroll position.
 */
export function Filters({ d }: { d: PageData }) {
  const { page, collection, filters: f, result } = d;
  const offered = filtersOffered(page, collection ?? undefined);
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === "string" && v !== "") params.append(k, v);
    const q = filtersFromQuery(params, page, collection ?? undefined);
    navigate(withQuery(searchHrefOf(q.filters, page, { diamond: q.diamond }, collection ?? undefined), d.keep), { preventScrollReset: true });
  };
  const onChange = (e: React.FormEvent<HTMLFormElement>) => {
    const t = e.target as HTMLInputElement;
    if (t.type === "checkbox" || t.tagName === "SELECT") apply(e.currentTarget);
  };
  const reset = withQuery(page.base, d.diamond ? [["diamond", d.diamond], ...d.keep] : d.keep);
  return (
    <form
      method="get"
      action={page.semantic}
      className="filters ss-filters"
      aria-label="Filters"
      id={FORM_ID}
      key={d.canonical}
      onChange={onChange}
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
    >
      {d.diamond ? <input type="hidden" name="diamond" value={d.diamond} /> : null}
      {d.keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <fieldset>
        <legend>Search</legend>
        <label>
          <span className="visually-hidden">Words</span>
          <input type="search" name="q" defaultValue={f.queryText} maxLength={80} placeholder="e.g. twist, milgrain" />
        </label>
      </fieldset>
      {page.styles ? (
        <Checks legend="Style" name="style" options={page.styles.map((s) => ({ code: s.value, value: s.name, label: s.label }))} picked={f.styles} />
      ) : null}
      {offered.metals.length ? (
        <Checks
          legend="Metal"
          name="metal"
          options={offered.metals.map((c) => byCode(METALS, c)!).map((m) => ({ code: m.code, value: m.slug, label: m.label }))}
          picked={f.metals}
        />
      ) : null}
      {offered.shapes ? (
        <Checks legend="Diamond shape" name="shape" options={SHAPES.map((s) => ({ code: s.code, value: s.slug, label: s.label }))} picked={f.diamondShapes} />
      ) : null}
      <Range legend="Price (USD)" name="price" min={f.priceMin} max={f.priceMax} step="1" low={result.priceRange?.min} high={result.priceRange?.max} />
      {offered.width ? <Range legend="Width (mm)" name="width" min={f.widthMin} max={f.widthMax} step="0.1" /> : null}
      {offered.sideStones ? (
        <>
          <Range legend="Side stones (ct)" name="sideStones" min={f.sideGemstonesWeightMin} max={f.sideGemstonesWeightMax} step="0.01" />
          <label className="ss-flag">
            <input type="checkbox" name="noSidestone" value="1" defaultChecked={f.noSidestone} /> No side stones
          </label>
        </>
      ) : null}
      {offered.matchingBand ? (
        <label className="ss-flag">
          <input type="checkbox" name="matchingBand" value="1" defaultChecked={f.isMatchingBand} /> Has a matching band
        </label>
      ) : null}
      <fieldset className="sort">
        <legend>Shipping</legend>
        <label>
          Ships within{" "}
          <select name="ships" defaultValue={String(f.shippingDays)}>
            <option value="-1">any time</option>
            {[...new Set([...SHIP_DAYS, f.shippingDays])]
              .filter((n) => n >= 0)
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>{`${n} days`}</option>
              ))}
          </select>
        </label>
      </fieldset>
      <div className="filter-actions">
        <button type="submit">Show results</button>
        <Link to={reset}>Reset filters</Link>
      </div>
    </form>
  );
}
