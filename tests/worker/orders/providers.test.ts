/**
 * Paying an order through each configured provider, through the worker's own calls, against the loopback
 * fakes: PayPal (approve at PayPal, then the server captures — once, under 20 concurrent approvals), Stripe
 * (the browser confirms at Stripe, the server reads the PaymentIntent back; the webhook, verified, replayed),
 * Braintree (a card nonce, the sale for the order's amount).
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import type { Bindings } from "#worker/env.ts";
import { call } from "../helpers";
import { paypalApp } from "../payments/paypal-control";
import { payAtStripe, signAsStripe, stripeAccount } from "../payments/stripe-control";
import { placedWith, transitions } from "./orders-helpers";

const origin = inject("fakesOrigin");
let next = 7;

/** A shopper whose order is placed, every call made with these bindings (a provider configured). */
const shopper = (bindings: Partial<Bindings>, paymentMethod: "paypal" | "card") => placedWith(bindings, paymentMethod, next++);

const approval = async (res: Response) => ({ status: res.status, body: (await res.json()) as ApprovalResult });

describe("PayPal", () => {
  it("pays an order once the buyer approved at PayPal: one capture under 20 concurrent approvals", async () => {
    const app = await paypalApp();
    const bindings = { PAYPAL_CLIENT_ID: app.config.clientId, PAYPAL_CLIENT_SECRET: app.config.clientSecret, PAYPAL_API_URL: `${origin}/paypal` };
    const { placed, send } = await shopper(bindings, "paypal");
    expect(placed.payment.provider).toBe("paypal");
    expect(placed.payment.approvalUrl).toContain("/paypal/checkoutnow?token=");
    const paypalOrderId = new URL(placed.payment.approvalUrl!).searchParams.get("token")!;
    const approve = () => send(`/api/orders/${placed.order.orderNumber}/paypal/${paypalOrderId}/approve`, { method: "PUT" }).then(approval);
    // Before the buyer approves at PayPal, an approval (a forged return) changes nothing.
    const early = await approve();
    expect(early.body).toMatchObject({ outcome: "pending", order: { status: "awaiting_payment" } });
    await app.approve(paypalOrderId);
    const answers = await Promise.all(Array.from({ length: 20 }, approve));
    expect(answers.every((a) => a.body.outcome === "paid" || a.body.outcome === "processing")).toBe(true);
    expect(await app.captures(paypalOrderId)).toBe(1);
    expect((await transitions(placed.order.orderNumber)).filter((t) => t.to_status === "paid")).toHaveLength(1);
    const after = await approve();
    expect(after.body.order).toMatchObject({ status: "paid", payments: [{ status: "captured", amount: placed.order.amountDue }] });
    // With PayPal's payer id in the path (recorded, not trusted) the answer is the same.
    const withPayer = await approval(await send(`/api/orders/${placed.order.orderNumber}/paypal/${paypalOrderId}/approve/PAYERID42`, { method: "PUT" }));
    expect(withPayer.body.outcome).toBe("paid");
    expect(await app.captures(paypalOrderId)).toBe(1);
    const order = await app.order(paypalOrderId);
    expect(order.purchase_units[0]!.amount.value).toBe((placed.order.amountDue / 100).toFixed(2));
  });

  it("answers 502 and keeps the order waiting when PayPal cannot be reached", async () => {
    const app = await paypalApp();
    const bindings = { PAYPAL_CLIENT_ID: app.config.clientId, PAYPAL_CLIENT_SECRET: app.config.clientSecret, PAYPAL_API_URL: `${origin}/paypal` };
    const { placed, send } = await shopper(bindings, "paypal");
    const paypalOrderId = new URL(placed.payment.approvalUrl!).searchParams.get("token")!;
    await app.approve(paypalOrderId);
    await app.fail(503, 3);
    const down = await send(`/api/orders/${placed.order.orderNumber}/paypal/${paypalOrderId}/approve`, { method: "PUT" });
    expect(down.status).toBe(502);
    expect(await app.captures(paypalOrderId)).toBe(0);
    const again = await approval(await send(`/api/orders/${placed.order.orderNumber}/paypal/${paypalOrderId}/approve`, { method: "PUT" }));
    expect(again.body.outcome).toBe("paid");
    expect(await app.captures(paypalOrderId)).toBe(1);
  });
});

