import { describe, expect, it } from "vitest";
import { isPaid, isUnpaid, ORDER_EVENTS, ORDER_STATUSES, transition, type OrderEvent, type OrderStatus } from "#shared/orders/states.ts";

/** The whole table: for every status and event, the status it leads to, "=" for already there, "×" refused. */
const TABLE: Record<OrderStatus, Record<OrderEvent, string>> = {
  //                       place               captured   declined          repay               available                 unavailable         shipped    delivered    expire     cancel       refund
  drafted: {
    place: "awaiting_payment",
    payment_captured: "×",
    payment_declined: "×",
    repay: "×",
    availability_confirmed: "×",
    item_unavailable: "×",
    shipped: "×",
    delivered: "×",
    expire: "expired",
    cancel: "cancelled",
    refund: "×",
  },
  awaiting_payment: {
    place: "=",
    payment_captured: "paid",
    payment_declined: "payment_failed",
    repay: "=",
    availability_confirmed: "×",
    item_unavailable: "×",
    shipped: "×",
    delivered: "×",
    expire: "expired",
    cancel: "cancelled",
    refund: "×",
  },
  payment_failed: {
    place: "×",
    payment_captured: "paid",
    payment_declined: "=",
    repay: "awaiting_payment",
    availability_confirmed: "×",
    item_unavailable: "×",
    shipped: "×",
    delivered: "×",
    expire: "expired",
    cancel: "cancelled",
    refund: "×",
  },
  paid: {
    place: "×",
    payment_captured: "=",
    payment_declined: "×",
    repay: "×",
    availability_confirmed: "availability_confirmed",
    item_unavailable: "item_unavailable",
    shipped: "×",
    delivered: "×",
    expire: "×",
    cancel: "×",
    refund: "refunded",
  },
  availability_confirmed: {
    place: "×",
    payment_captured: "=",
    payment_declined: "×",
    repay: "×",
    availability_confirmed: "=",
    item_unavailable: "×",
    shipped: "shipped",
    delivered: "×",
    expire: "×",
    cancel: "×",
    refund: "refunded",
  },
  item_unavailable: {
    place: "×",
    payment_captured: "=",
    payment_declined: "×",
    repay: "×",
    availability_confirmed: "availability_confirmed",
    item_unavailable: "=",
    shipped: "×",
    delivered: "×",
    expire: "×",
    cancel: "×",
    refund: "refunded",
  },
  shipped: {
    place: "×",
    payment_captured: "=",
    payment_declined: "×",
    repay: "×",
    availability_confirmed: "×",
    item_unavailable: "×",
    shipped: "=",
    delivered: "delivered",
    expire: "×",
    cancel: "×",
    refund: "refunded",
  },
  delivered: {
    place: "×",
    payment_captured: "=",
    payment_declined: "×",
    repay: "×",
    availability_confirmed: "×",
    item_unavailable: "×",
    shipped: "×",
    delivered: "=",
    expire: "×",
    cancel: "×",
    refund: "refunded",
  },
  expired: {
    place: "×",
    payment_captured: "paid",
    payment_declined: "×",
    repay: "×",
    availability_confirmed: "×",
    item_unavailable: "×",
    shipped: "×",
    delivered: "×",
    expire: "=",
    cancel: "×",
    refund: "×",
  },
  cancelled: {
    place: "×",
    payment_captured: "×",
    payment_declined: "×",
    repay: "×",
    availability_confirmed: "×",
    item_unavailable: "×",
    shipped: "×",
    delivered: "×",
    expire: "×",
    cancel: "=",
    refund: "×",
  },
  refunded: {
    place: "×",
    payment_captured: "=",
    payment_declined: "×",
    repay: "×",
    availability_confirmed: "×",
    item_unavailable: "×",
    shipped: "×",
    delivered: "×",
    expire: "×",
    cancel: "×",
    refund: "=",
  },
};

describe("the order's transitions", () => {
  for (const from of ORDER_STATUSES) {
    for (const event of ORDER_EVENTS) {
      const want = TABLE[from][event];
      it(`${from} + ${event} → ${want}`, () => {
        const t = transition(from, event);
        if (want === "×") {
          expect(t.ok).toBe(false);
          if (!t.ok) expect(t.message).toMatch(/^An order that is .+ cannot be .+\.$/);
        } else if (want === "=") expect(t).toEqual({ ok: true, from, to: from, changed: false });
        else expect(t).toEqual({ ok: true, from, to: want, changed: true });
      });
    }
  }

  it("tells unpaid from paid", () => {
    expect(ORDER_STATUSES.filter(isUnpaid)).toEqual(["drafted", "awaiting_payment", "payment_failed"]);
    expect(ORDER_STATUSES.filter(isPaid)).toEqual(["paid", "availability_confirmed", "item_unavailable", "shipped", "delivered"]);
  });
});
