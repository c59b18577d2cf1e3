/**
 * Paying an unpaid order with another method (docs/decisions/064-pay-again-and-remembered-address.md): the
 * order's method changes, a payment of the new method starts with its provider, the old method's open payment
 * is closed so it can never be captured; a method the order may not use is a 400 beside the field, the order
 * unchanged; another shopper's order is a 404.
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { WIRE_ONLY_WHEN_PLACED } from "#shared/orders/pay-again.ts";
import type { Bindings } from "#worker/env.ts";
import type { ErrorBody } from "../helpers";
import { paypalApp } from "../payments/paypal-control";
import { approveLocal, decideAtGateway, gatewayCaptures, localIdOf, placedWith, transitions } from "./orders-helpers";

let next = 21;
const local: Partial<Bindings> = {};

/** A shopper whose order is placed by `method`, and their pay-again call choosing `paymentMethod`. */
async function shopper(method: "card" | "paypal" | "wire", bindings: Partial<Bindings> = local) {
  const s = await placedWith(bindings, method, next++);
  const n = s.placed.order.orderNumber;
  const payWith = (paymentMethod: string) => s.send(`/api/orders/payment/${n}/method`, { method: "POST", body: JSON.stringify({ paymentMethod }) });
  return { ...s, n, payWith };
}

const orderRow = (n: string) =>
  env.DB.prepare("SELECT payment_method, amount_due_cents, status FROM orders WHERE order_number = ?")
    .bind(n)
    .first<{ payment_method: string; amount_due_cents: number; status: string }>();
const paymentRows = (n: string) =>
  env.DB.prepare("SELECT id, method, provider, status FROM payments WHERE order_number = ? ORDER BY created_at, rowid")
    .bind(n)
    .all<{ id: string; method: string; provider: string; status: string }>()
    .then((r) => r.results);

