import { data, Link, redirect, useLoaderData, useNavigate, useNavigation, type LoaderFunctionArgs } from "react-router";
import { useState } from "react";
import type { RouteHandle } from "../route-handle";
import { hiddenDiamonds } from "../state/viewing";
import { CompareToggle } from "../components/compare-tray";
import { useClientSignal } from "../state/use-signal";
import { CERTIFICATE_LABS, CLARITIES, COLORS, FINISH_GRADES, FLUORESCENCES, SHAPES, byCode, type EnumEntry } from "#shared/enums.ts";
import { formatCount, formatUsd } from "#shared/money.ts";
import { LOUPE_IDEAL } from "#shared/loupe-ideal.ts";
import { landingPage } from "#shared/landing-pages.ts";
import { NO_FILTERS_FOUND, SORT_FIELDS } from "#shared/search-constants.ts";
import type { DiamondSearchResponse, DiamondSummary, SearchFacets } from "#shared/schemas.ts";
import {
  DEFAULT_STATE,
  SEARCH_CUTS,
  SEMANTIC_PATH,
  filtersOf,
  originOf,
  parseSearchParams,
  searchHref,
  stateOf,
  toSearchRequest,
  type SearchState,
} from "#shared/search-url.ts";
import { ringOf, withRing } from "#shared/ring-builder.ts";
import { catalogueContext, type RetailerOption } from "../context";
import { ShapeImage } from "../components/shape-icon";
import { Pager } from "../components/pager";
import { diamondTitle, gradeLine, viewedDiamond } from "../components/diamond-text";

/** What a result card shows of a diamond: the page's hydration data carries only these fields. */
type CardDiamond = Pick<
  DiamondSummary,
  "id" | "slug" | "shape" | "carat" | "color" | "clarity" | "cut" | "isLabGrown" | "price" | "priceBeforeDiscount"
> & { retailer: Pick<DiamondSummary["retailer"], "name"> };

type CardResult = Omit<DiamondSearchResponse, "diamonds"> & { diamonds: CardDiamond[] };

function cardResult(result: DiamondSearchResponse): CardResult {
  return {
    ...result,
    diamonds: result.diamonds.map((d) => ({
      id: d.id,
      slug: d.slug,
      shape: d.shape,
      carat: d.carat,
      color: d.color,
      clarity: d.clarity,
      cut: d.cut,
      isLabGrown: d.isLabGrown,
      price: d.price,
      priceBeforeDiscount: d.priceBeforeDiscount,
      retailer: { name: d.retailer.name },
    })),
  };
}

interface SearchData {
  state: SearchState;
  result: CardResult;
  retailers: RetailerOption[];
  ignored: string[];
  /** Set on /diamond-search/{searchId} when the saved search was restored. */
  searchId: string | null;
  /** §8: set when a searchId could not be restored. */
  searchError: string | null;
  landing: { title: string; intro: string } | null;
  canonical: string;
  /** The ring builder's setting (`setting=ID&metal=M`), carried on every link; "" outside the builder. */
  ring: string;
}

const pageOf = (url: URL) => Math.max(1, Math.min(10_000, Math.trunc(Number(url.searchParams.get("page")) || 1)));

export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<SearchData | ReturnType<typeof data<SearchData>>> {
  const url = new URL(request.url);
  const catalogue = context.get(catalogueContext);
  const retailersP = catalogue.listRetailers();
  const run = async (state: SearchState) => cardResult(await catalogue.searchDiamonds(toSearchRequest(state, { includeFacets: true })));
  const ring = ringOf(url.searchParams);
  const base = { ignored: [], searchId: null, searchError: null, landing: null, ring };

  if (params.slp && url.pathname.startsWith("/diamonds/slp/")) {
    const lp = landingPage(params.slp);
    if (!lp) throw data("No such landing page", { status: 404 });
    const state = stateOf(lp.filters, pageOf(url));
    const [result, retailers] = await Promise.all([run(state), retailersP]);
    return { ...base, state, result, retailers, landing: { title: lp.title, intro: lp.intro }, canonical: `/diamonds/slp/${lp.slug}` };
  }
  if (params.searchId) {
    const page = pageOf(url);
    const restored = await catalogue.restoreSearch(params.searchId, page);
    if (restored) {
      const state = stateOf(restored.filters, page);
      return { ...base, state, result: cardResult(restored.result), retailers: await retailersP, searchId: params.searchId, canonical: searchHref(state) };
    }
    // §8: a failed restore sets the search-error flag; the page offers the default search instead.
    const state = { ...DEFAULT_STATE };
    const [result, retailers] = await Promise.all([run(state), retailersP]);
    return data({ ...base, state, result, retailers, searchError: NO_FILTERS_FOUND, canonical: "/diamond-search" }, { status: 404 });
  }
  const { state, ignored } = parseSearchParams(url.searchParams);
  const canonical = withRing(searchHref(state), ring);
  // Old and form-built URLs move to the one canonical, readable URL (unless values were dropped: then the
  // page says which).
  if (!ignored.length && url.pathname + url.search !== canonical) throw redirect(canonical, 301);
  const [result, retailers] = await Promise.all([run(state), retailersP]);
  return { ...base, state, ignored, result, retailers, canonical };
}

