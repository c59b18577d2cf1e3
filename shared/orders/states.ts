/**
 * The order's life (issue 18): one pure transition function. Every status change of an order goes through
 * `transition`, and the worker records each with its cause. An event that finds the order already where it
 * would lead (a second capture of a paid order: a double click, a retried approval, a webhook racing the
 * return page) is `already` — applied once, however often it arrives.
 *
 *   drafted → awaiting_payment → paid → availability_confirmed → shipped → delivered
 *                  │   ↑   │        ↑ └→ item_unavailable ─(substitute chosen)┘
 *                  ↓   │   └→ financing_referred (the lender decides later: paid, or payment_failed)
 *            payment_failed
 *   unpaid too long → expired; before payment → cancelled; after payment → refunded
 *
 * Financing outcomes (§4: approved, declined, cancelled, referred): approved is `paid` once the lender's
 * authorisation is captured, declined is `payment_failed`, cancelled leaves the order `awaiting_payment`
 * (the shopper chose not to finance: another method, or try again), referred is `financing_referred`.
 */

export const ORDER_STATUSES = [
  "drafted",
  "awaiting_payment",
  "payment_failed",
  "financing_referred",
  "paid",
  "availability_confirmed",
  "item_unavailable",
  "shipped",
  "delivered",
  "expired",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENTS = [
  "place",
  "payment_captured",
  "payment_declined",
  "financing_referred",
  "repay",
  "availability_confirmed",
  "item_unavailable",
  "substitute_chosen",
  "shipped",
  "delivered",
  "expire",
  "cancel",
  "refund",
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

const UNPAID: readonly OrderStatus[] = ["drafted", "awaiting_payment", "payment_failed", "financing_referred"];
const PAID: readonly OrderStatus[] = ["paid", "availability_confirmed", "item_unavailable", "shipped", "delivered"];

/** For each event: the statuses it leaves from, and where it leads. */
const RULES: Record<OrderEvent, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  place: { from: ["drafted"], to: "awaiting_payment" },
  payment_captured: { from: ["awaiting_payment", "payment_failed", "financing_referred", "expired"], to: "paid" },
  payment_declined: { from: ["awaiting_payment", "financing_referred"], to: "payment_failed" },
  financing_referred: { from: ["awaiting_payment"], to: "financing_referred" },
  repay: { from: ["payment_failed"], to: "awaiting_payment" },
  availability_confirmed: { from: ["paid", "item_unavailable"], to: "availability_confirmed" },
  item_unavailable: { from: ["paid"], to: "item_unavailable" },
  substitute_chosen: { from: ["item_unavailable"], to: "paid" },
  shipped: { from: ["availability_confirmed"], to: "shipped" },
  delivered: { from: ["shipped"], to: "delivered" },
  expire: { from: UNPAID, to: "expired" },
  cancel: { from: UNPAID, to: "cancelled" },
  refund: { from: PAID, to: "refunded" },
};

export type Transition =
  | { ok: true; from: OrderStatus; to: OrderStatus; changed: true }
  /** The order is already where the event leads: nothing to do (exactly once). */
  | { ok: true; from: OrderStatus; to: OrderStatus; changed: false }
  | { ok: false; from: OrderStatus; event: OrderEvent; message: string };

const LABEL: Record<OrderStatus, string> = {
  drafted: "drafted",
  awaiting_payment: "waiting for payment",
  payment_failed: "waiting for a new payment",
  financing_referred: "waiting for the lender's decision",
  paid: "paid",
  availability_confirmed: "confirmed",
  item_unavailable: "waiting on an unavailable item",
  shipped: "shipped",
  delivered: "delivered",
  expired: "expired",
  cancelled: "cancelled",
  refunded: "refunded",
};

/** What the shopper sees for a status. */
export const statusLabel = (s: OrderStatus) => LABEL[s];

/**
 * Where `event` takes an order in status `from`. A capture that arrives after the order expired still
 * makes it paid (the money was taken: the shop honours it rather than losing the payment).
 */
export function transition(from: OrderStatus, event: OrderEvent): Transition {
  const rule = RULES[event];
  if (rule.from.includes(from)) return { ok: true, from, to: rule.to, changed: true };
  // A capture reported again for an order paid (or paid and since refunded) was already applied.
  if (from === rule.to || (event === "payment_captured" && (PAID.includes(from) || from === "refunded"))) return { ok: true, from, to: from, changed: false };
  return { ok: false, from, event, message: `An order that is ${LABEL[from]} cannot be ${EVENT_PAST[event]}.` };
}

const EVENT_PAST: Record<OrderEvent, string> = {
  place: "placed",
  payment_captured: "paid",
  payment_declined: "declined",
  financing_referred: "referred to the lender",
  repay: "paid again",
  availability_confirmed: "confirmed",
  item_unavailable: "marked unavailable",
  substitute_chosen: "given a substitute",
  shipped: "shipped",
  delivered: "delivered",
  expire: "expired",
  cancel: "cancelled",
  refund: "refunded",
};

/** Whether the order still waits for money (the pages offer to pay; the expiry job may expire it). */
export const isUnpaid = (s: OrderStatus) => UNPAID.includes(s);
/** Whether money was taken and kept. */
export const isPaid = (s: OrderStatus) => PAID.includes(s);