describe("choosing another payment method on pay again", () => {
  it("starts a payment of the chosen method, the order shows it, and the old payment can no longer be captured", async () => {
    const s = await shopper("card");
    const old = s.placed.payment;
    const res = await s.payWith("paypal");
    expect(res.status).toBe(200);
    const placed = (await res.json()) as PlacedOrder;
    expect(placed.order.paymentMethod).toBe("paypal");
    expect(placed.payment.paymentId).not.toBe(old.paymentId);
    expect(placed.order.amountDue).toBe(s.placed.order.amountDue);
    expect(placed.order.payments.map((p) => [p.method, p.status])).toEqual([
      ["card", "cancelled"],
      ["paypal", "created"],
    ]);
    // The shopper approves the old payment in a tab left open: nothing is captured, the order is not paid by it.
    await decideAtGateway(old.approvalUrl!, "approve");
    const stale = await approveLocal(s.n, localIdOf(old.approvalUrl!));
    expect(stale.body.outcome).toBe("cancelled");
    expect(await gatewayCaptures(localIdOf(old.approvalUrl!))).toBe(0);
    // The new one pays the order, once.
    await decideAtGateway(placed.payment.approvalUrl!, "approve");
    const paid = await approveLocal(s.n, localIdOf(placed.payment.approvalUrl!));
    expect(paid.body.order.status).toBe("paid");
    expect(paid.body.order.paymentMethod).toBe("paypal");
    expect(await gatewayCaptures(localIdOf(placed.payment.approvalUrl!))).toBe(1);
    // The old payment's closing is recorded with why.
    const events = await env.DB.prepare("SELECT kind, payload FROM payment_events WHERE payment_id = ? AND kind = 'cancelled'")
      .bind(old.paymentId)
      .all<{ kind: string; payload: string }>();
    expect(events.results).toHaveLength(1);
    expect(JSON.parse(events.results[0]!.payload)).toMatchObject({ newMethod: "paypal" });
  });

  it("starts the payment with the chosen method's provider (PayPal configured, the card at the embedded gateway)", async () => {
    const app = await paypalApp();
    const bindings = {
      PAYPAL_CLIENT_ID: app.config.clientId,
      PAYPAL_CLIENT_SECRET: app.config.clientSecret,
      PAYPAL_API_URL: `${inject("fakesOrigin")}/paypal`,
    };
    const s = await shopper("card", bindings);
    expect(s.placed.payment.provider).toBe("local");
    const placed = (await (await s.payWith("paypal")).json()) as PlacedOrder;
    expect(placed.payment.provider).toBe("paypal");
    expect(placed.payment.approvalUrl).toContain("/paypal/checkoutnow?token=");
    const paypalOrderId = new URL(placed.payment.approvalUrl!).searchParams.get("token")!;
    expect((await app.order(paypalOrderId)).purchase_units[0]!.amount.value).toBe((s.placed.order.amountDue / 100).toFixed(2));
  });

  it("after a decline: the order waits for payment again, by the new method", async () => {
    const s = await shopper("card");
    await decideAtGateway(s.placed.payment.approvalUrl!, "decline");
    expect((await approveLocal(s.n, localIdOf(s.placed.payment.approvalUrl!))).body.order.status).toBe("payment_failed");
    const placed = (await (await s.payWith("affirm")).json()) as PlacedOrder;
    expect(placed.order.status).toBe("awaiting_payment");
    expect(placed.order.paymentMethod).toBe("affirm");
    expect((await transitions(s.n)).map((t) => t.event)).toEqual(["place", "payment_declined", "repay"]);
    // The declined payment stays declined (what happened); the new one is open.
    expect(placed.order.payments.map((p) => [p.method, p.status])).toEqual([
      ["card", "declined"],
      ["affirm", "created"],
    ]);
  });

  it("a wire order paid by card pays the price without the wire's saving; its transfer is no longer awaited", async () => {
    const s = await shopper("wire");
    const { total, tax, amountDue } = s.placed.order;
    expect(amountDue).toBeLessThan(total + tax);
    const placed = (await (await s.payWith("card")).json()) as PlacedOrder;
    expect(placed.order.paymentMethod).toBe("card");
    expect(placed.order.amountDue).toBe(total + tax);
    expect(placed.order.payments.map((p) => [p.provider, p.status, p.amount])).toEqual([
      ["wire", "cancelled", amountDue],
      ["local", "created", total + tax],
    ]);
  });

  it("its own method is a plain pay again: the open payment, nothing cancelled", async () => {
    const s = await shopper("card");
    const placed = (await (await s.payWith("card")).json()) as PlacedOrder;
    expect(placed.payment.paymentId).toBe(s.placed.payment.paymentId);
    expect((await paymentRows(s.n)).map((p) => p.status)).toEqual(["created"]);
  });

  it("refuses a method the order may not use with a 400 beside the field; the order is unchanged", async () => {
    const s = await shopper("card");
    const before = { order: await orderRow(s.n), payments: await paymentRows(s.n) };
    const wire = await s.payWith("wire");
    expect(wire.status).toBe(400);
    const body = (await wire.json()) as ErrorBody;
    expect(body.error.message).toBe(WIRE_ONLY_WHEN_PLACED);
    expect(body.error.details).toEqual([{ path: "paymentMethod", message: WIRE_ONLY_WHEN_PLACED }]);
    const unknown = await s.payWith("bitcoin");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ErrorBody).error.details?.[0]?.path).toBe("paymentMethod");
    expect({ order: await orderRow(s.n), payments: await paymentRows(s.n) }).toEqual(before);
  });

  it("refuses (409) while the old payment is being confirmed with its provider, the order unchanged", async () => {
    const s = await shopper("card");
    // What an approval in flight holds (worker/orders/payments/store.ts claimPayment).
    await env.DB.prepare("UPDATE payments SET claimed_until = ? WHERE id = ?")
      .bind(Date.now() + 60_000, s.placed.payment.paymentId)
      .run();
    const res = await s.payWith("paypal");
    expect(res.status).toBe(409);
    expect((await orderRow(s.n))!.payment_method).toBe("card");
    expect((await paymentRows(s.n)).map((p) => p.status)).toEqual(["created"]);
  });

  it("refuses a paid order (409) and another shopper's order (404)", async () => {
    const s = await shopper("card");
    const other = await shopper("card");
    const theirs = await other.send(`/api/orders/payment/${s.n}/method`, { method: "POST", body: JSON.stringify({ paymentMethod: "paypal" }) });
    expect(theirs.status).toBe(404);
    expect((await orderRow(s.n))!.payment_method).toBe("card");
    await decideAtGateway(s.placed.payment.approvalUrl!, "approve");
    await approveLocal(s.n, localIdOf(s.placed.payment.approvalUrl!));
    const paid = await s.payWith("paypal");
    expect(paid.status).toBe(409);
    expect(await orderRow(s.n)).toMatchObject({ payment_method: "card", status: "paid" });
  });

  it("the page offers the methods, its own chosen, the wire disabled with why; posting another pays with it", async () => {
    const s = await shopper("card");
    const page = `/orders/re-payment/${s.n}`;
    const html = { accept: "text/html" };
    const shown = await (await s.send(page, { headers: html })).text();
    expect(shown).toContain('<input type="radio" name="paymentMethod" checked="" value="card"/>');
    expect(shown).toContain('<input type="radio" name="paymentMethod" value="paypal"/>');
    expect(shown).toContain('<input type="radio" name="paymentMethod" disabled="" value="wire"/>');
    const form = { ...html, "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" };
    const refused = await s.send(page, { method: "POST", headers: form, body: "paymentMethod=wire" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/<p class="field-error" role="alert">The bank-wire price is set when the order is placed/);
    expect((await orderRow(s.n))!.payment_method).toBe("card");
    const posted = await s.send(page, { method: "POST", headers: form, body: "paymentMethod=affirm" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toMatch(/\/dev\/gateway\/lgp_/);
    expect((await orderRow(s.n))!.payment_method).toBe("affirm");
  });

  it("ten concurrent choices of the same method: one open payment of it, the old one cancelled", async () => {
    const s = await shopper("card");
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.payWith("paypal")));
    expect(answers.map((a) => a.status).every((st) => st === 200)).toBe(true);
    const rows = await paymentRows(s.n);
    expect(rows.filter((p) => p.status === "created").map((p) => p.method)).toEqual(["paypal"]);
    expect(rows.filter((p) => p.method === "card").map((p) => p.status)).toEqual(["cancelled"]);
  });
});
