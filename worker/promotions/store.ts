/**
 * Promotions in D1 (`promotions`, `promotion_rules`, `promotion_groups`): the codes a shopper can type,
 * the codes running now for each Promocode_Variation_Global variant, and the campaigns (groups) banners show.
 */
import type { Variant } from "#shared/experiments/bucketing.ts";
import type { PromoCategory, Promotion } from "#shared/cart/model.ts";
import type { PromotionGroups } from "#shared/schemas.ts";

/** The experiment that decides which running codes a visitor is offered. */
export const PROMO_EXPERIMENT = "Promocode_Variation_Global";

/** `promoCodeVariation` from a query when given ("0" or "1"), else the visitor's own variant. */
export function promoVariantOf(variants: Readonly<Record<string, Variant>>, param: string | number | undefined): Variant {
  if (param === "0" || param === "1" || param === 0 || param === 1) return Number(param) as Variant;
  return variants[PROMO_EXPERIMENT] ?? 0;
}

type PromotionRow = { code: string; description: string; min_subtotal_cents: number; starts_at: number; ends_at: number };
type RuleRow = { code: string; category: PromoCategory | null; kind: "percent" | "amount"; value: number };

function promotionsOf(promos: PromotionRow[], rules: RuleRow[]): Promotion[] {
  return promos.map((p) => ({
    code: p.code,
    description: p.description,
    minSubtotalCents: p.min_subtotal_cents,
    startsAt: p.starts_at,
    endsAt: p.ends_at,
    rules: rules.filter((r) => r.code === p.code).map((r) => ({ appliesTo: r.category ? [r.category] : [], kind: r.kind, value: r.value })),
  }));
}

/** The promotion with this code (whatever its dates), or null. */
export async function findPromotion(db: D1Database, code: string): Promise<Promotion | null> {
  const [promos, rules] = await db.batch([
    db.prepare("SELECT code, description, min_subtotal_cents, starts_at, ends_at FROM promotions WHERE code = ?").bind(code),
    db.prepare("SELECT code, category, kind, value FROM promotion_rules WHERE code = ? ORDER BY rowid").bind(code),
  ]);
  return promotionsOf(promos!.results as PromotionRow[], rules!.results as RuleRow[])[0] ?? null;
}

/**
 * Every promotion valid at `now` that is offered to this variant of Promocode_Variation_Global (a code
 * with no variation is offered to everyone). A shopper who types any valid code still gets it (findPromotion).
 */
export async function validPromotions(db: D1Database, now: number, offeredTo: 0 | 1): Promise<Promotion[]> {
  const offered = "(p.variation IS NULL OR p.variation = ?)";
  const [promos, rules] = await db.batch([
    db
      .prepare(
        `SELECT code, description, min_subtotal_cents, starts_at, ends_at FROM promotions p WHERE starts_at <= ? AND ends_at > ? AND ${offered} ORDER BY code`,
      )
      .bind(now, now, offeredTo),
    db
      .prepare(
        `SELECT r.code, r.category, r.kind, r.value FROM promotion_rules r JOIN promotions p ON p.code = r.code WHERE p.starts_at <= ? AND p.ends_at > ? AND ${offered} ORDER BY r.rowid`,
      )
      .bind(now, now, offeredTo),
  ]);
  return promotionsOf(promos!.results as PromotionRow[], rules!.results as RuleRow[]);
}

/** The promotion groups running at `now` offered to this Promocode_Variation_Global variant (§7 GET promotion-group). */
export async function activePromotionGroups(db: D1Database, now: number, variation: 0 | 1): Promise<PromotionGroups> {
  const { results } = await db
    .prepare("SELECT * FROM promotion_groups WHERE starts_at <= ? AND ends_at > ? AND (variation IS NULL OR variation = ?) ORDER BY starts_at, id")
    .bind(now, now, variation)
    .all<{
      id: number;
      name: string;
      headline: string;
      promo_code: string | null;
      discount_percent: number;
      applies_to: string;
      starts_at: number;
      ends_at: number;
    }>();
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
