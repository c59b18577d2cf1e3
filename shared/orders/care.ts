/**
 * After the order, on the wire (issue 22 point 4; docs/decisions/035-availability-and-substitutes.md): each
 * retailer confirms its stones, a shopper whose stone is unavailable picks one of up to 5 similar available
 * stones or their money back, a retailer's stone by its stock number, and the operator's "contact the
 * customer" flag. All money in integer cents.
 */
import * as v from "valibot";
import { Cents, LineId } from "../cart/schemas";
import { OrderNumber, OrderView, PaymentRequestView } from "./schemas";
import { ORDER_STATUSES } from "./states";

/** What a line's availability can be (order_items.availability). */
export const LINE_AVAILABILITY = ["unconfirmed", "confirmed", "unavailable", "substituted", "refunded"] as const;
export type LineAvailability = (typeof LINE_AVAILABILITY)[number];

const RetailerId = v.pipe(v.number(), v.integer("retailerId is a whole number"), v.minValue(1, "retailerId is positive"), v.maxValue(2_147_483_647));
const DiamondId = v.pipe(v.number(), v.integer("diamondId is a whole number"), v.minValue(1, "diamondId is positive"), v.maxValue(2_147_483_647));
/** The retailer's key (an HMAC of the order number and the retailer id, emailed to the retailer): 22 base64url characters. */
const RetailerKey = v.pipe(v.string(), v.maxLength(22), v.regex(/^[\w-]{22}$/, "not a retailer key"));
/** The order's key (emailed links): 22 base64url characters. */
export const OrderKey = v.pipe(v.string(), v.maxLength(22), v.regex(/^[\w-]{22}$/, "not an order key"));

export const OrderNumberN = v.object({ n: OrderNumber });

/** PUT orders/confirm-order-items-availability/{n}: a retailer's answers (with its key), or an operator's (admin token, no key). */
export const AvailabilityAnswers = v.pipe(
  v.object({
    items: v.pipe(
      v.array(v.object({ lineId: LineId, available: v.boolean("available is true or false") })),
      v.minLength(1, "answer for at least one line"),
      v.maxLength(50, "at most 50 lines"),
      v.check((items) => new Set(items.map((i) => i.lineId)).size === items.length, "each line is answered once"),
    ),
    retailerId: v.optional(RetailerId),
    key: v.optional(RetailerKey),
  }),
  v.check((b) => (b.retailerId === undefined) === (b.key === undefined), "a retailer sends both retailerId and key"),
);
export type AvailabilityAnswers = v.InferOutput<typeof AvailabilityAnswers>;

/** A line of an order as the availability calls show it. */
export const CareLine = v.object({
  lineId: v.string(),
  name: v.string(),
  kind: v.nullable(v.string()),
  sku: v.nullable(v.string()),
  retailerId: v.nullable(v.number()),
  total: Cents,
  availability: v.picklist(LINE_AVAILABILITY),
  availabilityAt: v.nullable(v.number()),
});
export type CareLine = v.InferOutput<typeof CareLine>;

/** What the answers did: the order's status now and the lines answered. */
export const AvailabilityResult = v.object({
  orderNumber: v.string(),
  status: v.picklist(ORDER_STATUSES),
  /** The lines of the caller (a retailer's own; every line for an operator). */
  lines: v.array(CareLine),
});
export type AvailabilityResult = v.InferOutput<typeof AvailabilityResult>;

/** A similar available stone offered for an unavailable one. */
export const Substitute = v.object({
  diamondId: v.number(),
  name: v.string(),
  url: v.string(),
  imageUrl: v.string(),
  retailerId: v.number(),
  shape: v.string(),
  carat: v.number(),
  color: v.string(),
  clarity: v.string(),
  cut: v.string(),
  labGrown: v.boolean(),
  price: Cents,
  /** The stone's price less the unavailable line's (negative: cheaper). */
  priceDifference: v.pipe(v.number(), v.integer()),
  /** What the order's amount due moves by, tax included: positive is asked (a payment request), negative refunded. */
  amountDifference: v.pipe(v.number(), v.integer()),
});
export type Substitute = v.InferOutput<typeof Substitute>;

