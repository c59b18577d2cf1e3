/**
 * The cart (§3 Cart, Ring combination, Checkout state): what one visitor's CartObject stores, as plain
 * data. Pure: no valibot, no Workers API — the rules (rules.ts), pricing (pricing.ts) and links (link.ts)
 * run in the Durable Object, the worker and the browser alike. Money is integer cents.
 */

/** §9 "Free studs threshold 998" (USD): a cart of at least this much gets one pair of studs free. */
export const FREE_STUDS_THRESHOLD_USD = 998;
/** §4/§9: a price lock lasts 72 hours. */
export const PRICE_LOCK_MS = 72 * 60 * 60 * 1000;
/** §5/§9: at most 4 price locks stored… */
export const MAX_STORED_PRICE_LOCKS = 4;
/** …and at most 3 made per calendar day (UTC; docs/decisions/008-cart-and-price-locks.md). */
export const MAX_PRICE_LOCKS_PER_DAY = 3;
/** §8: the message of the fourth lock of a day (HTTP 429). */
export const DAILY_LOCK_LIMIT_MESSAGE = "Daily limit of 3 price locks reached";
/** The message when 4 locks are already stored (HTTP 409): one must expire first. */
export const STORED_LOCK_LIMIT_MESSAGE = "You already hold 4 price locks; a new one can be made when one expires";

