/**
 * The diamond search's filter form (§2): shapes, carat, colour, clarity, cut and the rest, each value with
 * its live count, the price histogram, and "more filters". A GET form: it works without JavaScript.
 */
import { Link, useNavigate } from "react-router";
import { CERTIFICATE_LABS, CLARITIES, COLORS, FINISH_GRADES, FLUORESCENCES, SHAPES, byCode, type EnumEntry } from "#shared/enums.ts";
import { formatCount, formatUsd } from "#shared/money.ts";
import { LOUPE_IDEAL } from "#shared/loupe-ideal.ts";
import { SORT_FIELDS } from "#shared/search-constants.ts";
import type { DiamondSearchResponse, SearchFacets } from "#shared/schemas.ts";
import { SEARCH_CUTS, SEMANTIC_PATH, originOf, parseSearchParams, searchHref, type SearchState } from "#shared/search-url.ts";
import { ringOf, withRing } from "#shared/ring-builder.ts";
import type { RetailerOption } from "../context";
import { ShapeImage } from "./shape-icon";
import { submitOwnForm } from "./filter-drawer";

const SORT_LABELS: Record<(typeof SORT_FIELDS)[number], string> = {
  sortingOrder: "Best value",
  price: "Price",
  carat: "Carat",
  color: "Colour",
  clarity: "Clarity",
  cut: "Cut",
  pricePerCarat: "Price per carat",
};

type FacetName = keyof SearchFacets;

/** The filter form's id: the results bar's sort selects belong to it. */
const FORM_ID = "diamond-filters";

