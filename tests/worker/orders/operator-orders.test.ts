/**
 * The operator's orders API (shared/api/operator-orders.ts) in workerd against real D1: nothing there without the
 * admin token; orders newest first by state with the count of every state, searched by number or email; one order
 * with everything that happened to it; each action taking effect and recorded with the operator (locally the admin
 * token's "local-admin") and the time; refused actions answered 409 with nothing recorded; a shipment without its tracking number a 400.
 */
import { describe, expect, it } from "vitest";
import type { OperatorActionResult, OperatorOrderDetail, OperatorOrderList } from "#shared/orders/operator.ts";
import { call, type ErrorBody } from "../helpers";
import { ADMIN, act, actionsOf, freshEmail, one, paidOrder, placedOrder, rows, statusOf, wirePaidOrder } from "./operator-helpers";
import { transitions } from "./orders-helpers";

const list = async (query: string) => {
  const res = await call(`/api/operator/orders${query}`, { headers: ADMIN });
  expect(res.status).toBe(200);
  return (await res.json()) as OperatorOrderList;
};
const detail = async (orderNumber: string) => {
  const res = await call(`/api/operator/orders/${orderNumber}`, { headers: ADMIN });
  expect(res.status).toBe(200);
  return (await res.json()) as OperatorOrderDetail;
};
const done = async (res: Response, status = 200) => {
  const body = (await res.json()) as OperatorActionResult & ErrorBody;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
};
const refusedWith = async (res: Response, status: number) => {
  const body = (await res.json()) as ErrorBody;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body.error;
};
const emailsTo = (to: string, template: string) =>
  rows<{ data: string }>("SELECT data FROM email_outbox WHERE recipient = ? AND template = ? ORDER BY id", to, template);

/** An order confirmed and ready to ship. */
async function confirmedOrder(email?: string) {
  const o = await paidOrder(email);
  await done(await act(o.orderNumber, { action: "confirm-availability" }));
  return o;
}