/** §9 "Default payment method PayPal". */
export const PAYMENT_METHODS = ["paypal", "card", "affirm", "splitit", "wire", "financing"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = "paypal";
/** PayPal takes orders up to this total (cents); above it AllowPayPal is false. */
export const PAYPAL_MAX_CENTS = 1_000_000;
/** Paying by bank wire saves this share of the pre-tax total (WireTax is the tax at that price). */
export const WIRE_DISCOUNT_PERCENT = 2;

/** Distinct lines a cart holds (each up to MAX_LINE_QUANTITY pieces). */
export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 99;
/** US ring sizes offered, in quarter sizes. */
export const RING_SIZE_MIN = 3;
export const RING_SIZE_MAX = 13;
export const RING_SIZE_STEP = 0.25;
export const RING_SIZE_ERROR = "Choose a ring size";
export const BAND_SIZE_ERROR = "Choose a band size";
/**
 * Where the shop explains measuring a finger (the missing-ring-size page and email link to it). There is no
 * ring-size chart page (/ring-size-chart is not in shared/public-pages.ts): the FAQ's "What if I do not know
 * the ring size?" entry is the guide.
 */
export const RING_SIZE_GUIDE = "/faq#ring-size";
/** Engraving: one per parent item, up to this many characters, in one of these fonts. */
export const MAX_ENGRAVING_LENGTH = 24;
export const ENGRAVING_FONTS = ["script", "block", "serif"] as const;
export type EngravingFont = (typeof ENGRAVING_FONTS)[number];
/** Longest instructions and per-item note. */
export const MAX_INSTRUCTIONS_LENGTH = 1000;
/** Catalogue prices the cart shows are at most this old (a refresh reads D1 again). */
export const PRICE_SNAPSHOT_MAX_AGE_MS = 30_000;

/** Promotion categories (the `appliesTo` values of promotions and promotion groups). */
export const PROMO_CATEGORIES = ["settings", "natural-diamonds", "lab-diamonds", "wedding-bands", "jewelry"] as const;
export type PromoCategory = (typeof PROMO_CATEGORIES)[number];

/** What the catalogue said about a product when the cart last read it. */
export interface Product {
  name: string;
  imageUrl: string;
  /** Its page on the site. */
  url: string;
  priceCents: number;
  /** Price before the retailer's own discount, when there is one. */
  listPriceCents: number | null;
  category: PromoCategory;
  /** A sold or missing item stays in the cart, flagged, and counts nothing towards the totals. */
  status: "available" | "sold" | "missing";
}

export interface DiamondPart {
  diamondId: number;
  product: Product;
}

/** A setting variant (one setting in one metal) as the cart keeps it. */
export interface VariantPart {
  settingId: number;
  variantId: number;
  metal: number;
  /** The setting's matching wedding band (a setting id), if it has one. */
  matchingBandId: number | null;
  product: Product;
}

/** The engagement ring: a setting and a diamond, either half optional, and the finger size. */
export interface RingLine {
  setting: VariantPart | null;
  diamond: DiamondPart | null;
  ringSize: number | null;
  /**
   * The shopper does not know the size yet: asked after the order (with a free ring sizer) instead of now.
   * Only with `ringSize` null; absent in carts stored before it existed (false).
   */
  sizeLater?: boolean;
}

/** Where a catalogue item goes in the cart (from its item type; see placementOf). */
export type Placement = "ring-setting" | "wedding-band" | "pendant" | "stud" | "fine-jewelry";

/** A wedding band, pendant, stud or fine-jewellery line. */
export interface ItemLine extends VariantPart {
  lineId: string;
  quantity: number;
  /** Band (finger) size; null for jewellery without one. */
  size: number | null;
  /** A wedding band whose size the shopper gives after the order (like RingLine.sizeLater). */
  sizeLater?: boolean;
}

export interface Engraving {
  /** The engraved item: "setting" (the ring) or a wedding band's line id. */
  parentItemId: string;
  text: string;
  fontName: EngravingFont;
}

/** One care-plan quote for one product (POST /api/care-plan/quote/cart). */
export interface CarePlanQuote {
  /** Months the plan runs. */
  applicablePlanDuration: number;
  costCents: number;
  planSku: string;
  planRetailPriceCents: number;
}

/** §3 CarePlans: the quotes for a product (by line id) and whether a plan is chosen for it. */
export interface CarePlanOffer {
  productIds: string[];
  quotes: CarePlanQuote[];
  activated: boolean;
}

/** §3 ActiveCarePlans: a chosen plan. */
export interface ActiveCarePlan extends CarePlanQuote {
  productId: string;
}

export interface Address {
  name: string;
  line1: string;
  apt: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
  email: string;
  phone: string;
}

/** One discount of a promotion: a percentage or an amount off the lines of some categories (all when empty). */
export interface PromotionRule {
  appliesTo: PromoCategory[];
  kind: "percent" | "amount";
  /** Percent (1-100) or cents. */
  value: number;
}

/** A promotion as the cart applies it (the promotions tables; a category coupon is a rule with categories). */
export interface Promotion {
  code: string;
  description: string;
  rules: PromotionRule[];
  minSubtotalCents: number;
  startsAt: number;
  endsAt: number;
}

/** Where the visitor's request comes from (§3 Location, from the edge's geo lookup); no field is certain. */
export interface Location {
  countryCode: string | null;
  regionCode: string | null;
  city: string | null;
  postalCode: string | null;
}

/** Where a tax estimate is for: a country and, in the US, a state. */
export interface TaxRegion {
  countryCode: string;
  state: string;
}

export interface CartState {
  /** Bumped by every change. */
  revision: number;
  /** Next line number (line ids are "wb1", "fj2", …; never reused). */
  nextLine: number;
  ring: RingLine | null;
  pairedDiamond: DiamondPart | null;
  weddingBands: ItemLine[];
  fineJewelry: ItemLine[];
  pendants: ItemLine[];
  studs: ItemLine[];
  /** The code the shopper entered (kept even while it gives nothing, with the reason). */
  promoCode: string | null;
  promo: Promotion | null;
  invalidDiscountMessage: string | null;
  engravings: Engraving[];
  carePlans: CarePlanOffer[];
  activeCarePlans: ActiveCarePlan[];
  paymentMethod: PaymentMethod;
  instructions: string;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  billingSameAsShipping: boolean;
  /** Where the shopper asked the tax estimate to be for, before giving a shipping address (§3 Shipping form). */
  taxRegion: TaxRegion | null;
  userEmail: string | null;
  phoneNumber: string | null;
  /** Per-item notes (gift message and the like), by line id. */
  itemUserData: Record<string, Record<string, string>>;
  /** When the products' catalogue facts were last read. */
  pricedAt: number;
  /** The order drafted from this cart (§3 OrderDrafted) and the cart revision it was drafted from. */
  orderDrafted: { orderNumber: string; revision: number } | null;
  /** §3 TransactionId, PaymentId, paymentMethodDescription: the payment of the last order paid from this cart. */
  lastPayment: { orderNumber: string; paymentId: string; transactionId: string | null; paymentMethodDescription: string } | null;
  /**
   * §3 TdAccountNumber, TdCreditPlan, TdTransactionId: the TD financing of the last order financed from this cart,
   * set once TD approved and the amount was captured. Only the account number's last 4 digits are kept.
   */
  financing: FinancingFields | null;
}

/** What the cart keeps of an approved TD financing (never the whole account number). */
export interface FinancingFields {
  orderNumber: string;
  /** The account number's last 4 digits. */
  accountLast4: string | null;
  creditPlan: string | null;
  /** TD's transaction link of the application. */
  transactionId: string;
}

/** A price lock (§3 LockedPrices). */
export interface PriceLock {
  id: string;
  totalCents: number;
  createdAt: number;
  expiresAt: number;
  cartLink: string;
}

/** The empty cart: what clearing resets everything to (§4 "empty, zero or null"). */
export function emptyCart(): CartState {
  return {
    revision: 0,
    nextLine: 1,
    ring: null,
    pairedDiamond: null,
    weddingBands: [],
    fineJewelry: [],
    pendants: [],
    studs: [],
    promoCode: null,
    promo: null,
    invalidDiscountMessage: null,
    engravings: [],
    carePlans: [],
    activeCarePlans: [],
    paymentMethod: DEFAULT_PAYMENT_METHOD,
    instructions: "",
    shippingAddress: null,
    billingAddress: null,
    billingSameAsShipping: true,
    taxRegion: null,
    userEmail: null,
    phoneNumber: null,
    itemUserData: {},
    pricedAt: 0,
    orderDrafted: null,
    lastPayment: null,
    financing: null,
  };
}

/** Every product line of a cart with its line id ("setting", "diamond", "paired-diamond", or an item line's id). */
export function productLines(s: CartState): {
  lineId: string;
  product: Product;
  quantity: number;
  kind: "setting" | "diamond" | "paired-diamond" | "wedding-band" | "pendant" | "stud" | "fine-jewelry";
}[] {
  const out: ReturnType<typeof productLines> = [];
  if (s.ring?.setting) out.push({ lineId: "setting", product: s.ring.setting.product, quantity: 1, kind: "setting" });
  if (s.ring?.diamond) out.push({ lineId: "diamond", product: s.ring.diamond.product, quantity: 1, kind: "diamond" });
  if (s.pairedDiamond) out.push({ lineId: "paired-diamond", product: s.pairedDiamond.product, quantity: 1, kind: "paired-diamond" });
  for (const l of s.weddingBands) out.push({ lineId: l.lineId, product: l.product, quantity: l.quantity, kind: "wedding-band" });
  for (const l of s.pendants) out.push({ lineId: l.lineId, product: l.product, quantity: l.quantity, kind: "pendant" });
  for (const l of s.studs) out.push({ lineId: l.lineId, product: l.product, quantity: l.quantity, kind: "stud" });
  for (const l of s.fineJewelry) out.push({ lineId: l.lineId, product: l.product, quantity: l.quantity, kind: "fine-jewelry" });
  return out;
}

/** Whether the cart holds no product. */
export function isEmpty(s: CartState): boolean {
  return productLines(s).length === 0;
}

/** The ring sizes offered: 3, 3.25, … 13. */
export const RING_SIZES: readonly number[] = Array.from(
  { length: (RING_SIZE_MAX - RING_SIZE_MIN) / RING_SIZE_STEP + 1 },
  (_, i) => RING_SIZE_MIN + i * RING_SIZE_STEP,
);

export function isRingSize(n: number): boolean {
  return Number.isFinite(n) && n >= RING_SIZE_MIN && n <= RING_SIZE_MAX && Number.isInteger(n / RING_SIZE_STEP);
}