describe("Stripe", () => {
  const stripeEnv = () => {
    const account = stripeAccount({ timeoutMs: 5_000 });
    return {
      account,
      bindings: {
        STRIPE_SECRET_KEY: account.secretKey,
        STRIPE_PUBLISHABLE_KEY: account.publishableKey,
        STRIPE_WEBHOOK_SECRET: account.webhookSecret!,
        STRIPE_API_URL: account.apiUrl,
      },
    };
  };

  it("pays when Stripe says the PaymentIntent succeeded (read back by the server), for the order's amount", async () => {
    const { account, bindings } = stripeEnv();
    const { placed, send } = await shopper(bindings, "card");
    expect(placed.payment).toMatchObject({ provider: "stripe", publishableKey: account.publishableKey });
    expect(placed.payment.clientSecret).toMatch(/^pi_/);
    const pi = placed.payment.clientSecret!.split("_secret_")[0]!;
    const approve = () => send(`/api/orders/stripe/${pi}/approve`, { method: "PUT" }).then(approval);
    expect((await approve()).body.outcome).toBe("pending");
    await payAtStripe(account, pi, "succeeded");
    const paid = await approve();
    expect(paid.body).toMatchObject({ outcome: "paid", order: { status: "paid" } });
  });

  it("applies a signed webhook once; a wrong signature is refused and a replay changes nothing", async () => {
    const { account, bindings } = stripeEnv();
    const { placed } = await shopper(bindings, "card");
    const pi = placed.payment.clientSecret!.split("_secret_")[0]!;
    const { event } = await payAtStripe(account, pi, "succeeded");
    const body = JSON.stringify(event);
    const hook = async (signature: string) =>
      call("/api/webhooks/stripe", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body, env: bindings });
    const forged = await hook(`t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`);
    expect(forged.status).toBe(400);
    const header = await signAsStripe(account.webhookSecret!, body, Math.floor(Date.now() / 1000));
    const first = await hook(header);
    expect(await first.json()).toEqual({ received: true, applied: true });
    const replay = await hook(header);
    expect(await replay.json()).toEqual({ received: true, applied: false });
    const order = await env.DB.prepare("SELECT status FROM orders WHERE order_number = ?").bind(placed.order.orderNumber).first<{ status: string }>();
    expect(order!.status).toBe("paid");
    expect((await transitions(placed.order.orderNumber)).filter((t) => t.to_status === "paid")).toEqual([
      { from_status: "awaiting_payment", to_status: "paid", event: "payment_captured", cause: "webhook:stripe" },
    ]);
    const old = await signAsStripe(account.webhookSecret!, body, Math.floor(Date.now() / 1000) - 301);
    expect((await hook(old)).status).toBe(400);
  });
});

describe("Braintree", () => {
  it("charges a card nonce for the order's amount, and an Apple Pay nonce described as a card is refused before charging", async () => {
    const publicKey = `pk_${crypto.randomUUID().slice(0, 12)}`;
    const control = async <T>(action: string, body: Record<string, unknown>) =>
      (await (await fetch(`${origin}/__control/braintree/${action}`, { method: "POST", body: JSON.stringify({ publicKey, ...body }) })).json()) as T;
    await control("requests", {});
    const bindings = { BRAINTREE_PUBLIC_KEY: publicKey, BRAINTREE_PRIVATE_KEY: `private-${publicKey}`, BRAINTREE_API_URL: `${origin}/braintree` };
    const { placed, send } = await shopper(bindings, "card");
    expect(placed.payment).toMatchObject({ provider: "braintree", approvalUrl: null });
    const token = await send("/api/orders/GenerateClientToken");
    expect(token.status).toBe(200);
    const applePay = (await control<{ nonce: string }>("nonce", { kind: "ApplePayCard" })).nonce;
    const mismatch = await approval(await send(`/api/orders/${placed.order.orderNumber}/braintree/${applePay}/approve/CreditCard`, { method: "PUT" }));
    expect(mismatch.body.outcome).toBe("declined");
    const card = (await control<{ nonce: string }>("nonce", { kind: "CreditCard" })).nonce;
    const repay = await send(`/api/orders/payment/${placed.order.orderNumber}`, { method: "POST" });
    expect(repay.status).toBe(200);
    const paid = await approval(await send(`/api/orders/${placed.order.orderNumber}/braintree/${card}/approve/CreditCard`, { method: "PUT" }));
    expect(paid.body).toMatchObject({ outcome: "paid", order: { status: "paid" } });
    // The same approval again, without the description: the sale is not made twice.
    const again = await approval(await send(`/api/orders/${placed.order.orderNumber}/braintree/${card}/approve`, { method: "PUT" }));
    expect(again.body.outcome).toBe("paid");
    const sales = await control<{ amount: string }[]>("sales", {});
    expect(sales).toHaveLength(1);
    expect(sales[0]!.amount).toBe((placed.order.amountDue / 100).toFixed(2));
  });
});
