/** Orders and payments on the wire (issue 18; §3 Order payment payloads, §7 Orders). */
import * as v from "valibot";
import { AddressOut, Cents, OrderLine } from "../cart/schemas";
import { PAYMENT_METHODS } from "../cart/model";
import { ORDER_STATUSES } from "./states";

export const PAYMENT_PROVIDERS = ["paypal", "braintree", "stripe", "local", "wire", "affirm", "splitit", "td"] as const;

export const OrderNumber = v.pipe(v.string(), v.maxLength(12), v.regex(/^LP\d{10}$/, "an order number is LP and 10 digits"));
export const OrderNumberParam = v.object({ id: OrderNumber });

/**
 * An order's key as a caller gives it (the emailed link's, worker/orders/keys.ts; docs/decisions/052-order-ownership.md):
 * any string up to 100 characters is read, and a wrong one is simply not found (404), as an unknown order is.
 */
export const GivenOrderKey = v.pipe(
  v.string(),
  v.maxLength(100, "key is at most 100 characters"),
  v.description("the order's key from its emailed link; without it, only the order's own shopper (this browser, or the signed-in customer) or an operator"),
);
/** `?key=`: the credential of a call that names its order in the path (docs/decisions/052-order-ownership.md). */
export const OrderKeyQuery = v.object({ key: v.optional(GivenOrderKey) });

export const PaymentView = v.object({
  id: v.string(),
  provider: v.picklist(PAYMENT_PROVIDERS),
  method: v.string(),
  status: v.picklist(["created", "captured", "declined", "pending", "cancelled", "refunded"]),
  amount: Cents,
  /** How much of it was given back (refunds through its provider). */
  refunded: Cents,
  declineReason: v.nullable(v.string()),
});

/** A custom payment an operator asked for (§2 approve-payment). */
export const PaymentRequestView = v.object({
  id: v.string(),
  amount: Cents,
  reason: v.string(),
  status: v.picklist(["open", "paid", "cancelled"]),
  createdAt: v.number(),
  paidAt: v.nullable(v.number()),
});
export type PaymentRequestView = v.InferOutput<typeof PaymentRequestView>;

/** An order as its owner sees it. */
export const OrderView = v.object({
  orderNumber: v.string(),
  status: v.picklist(ORDER_STATUSES),
  statusLabel: v.string(),
  createdAt: v.number(),
  paidAt: v.nullable(v.number()),
  expiresAt: v.nullable(v.number()),
  lines: v.array(OrderLine),
  subtotal: Cents,
  discount: Cents,
  carePlans: Cents,
  lockSavings: Cents,
  total: v.pipe(Cents, v.description("pre-tax total, a price lock honoured")),
  wireSaving: v.pipe(Cents, v.description("what paying by bank wire saved on the total (0 for another method)")),
  tax: v.pipe(Cents, v.description("the tax the payment collects (on the bank-wire price for a wire)")),
  amountDue: v.pipe(Cents, v.description("what the payment collects: total and tax, or the bank-wire price and its tax")),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  email: v.string(),
  shippingAddress: AddressOut,
  payments: v.array(PaymentView),
  /** Extra payments the shop asked for (open ones wait on the approve-payment page). */
  requests: v.array(PaymentRequestView),
});
export type OrderView = v.InferOutput<typeof OrderView>;

/** What the browser needs to let the shopper pay: where to approve, or what to confirm with. */
export const PaymentStart = v.object({
  paymentId: v.string(),
  provider: v.picklist(PAYMENT_PROVIDERS),
  /** PayPal's approval page or the local gateway's; null when the page confirms itself (Stripe, Braintree) or for a wire. */
  approvalUrl: v.nullable(v.string()),
  /** Stripe's PaymentIntent client secret. */
  clientSecret: v.nullable(v.string()),
  /** Stripe's publishable key. */
  publishableKey: v.nullable(v.string()),
  /** The bank details to wire to (bank wire only). */
  wireInstructions: v.nullable(
    v.object({ beneficiary: v.string(), bank: v.string(), accountNumber: v.string(), routingNumber: v.string(), reference: v.string() }),
  ),
});
export type PaymentStart = v.InferOutput<typeof PaymentStart>;

export const PlacedOrder = v.object({ order: OrderView, payment: PaymentStart, created: v.boolean() });
export type PlacedOrder = v.InferOutput<typeof PlacedOrder>;

/**
 * What an approval found: paid, declined (pay again), pending (the provider has not decided), another request
 * is confirming it right now, referred (a lender decides later) or cancelled at the provider (pay again).
 */
export const ApprovalResult = v.object({
  outcome: v.picklist(["paid", "declined", "pending", "processing", "referred", "cancelled"]),
  message: v.string(),
  order: OrderView,
});
export type ApprovalResult = v.InferOutput<typeof ApprovalResult>;

export const ClientToken = v.object({ clientToken: v.string() });