describe("the operator's orders API", () => {
  it("is not there without the admin token (404), nor with a wrong one", async () => {
    const o = await placedOrder();
    for (const headers of [{}, { authorization: "Bearer not-the-token" }] as Record<string, string>[]) {
      expect((await call("/api/operator/orders", { headers })).status).toBe(404);
      expect((await call(`/api/operator/orders/${o.orderNumber}`, { headers })).status).toBe(404);
      expect((await act(o.orderNumber, { action: "cancel" }, headers)).status).toBe(404);
    }
    expect(await statusOf(o.orderNumber)).toBe("awaiting_payment");
    expect(await actionsOf(o.orderNumber)).toEqual([]);
  });

  it("lists orders by state newest first with the count of every state, and finds them by number or email", async () => {
    const email = freshEmail("lister");
    const unpaid = await placedOrder("card", email);
    const paid = await paidOrder(email);
    const byEmail = await list(`?q=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.orders.map((o) => o.orderNumber)).toEqual([paid.orderNumber, unpaid.orderNumber]);
    expect(byEmail.orders[0]).toMatchObject({ status: "paid", statusLabel: "paid", email, name: "Ada Shopper", amountDue: paid.amountDue, items: 1 });
    expect(byEmail.counts.find((c) => c.status === "paid")!.count).toBe(1);
    expect(byEmail.counts.find((c) => c.status === "awaiting_payment")!.count).toBe(1);
    expect(byEmail.counts.find((c) => c.status === "shipped")!.count).toBe(0);
    expect(byEmail.counts).toHaveLength(12);
    expect(byEmail).toMatchObject({ total: 2, page: 1, pages: 1 });
    const paidOnly = await list(`?status=paid&q=${encodeURIComponent(email)}`);
    expect(paidOnly.orders.map((o) => o.orderNumber)).toEqual([paid.orderNumber]);
    expect(paidOnly.total).toBe(1);
    expect((await list(`?q=${unpaid.orderNumber}`)).orders.map((o) => o.orderNumber)).toEqual([unpaid.orderNumber]);
    // Every paid order, newest first, across shoppers.
    const allPaid = await list("?status=paid");
    expect(allPaid.orders.every((o) => o.status === "paid")).toBe(true);
    expect(allPaid.orders.map((o) => o.createdAt)).toEqual([...allPaid.orders.map((o) => o.createdAt)].sort((a, b) => b - a));
    expect((await call("/api/operator/orders?status=lost", { headers: ADMIN })).status).toBe(400);
    expect((await call("/api/operator/orders?page=0", { headers: ADMIN })).status).toBe(400);
  });

  it("shows one order: items with availability, payments, transitions and the emails sent to its address", async () => {
    const email = freshEmail("detail");
    const o = await paidOrder(email);
    const d = await detail(o.orderNumber);
    expect(d.order).toMatchObject({ orderNumber: o.orderNumber, status: "paid", email });
    expect(d.items).toHaveLength(1);
    expect(d.items[0]).toMatchObject({ quantity: 1, kind: "diamond", availability: "unconfirmed" });
    expect(d.order.payments).toMatchObject([{ provider: "local", status: "captured", amount: o.amountDue, refunded: 0 }]);
    expect(d.transitions.map((t) => t.toStatus)).toEqual(["awaiting_payment", "paid"]);
    expect(d.paymentEvents.map((e) => e.kind)).toContain("captured");
    expect(d.emails).toMatchObject([{ template: "order-confirmation", aboutOrder: true }]);
    expect(d).toMatchObject({ refundable: o.amountDue, refunds: [], actions: [] });
    expect(d.allowed).toEqual(["confirm-availability", "refund", "resend-email"]);
    expect((await call("/api/operator/orders/LP0000000000", { headers: ADMIN })).status).toBe(404);
  });

  it("confirms availability, ships with the tracking number (emailed), delivers — each recorded with the operator and the time", async () => {
    const email = freshEmail("ship");
    const o = await paidOrder(email);
    const before = Date.now();
    const confirmed = await done(await act(o.orderNumber, { action: "confirm-availability" }));
    expect(confirmed.order.order.status).toBe("availability_confirmed");
    expect(confirmed.order.items.every((i) => i.availability === "confirmed")).toBe(true);
    const shipped = await done(await act(o.orderNumber, { action: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" }));
    expect(shipped.message).toContain(`${email} is emailed the tracking number`);
    expect(shipped.order.shipping).toMatchObject({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect(shipped.order.shipping.shippedAt).toBeGreaterThanOrEqual(before);
    const [notice, ...more] = await emailsTo(email, "order-shipped");
    expect(more).toEqual([]);
    expect(JSON.parse(notice!.data)).toMatchObject({
      orderNumber: o.orderNumber,
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      trackingLink: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      link: expect.stringMatching(new RegExp(`^https://loupe.test/orders/${o.orderNumber}-`)),
    });
    const delivered = await done(await act(o.orderNumber, { action: "delivered" }));
    expect(delivered.order.order.status).toBe("delivered");
    expect(delivered.order.shipping.deliveredAt).toBeGreaterThanOrEqual(before);
    // Delivered from the operator's view: the shopper is invited to the survey and to review, once.
    const invitations = await emailsTo(email, "review-invitation");
    expect(invitations).toHaveLength(1);
    expect(JSON.parse(invitations[0]!.data)).toMatchObject({
      orderNumber: o.orderNumber,
      surveyLink: expect.stringContaining(`/orders/survey/${o.orderNumber}?key=`),
    });
    const actions = await actionsOf(o.orderNumber);
    expect(actions.map((a) => [a.action, a.actor])).toEqual([
      ["confirm-availability", "operator:local-admin"],
      ["shipped", "operator:local-admin"],
      ["delivered", "operator:local-admin"],
    ]);
    for (const a of actions) expect(a.at).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(actions[1]!.detail)).toEqual({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect((await transitions(o.orderNumber)).slice(2).map((t) => [t.to_status, t.cause])).toEqual([
      ["availability_confirmed", "operator:local-admin"],
      ["shipped", "operator:local-admin"],
      ["delivered", "operator:local-admin"],
    ]);
    expect((await detail(o.orderNumber)).actions.map((a) => a.action)).toEqual(["confirm-availability", "shipped", "delivered"]);
  });

  it("resends the confirmation and the shipping notice, each recorded", async () => {
    const email = freshEmail("resend");
    const o = await confirmedOrder(email);
    await done(await act(o.orderNumber, { action: "shipped", carrier: "Brink's", trackingNumber: "BX-2201" }));
    await done(await act(o.orderNumber, { action: "resend-email", template: "confirmation" }));
    await done(await act(o.orderNumber, { action: "resend-email", template: "shipping" }));
    expect(await emailsTo(email, "order-confirmation")).toHaveLength(2);
    const notices = await emailsTo(email, "order-shipped");
    expect(notices).toHaveLength(2);
    expect(JSON.parse(notices[1]!.data)).toMatchObject({ carrier: "Brink's", trackingNumber: "BX-2201", trackingLink: null });
    const resent = (await actionsOf(o.orderNumber)).filter((a) => a.action === "resend-email");
    expect(resent.map((a) => JSON.parse(a.detail).template)).toEqual(["confirmation", "shipping"]);
    expect((await detail(o.orderNumber)).emails.map((e) => e.template)).toEqual(["order-shipped", "order-confirmation", "order-shipped", "order-confirmation"]);
  });

  it("refunds part through the provider, then the rest; the order becomes refunded; each refund recorded with its settlement", async () => {
    const o = await paidOrder();
    const part = await done(await act(o.orderNumber, { action: "refund", amountCents: 2_500, reason: "Engraving not done" }));
    expect(part.message).toBe("$25.00 refunded.");
    expect(part.order.order.status).toBe("paid");
    expect(part.order.order.payments[0]).toMatchObject({ refunded: 2_500, status: "captured" });
    expect(part.order.refundable).toBe(o.amountDue - 2_500);
    const rest = await done(await act(o.orderNumber, { action: "refund", reason: "Cancelled" }));
    expect(rest.order.order.status).toBe("refunded");
    expect(rest.order.refunds.map((r) => [r.amount, r.status, r.actor])).toEqual([
      [2_500, "refunded", "operator:local-admin"],
      [o.amountDue - 2_500, "refunded", "operator:local-admin"],
    ]);
    const recorded = (await actionsOf(o.orderNumber)).filter((a) => a.action === "refund");
    expect(recorded.map((a) => [a.actor, JSON.parse(a.detail).amountCents, JSON.parse(a.detail).outcome])).toEqual([
      ["operator:local-admin", 2_500, "refunded"],
      ["operator:local-admin", o.amountDue - 2_500, "refunded"],
    ]);
    expect(rest.order.allowed).not.toContain("refund");
  });

  it("records a wire received once, and cancels an unpaid order with its payments", async () => {
    const wire = await placedOrder("wire");
    const paid = await done(await act(wire.orderNumber, { action: "wire-received" }));
    expect(paid.order.order.status).toBe("paid");
    expect(await refusedWith(await act(wire.orderNumber, { action: "wire-received" }), 409)).toMatchObject({ code: "conflict" });
    expect((await actionsOf(wire.orderNumber)).map((a) => [a.action, a.actor])).toEqual([["wire-received", "operator:local-admin"]]);
    const unpaid = await placedOrder("card");
    const cancelled = await done(await act(unpaid.orderNumber, { action: "cancel", reason: "Asked by phone" }));
    expect(cancelled.order.order.status).toBe("cancelled");
    expect(cancelled.order.order.payments.every((p) => p.status === "cancelled")).toBe(true);
    expect(JSON.parse((await actionsOf(unpaid.orderNumber))[0]!.detail)).toEqual({ reason: "Asked by phone" });
  });

  it("refuses what the order's state does not allow (409) and records nothing", async () => {
    const paid = await paidOrder();
    const refusals = [
      act(paid.orderNumber, { action: "shipped", carrier: "UPS", trackingNumber: "1Z1" }),
      act(paid.orderNumber, { action: "delivered" }),
      act(paid.orderNumber, { action: "cancel" }),
      act(paid.orderNumber, { action: "wire-received" }),
      act(paid.orderNumber, { action: "refund", amountCents: paid.amountDue + 1, reason: "Too much" }),
      act(paid.orderNumber, { action: "resend-email", template: "shipping" }),
    ];
    for (const res of await Promise.all(refusals)) expect(res.status).toBe(409);
    expect(await actionsOf(paid.orderNumber)).toEqual([]);
    expect(await statusOf(paid.orderNumber)).toBe("paid");
    // An unavailable line: availability cannot be confirmed.
    await one("UPDATE order_items SET availability = 'unavailable' WHERE order_number = ?", paid.orderNumber);
    const error = await refusedWith(await act(paid.orderNumber, { action: "confirm-availability" }), 409);
    expect(error.message).toContain("is unavailable");
    expect(await actionsOf(paid.orderNumber)).toEqual([]);
    // An unpaid order has nothing to refund; a confirmed one cannot be confirmed again.
    const unpaid = await placedOrder();
    expect((await act(unpaid.orderNumber, { action: "refund", reason: "x" })).status).toBe(409);
    const confirmed = await confirmedOrder();
    expect(await refusedWith(await act(confirmed.orderNumber, { action: "confirm-availability" }), 409)).toMatchObject({
      message: "This order is already confirmed.",
    });
    expect((await actionsOf(confirmed.orderNumber)).map((a) => a.actor)).toEqual(["operator:local-admin"]);
    expect(await actionsOf(unpaid.orderNumber)).toEqual([]);
  });

  it("20 concurrent 'shipped': one shipment, one record, one email; the others are told it is already shipped", async () => {
    const email = freshEmail("race");
    const o = await confirmedOrder(email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => act(o.orderNumber, { action: "shipped", carrier: "FedEx", trackingNumber: `7489${i}` })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect((await actionsOf(o.orderNumber)).filter((a) => a.action === "shipped")).toHaveLength(1);
    expect(await emailsTo(email, "order-shipped")).toHaveLength(1);
    expect((await transitions(o.orderNumber)).filter((t) => t.to_status === "shipped")).toHaveLength(1);
  });

  it("a shipment without a tracking number or carrier, an unknown action: 400, nothing done", async () => {
    const o = await confirmedOrder();
    for (const body of [
      { action: "shipped", carrier: "UPS" },
      { action: "shipped", carrier: "UPS", trackingNumber: "   " },
      { action: "shipped", trackingNumber: "1Z1" },
      { action: "launch" },
      { action: "refund", amountCents: 10.5, reason: "x" },
    ]) {
      const error = await refusedWith(await act(o.orderNumber, body), 400);
      expect(error.code).toBe("bad_request");
    }
    const missing = await refusedWith(await act(o.orderNumber, { action: "shipped", carrier: "UPS" }), 400);
    expect(missing.details?.map((d) => d.path)).toContain("trackingNumber");
    expect(await statusOf(o.orderNumber)).toBe("availability_confirmed");
    expect((await actionsOf(o.orderNumber)).map((a) => a.action)).toEqual(["confirm-availability"]);
  });

  it("a wire-paid order refunded is the operator's transfer, recorded with the refund", async () => {
    const o = await wirePaidOrder();
    const r = await done(await act(o.orderNumber, { action: "refund", reason: "Cancelled before shipping" }));
    expect(r.order.order.status).toBe("refunded");
    expect(r.order.refunds[0]).toMatchObject({ status: "refunded", providerRefundId: expect.stringMatching(/^wire-refund-rfd_/) });
  });
});
