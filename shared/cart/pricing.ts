/**
 * Cart arithmetic (§3 Prices, §9 "Cart and pricing"): line prices from the catalogue facts the cart holds,
 * the promotion, free studs, care plans, an honoured price lock, the tax estimate and the wire price. Pure
 * and in integer cents; every share of an amount is `percentOf` (shared/money.ts) and the pages show the
 * breakdown to the cent (breakdown.ts; docs/decisions/059-one-money-rule.md).
 */
import { formatUsd, percentOf } from "../money";
import { salesTaxCents } from "./tax";
import { honouredLock } from "./locks";
import { cartLink } from "./link";
import {
  BAND_SIZE_ERROR,
  FREE_STUDS_THRESHOLD_USD,
  PAYPAL_MAX_CENTS,
  productLines,
  RING_SIZE_ERROR,
  WIRE_DISCOUNT_PERCENT,
  type CartState,
  type Location,
  type PriceLock,
  type Product,
  type Promotion,
  type TaxRegion,
} from "./model";
import { cartKind, isMatchingBand, type CartKind } from "./rules";

export interface PricedLine {
  lineId: string;
  kind: ReturnType<typeof productLines>[number]["kind"];
  name: string;
  imageUrl: string;
  url: string;
  status: Product["status"];
  quantity: number;
  unitPriceCents: number;
  listPriceCents: number | null;
  /** What the line adds to the subtotal: unit × quantity, less a free stud; 0 for a sold or missing item. */
  totalCents: number;
  /** Pieces given free (free studs). */
  freeQuantity: number;
}

export interface CartTotals {
  /** Available lines at catalogue prices. */
  subtotalCents: number;
  discountCents: number;
  carePlansCents: number;
  appraisalCents: number;
  /** Subtotal − discount + care plans, before a price lock. */
  totalBeforeLockCents: number;
  /** What the honoured lock saves (0 without one). */
  lockSavingsCents: number;
  /** The pre-tax total the shopper pays (a lock honoured). */
  totalCents: number;
  /** The sales-tax estimate for `taxRegion` (0 without one). */
  taxCents: number;
  /** The total with the bank-wire saving, and its tax. */
  wireTotalCents: number;
  wireTaxCents: number;
  totalWithTaxCents: number;
}

export interface PricedCart {
  kind: CartKind;
  lines: PricedLine[];
  totals: CartTotals;
  /** Why the promo code gives nothing right now (unmet minimum, no eligible item), or why it was refused. */
  invalidDiscountMessage: string | null;
  discounts: { code: string; description: string; amountCents: number }[];
  ringSizeError: string | null;
  bandSizeErrors: Record<string, string>;
  matchingBandLineId: string | null;
  allowPayPal: boolean;
  freeStuds: { thresholdCents: number; eligible: boolean; remainingCents: number };
  lockedPrice: PriceLock | null;
  cartLink: string;
  /** Where the tax estimate is for, and why there. */
  taxRegion: EstimateRegion | null;
}

/** What paying by bank wire saves on a pre-tax total. */
export const wireSavingCents = (totalCents: number): number => percentOf(Math.max(0, totalCents), WIRE_DISCOUNT_PERCENT);

/** Where a tax estimate is for: the shipping address, a region the shopper chose, or where the request came from. */
export type EstimateRegion = TaxRegion & { source: "shipping" | "chosen" | "location" };

/** The tax estimate's region: the shipping address first, then the shopper's choice, then the visitor's location. */
export function estimateRegion(s: CartState, location: Location | null): EstimateRegion | null {
  if (s.shippingAddress) return { countryCode: s.shippingAddress.countryCode, state: s.shippingAddress.state, source: "shipping" };
  if (s.taxRegion) return { ...s.taxRegion, source: "chosen" };
  if (location?.countryCode && location.regionCode)
    return { countryCode: location.countryCode.toUpperCase(), state: location.regionCode.toUpperCase(), source: "location" };
  return null;
}

const CATEGORY_LABEL: Record<string, string> = {
  settings: "settings",
  "natural-diamonds": "natural diamonds",
  "lab-diamonds": "lab-grown diamonds",
  "wedding-bands": "wedding bands",
  jewelry: "jewellery",
};

/** The promotion's discount on these lines at `now`, or why it gives none. */
export function promotionDiscount(
  promo: Promotion,
  lines: readonly { category: Product["category"]; totalCents: number }[],
  subtotalCents: number,
  now: number,
): { amountCents: number; message: string | null } {
  if (now < promo.startsAt) return { amountCents: 0, message: `Promo code ${promo.code} is not active yet` };
  if (now >= promo.endsAt) return { amountCents: 0, message: `Promo code ${promo.code} has expired` };
  if (subtotalCents < promo.minSubtotalCents) {
    return { amountCents: 0, message: `Promo code ${promo.code} needs a subtotal of at least ${formatUsd(promo.minSubtotalCents)}` };
  }
  let amountCents = 0;
  for (const rule of promo.rules) {
    const eligible = lines.filter((l) => rule.appliesTo.length === 0 || rule.appliesTo.includes(l.category)).reduce((a, l) => a + l.totalCents, 0);
    if (eligible > 0) amountCents += rule.kind === "percent" ? percentOf(eligible, rule.value) : Math.min(rule.value, eligible);
  }
  if (amountCents > 0) return { amountCents: Math.min(amountCents, subtotalCents), message: null };
  const categories = [...new Set(promo.rules.flatMap((r) => r.appliesTo))];
  return { amountCents: 0, message: `Promo code ${promo.code} applies to ${categories.map((c) => CATEGORY_LABEL[c] ?? c).join(" and ")} only` };
}

