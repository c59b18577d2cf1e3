import { Form, Link, data, redirect, useLoaderData, useNavigation, useRouteLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { RouteHandle } from "../route-handle";
import type { RootData } from "../root";
import { catalogueContext } from "../context";
import { loaderVariant } from "../experiments/variants";
import { Pager } from "../components/pager";
import { SettingCard } from "../components/setting-card";
import { AlertMe } from "../components/search-alert";
import { formatCount } from "#shared/money.ts";
import { NO_FILTERS_FOUND } from "#shared/search-constants.ts";
import { JEWELRY_PAGES, SEARCH_PAGES, searchHeadingOf, withFixed, type SearchPageDef } from "#shared/settings/pages.ts";
import type { SettingFilters, SettingSearchResult } from "#shared/settings/schemas.ts";
import { SETTING_SEARCH_ID, applyCollection, collectionPage, defaultFilters, filtersFromQuery, searchHrefOf, searchPageFor } from "#shared/settings/url.ts";
import { Filters, SettingSort, withQuery, type PageData, type Result } from "../components/setting-filters";
import { FilterDrawer } from "../components/filter-drawer";

/**
 * Every setting, wedding band and jewellery search page of §2 (shared/settings/pages.ts names them) and the
 * collections. The filters live in the URL (shared/settings/url.ts): the filter form is a plain GET form to
 * the page's semantic URL, so it works without JavaScript; a saved search is `/{page}/{searchId}` (the
 * `{slp}` segment after it, on /setting-search and /earrings, is accepted and ignored).
 */

/** What the page's hydration data carries of each result: what a card shows. */
function cards(result: SettingSearchResult): Result {
  return {
    ...result,
    settings: result.settings.map((s) => ({
      id: s.id,
      name: s.name,
      url: s.url,
      metals: s.metals.map((m) => ({
        metal: m.metal,
        metalName: m.metalName,
        price: m.price,
        priceBeforeDiscount: m.priceBeforeDiscount,
        discountPercentage: m.discountPercentage,
        imagesUrl: m.imagesUrl.slice(0, 1),
        promoCode: m.promoCode,
      })),
    })),
  };
}

const fixedMatches = (f: SettingFilters, page: SearchPageDef) =>
  (page.fixed.itemTypeNames ?? []).join() === f.itemTypeNames.join() && page.fixed.gender === f.gender && page.fixed.eternity === f.eternity;

function resolve(pathname: string): Pick<PageData, "page" | "collection" | "family" | "searchId"> {
  const match = searchPageFor(pathname);
  if (match && "page" in match) return { page: match.page, collection: null, family: null, searchId: match.searchId ?? null };
  const c = match ? collectionPage(match.collectionFamily, match.collection) : null;
  // An unknown collection is a missing page.
  if (!match || !c) throw data(null, { status: 404 });
  return { page: c.page, collection: c.collection, family: match.collectionFamily, searchId: null };
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<PageData | ReturnType<typeof data<PageData>>> {
  const url = new URL(request.url);
  const { page, collection, family, searchId } = resolve(url.pathname);
  const catalogue = context.get(catalogueContext);
  // Promocode_Variation_Global picks the promo code a card shows (routes.tsx must name it for these paths).
  const variation = loaderVariant(context, "Promocode_Variation_Global");
  // The subheading (and a heading the content store overrides) from the content service (§2).
  const headingP = catalogue.searchHeading(page.id).catch(() => null);
  const parsed = filtersFromQuery(url.searchParams, page, collection ?? undefined);
  const { pageNumber, diamond } = parsed;
  let { filters, ignored } = parsed;
  const keep: [string, string][] =
    page.kind === "jewellery" && !collection
      ? ["h1", "h2"].flatMap((k) => (url.searchParams.get(k) ? [[k, url.searchParams.get(k)!] as [string, string]] : []))
      : [];
  const search = (f: SettingFilters) => catalogue.searchSettings(page.kind, collection ? applyCollection(f, collection) : f, { pageNumber }, variation);

  let result: SettingSearchResult;
  let searchError: string | null = null;
  let canonical: string;
  if (searchId) {
    ignored = [];
    const restored = SETTING_SEARCH_ID.test(searchId) ? await catalogue.restoreSettingSearch(page.kind, searchId, pageNumber, variation) : null;
    if (restored) {
      filters = withFixed(restored.filters, page.fixed);
      // A search saved on another page of the same kind keeps to this page's fixed filters.
      result = fixedMatches(restored.filters, page) ? restored.result : (await search(filters)).result;
    } else {
      // §8: a failed restore sets the search-error flag; the page offers its default search instead.
      searchError = NO_FILTERS_FOUND;
      filters = defaultFilters(page);
      result = (await search(filters)).result;
    }
    canonical = `${page.base}/${searchId}`;
  } else {
    // §2: the earring and pendant Presets option sends the shopper to the preset jewellery, keeping what applies there.
    if (page.presetsRedirect && filters.styles.includes(0)) {
      const target = SEARCH_PAGES.find((p) => p.base === page.presetsRedirect)!;
      throw redirect(searchHrefOf({ ...filters, styles: [] }, target), 302);
    }
    canonical = searchHrefOf(filters, page, { pageNumber, diamond }, collection ?? undefined);
    // Form-built and older URLs move to the one canonical, readable URL (unless values were dropped: then the page says which).
    const here = withQuery(canonical, keep);
    if (!ignored.length && url.pathname + url.search !== here) throw redirect(here, 301);
    result = (await search(filters)).result;
  }
  // h1/h2 from the URL are for the jewellery pages themselves, not their collections.
  const heading = searchHeadingOf(page, collection ? new URLSearchParams() : url.searchParams, await headingP);
  const out: PageData = {
    page,
    collection,
    family,
    ...heading,
    filters,
    pageNumber,
    diamond,
    keep,
    ignored,
    searchId,
    searchError,
    result: cards(result),
    canonical,
  };
  return searchError ? data(out, { status: 404 }) : out;
}

/** "Save search": stores the URL's filters and moves to the page's `/{searchId}` URL (a plain POST form: works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const match = searchPageFor(url.pathname);
  if (!match || !("page" in match) || match.searchId) throw data(null, { status: 404 });
  const { filters, pageNumber, diamond } = filtersFromQuery(url.searchParams, match.page);
  const searchId = await context.get(catalogueContext).saveSettingSearch(match.page.kind, filters);
  const params: [string, string][] = [];
  if (diamond) params.push(["diamond", diamond]);
  if (pageNumber > 1) params.push(["page", String(pageNumber)]);
  return redirect(withQuery(`${match.page.base}/${searchId}`, params), 303);
}

export const handle: RouteHandle<PageData> = {
  // Dark theme support is a per-route flag, but one module serves every path: the /setting-search collections
  // switch it on for their own markup (ss-dark) instead.
  flags: { preserveScroll: true },
  // Loaders read only the URL, the catalogue and Promocode_Variation_Global (a rendered experiment).
  sharedRender: true,
  meta: (d) => ({ title: `${d?.heading ?? "Search"} — Loupe`, description: d?.subheading || undefined, canonical: d?.canonical }),
};

/** Saves the filters for a searchId (the alert control's, when the page has none yet). */
async function saveFilters(kind: PageData["page"]["kind"], filters: SettingFilters): Promise<string> {
  const { call } = await import("../api");
  const res = await call(kind === "jewellery" ? "POST /search-request/jewellery" : "POST /search-request/settings2", { body: filters });
  if (!res.ok) throw new Error(res.error.message);
  return res.data.searchId;
}

/** "Save search" (a POST to this page's action), or the saved search's URL. */
function SaveSearch({ d }: { d: PageData }) {
  const navigation = useNavigation();
  if (d.searchId && !d.searchError) {
    const path = `${d.page.base}/${d.searchId}`;
    return (
      <p className="saved-search" role="note">
        Saved search: <a href={path}>{path}</a>
      </p>
    );
  }
  const saving = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <Form method="post" className="saved-search" replace preventScrollReset>
      <button type="submit" className="link-button" disabled={saving}>
        {saving ? "Saving…" : "Save search"}
      </button>
    </Form>
  );
}

export function Component() {
  const d = useLoaderData<PageData>();
  const { page, result, filters } = d;
  const root = useRouteLoaderData<RootData>("root");
  const navigation = useNavigation();
  // §2: /setting-search collections support the dark theme (the visitor's choice, never for search-engine visitors).
  const dark = d.family === "setting-search" && root?.theme === "dark" && !root.fromSearchEngine;
  const hrefFor = (n: number) => {
    const extra: [string, string][] = d.diamond ? [["diamond", d.diamond]] : [];
    if (d.searchId && !d.searchError) return withQuery(`${page.base}/${d.searchId}`, n > 1 ? [...extra, ["page", String(n)]] : extra);
    return withQuery(searchHrefOf(filters, page, { pageNumber: n, diamond: d.diamond }, d.collection ?? undefined), d.keep);
  };
  const jewellery = page.kind === "jewellery" && !d.collection;
  const noun = jewellery ? page.help : page.kind === "jewellery" ? "items" : result.total === 1 ? "result" : "results";
  const query = d.diamond ? `?diamond=${d.diamond}` : undefined;
  return (
    <div className={`page search ss-page${dark ? " ss-dark" : ""}`} data-theme={dark ? "dark" : undefined}>
      <h1>{d.heading}</h1>
      {d.subheading ? <p className="intro">{d.subheading}</p> : null}
      {d.family === "setting-search" ? (
        <form method="post" action="/api/preferences/theme" className="theme-toggle ss-theme">
          <input type="hidden" name="returnTo" value={d.canonical} />
          <input type="hidden" name="theme" value={root?.theme === "dark" ? "light" : "dark"} />
          <button type="submit">{root?.theme === "dark" ? "Light mode" : "Dark mode"}</button>
        </form>
      ) : null}
      {d.diamond ? (
        <p className="ss-builder" role="note">
          Choosing a setting for your diamond. <Link to={`/diamond/${d.diamond}`}>Back to your diamond</Link>
        </p>
      ) : null}
      {d.searchError ? (
        <p className="notice search-error" role="alert" data-search-error="true">
          {`${d.searchError}: that saved search does not exist (or has expired). Showing every design instead.`}
        </p>
      ) : null}
      {jewellery ? (
        <nav className="ss-kinds" aria-label="Jewelry type">
          {JEWELRY_PAGES.map((p) => (
            <Link key={p.id} to={withQuery(searchHrefOf(filters, p), d.keep)} aria-current={p.id === page.id ? "page" : undefined}>
              {p.label}
            </Link>
          ))}
        </nav>
      ) : null}
      <div className="search-layout">
        <FilterDrawer href={searchHrefOf(filters, page, {}, d.collection ?? undefined)}>
          <Filters d={d} />
        </FilterDrawer>
        <section className="results" aria-busy={navigation.state === "loading"} aria-label="Results">
          <div className="search-bar">
            <p className="result-count" role="status">{`${formatCount(result.total)} ${noun}`}</p>
            <SettingSort f={filters} />
          </div>
          {d.ignored.length ? <p className="notice">{`Ignored unknown filter values: ${d.ignored.join(", ")}`}</p> : null}
          {d.collection ? null : (
            <div className="search-actions">
              <SaveSearch d={d} />
              <AlertMe target={{ kind: "search", searchId: d.searchError ? null : d.searchId, saveFilters: () => saveFilters(page.kind, filters) }} />
            </div>
          )}
          {result.settings.length ? (
            <ul className="ss-grid">
              {result.settings.map((s, i) => (
                <SettingCard key={s.id} s={s} eager={i < 4} query={query} kind={page.kind} />
              ))}
            </ul>
          ) : (
            <p className="ss-empty">
              {result.total ? "No results on this page. " : "Nothing matches these filters. "}
              <Link to={withQuery(page.base, d.diamond ? [["diamond", d.diamond]] : [])}>Reset the filters</Link>
            </p>
          )}
          <Pager page={result.pageNumber} pageCount={result.pageCount} hrefFor={hrefFor} />
        </section>
      </div>
    </div>
  );
}
