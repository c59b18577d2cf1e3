/**
 * Price drops on favourite diamonds (issue 19, §7 My stuff; docs/decisions/016-my-stuff-and-alerts.md): a
 * favourite still for sale whose price fell from `alert_price_cents` (the price it was saved at, or last told
 * of) by at least PRICE_DROP_MIN_PERCENT % or at least PRICE_DROP_MIN_CENTS — whichever comes first — and by
 * at least a cent. Telling of a drop moves the baseline to the new price (`toldPriceDrops`), so each drop is
 * told once and a further drop is told again.
 */
import { PRICE_DROP_MIN_CENTS, PRICE_DROP_MIN_PERCENT, type PriceDrop } from "#shared/my-stuff/alerts.ts";
import { HOLD_JOIN, HOLD_STATE, summary, type RetailerColumns, type SummaryColumns } from "../../diamonds/summary";

/** Whether a price is news against its baseline (exact in integer cents). */
export function isPriceDrop(fromCents: number, priceCents: number): boolean {
  const drop = fromCents - priceCents;
  return drop >= 1 && (drop * 100 >= fromCents * PRICE_DROP_MIN_PERCENT || drop >= PRICE_DROP_MIN_CENTS);
}

/** The SQL form of isPriceDrop over `s.alert_price_cents` (from) and `d.price_cents` (now). */
export const PRICE_DROP_SQL = `s.alert_price_cents IS NOT NULL AND d.is_sold = 0
  AND s.alert_price_cents - d.price_cents >= 1
  AND ((s.alert_price_cents - d.price_cents) * 100 >= s.alert_price_cents * ${PRICE_DROP_MIN_PERCENT}
       OR s.alert_price_cents - d.price_cents >= ${PRICE_DROP_MIN_CENTS})`;

export type DropRow = SummaryColumns & RetailerColumns & { user_id: number; from_cents: number };

/** The columns a price drop reads (favourite `s`, diamond `d`, retailer `r`). */
export const DROP_SELECT = `SELECT d.*, r.name AS r_name, r.slugurl AS r_slugurl, r.logo_url AS r_logo_url, r.small_logo_url AS r_small_logo_url, ${HOLD_STATE},
  s.user_id, s.alert_price_cents AS from_cents
  FROM user_saved_diamonds s JOIN diamonds d ON d.id = s.diamond_id JOIN retailers r ON r.id = d.retailer_id ${HOLD_JOIN}`;

/** A drop row on the wire. */
export function priceDropOf(r: DropRow): PriceDrop {
  const dropCents = r.from_cents - r.price_cents;
  return {
    diamond: summary(r),
    fromPrice: r.from_cents,
    price: r.price_cents,
    dropCents,
    dropPercent: Math.round((dropCents * 10_000) / r.from_cents) / 100,
  };
}

/** The customer's favourites whose price dropped past the threshold (biggest drop first). */
export async function priceDrops(db: D1Database, userId: number): Promise<PriceDrop[]> {
  const { results } = await db
    .prepare(`${DROP_SELECT} WHERE s.user_id = ? AND ${PRICE_DROP_SQL} ORDER BY (s.alert_price_cents - d.price_cents) DESC, d.id`)
    .bind(userId)
    .all<DropRow>();
  return results.map(priceDropOf);
}

/** Every customer's price drops (the alert run), by customer. */
export async function allPriceDrops(db: D1Database): Promise<Map<number, PriceDrop[]>> {
  const { results } = await db.prepare(`${DROP_SELECT} WHERE ${PRICE_DROP_SQL} ORDER BY s.user_id, d.id`).all<DropRow>();
  const out = new Map<number, PriceDrop[]>();
  for (const r of results) {
    const list = out.get(r.user_id) ?? [];
    list.push(priceDropOf(r));
    out.set(r.user_id, list);
  }
  return out;
}

/**
 * The drops were told: each baseline moves to the price told of (only if it is still the one the drop was
 * measured from, so a concurrent run cannot tell a drop twice). One statement, one JSON parameter.
 */
export async function toldPriceDrops(db: D1Database, told: readonly { userId: number; diamondId: number; from: number; to: number }[]): Promise<void> {
  if (told.length === 0) return;
  await db
    .prepare(
      `UPDATE user_saved_diamonds SET alert_price_cents = t.to_cents
       FROM (SELECT json_extract(value, '$[0]') AS user_id, json_extract(value, '$[1]') AS diamond_id, json_extract(value, '$[2]') AS from_cents,
               json_extract(value, '$[3]') AS to_cents FROM json_each(?1)) t
       WHERE user_saved_diamonds.user_id = t.user_id AND user_saved_diamonds.diamond_id = t.diamond_id AND user_saved_diamonds.alert_price_cents = t.from_cents`,
    )
    .bind(JSON.stringify(told.map((t) => [t.userId, t.diamondId, t.from, t.to])))
    .run();
}