/** A check box per value with its live count; a value that would give no diamonds is disabled. */
function CheckGroup(p: {
  legend: string;
  name: string;
  options: readonly EnumEntry[];
  picked: number[];
  counts?: Record<string, number>;
  className?: string;
  icon?: boolean;
}) {
  return (
    <fieldset className={`check-group ${p.className ?? ""}`}>
      <legend>{p.legend}</legend>
      {p.options.map((o) => {
        const count = p.counts?.[String(o.code)];
        const checked = p.picked.includes(o.code);
        return (
          <label key={o.code} className={p.icon ? "shape-check" : undefined}>
            <input type="checkbox" name={p.name} value={o.slug} defaultChecked={checked} disabled={count === 0 && !checked} />
            {p.icon ? <ShapeImage shape={o.code} size={32} alt="" eager /> : null}
            {o.label}
            {count !== undefined ? <span className="count">{` (${formatCount(count)})`}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}

function RangeInputs(p: { legend: string; name: string; min?: number; max?: number; step: string; unit?: string }) {
  return (
    <fieldset className="range">
      <legend>{p.legend}</legend>
      <label>
        Min <input type="number" name={`${p.name}Min`} min="0" step={p.step} defaultValue={p.min ?? ""} inputMode="decimal" />
      </label>
      <label>
        Max <input type="number" name={`${p.name}Max`} min="0" step={p.step} defaultValue={p.max ?? ""} inputMode="decimal" />
      </label>
    </fieldset>
  );
}

/** Bars of how many diamonds each price bucket holds with the other filters; the chosen range is highlighted. */
function PriceHistogram({ histogram, min, max }: { histogram: NonNullable<DiamondSearchResponse["priceHistogram"]>; min: number; max: number }) {
  const peak = Math.max(1, ...histogram.counts);
  // One 10-unit column per bucket, stretched to 240 px: whole-number coordinates keep the markup short.
  return (
    <svg
      className="histogram"
      viewBox={`0 0 ${histogram.counts.length * 10} 40`}
      preserveAspectRatio="none"
      width="240"
      height="40"
      role="img"
      aria-label="Diamonds by price with the other filters"
    >
      {histogram.counts.map((c, i) => {
        const lo = histogram.edges[i]!;
        const hi = histogram.edges[i + 1] ?? Infinity;
        const h = c === 0 ? 0 : Math.round(Math.max(2, (Math.sqrt(c) / Math.sqrt(peak)) * 38) * 10) / 10;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: bucket i of the price histogram: the position is the identity
          <rect key={i} x={i * 10 + 1} y={Math.round((40 - h) * 10) / 10} width={8} height={h} className={hi > min && lo <= max ? "in" : "out"}>
            <title>{`${formatUsd(lo * 100)}${hi === Infinity ? "+" : `–${formatUsd(hi * 100)}`}: ${formatCount(c)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

/** The URL for what a filter form holds (page back to 1). */
function searchUrlFor(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === "string" && v !== "") params.append(k, v);
  return withRing(searchHref({ ...parseSearchParams(params).state, page: 1 }), ringOf(params));
}

/**
 * The filter form is a plain GET form: without JavaScript it submits like any form. With JavaScript a
 * change to a checkbox, radio or select applies at once, the URL is the canonical one, and the scroll
 * position stays.
 */
export function Filters({
  state,
  facets,
  histogram,
  retailers,
  ring,
}: {
  state: SearchState;
  facets?: SearchFacets;
  histogram?: DiamondSearchResponse["priceHistogram"];
  retailers: RetailerOption[];
  ring: string;
}) {
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => navigate(searchUrlFor(form), { preventScrollReset: true });
  const onChange = (e: React.FormEvent<HTMLFormElement>) => {
    const t = e.target as HTMLInputElement;
    if (t.type === "checkbox" || t.type === "radio" || t.tagName === "SELECT") apply(e.currentTarget);
  };
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    apply(e.currentTarget);
  };
  const count = (name: FacetName) => facets?.[name];
  const oneShape = state.diamondShapes.length === 1 ? state.diamondShapes[0]! : null;
  const idealFor = (shape: number) => {
    const r = LOUPE_IDEAL[shape]!;
    navigate(
      searchHref({
        ...state,
        page: 1,
        depthMin: r.depth[0],
        depthMax: r.depth[1],
        tableMin: r.table[0],
        tableMax: r.table[1],
        ratioMin: r.ratio[0],
        ratioMax: r.ratio[1],
      }),
      { preventScrollReset: true },
    );
  };
  const retailerGroup = (legend: string, name: string, type: "natural" | "lab", picked: number[]) => {
    const options = retailers.filter((r) => r.sells.includes(type));
    return options.length ? (
      <CheckGroup legend={legend} name={name} options={options.map((r) => ({ code: r.id, label: r.name, slug: String(r.id) }))} picked={picked} />
    ) : null;
  };
  const originCounts = facets?.origin;
  return (
    // The key remounts the form when the URL state changes (back/forward), so defaults follow the URL.
    <form
      method="get"
      action={SEMANTIC_PATH}
      className="filters"
      onChange={onChange}
      onSubmit={onSubmit}
      key={searchHref({ ...state, page: 1 })}
      aria-label="Diamond filters"
      id={FORM_ID}
    >
      {[...new URLSearchParams(ring)].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <fieldset className="origin-switch">
        <legend>Diamond type</legend>
        {(["natural", "lab", "all"] as const).map((o) => (
          <label key={o}>
            <input type="radio" name="origin" value={o} defaultChecked={originOf(state) === o} />
            {o === "natural" ? "Natural" : o === "lab" ? "Lab-grown" : "Both"}
            {originCounts && o !== "all" ? <span className="count">{` (${formatCount(originCounts[o] ?? 0)})`}</span> : null}
          </label>
        ))}
      </fieldset>
      <CheckGroup legend="Shape" name="shape" options={SHAPES} picked={state.diamondShapes} counts={count("shape")} className="shapes" icon />
      <RangeInputs legend="Carat" name="carat" min={state.caratMin} max={state.caratMax} step="0.01" />
      <CheckGroup legend="Colour" name="color" options={COLORS} picked={state.colors} counts={count("color")} />
      <CheckGroup legend="Clarity" name="clarity" options={CLARITIES} picked={state.clarities} counts={count("clarity")} />
      <CheckGroup legend="Cut" name="cut" options={SEARCH_CUTS} picked={state.cuts} counts={count("cut")} />
      <fieldset className="range price">
        <legend>Price (USD)</legend>
        {histogram ? <PriceHistogram histogram={histogram} min={state.priceMin} max={state.priceMax} /> : null}
        <label>
          Min <input type="number" name="priceMin" min="0" step="1" defaultValue={state.priceMin} inputMode="numeric" />
        </label>
        <label>
          Max <input type="number" name="priceMax" min="0" step="1" defaultValue={state.priceMax} inputMode="numeric" />
        </label>
      </fieldset>
      <details className="more-filters" open={hasMoreFilters(state)}>
        <summary>More filters</summary>
        <fieldset className="ideal">
          <legend>Loupe Ideal proportions</legend>
          <label>
            <input type="checkbox" name="ideal" value="1" defaultChecked={state.loupeIdeal} /> Only Loupe Ideal proportions (each shape&apos;s ranges)
          </label>
          {oneShape !== null ? (
            <button type="button" className="link-button" onClick={() => idealFor(oneShape)}>
              {`Fill the Loupe Ideal ranges for ${byCode(SHAPES, oneShape)!.label}`}
            </button>
          ) : (
            <p className="notice">Pick one shape to fill its ideal depth, table and ratio ranges.</p>
          )}
        </fieldset>
        <RangeInputs legend="Depth %" name="depth" min={state.depthMin} max={state.depthMax} step="0.1" />
        <RangeInputs legend="Table %" name="table" min={state.tableMin} max={state.tableMax} step="0.1" />
        <RangeInputs legend="Length/width ratio" name="ratio" min={state.ratioMin} max={state.ratioMax} step="0.01" />
        <CheckGroup legend="Polish" name="polish" options={FINISH_GRADES} picked={state.polishes} />
        <CheckGroup legend="Symmetry" name="symmetry" options={FINISH_GRADES} picked={state.symmetries} />
        <CheckGroup legend="Fluorescence" name="fluorescence" options={FLUORESCENCES} picked={state.fluorescences} />
        <CheckGroup legend="Certificate lab" name="lab" options={CERTIFICATE_LABS} picked={state.certificateLabs} counts={count("certificateLab")} />
        <fieldset className="check-group">
          <legend>Features</legend>
          <label>
            <input type="checkbox" name="eyeClean" value="1" defaultChecked={state.eyeClean} /> Eye-clean
          </label>
          <label>
            <input type="checkbox" name="image" value="1" defaultChecked={state.hasImage} /> Has photo
          </label>
          <label>
            <input type="checkbox" name="video" value="1" defaultChecked={state.hasVideo} /> Has 360° video
          </label>
        </fieldset>
        <fieldset className="shipping">
          <legend>Shipping</legend>
          <label>
            Ships within{" "}
            <select name="ship" defaultValue={String(state.shippingDays)}>
              <option value="-1">any time</option>
              {[1, 2, 3, 5, 7, 10, 14].map((d) => (
                <option key={d} value={d}>{`${d} day${d === 1 ? "" : "s"}`}</option>
              ))}
            </select>
          </label>
          <label>
            Arrives by <input type="date" name="shipBy" defaultValue={state.shipsByHolidayDate ?? ""} />
          </label>
        </fieldset>
        {retailerGroup("Natural diamond retailers", "retailer", "natural", state.naturalDiamondRetailers)}
        {retailerGroup("Lab-grown diamond retailers", "labRetailer", "lab", state.labGrownDiamondRetailers)}
        <fieldset>
          <legend>Certificate number</legend>
          <label>
            <span className="visually-hidden">Certificate number</span>
            <input type="search" name="cert" defaultValue={state.certificateNumber} maxLength={40} pattern="[A-Za-z0-9\-]*" placeholder="e.g. 2141438171" />
          </label>
        </fieldset>
      </details>
      <div className="filter-actions">
        <button type="submit">Show diamonds</button>
        <Link to="/diamond-search">Reset filters</Link>
      </div>
    </form>
  );
}

/**
 * The sort, in the results' bar (issue 24): its selects belong to the filter form (`form` attribute), so the form
 * carries the sort and the sort carries the filters. With JavaScript a change applies at once (it submits the form);
 * without, the Sort button submits it.
 */
export function DiamondSort({ state }: { state: SearchState }) {
  return (
    <div className="sort-controls" key={`${state.sortBy}-${state.sortOrder}`}>
      <label>
        Sort by{" "}
        <select name="sort" form={FORM_ID} defaultValue={state.sortBy} onChange={submitOwnForm}>
          {SORT_FIELDS.map((f) => (
            <option key={f} value={f}>
              {SORT_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="visually-hidden">Order</span>
        <select name="order" form={FORM_ID} defaultValue={state.sortOrder} onChange={submitOwnForm}>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </label>
      <button type="submit" form={FORM_ID} className="sort-go">
        Sort
      </button>
    </div>
  );
}

function hasMoreFilters(s: SearchState): boolean {
  return (
    s.loupeIdeal ||
    s.eyeClean ||
    s.hasImage ||
    s.hasVideo ||
    s.shippingDays >= 0 ||
    !!s.shipsByHolidayDate ||
    !!s.certificateNumber ||
    [s.depthMin, s.depthMax, s.tableMin, s.tableMax, s.ratioMin, s.ratioMax].some((x) => x !== undefined) ||
    [s.polishes, s.symmetries, s.fluorescences, s.certificateLabs, s.naturalDiamondRetailers, s.labGrownDiamondRetailers].some((l) => l.length > 0)
  );
}
