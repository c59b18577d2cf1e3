/**
 * Diamond reads: the search behind `POST /api/diamonds2` and the search page (matched by the index object,
 * rows from D1), and the full record behind `GET /api/diamonds/{id}` and the detail page (D1). Rows map to the wire shapes of
 * shared/schemas.ts here and nowhere else.
 */
import { PRICE_HISTOGRAM_EDGES_USD, type Diamond, type DiamondSearchRequest, type DiamondSearchResponse, type DiamondSummary, type SimilarDiamondsRequest } from "#shared/schemas.ts";
import { MAX_SIMILAR_DIAMONDS } from "#shared/viewing.ts";
import type { DiamondRow as DiamondTableRow } from "#shared/catalogue/generate.ts";
import { SearchCache } from "./search-cache";
import { summary, type RetailerColumns } from "./diamond-summary";
import { toEngineQuery } from "../search/plan";
import type { SearchIndexObject } from "../search/search-object";
import type { Timings } from "../timings";

/** A `diamonds` row joined with the retailer columns the API shows. */
type DiamondRow = DiamondTableRow & RetailerColumns;

const COLUMNS = "d.*, r.name AS r_name, r.slugurl AS r_slugurl, r.logo_url AS r_logo_url, r.small_logo_url AS r_small_logo_url";
const FROM = "FROM diamonds d JOIN retailers r ON r.id = d.retailer_id";

/** Recent search results of this isolate (see search-cache.ts). */
export const searchCache = new SearchCache<DiamondSearchResponse>();

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
  const found = await searchIndex(env).search(toEngineQuery(req, { now, onlyIds }));
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
 * One diamond with every field, its paired stone's price and its price history, in one D1 round trip;
 * null when there is no such id.
 */
export async function getDiamond(db: D1Database, id: number): Promise<Diamond | null> {
  const [main, history] = await db.batch<(DiamondRow & { p_id: number | null; p_price: number | null }) | { at: number; price_cents: number }>([
    db
      .prepare(
        `SELECT ${COLUMNS}, p.id AS p_id, p.price_cents AS p_price ${FROM} LEFT JOIN diamonds p ON p.id = d.paired_diamond_id WHERE d.id = ?`,
      )
      .bind(id),
    db.prepare("SELECT at, price_cents FROM diamond_price_history WHERE diamond_id = ? ORDER BY at").bind(id),
  ]);
  const row = main!.results[0] as (DiamondRow & { p_id: number | null; p_price: number | null }) | undefined;
  if (!row) return null;
  const paired = row.p_id !== null && row.p_price !== null ? { id: row.p_id, price: row.p_price } : null;
  return {
    ...summary(row),
    incomplete: false,
    isFavorite: false,
    depthPct: row.depth_pct,
    tablePct: row.table_pct,
    measurements: { length: row.length_mm, width: row.width_mm, depth: row.depth_mm },
    eyeClean: row.eye_clean,
    images: [row.image_url],
    videos: row.has_video && row.video_preview_url ? [{ previewImageUrl: row.video_preview_url }] : [],
    pairedDiamond: paired,
    pairedDiamondPrice: paired ? paired.price : null,
    promoCode: row.price_before_discount_cents ? { amount: row.price_before_discount_cents - row.price_cents } : null,
    priceHistory: (history!.results as { at: number; price_cents: number }[]).map((h) => ({ at: h.at, price: h.price_cents })),
    updatedAt: row.updated_at,
  };
}

/**
 * Up to five available diamonds like `d`: same shape and origin, carat within ±15 %, colour and clarity
 * within one grade; the closest first (carat distance, then colour, clarity and cut steps). Answered by the
 * search index (SearchIndex.similar), like every other catalogue search.
 */
export function similarDiamonds(env: SearchBindings, d: SimilarDiamondsRequest): Promise<DiamondSummary[]> {
  return searchIndex(env).similar(d, MAX_SIMILAR_DIAMONDS);
}

/** Counts one view of a diamond (`GET /api/logging/diamonds/views/{id}`); false when the diamond does not exist. */
export async function logDiamondView(db: D1Database, id: number, now: number): Promise<boolean> {
  const res = await db
    .prepare(
      `INSERT INTO diamond_views (diamond_id, views, last_viewed_at) SELECT id, 1, ? FROM diamonds WHERE id = ?
       ON CONFLICT (diamond_id) DO UPDATE SET views = views + 1, last_viewed_at = excluded.last_viewed_at`,
    )
    .bind(now, id)
    .run();
  return res.meta.changes > 0;
}
