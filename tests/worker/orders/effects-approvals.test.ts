/**
 * Every way an order becomes paid leads to exactly one confirmation email (docs/decisions/060-order-effects.md):
 * the embedded gateway, PayPal, Braintree cards, Stripe (the approval and the signed webhook), Affirm, Splitit,
 * TD, a bank wire marked received and the operator's "wire received" action — and the same approval retried
 * (or the webhook and the approval both) sends none more. The effects are decided by the transition, so each
 * path ends with the same rows, each done once.
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { ApprovalResult, PlacedOrder } from "#shared/orders/schemas.ts";
import type { Bindings } from "#worker/env.ts";
import { call } from "../helpers";
import { affirmMerchant } from "../payments/affirm-control";
import { paypalApp } from "../payments/paypal-control";
import { splititMerchant } from "../payments/splitit-control";
import { payAtStripe, signAsStripe, stripeAccount } from "../payments/stripe-control";
import { tdApp } from "../payments/td-control";
import { confirmations, effectsOf, PAID_EFFECTS_DONE } from "./effects-helpers";
import { ADMIN, act } from "./operator-helpers";
import { ADDRESS, approveLocal, cartWith, decideAtGateway, localIdOf } from "./orders-helpers";

const origin = inject("fakesOrigin");
let next = 35;

const outcomeOf = async (res: Response) => ((await res.json()) as ApprovalResult).outcome;

/**
 * A new shopper's order placed with `bindings` (a provider configured, or none: the embedded gateway), to an
 * address of its own (the hourly limit per recipient is not what these tests count).
 */
