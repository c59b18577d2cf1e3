/**
 * What crosses the wire for the cart (valibot; the worker validates with these and the client types its
 * calls with them): the one mutation body of `POST /api/cart` — a discriminated intent — and the cart
 * view `GET /api/cart` and every mutation answer with. All money is integer cents.
 */
import * as v from "valibot";
import { CARE_PLAN_DURATIONS } from "./care-plans";
import { STATE_SALES_TAX_PERCENT } from "./tax";
import { OfferedPromotion } from "../schemas";
import { ENGRAVING_FONTS, isRingSize, MAX_ENGRAVING_LENGTH, MAX_INSTRUCTIONS_LENGTH, MAX_LINE_QUANTITY, PAYMENT_METHODS } from "./model";

const Id = v.pipe(v.number(), v.integer("must be an integer"), v.minValue(1), v.maxValue(2_147_483_647));
const LINE_ID = /^(?:setting|diamond|paired-diamond|(?:wb|pd|st|fj)[1-9]\d{0,6})$/;
export const LineId = v.pipe(v.string(), v.maxLength(14), v.regex(LINE_ID, "lineId must be setting, diamond, paired-diamond or a line id such as wb3"));
const Size = v.pipe(v.number(), v.check(isRingSize, "size must be 3-13 in quarter sizes"));
const Quantity = v.pipe(v.number(), v.integer("quantity must be an integer"), v.minValue(1), v.maxValue(MAX_LINE_QUANTITY));
const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `at most ${max} characters`));
const required = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, "required"), v.maxLength(max, `at most ${max} characters`));
/** Printable text without control characters (engravings, notes). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse control characters in what a shopper types.
const printable = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);
// biome-ignore lint/suspicious/noControlCharactersInRegex: instructions refuse control characters but tab and line breaks.
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const CountryCode = v.pipe(v.string(), v.toUpperCase(), v.maxLength(2), v.regex(/^[A-Z]{2}$/, "countryCode must be two letters (ISO 3166)"));

export const Address = v.strictObject({
  name: required(100),
  line1: required(200),
  apt: v.optional(text(50), ""),
  city: required(100),
  state: v.pipe(required(50), v.toUpperCase()),
  postalCode: v.pipe(required(12), v.regex(/^[A-Za-z0-9 -]+$/, "postal code may hold letters, digits, spaces and hyphens")),
  countryCode: CountryCode,
  email: v.optional(
    v.union([v.literal(""), v.pipe(v.string(), v.trim(), v.maxLength(254), v.email("email must be an address"))], "email must be an address"),
    "",
  ),
  phone: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(25), v.regex(/^[+()\d .-]{0,25}$/, "phone may hold digits, spaces and + ( ) . -")), ""),
});

/** A tax-estimate region: a country, and in the US one of the 50 states or DC. */
export const TaxRegionIn = v.pipe(
  v.strictObject({
    countryCode: CountryCode,
    state: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(3), v.regex(/^[A-Z0-9]{1,3}$/, "state must be a state code such as CA")),
  }),
  v.forward(
    v.check((r) => r.countryCode !== "US" || Object.hasOwn(STATE_SALES_TAX_PERCENT, r.state), "state must be a US state code such as CA"),
    ["state"],
  ),
);

