/**
 * What a conversion event is worth (§9 "Cookies and tracking", §5 revenue estimate rules). Money is integer USD
 * cents in and out; the functions ending in `Exact` keep fractions of a cent so a later engine scale (Google's
 * 0.011) rounds once, at the end (`finalCents`). Which figure feeds which event and engine:
 * docs/decisions/039-conversion-values.md.
 */
import type { ProductType, TrackedItem, TrackingEventName } from "./event";

/** §9 event multipliers: purchase 1, add-to-cart 0.0025 (for the engines that use it), begin-checkout 0.1. */
export const EVENT_MULTIPLIERS = { purchase: 1, add_to_cart: 0.0025, initiate_checkout: 0.1 } as const;

/** §9 "Dynamic ads multiplier range 0.3 to 2". */
export const DYNAMIC_ADS_MULTIPLIER_MIN = 0.3;
export const DYNAMIC_ADS_MULTIPLIER_MAX = 2;

/** §9 base value multipliers by product type (the first factor set): product events' values. */
export const BASE_VALUE_MULTIPLIERS: Readonly<Record<ProductType, number>> = {
  "lab-diamond": 0.79,
  "natural-diamond": 0.11,
  setting: 0.47,
  earrings: 0.396,
  pendant: 0.396,
  "wedding-band": 0.4,
  "preset-earrings": 0.55,
  "preset-necklace": 0.45,
  bracelet: 0.6,
  "care-plan": 0.4,
  "preset-engagement-ring": 0.5,
  other: 0.39,
};

/** §9 revenue factors (the second set): the revenue estimate's share of a line's price. */
export const REVENUE_FACTORS: Readonly<Partial<Record<ProductType, number>>> = {
  "lab-diamond": 0.671,
  "natural-diamond": 0.113,
  setting: 0.396,
  "wedding-band": 0.38,
};
/** §9 "fallback 0.16 of price": every other product type's revenue factor. */
export const REVENUE_FALLBACK_FACTOR = 0.16;

/** §9 purchase order value: 0.5 of the sum for a lab-grown order, 0.12 otherwise. */
export const ORDER_VALUE_SHARE = { lab: 0.5, other: 0.12 } as const;

/** §9 Google conversion scale: Google Ads values are the event's value times this. */
export const GOOGLE_CONVERSION_SCALE = 0.011;

/** §9 revenue tiers and §5: a diamond priced from 400 USD up to (not including) 100,000 USD earns revenue… */
export const REVENUE_TIER_MIN_CENTS = 400_00;
export const REVENUE_TIER_MAX_CENTS = 100_000_00;
/** …times 0.6 when lab-grown and 0.85 when natural. */
export const REVENUE_TIER_MULTIPLIERS = { lab: 0.6, natural: 0.85 } as const;

/** §9 "Conversion value cap 7500 USD": no engine is ever sent a larger value. */
export const VALUE_CAP_USD = 7500;
export const VALUE_CAP_CENTS = VALUE_CAP_USD * 100;

const isDiamond = (t: ProductType): boolean => t === "lab-diamond" || t === "natural-diamond";
const lineCents = (i: TrackedItem): number => i.priceCents * i.quantity;

/** The dynamic ads multiplier, clamped to 0.3–2; anything not a finite number is 1 (no adjustment). */
export function clampDynamicAdsMultiplier(m: number | null | undefined): number {
  if (m === null || m === undefined || !Number.isFinite(m)) return 1;
  return Math.min(DYNAMIC_ADS_MULTIPLIER_MAX, Math.max(DYNAMIC_ADS_MULTIPLIER_MIN, m));
}

/** Σ price × quantity × the product type's base value multiplier (first set), unrounded cents. */
export function baseValueExact(items: readonly TrackedItem[]): number {
  return items.reduce((sum, i) => sum + lineCents(i) * BASE_VALUE_MULTIPLIERS[i.type], 0);
}

/** An order is lab-grown when it holds a lab-grown diamond (the purchase order value's 0.5 share). */
export function isLabOrder(items: readonly TrackedItem[]): boolean {
  return items.some((i) => i.type === "lab-diamond");
}

