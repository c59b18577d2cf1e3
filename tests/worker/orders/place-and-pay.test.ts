import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../helpers";
import { call } from "../helpers";
import { approveLocal, decideAtGateway, gatewayCaptures, localIdOf, readyShopper, transitions } from "./orders-helpers";
import { deployedBindings } from "../deployed-env";

describe("placing an order", () => {
  it("places the cart's order once, waiting for payment, with its items and the amount the server computed", async () => {
    const s = await readyShopper("card");
    const res = await s.place();
    expect(res.status).toBe(201);
    const placed = (await res.json()) as Awaited<ReturnType<typeof s.placed>>;
    expect(placed.order.status).toBe("awaiting_payment");
    expect(placed.order.amountDue).toBe(placed.order.total + placed.order.tax);
    expect(placed.order.lines).toHaveLength(1);
    expect(placed.payment.provider).toBe("local");
    expect(placed.payment.approvalUrl).toMatch(/^https:\/\/loupe\.test\/dev\/gateway\/lgp_[0-9a-f]{32}$/);
    // Placing again answers the same order and payment.
    const again = await s.placed();
    expect(again.created).toBe(false);
    expect(again.order.orderNumber).toBe(placed.order.orderNumber);
    expect(again.payment.paymentId).toBe(placed.payment.paymentId);
    const items = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_items WHERE order_number = ?").bind(placed.order.orderNumber).first<{ n: number }>();
    expect(items!.n).toBe(1);
    expect(await transitions(placed.order.orderNumber)).toEqual([{ from_status: "drafted", to_status: "awaiting_payment", event: "place", cause: "shopper" }]);
  });

  it("refuses a cart with a sold diamond, naming it", async () => {
    const s = await readyShopper("card");
    await env.DB.prepare("UPDATE diamonds SET is_sold = 1 WHERE id = ?").bind(s.diamond.id).run();
    try {
      const res = await s.place();
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorBody).error.message).toMatch(/sold|no longer available/i);
    } finally {
      await env.DB.prepare("UPDATE diamonds SET is_sold = 0 WHERE id = ?").bind(s.diamond.id).run();
    }
  });

  it("waits for a bank wire with the transfer's details (the wire price)", async () => {
    const s = await readyShopper("wire");
    const placed = await s.placed();
    expect(placed.payment.provider).toBe("wire");
    expect(placed.payment.wireInstructions?.reference).toBe(placed.order.orderNumber);
    expect(placed.order.amountDue).toBeLessThan(placed.order.total + placed.order.tax);
  });
});

