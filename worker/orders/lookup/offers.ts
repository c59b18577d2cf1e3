/**
 * POST orders/best-offers (§7): the running promotions offered to this shopper (their Promocode_Variation_Global
 * variant) that would take something off their cart as it is now — catalogue prices read afresh, a code's
 * minimum subtotal reached, only the available lines counted — each with what it would save, the largest
 * saving first (ties: the one running longer first). An empty cart has no offers. The answer says which one
 * the cart already uses; it applies nothing (the cart's own promo-code change does).
 */
import { productLines } from "#shared/cart/model.ts";
import { priceCart, promotionDiscount } from "#shared/cart/pricing.ts";
import type { BestOffers } from "#shared/orders/lookup.ts";
import { type CartBindings, getCart, type Shopper, shopperCart } from "../../cart/service";
import { validPromotions } from "../../promotions/store";

export async function bestOffers(env: CartBindings, who: Shopper, now: number): Promise<BestOffers> {
  // Reading the cart refreshes catalogue prices older than the cart's snapshot age.
  await getCart(env, who, now);
  const { state, locks } = await shopperCart(env, who).snapshot(now);
  const category = new Map(productLines(state).map((l) => [l.lineId, l.product.category]));
  const lines = priceCart(state, locks, now)
    .lines.filter((l) => l.status === "available" && l.totalCents > 0)
    .map((l) => ({ category: category.get(l.lineId)!, totalCents: l.totalCents }));
  if (!lines.length) return { offers: [] };
  const subtotal = lines.reduce((a, l) => a + l.totalCents, 0);
  const offers: BestOffers["offers"] = [];
  for (const promo of await validPromotions(env.DB, now, who.promoVariation)) {
    const { amountCents } = promotionDiscount(promo, lines, subtotal, now);
    if (amountCents <= 0) continue;
    const percent = promo.rules.find((r) => r.kind === "percent");
    offers.push({
      promoCode: promo.code,
      description: promo.description,
      percentage: promo.rules.length === 1 && percent ? percent.value : null,
      amount: amountCents,
      endsAt: promo.endsAt,
      appliesTo: [...new Set(promo.rules.flatMap((r) => r.appliesTo))],
      applied: state.promoCode?.toUpperCase() === promo.code.toUpperCase(),
    });
  }
  return { offers: offers.sort((a, b) => b.amount - a.amount || b.endsAt - a.endsAt || a.promoCode.localeCompare(b.promoCode)) };
}