export const CartIntent = v.variant("type", [
  v.strictObject({ type: v.literal("add-diamond"), diamondId: Id, pairId: v.optional(Id) }),
  v.strictObject({ type: v.literal("add-item"), variantId: Id, size: v.optional(v.nullable(Size)), quantity: v.optional(Quantity, 1) }),
  v.strictObject({ type: v.literal("remove"), lineId: LineId }),
  v.strictObject({ type: v.literal("update"), lineId: LineId, quantity: v.optional(Quantity), size: v.optional(v.nullable(Size)), variantId: v.optional(Id) }),
  v.strictObject({ type: v.literal("set-ring-size"), ringSize: v.nullable(Size) }),
  /** "I don't know my size yet — ask me after I order": the ring ("setting", the default) or a wedding band goes without a size. */
  v.strictObject({ type: v.literal("set-ring-size-later"), lineId: v.optional(LineId, "setting") }),
  v.strictObject({
    type: v.literal("apply-promo"),
    code: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(40), v.regex(/^[A-Z0-9][A-Z0-9_-]{0,39}$/, "code must be 1-40 letters, digits, - or _")),
  }),
  v.strictObject({ type: v.literal("remove-promo") }),
  v.strictObject({
    type: v.literal("set-engraving"),
    parentItemId: LineId,
    text: v.pipe(required(MAX_ENGRAVING_LENGTH), v.check(printable, "text must be printable")),
    fontName: v.picklist(ENGRAVING_FONTS),
  }),
  v.strictObject({ type: v.literal("remove-engraving"), parentItemId: LineId }),
  v.strictObject({ type: v.literal("choose-care-plan"), productId: LineId, applicablePlanDuration: v.nullable(v.picklist(CARE_PLAN_DURATIONS)) }),
  v.strictObject({
    type: v.literal("set-addresses"),
    shippingAddress: v.optional(v.nullable(Address)),
    billingAddress: v.optional(v.nullable(Address)),
    billingSameAsShipping: v.optional(v.boolean()),
  }),
  /** Where the tax estimate is for until a shipping address is given (null: back to the visitor's location). */
  v.strictObject({ type: v.literal("set-tax-region"), taxRegion: v.nullable(TaxRegionIn) }),
  v.strictObject({ type: v.literal("set-payment-method"), paymentMethod: v.picklist(PAYMENT_METHODS) }),
  v.strictObject({
    type: v.literal("set-instructions"),
    instructions: v.pipe(
      text(MAX_INSTRUCTIONS_LENGTH),
      v.check((s) => !CONTROL_BUT_LINE_BREAKS.test(s), "instructions must be printable"),
    ),
  }),
  v.strictObject({
    type: v.literal("set-contact"),
    userEmail: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(254), v.email("userEmail must be an address")))),
    phoneNumber: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(25), v.regex(/^[+()\d .-]{4,25}$/, "phoneNumber may hold digits, spaces and + ( ) . -"))),
    ),
  }),
  v.strictObject({
    type: v.literal("set-item-data"),
    lineId: LineId,
    data: v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(40), v.regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, "keys are 1-40 letters, digits, - or _")),
        v.pipe(v.string(), v.maxLength(500), v.check(printable, "values must be printable")),
      ),
      v.check((r) => Object.keys(r).length <= 10, "at most 10 entries"),
    ),
  }),
  v.strictObject({ type: v.literal("clear") }),
  /** Rebuild the cart from a shareable link (§2): its items replace the cart's. */
  v.strictObject({
    type: v.literal("restore"),
    link: v.pipe(v.string(), v.maxLength(2000), v.regex(/^\/cart(?:\/[0-9]{1,10}){0,3}\/?(?:\?.*)?$/, "link must be a /cart/… link")),
  }),
]);
export type CartIntent = v.InferOutput<typeof CartIntent>;
export type CartIntentInput = v.InferInput<typeof CartIntent>;
export const CART_INTENT_TYPES = CartIntent.options.map((o) => o.entries.type.literal);

export const Cents = v.pipe(v.number(), v.integer(), v.description("integer cents (USD)"));
const Status = v.picklist(["available", "sold", "missing"]);

export const CartLine = v.object({
  lineId: v.string(),
  name: v.string(),
  imageUrl: v.string(),
  url: v.string(),
  status: v.pipe(Status, v.description("a sold or missing item stays in the cart, flagged, and counts nothing")),
  quantity: v.number(),
  unitPrice: Cents,
  listPrice: v.nullable(Cents),
  total: Cents,
  freeQuantity: v.number(),
  /** The diamond id, or the setting id of a setting, band or jewellery item. */
  productId: v.number(),
  variantId: v.nullable(v.number()),
  metal: v.nullable(v.number()),
  size: v.nullable(v.number()),
  /** The ring or band goes without a size now: the shopper gives it after ordering. */
  sizeLater: v.boolean(),
  isMatchingBand: v.boolean(),
});
export type CartLine = v.InferOutput<typeof CartLine>;

const Quote = v.object({ applicablePlanDuration: v.number(), cost: Cents, planSku: v.string(), planRetailPrice: Cents });

