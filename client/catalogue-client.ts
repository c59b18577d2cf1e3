/**
 * The catalogue as the browser sees it: the public API (`POST /api/diamonds2`, `GET /api/diamonds/{id}`).
 * Diamond details fetched ahead of a click (hover or focus on a result) are kept briefly, so the detail
 * page's loader finds them without a request (§2: "page data is pre-fetched before route resolution").
 */
import { data } from "react-router";
import type { OfferedPromotion, Diamond, DiamondFilters, DiamondSearchInput, DiamondSearchResponse, DiamondSummary, SimilarDiamondsRequest } from "#shared/schemas.ts";
import type { RingSummary, SimilarRingsRequest } from "#shared/rings.ts";
import type { SettingDetail, SettingSearchResponse, SettingSummary, SettingSummaryList } from "#shared/settings/schemas.ts";
import type { CatalogueService, RetailerOption } from "./context";

const PREFETCH_TTL_MS = 60_000;
const details = new Map<number, { at: number; value: Promise<Diamond | null> }>();

async function failure(res: Response): Promise<never> {
  // The API's error envelope becomes a route error with the same status.
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw data(body?.error?.message ?? res.statusText, { status: res.status });
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) return failure(res);
  return (await res.json()) as T;
}

async function getJson<T>(path: string): Promise<T | null> {
  const res = await fetch(path, { headers: { accept: "application/json" } });
  if (res.status === 404) return null;
  if (!res.ok) return failure(res);
  return (await res.json()) as T;
}

const summaries = async (path: string): Promise<SettingSummary[]> => (await getJson<SettingSummaryList>(path))?.settings ?? [];

async function fetchDiamond(id: number): Promise<Diamond | null> {
  const res = await fetch(`/api/diamonds/${id}`, { headers: { accept: "application/json" } });
  if (res.status === 404) return null;
  if (!res.ok) return failure(res);
  return (await res.json()) as Diamond;
}

let retailers: Promise<RetailerOption[]> | null = null;

export const clientCatalogue: CatalogueService = {
  searchDiamonds: (req: DiamondSearchInput) => postJson<DiamondSearchResponse>("/api/diamonds2", req),
  async restoreSearch(searchId: string, page: number) {
    const res = await fetch(`/api/diamonds?searchId=${encodeURIComponent(searchId)}&pageNumber=${page}&includeFacets=true`, { headers: { accept: "application/json" } });
    // An unknown or malformed searchId: the page shows the §8 search error.
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) return failure(res);
    const result = (await res.json()) as DiamondSearchResponse & { filters: DiamondFilters };
    return { filters: result.filters, result };
  },
  listRetailers(): Promise<RetailerOption[]> {
    retailers ??= fetch("/api/retailers", { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<{ retailers: RetailerOption[] }>) : failure(res)))
      .then((body) => body.retailers);
    retailers.catch(() => (retailers = null));
    return retailers;
  },
  async similarDiamonds(d: SimilarDiamondsRequest): Promise<DiamondSummary[]> {
    return (await postJson<{ diamonds: DiamondSummary[] }>("/api/diamonds/get-similar", d)).diamonds;
  },
  async offeredPromotion(diamondId: number, promoCodeVariation: 0 | 1): Promise<OfferedPromotion | null> {
    const res = await fetch(`/api/get-valid-promotion-code/${diamondId}?promoCodeVariation=${promoCodeVariation}`, { headers: { accept: "application/json" } });
    // A promotion is a nicety: a failure shows the page without one.
    if (!res.ok) return null;
    return ((await res.json()) as { data: { data: OfferedPromotion | null } }).data.data;
  },
  async similarRings(req: SimilarRingsRequest): Promise<RingSummary[]> {
    const res = await fetch("/api/similar-searches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(req) });
    // An unknown setting has no similar rings (the server's catalogue answers [] too).
    if (res.status === 404) return [];
    if (!res.ok) return failure(res);
    return ((await res.json()) as { rings: RingSummary[] }).rings;
  },
  searchSettings: (kind, filters, page, promoCodeVariation) =>
    postJson<SettingSearchResponse>(kind === "jewellery" ? "/api/search/jewellery" : "/api/search/settingsv2", { ...filters, ...page, promoCodeVariation }),
  async saveSettingSearch(kind, filters) {
    return (await postJson<{ searchId: string }>(kind === "jewellery" ? "/api/search-request/jewellery" : "/api/search-request/settings2", filters)).searchId;
  },
  async restoreSettingSearch(kind, searchId, pageNumber, promoCodeVariation) {
    const res = await fetch(kind === "jewellery" ? "/api/search/jewellery" : "/api/search/settingsv2", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: searchId, pageNumber, promoCodeVariation }),
    });
    // An unknown or malformed searchId: the page shows the §8 search error.
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) return failure(res);
    return (await res.json()) as SettingSearchResponse;
  },
  getSetting: (id, metal, promoCodeVariation) => getJson<SettingDetail>(`/api/settings/${id}${metal === undefined ? "" : `/${metal}`}?promoCodeVariation=${promoCodeVariation}`),
  bestSellingSettings: () => summaries("/api/settings/best-selling"),
  popularEngagementRings: () => summaries("/api/setting/engagement-rings"),
  async studSettings(req) {
    return (await postJson<SettingSummaryList>("/api/studsettings", req)).settings;
  },
  searchHeading: (pageId) => getJson<{ heading: string; subheading: string }>(`/api/content/search-heading/${encodeURIComponent(pageId)}`).catch(() => null),
  getDiamond(id: number): Promise<Diamond | null> {
    const hit = details.get(id);
    if (hit && Date.now() - hit.at < PREFETCH_TTL_MS) return hit.value;
    const value = fetchDiamond(id);
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