async function placed(bindings: Partial<Bindings>, method: Parameters<typeof cartWith>[1]) {
  const cart = await cartWith(bindings, method, next++);
  const email = `effects-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const address = { type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true };
  expect((await cart.send("/api/cart", { method: "POST", body: JSON.stringify(address) })).status).toBe(200);
  const res = await cart.place();
  expect(res.status).toBe(201);
  return { ...cart, placed: (await res.json()) as PlacedOrder };
}

/** After the approvals: one confirmation, and the paid order's effects each done once. */
async function expectOnce(orderNumber: string) {
  expect(await confirmations(orderNumber)).toBe(1);
  expect(await effectsOf(orderNumber)).toEqual(PAID_EFFECTS_DONE);
}

describe("one confirmation email per paid order, whatever paid it", () => {
  it("the embedded gateway", async () => {
    const o = await placed({}, "card");
    await decideAtGateway(o.placed.payment.approvalUrl!, "approve");
    const id = localIdOf(o.placed.payment.approvalUrl!);
    expect((await approveLocal(o.placed.order.orderNumber, id)).body.outcome).toBe("paid");
    expect((await approveLocal(o.placed.order.orderNumber, id)).body.outcome).toBe("paid");
    await expectOnce(o.placed.order.orderNumber);
  });

  it("PayPal (its approve call, twice)", async () => {
    const app = await paypalApp();
    const bindings = { PAYPAL_CLIENT_ID: app.config.clientId, PAYPAL_CLIENT_SECRET: app.config.clientSecret, PAYPAL_API_URL: `${origin}/paypal` };
    const o = await placed(bindings, "paypal");
    const paypalOrderId = new URL(o.placed.payment.approvalUrl!).searchParams.get("token")!;
    await app.approve(paypalOrderId);
    const approve = () => o.send(`/api/orders/${o.placed.order.orderNumber}/paypal/${paypalOrderId}/approve`, { method: "PUT" }).then(outcomeOf);
    expect(await approve()).toBe("paid");
    expect(await approve()).toBe("paid");
    await expectOnce(o.placed.order.orderNumber);
  });

  it("Braintree (a card nonce, approved twice)", async () => {
    const publicKey = `pk_${crypto.randomUUID().slice(0, 12)}`;
    const control = async <T>(action: string, body: Record<string, unknown>) =>
      (await (await fetch(`${origin}/__control/braintree/${action}`, { method: "POST", body: JSON.stringify({ publicKey, ...body }) })).json()) as T;
    const bindings = { BRAINTREE_PUBLIC_KEY: publicKey, BRAINTREE_PRIVATE_KEY: `private-${publicKey}`, BRAINTREE_API_URL: `${origin}/braintree` };
    const o = await placed(bindings, "card");
    const card = (await control<{ nonce: string }>("nonce", { kind: "CreditCard" })).nonce;
    const approve = () => o.send(`/api/orders/${o.placed.order.orderNumber}/braintree/${card}/approve/CreditCard`, { method: "PUT" }).then(outcomeOf);
    expect(await approve()).toBe("paid");
    expect(await approve()).toBe("paid");
    await expectOnce(o.placed.order.orderNumber);
  });

  const stripe = () => {
    const account = stripeAccount({ timeoutMs: 5_000 });
    const bindings = {
      STRIPE_SECRET_KEY: account.secretKey,
      STRIPE_PUBLISHABLE_KEY: account.publishableKey,
      STRIPE_WEBHOOK_SECRET: account.webhookSecret!,
      STRIPE_API_URL: account.apiUrl,
    };
    return { account, bindings };
  };
  const intentOf = (p: PlacedOrder) => p.payment.clientSecret!.split("_secret_")[0]!;

  it("Stripe (the approval read back by the server, twice)", async () => {
    const { account, bindings } = stripe();
    const o = await placed(bindings, "card");
    const pi = intentOf(o.placed);
    await payAtStripe(account, pi, "succeeded");
    const approve = () => o.send(`/api/orders/stripe/${pi}/approve`, { method: "PUT" }).then(outcomeOf);
    expect(await approve()).toBe("paid");
    expect(await approve()).toBe("paid");
    await expectOnce(o.placed.order.orderNumber);
  });

  it("Stripe's signed webhook, then the shopper's approval", async () => {
    const { account, bindings } = stripe();
    const o = await placed(bindings, "card");
    const pi = intentOf(o.placed);
    const { event } = await payAtStripe(account, pi, "succeeded");
    const body = JSON.stringify(event);
    const signature = await signAsStripe(account.webhookSecret!, body, Math.floor(Date.now() / 1000));
    const hook = await call("/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
      env: bindings,
    });
    expect(await hook.json()).toEqual({ received: true, applied: true });
    expect(await o.send(`/api/orders/stripe/${pi}/approve`, { method: "PUT" }).then(outcomeOf)).toBe("paid");
    await expectOnce(o.placed.order.orderNumber);
  });

  it("Affirm (the checkout token, approved twice)", async () => {
    const m = await affirmMerchant();
    const o = await placed(m.bindings, "affirm");
    const token = await m.approve(new URL(o.placed.payment.approvalUrl!).pathname.split("/").pop()!);
    const approve = () => o.send(`/api/orders/${o.placed.order.orderNumber}/affirm/${token}/approve`, { method: "PUT" }).then(outcomeOf);
    expect(await approve()).toBe("paid");
    expect(await approve()).toBe("paid");
    await expectOnce(o.placed.order.orderNumber);
  });

  it("Splitit (the plan, approved twice)", async () => {
    const m = await splititMerchant();
    const o = await placed(m.bindings, "splitit");
    const plan = new URL(o.placed.payment.approvalUrl!).searchParams.get("plan")!;
    await m.approve(plan);
    const approve = () => o.send(`/api/orders/${o.placed.order.orderNumber}/splitit/${plan}/approve`, { method: "PUT" }).then(outcomeOf);
    expect(await approve()).toBe("paid");
    expect(await approve()).toBe("paid");
    await expectOnce(o.placed.order.orderNumber);
  });

  it("TD financing (approved at TD, the approval twice)", async () => {
    const app = await tdApp();
    const o = await placed(app.bindings, "financing");
    const link = new URL(o.placed.payment.approvalUrl!).pathname.split("/").pop()!;
    await app.decide(link, "approve");
    const { accountNumber } = await app.application(link);
    const approve = () =>
      o
        .send(`/api/orders/${o.placed.order.orderNumber}/tdfinance/approve`, {
          method: "PUT",
          body: JSON.stringify({ paymentId: o.placed.payment.paymentId, TdAccountNumber: accountNumber, TdCreditPlan: "PLAN36" }),
        })
        .then(outcomeOf);
    expect(await approve()).toBe("paid");
    expect(await approve()).toBe("paid");
    await expectOnce(o.placed.order.orderNumber);
  });

  it("a bank wire marked received (the operator's call, twice)", async () => {
    const o = await placed({}, "wire");
    const received = () => call(`/api/orders/${o.placed.order.orderNumber}/wire-received`, { method: "POST", headers: ADMIN }).then(outcomeOf);
    expect(await received()).toBe("paid");
    expect(await received()).toBe("paid");
    await expectOnce(o.placed.order.orderNumber);
  });

  it("the operator's order action (wire received)", async () => {
    const o = await placed({}, "wire");
    expect((await act(o.placed.order.orderNumber, { action: "wire-received" })).status).toBe(200);
    expect((await act(o.placed.order.orderNumber, { action: "wire-received" })).status).toBe(409);
    await expectOnce(o.placed.order.orderNumber);
  });

  it("20 concurrent approvals of the embedded gateway's payment: still one", async () => {
    const o = await placed({}, "card");
    await decideAtGateway(o.placed.payment.approvalUrl!, "approve");
    const id = localIdOf(o.placed.payment.approvalUrl!);
    await Promise.all(Array.from({ length: 20 }, () => approveLocal(o.placed.order.orderNumber, id)));
    await expectOnce(o.placed.order.orderNumber);
    const row = await env.DB.prepare("SELECT status FROM orders WHERE order_number = ?").bind(o.placed.order.orderNumber).first<{ status: string }>();
    expect(row!.status).toBe("paid");
  });
});