export const handle: RouteHandle<SearchData> = {
  flags: { darkTheme: true, preserveScroll: true, buyingFlow: true },
  // Loaders read only the URL and the catalogue.
  sharedRender: true,
  meta: (d) => {
    const origin = originOf(d?.state ?? DEFAULT_STATE);
    const kind = origin === "lab" ? "Lab-grown" : origin === "all" ? "Natural and lab-grown" : "Natural";
    return {
      title: `${d?.landing?.title ?? `${kind} diamonds`} — ${formatCount(d?.result.total ?? 0)} to compare — Loupe`,
      description: d?.landing?.intro ?? "Filter certified diamonds by shape, carat, colour, clarity, cut, price, proportions, lab and shipping.",
      canonical: d?.canonical,
    };
  },
};

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

/** A check box per value with its live count; a value that would give no diamonds is disabled. */
function CheckGroup(p: { legend: string; name: string; options: readonly EnumEntry[]; picked: number[]; counts?: Record<string, number>; className?: string; icon?: boolean }) {
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
    <svg className="histogram" viewBox={`0 0 ${histogram.counts.length * 10} 40`} preserveAspectRatio="none" width="240" height="40" role="img" aria-label="Diamonds by price with the other filters">
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
function Filters({ state, facets, histogram, retailers, ring }: { state: SearchState; facets?: SearchFacets; histogram?: DiamondSearchResponse["priceHistogram"]; retailers: RetailerOption[]; ring: string }) {
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
    navigate(searchHref({ ...state, page: 1, depthMin: r.depth[0], depthMax: r.depth[1], tableMin: r.table[0], tableMax: r.table[1], ratioMin: r.ratio[0], ratioMax: r.ratio[1] }), { preventScrollReset: true });
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
    <form method="get" action={SEMANTIC_PATH} className="filters" onChange={onChange} onSubmit={onSubmit} key={searchHref({ ...state, page: 1 })} aria-label="Diamond filters">
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
      <fieldset className="sort">
        <legend>Sort</legend>
        <label>
          Sort by{" "}
          <select name="sort" defaultValue={state.sortBy}>
            {SORT_FIELDS.map((f) => (
              <option key={f} value={f}>
                {SORT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order{" "}
          <select name="order" defaultValue={state.sortOrder}>
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </label>
      </fieldset>
      <div className="filter-actions">
        <button type="submit">Show diamonds</button>
        <Link to="/diamond-search">Reset filters</Link>
      </div>
    </form>
  );
}

function hasMoreFilters(s: SearchState): boolean {
  return (
    s.loupeIdeal || s.eyeClean || s.hasImage || s.hasVideo || s.shippingDays >= 0 || !!s.shipsByHolidayDate || !!s.certificateNumber ||
    [s.depthMin, s.depthMax, s.tableMin, s.tableMax, s.ratioMin, s.ratioMax].some((x) => x !== undefined) ||
    [s.polishes, s.symmetries, s.fluorescences, s.certificateLabs, s.naturalDiamondRetailers, s.labGrownDiamondRetailers].some((l) => l.length > 0)
  );
}

/** Starts loading a diamond's detail (its data and page code) before the visitor clicks. */
const prefetchDiamond = (id: number) => void import("../catalogue-client").then((m) => m.prefetchDiamond(id));

function DiamondCard({ d, eager, ring }: { d: CardDiamond; eager: boolean; ring: string }) {
  return (
    <li className="diamond-card">
      <Link to={withRing(`/diamond/${d.id}/${d.slug}`, ring)} onPointerEnter={() => prefetchDiamond(d.id)} onFocus={() => prefetchDiamond(d.id)}>
        <ShapeImage shape={d.shape} size={120} eager={eager} alt={`${byCode(SHAPES, d.shape)?.label} diamond`} />
        <span className="title">{diamondTitle(d)}</span>
        <span className="grades">{gradeLine(d)}</span>
        <span className="price">
          {d.priceBeforeDiscount ? (<><span className="visually-hidden">Was </span><s>{formatUsd(d.priceBeforeDiscount)}</s></>) : null} {formatUsd(d.price)}
        </span>
        <span className="retailer">{d.retailer.name}</span>
      </Link>
      <CompareToggle diamond={viewedDiamond(d)} />
    </li>
  );
}

/** Saves the current filters (`POST /api/diamond-filter`) and moves to their /diamond-search/{searchId} URL. */
function SaveSearch({ state, searchId }: { state: SearchState; searchId: string | null }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<"idle" | "saving" | "failed">("idle");
  const save = async () => {
    setStatus("saving");
    try {
      // The typed calls load with the first save (they stay out of the page's chunk).
      const { call } = await import("../api");
      const res = await call("POST /diamond-filter", { body: filtersOf(state) });
      if (!res.ok) throw new Error(res.error.message);
      const id = res.data.searchId;
      setStatus("idle");
      navigate(`/diamond-search/${id}${state.page > 1 ? `?page=${state.page}` : ""}`, { replace: true, preventScrollReset: true });
    } catch {
      setStatus("failed");
    }
  };
  if (searchId) {
    return (
      <p className="saved-search" role="note">
        Saved search: <a href={`/diamond-search/${searchId}`}>{`/diamond-search/${searchId}`}</a>
      </p>
    );
  }
  return (
    <p className="saved-search">
      <button type="button" className="link-button" onClick={save} disabled={status === "saving"}>
        {status === "saving" ? "Saving…" : "Save this search"}
      </button>
      {status === "failed" ? <span className="notice"> Could not save the search — try again.</span> : null}
    </p>
  );
}

export function Component() {
  const { state, ignored, result, retailers, searchId, searchError, landing, ring } = useLoaderData<SearchData>();
  const hidden = useClientSignal(hiddenDiamonds, []);
  const [showHidden, setShowHidden] = useState(false);
  const hiddenHere = result.diamonds.filter((d) => hidden.includes(d.id)).length;
  const shown = showHidden ? result.diamonds : result.diamonds.filter((d) => !hidden.includes(d.id));
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname.startsWith("/diamond-search");
  const hrefFor = (n: number) => (searchId ? `/diamond-search/${searchId}${n > 1 ? `?page=${n}` : ""}` : withRing(searchHref({ ...state, page: n }), ring));
  const from = (result.pageNumber - 1) * result.pageSize + 1;
  const to = Math.min(result.total, result.pageNumber * result.pageSize);
  const origin = originOf(state);
  return (
    <div className="page search">
      <h1>{landing?.title ?? (origin === "lab" ? "Lab-grown diamonds" : origin === "all" ? "Natural and lab-grown diamonds" : "Natural diamonds")}</h1>
      {landing ? <p className="intro">{landing.intro}</p> : null}
      {ring ? (
        <p className="notice builder-note" role="note">
          Choosing the diamond for your ring: only shapes your setting holds are shown. <Link to={`/setting/${ring.slice(8).replace("&metal=", "/")}`}>Back to the setting</Link>
        </p>
      ) : null}
      {searchError ? (
        <p className="notice search-error" role="alert" data-search-error="true">
          {`${searchError}: that saved search does not exist (or has expired). Showing every diamond instead.`}
        </p>
      ) : null}
      <div className="search-layout">
        <Filters state={state} facets={result.facets} histogram={result.priceHistogram} retailers={retailers} ring={ring} />
        <section className="results" aria-live="polite" aria-busy={busy}>
          <p className="result-count" role="status">
            {result.total === 0 ? "No diamonds match these filters." : `${formatCount(result.total)} diamonds · showing ${from}–${to}`}
          </p>
          {ignored.length ? <p className="notice">{`Ignored unknown filter values: ${ignored.join(", ")}`}</p> : null}
          <SaveSearch state={state} searchId={searchId} />
          {hiddenHere ? (
            <p className="notice">
              {showHidden ? "Showing diamonds you hid. " : `${hiddenHere} diamond${hiddenHere === 1 ? "" : "s"} you hid ${hiddenHere === 1 ? "is" : "are"} not shown. `}
              <button type="button" className="link-button" onClick={() => setShowHidden(!showHidden)}>
                {showHidden ? "Hide them again" : "Show them"}
              </button>
            </p>
          ) : null}
          <ul className="diamond-grid">
            {shown.map((d, i) => (
              <DiamondCard key={d.id} d={d} eager={i < 4} ring={ring} />
            ))}
          </ul>
          <Pager page={result.pageNumber} pageCount={result.pageCount} hrefFor={hrefFor} />
        </section>
      </div>
    </div>
  );
}
