/** Custom payment requests: an operator asks for an extra amount on a paid order; the shopper approves and pays it once. */
import { describe, expect, it } from "vitest";
import type { OrderView, PaymentRequestView, PlacedOrder } from "#shared/orders/schemas.ts";
import { call } from "../helpers";
import { approveLocal, decideAtGateway, gatewayCaptures, localIdOf, readyShopper, transitions } from "./orders-helpers";

const ADMIN = { authorization: "Bearer test-admin-token", "content-type": "application/json" };
const ask = (orderNumber: string, body: unknown, headers: Record<string, string> = ADMIN) =>
  call(`/api/orders/${orderNumber}/payment-requests`, { method: "POST", headers, body: JSON.stringify(body) });

async function paidOrder() {
  const s = await readyShopper("card");
  const { order, payment } = await s.placed();
  await decideAtGateway(payment.approvalUrl!, "approve");
  await approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!));
  return { s, order };
}

describe("custom payment requests", () => {
  it("an operator asks for a resize fee; the shopper pays it once through the order's method; the order stays paid", async () => {
    const { s, order } = await paidOrder();
    const res = await ask(order.orderNumber, { amount: 12_500, reason: "Resize the ring to 6.5" });
    expect(res.status).toBe(201);
    const request = (await res.json()) as PaymentRequestView;
    expect(request).toMatchObject({ amount: 12_500, status: "open" });
    const pay = () => call(`/api/orders/${order.orderNumber}/payment-requests/${request.id}/pay`, { method: "POST", headers: { cookie: s.cookie } });
    const started = (await (await pay()).json()) as PlacedOrder;
    expect(started.payment.paymentId).not.toBe(order.payments[0]?.id);
    // Asking again answers the same open payment.
    expect(((await (await pay()).json()) as PlacedOrder).payment.paymentId).toBe(started.payment.paymentId);
    await decideAtGateway(started.payment.approvalUrl!, "approve");
    const answers = await Promise.all(Array.from({ length: 10 }, () => approveLocal(order.orderNumber, localIdOf(started.payment.approvalUrl!))));
    expect(answers.every((a) => a.body.outcome === "paid" || a.body.outcome === "processing")).toBe(true);
    expect(await gatewayCaptures(localIdOf(started.payment.approvalUrl!))).toBe(1);
    const view = (await approveLocal(order.orderNumber, localIdOf(started.payment.approvalUrl!))).body.order as OrderView;
    expect(view.status).toBe("paid");
    expect(view.requests).toEqual([expect.objectContaining({ id: request.id, status: "paid" })]);
    expect(view.payments.map((p) => [p.amount, p.status])).toEqual([
      [order.amountDue, "captured"],
      [12_500, "captured"],
    ]);
    expect((await transitions(order.orderNumber)).filter((t) => t.to_status === "paid")).toHaveLength(1);
    // A paid request cannot be paid again.
    expect((await pay()).status).toBe(409);
  });

  it("needs the admin token and a paid order; another shopper cannot pay it", async () => {
    const { order } = await paidOrder();
    expect((await ask(order.orderNumber, { amount: 100, reason: "x" }, { "content-type": "application/json" })).status).toBe(404);
    expect((await ask(order.orderNumber, { amount: 0, reason: "x" })).status).toBe(400);
    const unpaid = await (await readyShopper("card")).placed();
    expect((await ask(unpaid.order.orderNumber, { amount: 100, reason: "x" })).status).toBe(409);
    const request = (await (await ask(order.orderNumber, { amount: 100, reason: "Engraving" })).json()) as PaymentRequestView;
    const stranger = await readyShopper("card");
    const res = await call(`/api/orders/${order.orderNumber}/payment-requests/${request.id}/pay`, { method: "POST", headers: { cookie: stranger.cookie } });
    expect(res.status).toBe(404);
  });
});