describe("paying through the embedded gateway", () => {
  it("pays once the gateway approved: the server captures, the order is paid", async () => {
    const s = await readyShopper("card");
    const { order, payment } = await s.placed();
    const id = localIdOf(payment.approvalUrl!);
    // A return page opened before approving (or forged) changes nothing.
    const early = await approveLocal(order.orderNumber, id);
    expect(early.body.outcome).toBe("pending");
    expect(early.body.order.status).toBe("awaiting_payment");
    const back = await decideAtGateway(payment.approvalUrl!, "approve");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`https://loupe.test/orders/${order.orderNumber}/success?payment=${payment.paymentId}`);
    const paid = await approveLocal(order.orderNumber, id);
    expect(paid.status).toBe(200);
    expect(paid.body.outcome).toBe("paid");
    expect(paid.body.order.status).toBe("paid");
    expect(paid.body.order.payments[0]).toMatchObject({ status: "captured", amount: order.amountDue });
    expect(await gatewayCaptures(id)).toBe(1);
  });

  it("applies 20 concurrent approvals once: one capture at the gateway, one paid transition", async () => {
    const s = await readyShopper("paypal");
    const { order, payment } = await s.placed();
    const id = localIdOf(payment.approvalUrl!);
    await decideAtGateway(payment.approvalUrl!, "approve");
    const answers = await Promise.all(Array.from({ length: 20 }, () => approveLocal(order.orderNumber, id)));
    expect(answers.every((a) => a.status === 200 || a.status === 202)).toBe(true);
    expect(answers.filter((a) => a.body.outcome === "paid").length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.body.outcome === "paid" || a.body.outcome === "processing")).toBe(true);
    expect(await gatewayCaptures(id)).toBe(1);
    const paidTransitions = (await transitions(order.orderNumber)).filter((t) => t.to_status === "paid");
    expect(paidTransitions).toEqual([{ from_status: "awaiting_payment", to_status: "paid", event: "payment_captured", cause: "provider:local" }]);
    // Afterwards every approval answers paid.
    expect((await approveLocal(order.orderNumber, id)).body.outcome).toBe("paid");
  });

  it("a declined payment can be paid again with a new payment", async () => {
    const s = await readyShopper("card");
    const { order, payment } = await s.placed();
    await decideAtGateway(payment.approvalUrl!, "decline");
    const declined = await approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!));
    expect(declined.body.outcome).toBe("declined");
    expect(declined.body.order.status).toBe("payment_failed");
    const res = await s.repay(order.orderNumber);
    expect(res.status).toBe(200);
    const second = ((await res.json()) as { payment: { paymentId: string; approvalUrl: string } }).payment;
    expect(second.paymentId).not.toBe(payment.paymentId);
    // Paying again puts the order back to waiting for payment (recorded), with the new payment open.
    expect((await transitions(order.orderNumber)).map((t) => t.event)).toEqual(["place", "payment_declined", "repay"]);
    await decideAtGateway(second.approvalUrl, "approve");
    expect((await approveLocal(order.orderNumber, localIdOf(second.approvalUrl))).body.order.status).toBe("paid");
  });

  it("answers 404 for a payment reference that is not the order's, and another shopper's re-payment", async () => {
    const a = await readyShopper("card");
    const b = await readyShopper("card");
    const pa = await a.placed();
    const pb = await b.placed();
    expect((await call(`/api/orders/${pa.order.orderNumber}/local/${localIdOf(pb.payment.approvalUrl!)}/approve`, { method: "PUT" })).status).toBe(404);
    expect((await b.repay(pa.order.orderNumber)).status).toBe(404);
  });

  it("has no test gateway outside local development", async () => {
    const s = await readyShopper("card");
    const { payment } = await s.placed();
    const path = new URL(payment.approvalUrl!).pathname;
    const prod = await call(path, { env: deployedBindings("production") });
    expect(prod.status).toBe(404);
  });
});

describe("the cart after payment", () => {
  it("is emptied once its order is paid, and shows the payment's §3 fields", async () => {
    const s = await readyShopper("card");
    const { order, payment } = await s.placed();
    // Before payment the cart still holds the order's items.
    expect((await s.get()).EngagementRings).toHaveLength(1);
    await decideAtGateway(payment.approvalUrl!, "approve");
    await approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!));
    const cart = await s.get();
    expect(cart.EngagementRings).toEqual([]);
    expect(cart).toMatchObject({
      PaymentId: payment.paymentId,
      paymentMethodDescription: "CreditCard",
      TransactionId: `cap_${localIdOf(payment.approvalUrl!)}`,
    });
    // Another approval (a reload of the return page) does not empty it again (the paid stone is sold: another one).
    const free = await env.DB.prepare("SELECT id FROM diamonds WHERE is_sold = 0 AND id NOT IN (SELECT item_id FROM inventory_holds) ORDER BY id DESC").first<{
      id: number;
    }>();
    await s.ok({ type: "add-diamond", diamondId: free!.id });
    await approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!));
    expect((await s.get()).EngagementRings).toHaveLength(1);
  });
});

describe("the confirmation email", () => {
  it("goes out once when the order becomes paid, with the order's link", async () => {
    const s = await readyShopper("card");
    const { order, payment } = await s.placed();
    await decideAtGateway(payment.approvalUrl!, "approve");
    await Promise.all(Array.from({ length: 5 }, () => approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!))));
    const { results } = await env.DB.prepare("SELECT data FROM email_outbox WHERE template = 'order-confirmation' AND data LIKE ?")
      .bind(`%${order.orderNumber}%`)
      .all<{ data: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.data).toContain(`/orders/${order.orderNumber}-`);
  });
});