/** Prices a cart at `now` with its stored price locks; `location` (the request's) places the tax estimate when nothing else does. */
export function priceCart(s: CartState, locks: readonly PriceLock[], now: number, location: Location | null = null): PricedCart {
  const thresholdCents = FREE_STUDS_THRESHOLD_USD * 100;
  const raw = productLines(s).map((l) => {
    const available = l.product.status === "available";
    return {
      lineId: l.lineId,
      kind: l.kind,
      name: l.product.name,
      imageUrl: l.product.imageUrl,
      url: l.product.url,
      status: l.product.status,
      quantity: l.quantity,
      unitPriceCents: l.product.priceCents,
      listPriceCents: l.product.listPriceCents,
      totalCents: available ? l.product.priceCents * l.quantity : 0,
      freeQuantity: 0,
      category: l.product.category,
    };
  });
  // §9 free studs: once the rest of the cart reaches the threshold, one pair of studs (the dearest) is free.
  const beforeStuds = raw.filter((l) => l.kind !== "stud").reduce((a, l) => a + l.totalCents, 0);
  const eligible = beforeStuds >= thresholdCents;
  if (eligible) {
    const studs = raw.filter((l) => l.kind === "stud" && l.status === "available");
    const dearest = studs.sort((a, b) => b.unitPriceCents - a.unitPriceCents)[0];
    if (dearest) {
      dearest.freeQuantity = 1;
      dearest.totalCents -= dearest.unitPriceCents;
    }
  }
  const subtotalCents = raw.reduce((a, l) => a + l.totalCents, 0);
  let discountCents = 0;
  let invalidDiscountMessage = s.invalidDiscountMessage;
  const discounts: PricedCart["discounts"] = [];
  if (s.promo) {
    const d = promotionDiscount(s.promo, raw, subtotalCents, now);
    discountCents = d.amountCents;
    invalidDiscountMessage = d.message;
    if (d.amountCents > 0) discounts.push({ code: s.promo.code, description: s.promo.description, amountCents: d.amountCents });
  }
  const available = new Set(raw.filter((l) => l.status === "available").map((l) => l.lineId));
  const carePlansCents = s.activeCarePlans.filter((p) => available.has(p.productId)).reduce((a, p) => a + p.costCents, 0);
  const appraisalCents = 0; // An independent appraisal comes free with every diamond (shown as included).
  const totalBeforeLockCents = subtotalCents - discountCents + carePlansCents + appraisalCents;
  const link = cartLink(s);
  const lock = totalBeforeLockCents > 0 ? honouredLock(locks, link, now) : null;
  const lockSavingsCents = lock ? Math.max(0, totalBeforeLockCents - lock.totalCents) : 0;
  const totalCents = totalBeforeLockCents - lockSavingsCents;
  const region = estimateRegion(s, location);
  const state = region?.state ?? null;
  const country = region?.countryCode ?? null;
  const taxCents = salesTaxCents(totalCents - carePlansCents, country, state);
  const wireTotalCents = totalCents - wireSavingCents(totalCents);
  const wireTaxCents = salesTaxCents(wireTotalCents - carePlansCents, country, state);
  const bandSizeErrors: Record<string, string> = {};
  // A size the shopper chose to give after ordering ("size later") is no error: the order asks for it.
  for (const l of s.weddingBands) if (l.size === null && !l.sizeLater) bandSizeErrors[l.lineId] = BAND_SIZE_ERROR;
  const matching = s.weddingBands.find((l) => isMatchingBand(s, l));
  return {
    kind: cartKind(s),
    lines: raw.map(({ category: _category, ...l }) => l),
    totals: {
      subtotalCents,
      discountCents,
      carePlansCents,
      appraisalCents,
      totalBeforeLockCents,
      lockSavingsCents,
      totalCents,
      taxCents,
      wireTotalCents,
      wireTaxCents,
      totalWithTaxCents: totalCents + taxCents,
    },
    invalidDiscountMessage,
    discounts,
    ringSizeError: s.ring?.setting && s.ring.ringSize === null && !s.ring.sizeLater ? RING_SIZE_ERROR : null,
    bandSizeErrors,
    matchingBandLineId: matching?.lineId ?? null,
    allowPayPal: totalCents + taxCents <= PAYPAL_MAX_CENTS,
    freeStuds: { thresholdCents, eligible, remainingCents: Math.max(0, thresholdCents - beforeStuds) },
    lockedPrice: lock,
    cartLink: link,
    taxRegion: region,
  };
}