export const PriceLockView = v.object({
  id: v.string(),
  total: Cents,
  expiry: v.pipe(v.number(), v.description("epoch ms")),
  createdAt: v.number(),
  cartLink: v.string(),
});
export type PriceLockView = v.InferOutput<typeof PriceLockView>;

export const AddressOut = v.object({
  name: v.string(),
  line1: v.string(),
  apt: v.string(),
  city: v.string(),
  state: v.string(),
  postalCode: v.string(),
  countryCode: v.string(),
  email: v.string(),
  phone: v.string(),
});

/** The cart as `GET /api/cart` and `POST /api/cart` answer it (§3 Cart field names). */
export const CartView = v.object({
  Revision: v.number(),
  Kind: v.picklist(["empty", "loose-diamond", "complete-ring", "bridal-set", "necklace", "earring-setting", "jewelry"]),
  CartLink: v.pipe(v.string(), v.description("the shareable link of these items (§2)")),
  EngagementRings: v.array(
    v.object({
      id: v.literal("ring"),
      setting: v.nullable(CartLine),
      diamond: v.nullable(CartLine),
      RingSize: v.nullable(v.number()),
      RingSizeLater: v.boolean(),
    }),
  ),
  PairedDiamond: v.nullable(CartLine),
  WeddingBands: v.array(CartLine),
  FineJewelry: v.array(CartLine),
  Pendants: v.array(CartLine),
  Studs: v.array(CartLine),
  Discounts: v.array(v.object({ code: v.string(), description: v.string(), amount: Cents })),
  LockedPrices: v.array(PriceLockView),
  /** The lock honoured now (same items, unexpired), if any. */
  LockedPrice: v.nullable(PriceLockView),
  Subtotal: Cents,
  Discount: Cents,
  CarePlansTotal: Cents,
  Appraisal: Cents,
  LockSavings: Cents,
  Total: v.pipe(Cents, v.description("pre-tax total to pay, a price lock honoured")),
  Tax: v.pipe(Cents, v.description("sales-tax estimate for TaxRegion")),
  TaxRegion: v.pipe(
    v.nullable(v.object({ countryCode: v.string(), state: v.string(), source: v.picklist(["shipping", "chosen", "location"]) })),
    v.description("where the tax estimate is for: the shipping address, else the region the shopper chose, else the visitor's location; null: no estimate"),
  ),
  Location: v.pipe(
    v.nullable(
      v.object({ countryCode: v.nullable(v.string()), regionCode: v.nullable(v.string()), city: v.nullable(v.string()), postalCode: v.nullable(v.string()) }),
    ),
    v.description("where the request came from (§3 Location)"),
  ),
  WireTotal: Cents,
  WireTax: Cents,
  TotalWithTax: Cents,
  RingSize: v.nullable(v.number()),
  RingSizeLater: v.pipe(v.boolean(), v.description("the shopper gives the ring size after ordering (a free ring sizer is sent; the order asks by email)")),
  RingSizeError: v.nullable(v.string()),
  BandSizeErrors: v.record(v.string(), v.string()),
  freeStudsTreshold: v.pipe(v.number(), v.description("USD (§9, the spec's spelling)")),
  FreeStudsEligible: v.boolean(),
  FreeStudsRemaining: Cents,
  promotionsData: v.array(
    v.object({
      name: v.string(),
      headline: v.string(),
      promoCode: v.nullable(v.string()),
      discountPercent: v.number(),
      appliesTo: v.array(v.string()),
      endsAt: v.number(),
    }),
  ),
  AllowPayPal: v.boolean(),
  PromoCode: v.nullable(v.string()),
  InvalidDiscountMessage: v.nullable(v.string()),
  Instructions: v.string(),
  OrderDrafted: v.pipe(v.nullable(v.string()), v.description("the number of the order drafted from the cart as it is now (§3 OrderDrafted)")),
  TransactionId: v.pipe(v.nullable(v.string()), v.description("§3: the provider's capture id of the last order paid from this cart")),
  PaymentId: v.pipe(v.nullable(v.string()), v.description("§3: the shop's payment id of the last order paid from this cart")),
  paymentMethodDescription: v.pipe(v.nullable(v.string()), v.description("§3: how it was paid (PayPal, CreditCard, ApplePayCard, GooglePay, wire)")),
  TdAccountNumber: v.pipe(
    v.nullable(v.string()),
    v.description("§3: the last 4 digits of the TD account that financed the last order (never the whole number)"),
  ),
  TdCreditPlan: v.pipe(v.nullable(v.string()), v.description("§3: the TD credit plan of that financing")),
  TdTransactionId: v.pipe(v.nullable(v.string()), v.description("§3: TD's transaction link of that financing's application")),
  PaymentMethod: v.picklist(PAYMENT_METHODS),
  ShippingAddress: v.nullable(AddressOut),
  BillingAddress: v.nullable(AddressOut),
  BillingSameAsShipping: v.boolean(),
  UserEmail: v.nullable(v.string()),
  PhoneNumber: v.nullable(v.string()),
  ItemUserData: v.record(v.string(), v.record(v.string(), v.string())),
  CarePlans: v.array(v.object({ productIds: v.array(v.string()), quotes: v.array(Quote), activated: v.boolean() })),
  ActiveCarePlans: v.array(v.object({ productId: v.string(), applicablePlanDuration: v.number(), cost: Cents, planSku: v.string(), planRetailPrice: Cents })),
  Engravings: v.array(v.object({ parentItemId: v.string(), text: v.string(), fontName: v.picklist(ENGRAVING_FONTS) })),
});
export type CartView = v.InferOutput<typeof CartView>;

