/**
 * Care plans (§3 CarePlans, ActiveCarePlans): Loupe Care protection quoted per product from an embedded
 * plan table (the plan provider's price sheet), and the §4 reconciliation of chosen plans with the latest
 * quotes. Pure.
 */
import type { ActiveCarePlan, CarePlanOffer, CarePlanQuote } from "./model";

/** Plan lengths offered, in months. */
export const CARE_PLAN_DURATIONS = [12, 36, 60] as const;

/**
 * The price sheet: for products up to `maxCents`, the plan cost per duration (cents). Above the last
 * tier a plan costs a share of the product's price (`percentAbove`), rounded up to whole dollars.
 */
const TIERS: { tier: number; maxCents: number; costs: readonly [number, number, number] }[] = [
  { tier: 1, maxCents: 50_000, costs: [2_900, 4_900, 6_900] },
  { tier: 2, maxCents: 100_000, costs: [3_900, 6_900, 9_900] },
  { tier: 3, maxCents: 250_000, costs: [6_900, 11_900, 16_900] },
  { tier: 4, maxCents: 500_000, costs: [11_900, 19_900, 27_900] },
  { tier: 5, maxCents: 1_000_000, costs: [19_900, 32_900, 45_900] },
  { tier: 6, maxCents: 2_500_000, costs: [34_900, 57_900, 79_900] },
];
const PERCENT_ABOVE = [1.5, 2.5, 3.5] as const;
/** The plan's list price: what it costs bought on its own after the purchase (shown struck through). */
const RETAIL_MARKUP = 1.25;

/** The quotes for one product of `priceCents`; none for a free or unpriced product. */
export function quotesFor(priceCents: number): CarePlanQuote[] {
  if (!Number.isInteger(priceCents) || priceCents <= 0) return [];
  const tier = TIERS.find((t) => priceCents <= t.maxCents);
  return CARE_PLAN_DURATIONS.map((months, i) => {
    const costCents = tier ? tier.costs[i]! : Math.ceil((priceCents * PERCENT_ABOVE[i]!) / 100 / 100) * 100;
    return {
      applicablePlanDuration: months,
      costCents,
      planSku: `LCP-${months}M-T${tier?.tier ?? 7}`,
      planRetailPriceCents: Math.ceil((costCents * RETAIL_MARKUP) / 100) * 100,
    };
  });
}

/**
 * §4: chosen plans reconciled against the latest quotes — a plan stays when its product still has a quote
 * of the same duration (taking that quote's price and SKU); a plan without one is dropped.
 */
export function reconcileCarePlans(active: readonly ActiveCarePlan[], offers: readonly CarePlanOffer[]): ActiveCarePlan[] {
  const out: ActiveCarePlan[] = [];
  for (const plan of active) {
    const offer = offers.find((o) => o.productIds.includes(plan.productId));
    const quote = offer?.quotes.find((q) => q.applicablePlanDuration === plan.applicablePlanDuration);
    if (quote && !out.some((p) => p.productId === plan.productId)) out.push({ productId: plan.productId, ...quote });
  }
  return out;
}
