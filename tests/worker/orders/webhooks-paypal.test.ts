/**
 * PayPal's webhooks against the loopback PayPal fake, which posts events and verifies them through PayPal's
 * documented `verify-webhook-signature` call (tests/fakes/paypal-webhooks.ts): a capture PayPal made while the
 * shop's call was lost is recorded by PAYMENT.CAPTURE.COMPLETED; an approval the buyer never returned from is
 * captured on CHECKOUT.ORDER.APPROVED (once); a denial then a completion ends paid, a completion then a denial
 * stays paid; a tampered delivery is refused; replays change nothing; one confirmation email.
 */
import { describe, expect, inject, it } from "vitest";
import { paypalApp } from "../payments/paypal-control";
import { placedWith } from "./orders-helpers";
import { deliver, expectPaidOnce, orderState } from "./webhooks-helpers";

const origin = inject("fakesOrigin");
let next = 61;

async function paypalShopper(configured = true) {
  const app = await paypalApp();
  const webhookId = await app.webhook();
  const bindings = {
    PAYPAL_CLIENT_ID: app.config.clientId,
    PAYPAL_CLIENT_SECRET: app.config.clientSecret,
    PAYPAL_API_URL: `${origin}/paypal`,
    ...(configured ? { PAYPAL_WEBHOOK_ID: webhookId } : {}),
  };
  const { placed, send } = await placedWith(bindings, "paypal", next++);
  const orderId = new URL(placed.payment.approvalUrl!).searchParams.get("token")!;
  const event = (type: string) => app.event(orderId, type, webhookId);
  const hook = (e: { body: string; headers: Record<string, string> }) => deliver("paypal", bindings, e.body, e.headers);
  const approve = () => send(`/api/orders/${placed.order.orderNumber}/paypal/${orderId}/approve`, { method: "PUT" });
  return { app, orderId, orderNumber: placed.order.orderNumber, event, hook, approve };
}

describe("PayPal webhooks", () => {
  it("records a capture PayPal made while the shop's capture call was lost: paid once, one email, replay changes nothing", async () => {
    const s = await paypalShopper();
    await s.app.approve(s.orderId);
    await s.app.hang(true);
    expect((await s.approve()).status).toBe(502);
    expect(await s.app.captures(s.orderId)).toBe(1);
    expect((await orderState(s.orderNumber)).status).toBe("awaiting_payment");
    const completed = await s.event("PAYMENT.CAPTURE.COMPLETED");
    expect((await s.hook(completed)).body).toEqual({ received: true, applied: true });
    const state = await expectPaidOnce(s.orderNumber, "webhook:paypal");
    expect(state.payments).toEqual(["captured"]);
    expect((await s.hook(completed)).body).toEqual({ received: true, applied: false });
    expect(await orderState(s.orderNumber)).toEqual(state);
    expect(await s.app.captures(s.orderId)).toBe(1);
  });

  it("captures an order the buyer approved but never returned from, once, on CHECKOUT.ORDER.APPROVED", async () => {
    const s = await paypalShopper();
    await s.app.approve(s.orderId);
    const approved = await s.event("CHECKOUT.ORDER.APPROVED");
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.hook(approved)));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    await expectPaidOnce(s.orderNumber, "provider:paypal");
    expect(await s.app.captures(s.orderId)).toBe(1);
    // The buyer's late return reads it paid; PayPal is not asked to capture again.
    expect(await (await s.approve()).json()).toMatchObject({ outcome: "paid" });
    expect(await s.app.captures(s.orderId)).toBe(1);
  });

  it("a denial then a completion ends paid; a denial delivered after the completion changes nothing", async () => {
    const s = await paypalShopper();
    const denied = await s.event("PAYMENT.CAPTURE.DENIED");
    expect((await s.hook(denied)).body.applied).toBe(true);
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "payment_failed", payments: ["declined"] });
    const completed = await s.event("PAYMENT.CAPTURE.COMPLETED");
    expect((await s.hook(completed)).body.applied).toBe(true);
    const state = await expectPaidOnce(s.orderNumber, "webhook:paypal");
    const late = await s.event("PAYMENT.CAPTURE.DENIED");
    expect((await s.hook(late)).body).toEqual({ received: true, applied: false });
    expect(await orderState(s.orderNumber)).toEqual(state);
  });

  it("refuses a delivery PayPal does not verify (tampered, unsigned or forged) with 400 and changes nothing", async () => {
    const s = await paypalShopper();
    await s.app.approve(s.orderId);
    const completed = await s.event("PAYMENT.CAPTURE.COMPLETED");
    const tampered = { ...completed, body: completed.body.replace('"COMPLETED"', '"COMPLETED" ').replace(/"value":"[\d.]+"/, '"value":"1.00"') };
    expect((await s.hook(tampered)).status).toBe(400);
    const unsigned = { body: completed.body, headers: { "content-type": "application/json" } };
    expect((await s.hook(unsigned)).status).toBe(400);
    const forged = { ...completed, headers: { ...completed.headers, "paypal-transmission-sig": "AAAA" } };
    expect((await s.hook(forged)).status).toBe(400);
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "awaiting_payment", confirmationEmails: 0 });
  });

  it("answers 404 and applies nothing while no webhook id is configured", async () => {
    const s = await paypalShopper(false);
    await s.app.approve(s.orderId);
    const approved = await s.event("CHECKOUT.ORDER.APPROVED");
    expect((await s.hook(approved)).status).toBe(404);
    expect(await s.app.captures(s.orderId)).toBe(0);
  });
});