/** `POST /api/orders/price-lock` answer: the lock (new or the one already holding this total) and the cart. */
export const PriceLockResponse = v.object({ lock: PriceLockView, created: v.boolean(), cart: CartView });

/** An order drafted at checkout (`POST /api/orders/draft`): what the shopper will pay, a price lock honoured. */
/**
 * One line of an order as it was priced: what it adds to the subtotal, and what the shopper chose for it — its
 * ring or band size (or that it comes later), its engraving and its care plan (absent in orders drafted before
 * these were kept).
 */
export const OrderLine = v.object({
  lineId: v.string(),
  name: v.string(),
  quantity: v.number(),
  total: Cents,
  size: v.optional(v.nullable(v.number())),
  sizeLater: v.optional(v.boolean()),
  engraving: v.optional(v.nullable(v.object({ text: v.string(), fontName: v.picklist(ENGRAVING_FONTS) }))),
  carePlan: v.optional(v.nullable(v.object({ months: v.number(), cost: Cents }))),
});
export type OrderLine = v.InferOutput<typeof OrderLine>;

export const OrderDraft = v.object({
  orderNumber: v.string(),
  status: v.literal("drafted"),
  createdAt: v.pipe(v.number(), v.description("epoch ms")),
  lines: v.array(OrderLine),
  subtotal: Cents,
  discount: Cents,
  carePlans: Cents,
  lockSavings: Cents,
  priceLockId: v.pipe(v.nullable(v.string()), v.description("the price lock honoured, if any")),
  total: v.pipe(Cents, v.description("pre-tax total, the lock honoured")),
  tax: Cents,
  totalWithTax: Cents,
  paymentMethod: v.picklist(PAYMENT_METHODS),
  email: v.string(),
  shippingAddress: AddressOut,
  cartLink: v.string(),
});
export type OrderDraft = v.InferOutput<typeof OrderDraft>;

/** `POST /api/orders/draft` answer: the order and the cart (now showing OrderDrafted). */
export const OrderDraftResponse = v.object({ order: OrderDraft, created: v.boolean(), cart: CartView });

/** `POST /api/care-plan/quote/cart` answer (§7). */
export const CarePlanQuotesResponse = v.object({
  quotes: v.array(v.object({ productId: v.string(), productName: v.string(), quotes: v.array(Quote) })),
  cart: CartView,
});

/** `GET /api/get-valid-promotion-code/{id}` and the settings/jewellery forms (§7): the best valid promotion for an item. */
export const ValidPromotionResponse = v.object({ data: v.object({ data: v.nullable(OfferedPromotion) }) });
export type ValidPromotionResponse = v.InferOutput<typeof ValidPromotionResponse>;
