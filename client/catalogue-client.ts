/**
 * The catalogue as the browser sees it: the public API through the typed calls (client/api.ts). Diamond
 * details fetched ahead of a click (hover or focus on a result) are kept briefly, so the detail page's
 * loader finds them without a request (§2: "page data is pre-fetched before route resolution").
 */
import { data } from "react-router";
import type { ErrorEnvelope } from "#shared/schemas.ts";
import type { Diamond, RetailerOption } from "#shared/schemas.ts";
import type { SettingSearchKind } from "#shared/settings/pages.ts";
import { call } from "./api";
import type { CatalogueService } from "./context";

const PREFETCH_TTL_MS = 60_000;
const details = new Map<number, { at: number; value: Promise<Diamond | null> }>();

type Answer<T> = { ok: true; data: T } | { ok: false; status: number; error: ErrorEnvelope["error"] };

/** The answer's data; an error becomes a route error with the same status and message. */
function dataOf<T>(res: Answer<T>): T {
  if (!res.ok) throw data(res.error.message, { status: res.status });
  return res.data;
}

/** The answer's data, or null for a 404 (and, with `badIsMissing`, a 400: an unknown or malformed searchId shows the §8 search error). */
function found<T>(res: Answer<T>, badIsMissing = false): T | null {
  if (!res.ok && (res.status === 404 || (badIsMissing && res.status === 400))) return null;
  return dataOf(res);
}

let retailers: Promise<RetailerOption[]> | null = null;

const searchKey = (kind: SettingSearchKind) => (kind === "jewellery" ? "POST /search/jewellery" : "POST /search/settingsv2") as "POST /search/settingsv2";

export const clientCatalogue: CatalogueService = {
  searchDiamonds: async (req) => dataOf(await call("POST /diamonds2", { body: req })),
  async restoreSearch(searchId, page) {
    const result = found(await call("GET /diamonds", { query: { searchId, pageNumber: String(page), includeFacets: "true" } }), true);
    return result && { filters: result.filters, result };
  },
  listRetailers() {
    // Without a query the answer is always the filters' list (RetailerList), never the directory.
    retailers ??= call("GET /retailers", {}).then((res) => dataOf(res).retailers as RetailerOption[]);
    retailers.catch(() => (retailers = null));
    return retailers;
  },
  similarDiamonds: async (d) => dataOf(await call("POST /diamonds/get-similar", { body: d })).diamonds,
  async offeredPromotion(diamondId, promoCodeVariation) {
    const res = await call("GET /get-valid-promotion-code/{id}", {
      params: { id: String(diamondId) },
      query: { promoCodeVariation: String(promoCodeVariation) as "0" | "1" },
    });
    // A promotion is a nicety: a failure shows the page without one.
    return res.ok ? res.data.data.data : null;
  },
  // An unknown setting has no similar rings (the server's catalogue answers [] too).
  similarRings: async (req) => found(await call("POST /similar-searches", { body: req }))?.rings ?? [],
  searchSettings: async (kind, filters, page, promoCodeVariation) => dataOf(await call(searchKey(kind), { body: { ...filters, ...page, promoCodeVariation } })),
  async saveSettingSearch(kind, filters) {
    const res = await call(kind === "jewellery" ? "POST /search-request/jewellery" : "POST /search-request/settings2", { body: filters });
    return dataOf(res).searchId;
  },
  restoreSettingSearch: async (kind, searchId, pageNumber, promoCodeVariation) =>
    found(await call(searchKey(kind), { body: { id: searchId, pageNumber, promoCodeVariation } }), true),
  async getSetting(id, metal, promoCodeVariation) {
    const query = { promoCodeVariation: String(promoCodeVariation) as "0" | "1" };
    const res =
      metal === undefined
        ? await call("GET /settings/{id}", { params: { id: String(id) }, query })
        : await call("GET /settings/{id}/{metal}", { params: { id: String(id), metal: String(metal) }, query });
    return found(res);
  },
  bestSellingSettings: async () => found(await call("GET /settings/best-selling", {}))?.settings ?? [],
  popularEngagementRings: async () => found(await call("GET /setting/engagement-rings", {}))?.settings ?? [],
  studSettings: async (req) => dataOf(await call("POST /studsettings", { body: req })).settings,
  searchHeading: (pageId) =>
    call("GET /content/search-heading/{pageId}", { params: { pageId } })
      .then((res) => found(res))
      .catch(() => null),
  getDiamond(id: number): Promise<Diamond | null> {
    const hit = details.get(id);
    if (hit && Date.now() - hit.at < PREFETCH_TTL_MS) return hit.value;
    const value = call("GET /diamonds/{id}", { params: { id: String(id) } }).then((res) => found(res));
    details.set(id, { at: Date.now(), value });
    value.catch(() => details.delete(id));
    return value;
  },
};

/** Starts loading a diamond's detail (data and page code) before the visitor clicks. */
export function prefetchDiamond(id: number): void {
  void clientCatalogue.getDiamond(id);
  void import("./routes/diamond");
}
