/**
 * One diamond: the full record behind `GET /api/diamonds/{id}` and the detail page, and view counting
 * (D1). Rows map to the wire shapes of shared/schemas.ts here and in summary.ts, nowhere else.
 */
import type { DiamondRow as DiamondTableRow } from "#shared/catalogue/rows.ts";
import type { Diamond } from "#shared/schemas.ts";
import { recordViewStatements } from "../my-stuff/history";
import { HOLD_JOIN, HOLD_STATE, summary, type HoldColumn, type RetailerColumns } from "./summary";

/** A `diamonds` row joined with the retailer columns the API shows. */
type DiamondRow = DiamondTableRow & RetailerColumns & HoldColumn;

const COLUMNS = "d.*, r.name AS r_name, r.slugurl AS r_slugurl, r.logo_url AS r_logo_url, r.small_logo_url AS r_small_logo_url";
const FROM = "FROM diamonds d JOIN retailers r ON r.id = d.retailer_id";

/**
 * One diamond with every field, its paired stone's price and its price history, in one D1 round trip;
 * null when there is no such id.
 */
export async function getDiamond(db: D1Database, id: number): Promise<Diamond | null> {
  const [main, history] = await db.batch<(DiamondRow & { p_id: number | null; p_price: number | null }) | { at: number; price_cents: number }>([
    db
      .prepare(
        `SELECT ${COLUMNS}, ${HOLD_STATE}, p.id AS p_id, p.price_cents AS p_price ${FROM} ${HOLD_JOIN} LEFT JOIN diamonds p ON p.id = d.paired_diamond_id WHERE d.id = ?`,
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
    growthMethod: row.growth_method ?? null,
    treated: row.treated === null || row.treated === undefined ? null : row.treated === 1,
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
 * Counts one view of a diamond (`GET /api/logging/diamonds/views/{id}`) and, for a signed-in customer
 * (`userId`), records it in their recently viewed (worker/my-stuff/history.ts), in one batch; false when the
 * diamond does not exist.
 */
export async function logDiamondView(db: D1Database, id: number, now: number, userId: number | null = null): Promise<boolean> {
  const count = db
    .prepare(
      `INSERT INTO diamond_views (diamond_id, views, last_viewed_at) SELECT id, 1, ? FROM diamonds WHERE id = ?
       ON CONFLICT (diamond_id) DO UPDATE SET views = views + 1, last_viewed_at = excluded.last_viewed_at`,
    )
    .bind(now, id);
  const [res] = await db.batch([count, ...(userId === null ? [] : recordViewStatements(db, userId, id, now))]);
  return (res!.meta.changes ?? 0) > 0;
}
