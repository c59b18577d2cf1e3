import { logDiamondClick } from "../click-log";
import { splitCampaign, withCampaign } from "#shared/tracking/campaign.ts";
import { data, Link, redirect, useLoaderData, useNavigate, useNavigation, type LoaderFunctionArgs } from "react-router";
import { useState } from "react";
import { loaderVariant } from "../experiments/variants";
import type { RouteHandle } from "../route-handle";
import { hiddenDiamonds } from "../state/viewing";
import { CompareToggle } from "../components/compare-tray";
import { useClientSignal } from "../state/use-signal";
import { SHAPES, byCode } from "#shared/enums.ts";
import { formatCount, formatUsd } from "#shared/money.ts";
import { landingPage } from "#shared/landing-pages.ts";
import { NO_FILTERS_FOUND } from "#shared/search-constants.ts";
import type { DiamondSearchResponse, DiamondSummary } from "#shared/schemas.ts";
import { DEFAULT_STATE, filtersOf, originOf, parseSearchParams, searchHref, stateOf, toSearchRequest, type SearchState } from "#shared/search-url.ts";
import { ringOf, withRing } from "#shared/ring-builder.ts";
import { catalogueContext, type RetailerOption } from "../context";
import { ShapeImage } from "../components/shape-icon";
import { Pager } from "../components/pager";
import { diamondTitle, favoriteDiamond, gradeLine, viewedDiamond } from "../components/diamond-text";
import { DiamondHeart } from "../components/heart";
import { AlertMe } from "../components/search-alert";
import { DiamondSort, Filters } from "../components/diamond-filters";
import { FilterDrawer } from "../components/filter-drawer";

/** What a result card shows of a diamond: the page's hydration data carries only these fields. */
type CardDiamond = Pick<
  DiamondSummary,
  "id" | "slug" | "shape" | "carat" | "color" | "clarity" | "cut" | "isLabGrown" | "price" | "priceBeforeDiscount" | "pairedDiamondId" | "dealScore"
> & {
  retailer: Pick<DiamondSummary["retailer"], "name">;
};

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
      pairedDiamondId: d.pairedDiamondId,
      // Only with Deal_Score_Badge's variant 1 (absent otherwise: no bytes in the hydration data).
      ...(d.dealScore === undefined ? {} : { dealScore: d.dealScore }),
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
  // Deal_Score_Badge (routes.tsx names it for these paths): variant 1 asks the search for each card's deal score.
  const dealScores = loaderVariant(context, "Deal_Score_Badge") === 1;
  const run = async (state: SearchState) => cardResult(await catalogue.searchDiamonds(toSearchRequest(state, { includeFacets: true, dealScores })));
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
      // The restore answers without deal scores; the badge's variant asks the index again with them.
      const result = dealScores ? await run(state) : cardResult(restored.result);
      return { ...base, state, result, retailers: await retailersP, searchId: params.searchId, canonical: searchHref(state) };
    }
    // §8: a failed restore sets the search-error flag; the page offers the default search instead.
    const state = { ...DEFAULT_STATE };
    const [result, retailers] = await Promise.all([run(state), retailersP]);
    return data({ ...base, state, result, retailers, searchError: NO_FILTERS_FOUND, canonical: "/diamond-search" }, { status: 404 });
  }
  // Campaign parameters (utm_*, click ids) are not filters: they ride along to the canonical URL.
  const { own, campaign } = splitCampaign(url.search);
  const { state, ignored } = parseSearchParams(new URLSearchParams(own));
  const canonical = withRing(searchHref(state), ring);
  // Old and form-built URLs move to the one canonical, readable URL (unless values were dropped: then the
  // page says which).
  if (!ignored.length && url.pathname + (own ? `?${own}` : "") !== canonical) throw redirect(withCampaign(canonical, campaign), 301);
  const [result, retailers] = await Promise.all([run(state), retailersP]);
  return { ...base, state, ignored, result, retailers, canonical };
}

