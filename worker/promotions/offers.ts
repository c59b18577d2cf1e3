/**
 * The promo codes offered on catalogue items (§7 get-valid-promotion-code, GET diamonds/{id} with
 * promoCodeVariation). Promocode_Variation_Global decides which running codes a visitor is offered: the
 * catalogue calls send its variant as `promoCodeVariation`; without it the visitor's own variant counts.
 */
import type { PromoCategory, Promotion } from "#shared/cart/model.ts";
import { promotionDiscount } from "#shared/cart/pricing.ts";
import type { Variant } from "#shared/experiments/bucketing.ts";
import type { OfferedPromotion } from "#shared/schemas.ts";
import { productFacts } from "../cart/products";
import { TimedCache } from "../lib/timed-cache";
import { validPromotions } from "./store";

/** The running promotions offered to each variant, read at most every 30 s per isolate (detail pages ask on every render). */
const offered = new TimedCache<Promotion[]>({ ttlMs: 30_000, maxEntries: 2 });

/**
 * The running promotion offered to `variation` that takes the most off one item (null when none applies;
 * undefined for an unknown item). Codes with a minimum subtotal the item alone does not reach count only
 * with `withMinimum` (the `/true` form: "with the rest of a cart").
 */
export async function offeredPromotion(
  db: D1Database,
  kind: "diamond" | "setting" | "jewellery",
  id: number,
  { variation, withMinimum = false, now = Date.now() }: { variation: Variant; withMinimum?: boolean; now?: number },
): Promise<OfferedPromotion | null | undefined> {
  const [product, promotions] = await Promise.all([productFacts(db, kind, id), offered.get(String(variation), () => validPromotions(db, now, variation))]);
  if (!product) return undefined;
  return bestOffer(promotions, product.category, product.priceCents, now, withMinimum);
}

/**
 * The promotion among `promotions` that takes the most off one item of this category and price (null when
 * none applies). With `withMinimum`, a code's minimum subtotal counts as reached (the rest of a cart).
 */
export function bestOffer(
  promotions: readonly Promotion[],
  category: PromoCategory,
  priceCents: number,
  now: number,
  withMinimum = false,
): OfferedPromotion | null {
  let best: OfferedPromotion | null = null;
  for (const promo of promotions) {
    const line = { category, totalCents: priceCents };
    const subtotal = withMinimum ? Math.max(priceCents, promo.minSubtotalCents) : priceCents;
    const { amountCents } = promotionDiscount(promo, [line], subtotal, now);
    if (amountCents <= 0 || (best && best.amount >= amountCents)) continue;
    const rule = promo.rules.find((r) => r.appliesTo.length === 0 || r.appliesTo.includes(category))!;
    best = {
      promoCode: promo.code,
      description: promo.description,
      percentage: rule.kind === "percent" ? rule.value : null,
      amount: amountCents,
      endsAt: promo.endsAt,
      appliesTo: [...new Set(promo.rules.flatMap((r) => r.appliesTo))],
    };
  }
  return best;
}