/** One line waiting for the shopper's choice, with the stones offered (none for a line that is not a single stone). */
export const UnavailableLine = v.object({
  lineId: v.string(),
  name: v.string(),
  total: Cents,
  substitutes: v.array(Substitute),
  /** What "Refund me instead" gives back, tax included. */
  refund: Cents,
  /** Whether refunding this line refunds the whole order (it is the order's only item). */
  wholeOrder: v.boolean(),
});

/** A choice already made for a line (the latest per line). */
export const ChoiceMade = v.object({
  lineId: v.string(),
  choice: v.picklist(["substitute", "refund"]),
  oldName: v.string(),
  newName: v.nullable(v.string()),
  priceDifference: v.pipe(v.number(), v.integer()),
  amountDifference: v.pipe(v.number(), v.integer()),
  paymentRequestId: v.nullable(v.string()),
  at: v.number(),
});
export type ChoiceMade = v.InferOutput<typeof ChoiceMade>;

/** GET orders/{n}/substitutes: the lines waiting for a choice, and the choices made. */
export const SubstitutesView = v.object({
  order: OrderView,
  unavailable: v.array(UnavailableLine),
  choices: v.array(ChoiceMade),
});
export type SubstitutesView = v.InferOutput<typeof SubstitutesView>;

export const SubstitutesQuery = v.object({ key: v.optional(OrderKey) });

/** POST orders/{n}/substitutes: a substitute for a line, or that line's money back. */
export const SubstituteChoice = v.union([
  v.strictObject({ key: v.optional(OrderKey), lineId: LineId, diamondId: DiamondId }),
  v.strictObject({ key: v.optional(OrderKey), lineId: LineId, refund: v.literal(true, "refund is true") }),
]);
export type SubstituteChoice = v.InferOutput<typeof SubstituteChoice>;

/** What a choice did: the order now, the choice, the payment request to pay (a dearer stone) or the refunds made. */
export const ChoiceResult = v.object({
  order: OrderView,
  choice: ChoiceMade,
  /** A dearer stone: the difference to pay on /orders/approve-payment/{n}. */
  paymentRequest: v.nullable(PaymentRequestView),
  /** A cheaper stone or a refund: each refund through the provider, and how it went. */
  refunds: v.array(v.object({ id: v.string(), amount: Cents, status: v.picklist(["requested", "refunded", "failed"]) })),
});
export type ChoiceResult = v.InferOutput<typeof ChoiceResult>;

/** POST orders/get-retailer-diamond-by-sku/{n}: the stock number, and a retailer's proof (or the admin token). */
export const SkuLookup = v.pipe(
  v.object({
    sku: v.pipe(v.string(), v.trim(), v.minLength(1, "sku is required"), v.maxLength(64, "sku is at most 64 characters")),
    retailerId: v.optional(RetailerId),
    key: v.optional(RetailerKey),
  }),
  v.check((b) => (b.retailerId === undefined) === (b.key === undefined), "a retailer sends both retailerId and key"),
);

/** A retailer's stone by its stock number: the catalogue facts and whether it can still be sold. */
export const RetailerDiamond = v.object({
  diamondId: v.number(),
  retailerId: v.number(),
  sku: v.string(),
  certificateLab: v.string(),
  name: v.string(),
  shape: v.string(),
  carat: v.number(),
  color: v.string(),
  clarity: v.string(),
  cut: v.string(),
  labGrown: v.boolean(),
  price: Cents,
  /** Not sold and in no other order being made. */
  available: v.boolean(),
  /** Whether this order holds it, and that line's availability. */
  inThisOrder: v.nullable(v.object({ lineId: v.string(), availability: v.picklist(LINE_AVAILABILITY) })),
});
export type RetailerDiamond = v.InferOutput<typeof RetailerDiamond>;

/** POST orders/set-contact-customer/{n}/{flag}. */
export const ContactFlagParams = v.object({
  n: OrderNumber,
  flag: v.pipe(
    v.picklist(["true", "false", "1", "0"], "flag is true, false, 1 or 0"),
    v.transform((f) => f === "true" || f === "1"),
  ),
});

export const ContactFlag = v.object({ orderNumber: v.string(), contactCustomer: v.boolean(), changed: v.boolean() });
export type ContactFlag = v.InferOutput<typeof ContactFlag>;
