/** Retailers and promotion groups: small, slowly changing lists, cached per isolate for five minutes. */
import type { PromotionGroups, RetailerOption } from "#shared/schemas.ts";

const TTL_MS = 300_000;
/**
 * The last list read, not a pending read: a promise started for one request must not be awaited by
 * another (the runtime cancels a request's I/O when it ends, e.g. after an early redirect, and a shared
 * pending promise would then never settle).
 */
let retailers: { at: number; value: RetailerOption[] } | null = null;

/** Visible retailers (status 2) by name, with which diamonds they sell (type 1 natural, 2 lab, 3 both). */
export async function listRetailers(db: D1Database, now = Date.now()): Promise<RetailerOption[]> {
  if (retailers && now - retailers.at < TTL_MS) return retailers.value;
  const { results } = await db
    .prepare("SELECT id, name, slugurl, type FROM retailers WHERE status = 2 ORDER BY name")
    .all<{ id: number; name: string; slugurl: string; type: number }>();
  const value = results.map((r) => ({
    id: r.id,
    name: r.name,
    slugurl: r.slugurl,
    sells: [...(r.type & 1 ? (["natural"] as const) : []), ...(r.type & 2 ? (["lab"] as const) : [])],
  }));
  retailers = { at: now, value };
  return value;
}

/** The promotion groups running at `now` offered to this Promocode_Variation_Global variant (§7 GET promotion-group). */
export async function activePromotionGroups(db: D1Database, now: number, variation: 0 | 1): Promise<PromotionGroups> {
  const { results } = await db
    .prepare("SELECT * FROM promotion_groups WHERE starts_at <= ? AND ends_at > ? AND (variation IS NULL OR variation = ?) ORDER BY starts_at, id")
    .bind(now, now, variation)
    .all<{ id: number; name: string; headline: string; promo_code: string | null; discount_percent: number; applies_to: string; starts_at: number; ends_at: number }>();
  return {
    groups: results.map((g) => ({
      id: g.id,
      name: g.name,
      headline: g.headline,
      promoCode: g.promo_code,
      discountPercent: g.discount_percent,
      appliesTo: JSON.parse(g.applies_to) as string[],
      startsAt: g.starts_at,
      endsAt: g.ends_at,
    })),
  };
}