/** §9 purchase order value: (0.5 lab-grown order, else 0.12) × the sum of the lines, unrounded cents. */
export function orderValueExact(items: readonly TrackedItem[]): number {
  const sum = items.reduce((s, i) => s + lineCents(i), 0);
  return sum * (isLabOrder(items) ? ORDER_VALUE_SHARE.lab : ORDER_VALUE_SHARE.other);
}

/**
 * §5 revenue estimate rules for one diamond: 0 outside 400–100,000 USD, 0 for grade good or clarity SI2, half for
 * grade very good, colour K or clarity SI1, else whole. Non-diamonds are 1 (the rules read diamond grading only).
 */
export function revenueQualityFactor(item: TrackedItem): 0 | 0.5 | 1 {
  if (!isDiamond(item.type)) return 1;
  if (item.priceCents < REVENUE_TIER_MIN_CENTS || item.priceCents >= REVENUE_TIER_MAX_CENTS) return 0;
  const grade = (item.grade ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
  const color = (item.color ?? "").trim().toUpperCase();
  const clarity = (item.clarity ?? "").trim().toUpperCase();
  if (grade === "good" || clarity === "SI2") return 0;
  if (grade === "very good" || color === "K" || clarity === "SI1") return 0.5;
  return 1;
}

/**
 * The estimated revenue of one line, unrounded cents: price × the revenue factor (second set; 0.16 fallback);
 * a diamond also × its tier multiplier (lab 0.6, natural 0.85) × the §5 quality factor.
 */
export function lineRevenueExact(item: TrackedItem): number {
  const factor = REVENUE_FACTORS[item.type] ?? REVENUE_FALLBACK_FACTOR;
  const revenue = lineCents(item) * factor;
  if (!isDiamond(item.type)) return revenue;
  const tier = item.type === "lab-diamond" ? REVENUE_TIER_MULTIPLIERS.lab : REVENUE_TIER_MULTIPLIERS.natural;
  return revenue * tier * revenueQualityFactor(item);
}

/** The order's estimated revenue (GA4's purchase value), unrounded cents. */
export function revenueEstimateExact(items: readonly TrackedItem[]): number {
  return items.reduce((s, i) => s + lineRevenueExact(i), 0);
}

/** Whole cents, never negative, never above the 7,500 USD cap (the last step of every value). */
export function finalCents(exact: number): number {
  if (!Number.isFinite(exact) || exact <= 0) return 0;
  // toFixed first: 987.4999999 from a binary 0.0025 is 987.5 and rounds up, as the decimal figure does.
  return Math.min(VALUE_CAP_CENTS, Math.round(Number(exact.toFixed(4))));
}

/** Cents to the USD figure engines are sent (two decimals). */
export const centsToUsd = (cents: number): number => cents / 100;

/** How an event's value is built: the multiplier of dynamic ads and whether add-to-cart is scaled by 0.0025. */
export interface ValueOptions {
  dynamicAdsMultiplier?: number | null;
  /** Default true (Meta's view); engines that do not use the add-to-cart multiplier pass false. */
  scaleAddToCart?: boolean;
}

/**
 * An event's value before caps, unrounded cents (docs/decisions/039): view_content base value × dynamic ads
 * multiplier; add_to_cart the same × 0.0025 when scaled; initiate_checkout and both add_shipping_info events base
 * value × 0.1; purchase the order value × 1; page_view, search, remove_from_cart and error_message_shown 0.
 */
export function eventValueExact(name: TrackingEventName, items: readonly TrackedItem[], options: ValueOptions = {}): number {
  const dynamic = clampDynamicAdsMultiplier(options.dynamicAdsMultiplier);
  switch (name) {
    case "view_content":
      return baseValueExact(items) * dynamic;
    case "add_to_cart":
      return baseValueExact(items) * dynamic * (options.scaleAddToCart === false ? 1 : EVENT_MULTIPLIERS.add_to_cart);
    case "initiate_checkout":
    case "add_shipping_info":
    case "add_shipping_info_user_data":
      return baseValueExact(items) * EVENT_MULTIPLIERS.initiate_checkout;
    case "purchase":
      return orderValueExact(items) * EVENT_MULTIPLIERS.purchase;
    default:
      return 0;
  }
}
