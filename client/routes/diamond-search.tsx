import { Link, useLoaderData, useNavigate, useNavigation, type LoaderFunctionArgs } from "react-router";
import type { RouteHandle } from "../route-handle";
import { prefetchDiamond } from "../catalogue-client";
import { useState } from "react";
import { hiddenDiamonds } from "../state/viewing";
import { useClientSignal } from "../state/use-signal";
import { CLARITIES, COLORS, CUTS, SEARCH_CUT_CODES, SHAPES, byCode } from "#shared/enums.ts";
import { formatCount, formatUsd } from "#shared/money.ts";
import { SORT_FIELDS, type DiamondSummary } from "#shared/schemas.ts";
import { parseSearchParams, toSearchParams, toSearchRequest, type SearchState } from "#shared/search-url.ts";
import { catalogueContext } from "../context";
import { ShapeImage } from "../components/shape-icon";
import { Pager } from "../components/pager";
import { diamondTitle, gradeLine } from "../components/diamond-text";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { state, ignored } = parseSearchParams(new URL(request.url).searchParams);
  const result = await context.get(catalogueContext).searchDiamonds(toSearchRequest(state));
  return { state, ignored, result };
}

type SearchData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<SearchData> = {
  flags: { darkTheme: true, preserveScroll: true, buyingFlow: true },
  meta: (data) => {
    const origin = data?.state.origin === "lab" ? "Lab-grown" : data?.state.origin === "all" ? "Natural and lab-grown" : "Natural";
    return {
      title: `${origin} diamonds — ${formatCount(data?.result.total ?? 0)} to compare — Loupe`,
      description: "Filter certified diamonds by shape, carat, colour, clarity, cut and price.",
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

const SEARCH_CUTS = CUTS.filter((c) => (SEARCH_CUT_CODES as readonly number[]).includes(c.code));

function CheckGroup({ legend, name, options, picked }: { legend: string; name: string; options: readonly { code: number; label: string; slug: string }[]; picked: number[] }) {
  return (
    <fieldset className="check-group">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.code}>
          <input type="checkbox" name={name} value={o.slug} defaultChecked={picked.includes(o.code)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The canonical search URL for what a filter form holds (defaults left out, page back to 1). */
function searchUrlFor(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === "string") params.append(k, v);
  const q = toSearchParams({ ...parseSearchParams(params).state, page: 1 }).toString();
  return q ? `/diamond-search?${q}` : "/diamond-search";
}

/**
 * The filter form is a plain GET form: without JavaScript it submits like any form. With JavaScript a
 * change to a checkbox, radio or select applies at once, the URL is the short canonical one, and the
 * scroll position stays.
 */
function Filters({ state }: { state: SearchState }) {
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
  return (
    // The key remounts the form when the URL state changes (back/forward), so defaults follow the URL.
    <form method="get" action="/diamond-search" className="filters" onChange={onChange} onSubmit={onSubmit} key={toSearchParams({ ...state, page: 1 }).toString()} aria-label="Diamond filters">
      <fieldset className="origin-switch">
        <legend>Diamond type</legend>
        {(["natural", "lab", "all"] as const).map((o) => (
          <label key={o}>
            <input type="radio" name="origin" value={o} defaultChecked={state.origin === o} />
            {o === "natural" ? "Natural" : o === "lab" ? "Lab-grown" : "Both"}
          </label>
        ))}
      </fieldset>
      <fieldset className="check-group shapes">
        <legend>Shape</legend>
        {SHAPES.map((s) => (
          <label key={s.code} className="shape-check">
            <input type="checkbox" name="shape" value={s.slug} defaultChecked={state.shapes.includes(s.code)} />
            <ShapeImage shape={s.code} size={32} alt="" eager />
            {s.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="range">
        <legend>Carat</legend>
        <label>
          Min <input type="number" name="caratMin" min="0" max="50" step="0.01" defaultValue={state.caratMin ?? ""} inputMode="decimal" />
        </label>
        <label>
          Max <input type="number" name="caratMax" min="0" max="50" step="0.01" defaultValue={state.caratMax ?? ""} inputMode="decimal" />
        </label>
      </fieldset>
      <CheckGroup legend="Colour" name="color" options={COLORS} picked={state.colors} />
      <CheckGroup legend="Clarity" name="clarity" options={CLARITIES} picked={state.clarities} />
      <CheckGroup legend="Cut" name="cut" options={SEARCH_CUTS} picked={state.cuts} />
      <fieldset className="range">
        <legend>Price (USD)</legend>
        <label>
          Min <input type="number" name="priceMin" min="0" step="1" defaultValue={state.priceMin} inputMode="numeric" />
        </label>
        <label>
          Max <input type="number" name="priceMax" min="0" step="1" defaultValue={state.priceMax} inputMode="numeric" />
        </label>
      </fieldset>
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

function DiamondCard({ d, eager }: { d: DiamondSummary; eager: boolean }) {
  return (
    <li className="diamond-card">
      <Link to={`/diamond/${d.id}/${d.slug}`} onPointerEnter={() => prefetchDiamond(d.id)} onFocus={() => prefetchDiamond(d.id)}>
        <ShapeImage shape={d.shape} size={120} eager={eager} alt={`${byCode(SHAPES, d.shape)?.label} diamond`} />
        <span className="title">{diamondTitle(d)}</span>
        <span className="grades">{gradeLine(d)}</span>
        <span className="price">
          {d.priceBeforeDiscount ? <s aria-label="Was">{formatUsd(d.priceBeforeDiscount)}</s> : null} {formatUsd(d.price)}
        </span>
        <span className="retailer">{d.retailer.name}</span>
      </Link>
    </li>
  );
}

export function Component() {
  const { state, ignored, result } = useLoaderData<SearchData>();
  const hidden = useClientSignal(hiddenDiamonds, []);
  const [showHidden, setShowHidden] = useState(false);
  const hiddenHere = result.diamonds.filter((d) => hidden.includes(d.id)).length;
  const shown = showHidden ? result.diamonds : result.diamonds.filter((d) => !hidden.includes(d.id));
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/diamond-search";
  const hrefFor = (n: number) => {
    const q = toSearchParams({ ...state, page: n }).toString();
    return q ? `/diamond-search?${q}` : "/diamond-search";
  };
  const from = (result.pageNumber - 1) * result.pageSize + 1;
  const to = Math.min(result.total, result.pageNumber * result.pageSize);
  return (
    <div className="page search">
      <h1>{state.origin === "lab" ? "Lab-grown diamonds" : state.origin === "all" ? "Natural and lab-grown diamonds" : "Natural diamonds"}</h1>
      <div className="search-layout">
        <Filters state={state} />
        <section className="results" aria-live="polite" aria-busy={busy}>
          <p className="result-count" role="status">
            {result.total === 0
              ? "No diamonds match these filters."
              : `${formatCount(result.total)} diamonds · showing ${from}–${to}`}
          </p>
          {ignored.length ? <p className="notice">{`Ignored unknown filter values: ${ignored.join(", ")}`}</p> : null}
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
              <DiamondCard key={d.id} d={d} eager={i < 4} />
            ))}
          </ul>
          <Pager page={result.pageNumber} pageCount={result.pageCount} hrefFor={hrefFor} />
        </section>
      </div>
    </div>
  );
}
