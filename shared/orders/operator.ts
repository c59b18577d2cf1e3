/**
 * The operator's view of orders on the wire (issue 22 point 6; docs/decisions/038-operator-orders.md): the list by
 * state with counts, one order with everything that happened to it, and the actions an operator takes — each
 * recorded with who (the signed-in operator, never a name typed in; docs/decisions/056-operator-access.md) and when.
 */
import * as v from "valibot";
import { Cents } from "../cart/schemas";
import { OrderView } from "./schemas";
import { ORDER_EVENTS, ORDER_STATUSES } from "./states";

/** Orders per page of the operator's list. */
export const OPERATOR_PAGE_SIZE = 50;

export const OperatorOrdersQuery = v.object({
  status: v.optional(v.picklist(ORDER_STATUSES, "status must be an order status")),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, "Search by an order number or an email (at most 200 characters)"))),
  page: v.optional(
    v.pipe(v.string(), v.maxLength(5), v.regex(/^\d{1,5}$/, "page must be a whole number"), v.transform(Number), v.minValue(1, "page starts at 1")),
    "1",
  ),
});

export const OperatorOrderSummary = v.object({
  orderNumber: v.string(),
  status: v.picklist(ORDER_STATUSES),
  statusLabel: v.string(),
  email: v.string(),
  /** Who it ships to. */
  name: v.string(),
  createdAt: v.number(),
  paidAt: v.nullable(v.number()),
  amountDue: Cents,
  paymentMethod: v.string(),
  items: v.number(),
});
export type OperatorOrderSummary = v.InferOutput<typeof OperatorOrderSummary>;

export const OperatorOrderList = v.object({
  orders: v.array(OperatorOrderSummary),
  /** Orders per state for the search (every state, zeros included), whatever state is shown. */
  counts: v.array(v.object({ status: v.picklist(ORDER_STATUSES), label: v.string(), count: v.number() })),
  /** Orders in the list as filtered (all pages). */
  total: v.number(),
  page: v.number(),
  pages: v.number(),
});
export type OperatorOrderList = v.InferOutput<typeof OperatorOrderList>;

const AVAILABILITY = ["unconfirmed", "confirmed", "unavailable", "substituted", "refunded"] as const;

export const OperatorItem = v.object({
  lineId: v.string(),
  name: v.string(),
  quantity: v.number(),
  total: Cents,
  kind: v.nullable(v.string()),
  sku: v.nullable(v.string()),
  retailerId: v.nullable(v.number()),
  size: v.nullable(v.number()),
  sizeRequired: v.boolean(),
  availability: v.picklist(AVAILABILITY),
  availabilityAt: v.nullable(v.number()),
});

export const RefundView = v.object({
  id: v.string(),
  paymentId: v.string(),
  amount: Cents,
  reason: v.string(),
  status: v.picklist(["requested", "refunded", "failed"]),
  providerRefundId: v.nullable(v.string()),
  failure: v.nullable(v.string()),
  actor: v.string(),
  createdAt: v.number(),
  updatedAt: v.number(),
});

/** What a payment's provider last said about it (docs/decisions/063-reconciler.md), and when it was asked; null: never asked. */
export const ProviderSideView = v.object({
  paymentId: v.string(),
  providerPaymentId: v.nullable(v.string()),
  /** captured, declined, cancelled, pending, referred, refunded — or unreachable when it could not be asked. */
  status: v.nullable(v.string()),
  checkedAt: v.nullable(v.number()),
  captureId: v.nullable(v.string()),
  refundId: v.nullable(v.string()),
  reason: v.nullable(v.string()),
});
export type ProviderSideView = v.InferOutput<typeof ProviderSideView>;

/** The operator's actions on an order. */
export const OPERATOR_ACTIONS = ["confirm-availability", "wire-received", "shipped", "delivered", "cancel", "refund", "resend-email"] as const;
export type OperatorActionName = (typeof OPERATOR_ACTIONS)[number];

export const OperatorOrderDetail = v.object({
  order: OrderView,
  items: v.array(OperatorItem),
  refunds: v.array(RefundView),
  /** Each payment at its provider, in the order's payment order. */
  providerSide: v.array(ProviderSideView),
  transitions: v.array(v.object({ fromStatus: v.string(), toStatus: v.string(), event: v.picklist(ORDER_EVENTS), cause: v.string(), at: v.number() })),
  /** Every operator action with who and when; `detail` is what the action carried and did. */
  actions: v.array(v.object({ id: v.number(), action: v.string(), actor: v.string(), detail: v.record(v.string(), v.unknown()), at: v.number() })),
  /** What the providers said, and when (payloads stay in D1). */
  paymentEvents: v.array(
    v.object({ id: v.number(), paymentId: v.nullable(v.string()), provider: v.string(), kind: v.string(), verified: v.boolean(), at: v.number() }),
  ),
  /** Emails sent to the order's address since it was made, newest first; `aboutOrder` when the email names the order. */
  emails: v.array(
    v.object({ id: v.number(), template: v.string(), status: v.string(), createdAt: v.number(), sentAt: v.nullable(v.number()), aboutOrder: v.boolean() }),
  ),
  shipping: v.object({
    carrier: v.nullable(v.string()),
    trackingNumber: v.nullable(v.string()),
    shippedAt: v.nullable(v.number()),
    deliveredAt: v.nullable(v.number()),
  }),
  contactCustomer: v.boolean(),
  /** What is left to give back (captured less refunded and refunds under way). */
  refundable: Cents,
  /** The actions the order's state allows now. */
  allowed: v.array(v.picklist(OPERATOR_ACTIONS)),
});
export type OperatorOrderDetail = v.InferOutput<typeof OperatorOrderDetail>;

const text = (max: number, message: string) => v.pipe(v.string(), v.trim(), v.minLength(1, message), v.maxLength(max, `At most ${max} characters`));

/** One operator action (`action` says which); the operator is who is signed in (a field naming one is ignored). */
export const OperatorAction = v.variant(
  "action",
  [
    v.object({ action: v.literal("confirm-availability") }),
    v.object({ action: v.literal("wire-received") }),
    v.object({
      action: v.literal("shipped"),
      carrier: text(40, "Name the carrier (UPS, FedEx, USPS…)"),
      trackingNumber: v.pipe(
        text(40, "Give the tracking number: the shopper is emailed it"),
        v.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "A tracking number is letters, digits, spaces and dashes"),
      ),
    }),
    v.object({ action: v.literal("delivered") }),
    v.object({ action: v.literal("cancel"), reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, "At most 500 characters")), "") }),
    v.object({
      action: v.literal("refund"),
      /** Cents to give back; all that is left when absent. */
      amountCents: v.optional(
        v.pipe(v.number("amountCents is a number of cents"), v.integer("amountCents is whole cents"), v.minValue(1, "A refund is at least 1 cent")),
      ),
      reason: text(500, "Say why the money is given back"),
    }),
    v.object({ action: v.literal("resend-email"), template: v.picklist(["confirmation", "shipping"], "template is confirmation or shipping") }),
  ],
  "action must be one of: " + OPERATOR_ACTIONS.join(", "),
);
export type OperatorAction = v.InferOutput<typeof OperatorAction>;

export const OperatorActionResult = v.object({
  /** What happened, in words for the operator. */
  message: v.string(),
  order: OperatorOrderDetail,
});
export type OperatorActionResult = v.InferOutput<typeof OperatorActionResult>;
