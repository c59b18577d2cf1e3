/**
 * Diamond reads from D1: the filtered search behind `POST /api/diamonds2` and the search page, and the
 * full record behind `GET /api/diamonds/{id}` and the detail page. Rows map to the wire shapes of
 * shared/schemas.ts here and nowhere else.
 */
import { diamondSlug } from "#shared/slug.ts";
import type { Diamond, DiamondSearchRequest, DiamondSearchResponse, DiamondSummary, SimilarDiamondsRequest, SortField } from "#shared/schemas.ts";
import { MAX_SIMILAR_DIAMONDS } from "#shared/viewing.ts";
import type { DiamondRow as DiamondTableRow } from "#shared/catalogue/generate.ts";
import { SearchCache } from "./search-cache";

/** A `diamonds` row joined with the retailer columns the API shows. */
type DiamondRow = DiamondTableRow & {
  r_name: string;
  r_slugurl: string;
  r_logo_url: string;
  r_small_logo_url: string;
};

const COLUMNS = "d.*, r.name AS r_name, r.slugurl AS r_slugurl, r.logo_url AS r_logo_url, r.small_logo_url AS r_small_logo_url";
const FROM = "FROM diamonds d JOIN retailers r ON r.id = d.retailer_id";
const SELECT = `SELECT ${COLUMNS} ${FROM}`;

/** ORDER BY expressions per sort field; a unique id tie-break keeps paging stable. */
const ORDER: Record<SortField, string> = {
  sortingOrder: "d.sorting_order",
  price: "d.price_cents",
  carat: "d.carat",
  // Codes run best-first (D=1, FL=1, Ideal=0), so "ascending colour" means best colour first.
  color: "d.color",
  clarity: "d.clarity",
  cut: "d.cut",
  pricePerCarat: "(d.price_cents / d.carat)",
};

function summary(r: DiamondRow): DiamondSummary {
  const isLabGrown = r.is_lab_grown === 1;
  return {
    id: r.id,
    slug: diamondSlug({ carat: r.carat, color: r.color, clarity: r.clarity, cut: r.cut, shape: r.shape, isLabGrown }),
    incomplete: true,
    certificateLab: r.certificate_lab,
    certificateId: r.certificate_id,
    isLabGrown,
    shape: r.shape,
    carat: r.carat,
    cut: r.cut,
    color: r.color,
    clarity: r.clarity,
    fluorescence: r.fluorescence,
    polish: r.polish,
    symmetry: r.symmetry,
    price: r.price_cents,
    priceBeforeDiscount: r.price_before_discount_cents,
    discountPercentage: r.discount_percentage,
    isSold: r.is_sold === 1,
    isRCIdeal: r.is_rc_ideal === 1,
    isB2CVideoDiamond: r.has_video === 1,
    imagesUrl: r.image_url,
    shippingDays: r.shipping_days,
    lwRatio: r.lw_ratio,
    pairedDiamondId: r.paired_diamond_id,
    retailer: { id: r.retailer_id, name: r.r_name, slugurl: r.r_slugurl, logoUrl: r.r_logo_url, smallLogoUrl: r.r_small_logo_url },
  };
}

/** Recent search results of this isolate (see search-cache.ts); catalogue writers call `searchCache.clear()`. */
export const searchCache = new SearchCache<DiamondSearchResponse>();

/** `queryDiamonds` through the per-isolate result cache. */
export function searchDiamonds(db: D1Database, req: DiamondSearchRequest): Promise<DiamondSearchResponse> {
  return searchCache.get(JSON.stringify(req), () => queryDiamonds(db, req));
}

/**
 * The filtered, sorted page of diamonds and the exact total, in one D1 round trip. Both statements run
 * on the covering index `diamonds_search` (migrations/0001): the count and the ordered page of ids read
 * the index only; full rows are read for the page's ids alone.
 */
