/**
 * The diamond search behind `POST /api/diamonds2` and the search page, and similar diamonds: matched by
 * the index object (docs/decisions/007-search-index.md), certificate numbers looked up in D1.
 */
import {
  PRICE_HISTOGRAM_EDGES_USD,
  type DiamondSearchRequest,
  type DiamondSearchResponse,
  type DiamondSummary,
  type SimilarDiamondsRequest,
} from "#shared/schemas.ts";
import { MAX_SIMILAR_DIAMONDS } from "#shared/viewing.ts";
import { TimedCache } from "../lib/timed-cache";
import type { Timings } from "../lib/timings";
import { toEngineQuery } from "./plan";
import type { SearchIndexObject } from "./search-object";

/** Recent search results of this isolate (60 s, see lib/timed-cache.ts). */
export const searchCache = new TimedCache<DiamondSearchResponse>();

/** What a search needs: D1 for certificate numbers, the index object for the rest. */
export interface SearchBindings {
  DB: D1Database;
  SEARCH: DurableObjectNamespace<SearchIndexObject>;
}

/** The one index object (docs/decisions/007-search-index.md). */
export function searchIndex(env: SearchBindings): DurableObjectStub<SearchIndexObject> {
  return env.SEARCH.get(env.SEARCH.idFromName("catalogue"));
}

/** `queryDiamonds` through the per-isolate result cache. */
export function searchDiamonds(env: SearchBindings, req: DiamondSearchRequest, now = Date.now(), timings?: Timings): Promise<DiamondSearchResponse> {
  // A holiday date depends on today, so the day is part of the key.
  const key = JSON.stringify(req) + (req.shipsByHolidayDate ? Math.floor(now / 86_400_000) : "");
  return searchCache.get(key, () => queryDiamonds(env, req, now, timings));
}

/**
 * The filtered, sorted page of diamonds, the exact total and (when asked) facet counts and the price
 * histogram, all from the index object in one call (it keeps the summary columns of every diamond it
 * indexes, so the page matches the order it was sorted in).
 */
export async function queryDiamonds(env: SearchBindings, req: DiamondSearchRequest, now: number, timings?: Timings): Promise<DiamondSearchResponse> {
  let onlyIds: number[] | null = null;
  if (req.certificateNumber) {
    const t = performance.now();
    const cert = req.certificateNumber;
    const { results } = await env.DB.prepare("SELECT id FROM diamonds WHERE certificate_id IN (?, ?)").bind(cert, cert.toUpperCase()).all<{ id: number }>();
    onlyIds = results.map((r) => r.id);
    if (timings) timings.certificate = performance.now() - t;
  }
  const t = performance.now();
  const found = await searchIndex(env).search(toEngineQuery(req, { now, onlyIds }), req.dealScores === true);
  if (timings) {
    timings.index = performance.now() - t;
    timings.engine = found.engineMs;
  }
  const response: DiamondSearchResponse = {
    diamonds: found.diamonds,
    total: found.total,
    pageNumber: req.pageNumber,
    pageSize: req.pageSize,
    pageCount: Math.max(1, Math.ceil(found.total / req.pageSize)),
  };
  if (found.facets && found.priceHistogram) {
    response.facets = found.facets;
    response.priceHistogram = { edges: [...PRICE_HISTOGRAM_EDGES_USD], counts: found.priceHistogram };
  }
  return response;
}

/**
 * Up to five available diamonds like `d`: same shape and origin, carat within ±15 %, colour and clarity
 * within one grade; the closest first (carat distance, then colour, clarity and cut steps). Answered by the
 * search index (SearchIndex.similar), like every other catalogue search.
 */
export function similarDiamonds(env: SearchBindings, d: SimilarDiamondsRequest): Promise<DiamondSummary[]> {
  return searchIndex(env).similar(d, MAX_SIMILAR_DIAMONDS);
}
