/**
 * The wire shapes of looking an order up and of the order calls around it (issue 18; §7 Orders:
 * tracking-order-details, EmailOrder, Save, get-order-expiration, payment-order-update, best-offers).
 */
import * as v from "valibot";
import { Address } from "../cart/schemas";
import { MAX_INSTRUCTIONS_LENGTH } from "../cart/model";
import { OfferedPromotion } from "../schemas";
import { GivenOrderKey, OrderNumber } from "./schemas";
import { ORDER_STATUSES } from "./states";

/** What order tracking shows to someone who knows the number and the email: no street, no payment details. */
export const OrderTracking = v.object({
  orderNumber: v.string(),
  status: v.picklist(ORDER_STATUSES),
  statusLabel: v.string(),
  createdAt: v.number(),
  lines: v.array(v.object({ name: v.string(), quantity: v.number() })),
  shipsTo: v.pipe(v.string(), v.description('"Austin, TX": the city and state (or country), never the street')),
});
export type OrderTracking = v.InferOutput<typeof OrderTracking>;

/** The lookup's answer, read from `result`: null for a missing order and for a wrong email alike. */
export const TrackingResult = v.object({ result: v.nullable(OrderTracking) });

/**
 * The lookup's path. Any order number is accepted (a malformed one is simply not found, and counts as a
 * try): what the caller typed never changes the shape of the answer.
 */
export const TrackingParams = v.object({
  orderNumber: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)),
  email: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(254)),
});

export const EmailOrderRequest = v.object({ orderNumber: OrderNumber, key: v.optional(GivenOrderKey) });
export const EmailOrderResult = v.object({
  /** True: the email is queued (an hourly email limit answers 429 instead). */
  queued: v.boolean(),
  /** Where it goes: the order's email. */
  to: v.string(),
});

/** orders/Save: the order number and its key (the one in the emailed link) prove the guest order is the caller's. */
export const SaveOrderRequest = v.object({ orderNumber: OrderNumber, key: v.pipe(v.string(), v.maxLength(100)) });

export const OrderExpiration = v.object({
  orderNumber: v.string(),
  /** When an unpaid order expires (null: it never waited for payment). */
  expiresAt: v.nullable(v.number()),
  expired: v.boolean(),
});
export type OrderExpiration = v.InferOutput<typeof OrderExpiration>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: instructions refuse control characters but tab and line breaks.
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * PUT orders/payment-order-update/{id}: the unpaid order's addresses and instructions. `PostalCode` replaces
 * the shipping address's postal code; `BillingAddress` null means "same as shipping"; `Items` and `SSID` are
 * accepted and ignored (docs/decisions/015-orders-and-payments.md).
 */
export const PaymentOrderUpdate = v.object({
  PostalCode: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(12), v.regex(/^[A-Za-z0-9 -]+$/, "postal code may hold letters, digits, spaces and hyphens")),
  ),
  Instructions: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(MAX_INSTRUCTIONS_LENGTH, `at most ${MAX_INSTRUCTIONS_LENGTH} characters`),
      v.check((s) => !CONTROL_BUT_LINE_BREAKS.test(s), "instructions may not hold control characters"),
    ),
  ),
  Items: v.optional(v.pipe(v.array(v.unknown()), v.maxLength(200), v.description("accepted and ignored: an order's items are fixed when it is placed"))),
  ShippingAddress: v.optional(Address),
  BillingAddress: v.optional(v.nullable(Address)),
  SSID: v.optional(v.pipe(v.string(), v.maxLength(200), v.description("accepted and ignored: the session is the request's own"))),
});
export type PaymentOrderUpdate = v.InferOutput<typeof PaymentOrderUpdate>;

/** orders/best-offers: the running promotions that would take something off the shopper's cart now, best first. */
export const BestOffers = v.object({
  offers: v.array(
    v.object({
      ...OfferedPromotion.entries,
      /** Whether the cart already uses this code. */
      applied: v.boolean(),
    }),
  ),
});
export type BestOffers = v.InferOutput<typeof BestOffers>;