export async function queryDiamonds(db: D1Database, req: DiamondSearchRequest): Promise<DiamondSearchResponse> {
  // Origin and sold flag lead the index, so they are always constrained ("both" origins as IN (0, 1)).
  const origin = req.isLabGrown === null || req.isLabGrown === undefined ? "d.is_lab_grown IN (0, 1)" : `d.is_lab_grown = ${req.isLabGrown ? 1 : 0}`;
  const where: string[] = [origin, "d.is_sold = 0", "d.price_cents >= ?", "d.price_cents <= ?"];
  const args: (string | number)[] = [Math.round(req.priceMin * 100), Math.round(req.priceMax * 100)];
  const inList = (column: string, list: number[]) => {
    if (!list.length) return;
    where.push(`${column} IN (${list.map(() => "?").join(",")})`);
    args.push(...list);
  };
  inList("d.shape", req.diamondShapes);
  inList("d.color", req.colors);
  inList("d.clarity", req.clarities);
  inList("d.cut", req.cuts);
  if (req.caratMin !== undefined) {
    where.push("d.carat >= ?");
    args.push(req.caratMin);
  }
  if (req.caratMax !== undefined) {
    where.push("d.carat <= ?");
    args.push(req.caratMax);
  }
  if (req.shippingDays >= 0) {
    where.push("d.shipping_days <= ?");
    args.push(req.shippingDays);
  }
  const clause = where.join(" AND ");
  // For the default order, the unary + keeps SQLite from using the price range for the page of ids, so it
  // walks diamonds_default_order in order and stops after the page (a planner hint, not a filter change).
  const pageClause = req.sortBy === "sortingOrder" ? clause.replace(/d\.price_cents (>=|<=) \?/g, "+d.price_cents $1 ?") : clause;
  const dir = req.sortOrder === "desc" ? "DESC" : "ASC";
  const order = `${ORDER[req.sortBy]} ${dir}, d.id ${dir}`;
  const offset = (req.pageNumber - 1) * req.pageSize;
  const [count, page] = await db.batch<{ total: number } | DiamondRow>([
    db.prepare(`SELECT COUNT(*) AS total FROM diamonds d WHERE ${clause}`).bind(...args),
    db
      .prepare(`${SELECT} WHERE d.id IN (SELECT d.id FROM diamonds d WHERE ${pageClause} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`)
      .bind(...args, req.pageSize, offset),
  ]);
  const total = (count!.results[0] as { total: number }).total;
  return {
    diamonds: (page!.results as DiamondRow[]).map(summary),
    total,
    pageNumber: req.pageNumber,
    pageSize: req.pageSize,
    pageCount: Math.max(1, Math.ceil(total / req.pageSize)),
  };
}

/** One diamond with every field, or null when there is no such id. */
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
 * within one grade; the closest first (carat distance, then colour, clarity and cut steps).
 */
export async function similarDiamonds(db: D1Database, d: SimilarDiamondsRequest): Promise<DiamondSummary[]> {
  const { results } = await db
    .prepare(
      `${SELECT} WHERE d.is_lab_grown = ? AND d.is_sold = 0 AND d.shape = ? AND d.id != ?
         AND d.carat BETWEEN ? AND ? AND d.color BETWEEN ? AND ? AND d.clarity BETWEEN ? AND ?
       ORDER BY ABS(d.carat - ?) / ? + 0.3 * ABS(d.color - ?) + 0.3 * ABS(d.clarity - ?) + 0.1 * ABS(d.cut - ?), d.id
       LIMIT ?`,
    )
    .bind(
      d.isLabGrown ? 1 : 0, d.shape, d.id,
      d.carat * 0.85, d.carat * 1.15, d.color - 1, d.color + 1, d.clarity - 1, d.clarity + 1,
      d.carat, d.carat * 0.15, d.color, d.clarity, d.cut,
      MAX_SIMILAR_DIAMONDS,
    )
    .all<DiamondRow>();
  return results.map(summary);
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