export const handle: RouteHandle<SearchData> = {
  flags: { darkTheme: true, preserveScroll: true, buyingFlow: true },
  // Loaders read only the URL, the catalogue and Deal_Score_Badge (a rendered experiment: the cache key holds it).
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

/** Starts loading a diamond's detail (its data and page code) before the visitor clicks. */
const prefetchDiamond = (id: number) => void import("../catalogue-client").then((m) => m.prefetchDiamond(id));

function DiamondCard({ d, eager, ring }: { d: CardDiamond; eager: boolean; ring: string }) {
  return (
    <li className="diamond-card">
      <Link
        to={withRing(`/diamond/${d.id}/${d.slug}`, ring)}
        onPointerEnter={() => prefetchDiamond(d.id)}
        onFocus={() => prefetchDiamond(d.id)}
        onClick={() => logDiamondClick(d.id, "search")}
      >
        <ShapeImage shape={d.shape} size={120} eager={eager} alt={`${byCode(SHAPES, d.shape)?.label} diamond`} />
        <span className="title">{diamondTitle(d)}</span>
        <span className="grades">{gradeLine(d)}</span>
        <span className="price">
          {d.priceBeforeDiscount ? (
            <>
              <span className="visually-hidden">Was </span>
              <s>{formatUsd(d.priceBeforeDiscount)}</s>
            </>
          ) : null}{" "}
          {formatUsd(d.price)}
        </span>
        <span className="retailer">{d.retailer.name}</span>
        {d.dealScore == null ? null : (
          <span className="deal-badge">
            <span aria-hidden="true">{`Deal ${d.dealScore}/10`}</span>
            <span className="visually-hidden">{`Deal score ${d.dealScore} out of 10`}</span>
          </span>
        )}
      </Link>
      <CompareToggle diamond={viewedDiamond(d)} />
      <DiamondHeart diamond={favoriteDiamond(d)} />
    </li>
  );
}

/** Saves the filters (`POST /api/diamond-filter`): their searchId. */
async function saveFilters(state: SearchState): Promise<string> {
  // The typed calls load with the first save (they stay out of the page's chunk).
  const { call } = await import("../api");
  const res = await call("POST /diamond-filter", { body: filtersOf(state) });
  if (!res.ok) throw new Error(res.error.message);
  return res.data.searchId;
}

/** Saves the current filters and moves to their /diamond-search/{searchId} URL. */
function SaveSearch({ state, searchId }: { state: SearchState; searchId: string | null }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<"idle" | "saving" | "failed">("idle");
  const save = async () => {
    setStatus("saving");
    try {
      const id = await saveFilters(state);
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
          Choosing the diamond for your ring: only shapes your setting holds are shown.{" "}
          <Link to={`/setting/${ring.slice(8).replace("&metal=", "/")}`}>Back to the setting</Link>
        </p>
      ) : null}
      {searchError ? (
        <p className="notice search-error" role="alert" data-search-error="true">
          {`${searchError}: that saved search does not exist (or has expired). Showing every diamond instead.`}
        </p>
      ) : null}
      <div className="search-layout">
        <FilterDrawer href={searchHref(state)}>
          <Filters state={state} facets={result.facets} histogram={result.priceHistogram} retailers={retailers} ring={ring} />
        </FilterDrawer>
        <section className="results" aria-busy={busy} aria-label="Results">
          <div className="search-bar">
            <p className="result-count" role="status">
              {result.total === 0 ? (
                "No diamonds match these filters."
              ) : (
                <>
                  {`${formatCount(result.total)} diamonds`}
                  <span className="count-range">{` · showing ${from}–${to}`}</span>
                </>
              )}
            </p>
            <DiamondSort state={state} />
          </div>
          {ignored.length ? <p className="notice">{`Ignored unknown filter values: ${ignored.join(", ")}`}</p> : null}
          <div className="search-actions">
            <SaveSearch state={state} searchId={searchId} />
            <AlertMe target={{ kind: "search", searchId, saveFilters: () => saveFilters(state) }} />
          </div>
          {hiddenHere ? (
            <p className="notice">
              {showHidden
                ? "Showing diamonds you hid. "
                : `${hiddenHere} diamond${hiddenHere === 1 ? "" : "s"} you hid ${hiddenHere === 1 ? "is" : "are"} not shown. `}
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
