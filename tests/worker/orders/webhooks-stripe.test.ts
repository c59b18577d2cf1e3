/**
 * Stripe's webhooks applied by the payment's state, not by arrival order (docs/decisions/062-provider-webhooks.md),
 * with events made and signed by the loopback Stripe fake: a failure then a success of the same PaymentIntent
 * ends paid; a success then a (late) failure stays paid; replays and concurrent redeliveries apply once; a
 * forged delivery changes nothing; a crash inside the applying batch leaves neither the effect nor the event's
 * record (so the redelivery applies it); exactly one confirmation email.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { payAtStripe, signAsStripe, stripeAccount } from "../payments/stripe-control";
import { placedWith } from "./orders-helpers";
import { deliver, expectPaidOnce, orderState, recorded } from "./webhooks-helpers";

let next = 41;

async function stripeShopper() {
  const account = stripeAccount({ timeoutMs: 5_000 });
  const bindings = {
    STRIPE_SECRET_KEY: account.secretKey,
    STRIPE_PUBLISHABLE_KEY: account.publishableKey,
    STRIPE_WEBHOOK_SECRET: account.webhookSecret!,
    STRIPE_API_URL: account.apiUrl,
  };
  const { placed, send } = await placedWith(bindings, "card", next++);
  const pi = placed.payment.clientSecret!.split("_secret_")[0]!;
  const pay = (outcome: "succeeded" | "declined" | "canceled") => payAtStripe(account, pi, outcome).then((r) => r.event);
  const hook = async (event: unknown, secret = account.webhookSecret!) => {
    const body = JSON.stringify(event);
    const signature = await signAsStripe(secret, body, Math.floor(Date.now() / 1000));
    return deliver("stripe", bindings, body, { "content-type": "application/json", "stripe-signature": signature });
  };
  return { orderNumber: placed.order.orderNumber, pi, pay, hook, send };
}

describe("Stripe webhooks, applied by state", () => {
  it("a payment_failed then a succeeded for the same PaymentIntent ends paid, with one confirmation email", async () => {
    const s = await stripeShopper();
    const failed = await s.pay("declined");
    expect((await s.hook(failed)).body).toEqual({ received: true, applied: true });
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "payment_failed", payments: ["declined"] });
    const succeeded = await s.pay("succeeded");
    expect((await s.hook(succeeded)).body).toEqual({ received: true, applied: true });
    const state = await expectPaidOnce(s.orderNumber, "webhook:stripe");
    expect(state.payments).toEqual(["captured"]);
    expect(state.transitions).toEqual([
      "drafted→awaiting_payment shopper",
      "awaiting_payment→payment_failed webhook:stripe",
      "payment_failed→paid webhook:stripe",
    ]);
    // The shopper's approval now reads it paid (no "declined", no second payment).
    const approval = await s.send(`/api/orders/stripe/${s.pi}/approve`, { method: "PUT" });
    expect(await approval.json()).toMatchObject({ outcome: "paid", order: { status: "paid" } });
    // Both replayed: nothing changes.
    expect((await s.hook(failed)).body).toEqual({ received: true, applied: false });
    expect((await s.hook(succeeded)).body).toEqual({ received: true, applied: false });
    expect(await orderState(s.orderNumber)).toEqual(state);
  });

  it("a failure delivered after the success changes nothing: still paid", async () => {
    const s = await stripeShopper();
    const failed = await s.pay("declined");
    const succeeded = await s.pay("succeeded");
    expect((await s.hook(succeeded)).body.applied).toBe(true);
    expect((await s.hook(failed)).body).toEqual({ received: true, applied: false });
    const state = await expectPaidOnce(s.orderNumber, "webhook:stripe");
    expect(state.payments).toEqual(["captured"]);
    expect(await recorded("stripe", (failed as { id: string }).id)).toBe(1);
  });

  it("ten concurrent deliveries of one event apply it once: one transition, one record, one email", async () => {
    const s = await stripeShopper();
    const succeeded = await s.pay("succeeded");
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.hook(succeeded)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.applied)).toHaveLength(1);
    await expectPaidOnce(s.orderNumber, "webhook:stripe");
    expect(await recorded("stripe", (succeeded as { id: string }).id)).toBe(1);
  });

  it("a crash while applying leaves neither the effect nor the event's record: the redelivery applies it", async () => {
    const s = await stripeShopper();
    const succeeded = await s.pay("succeeded");
    const payment = await env.DB.prepare("SELECT id FROM payments WHERE order_number = ?").bind(s.orderNumber).first<{ id: string }>();
    // The crash: D1 refuses the payment's capture (inside the batch that also records the event and moves the order).
    await env.DB.prepare(
      `CREATE TRIGGER crash_${payment!.id} BEFORE UPDATE OF status ON payments WHEN OLD.id = '${payment!.id}' AND NEW.status = 'captured'
       BEGIN SELECT RAISE(ABORT, 'injected crash'); END`,
    ).run();
    const crashed = await s.hook(succeeded);
    expect(crashed.status).toBe(500);
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "awaiting_payment", payments: ["created"], confirmationEmails: 0 });
    expect(await recorded("stripe", (succeeded as { id: string }).id)).toBe(0);
    await env.DB.prepare(`DROP TRIGGER crash_${payment!.id}`).run();
    expect((await s.hook(succeeded)).body).toEqual({ received: true, applied: true });
    await expectPaidOnce(s.orderNumber, "webhook:stripe");
    expect(await recorded("stripe", (succeeded as { id: string }).id)).toBe(1);
  });

  it("a delivery signed with another secret is refused (400) and changes nothing", async () => {
    const s = await stripeShopper();
    const succeeded = await s.pay("succeeded");
    const forged = await s.hook(succeeded, "whsec_not_the_shops");
    expect(forged.status).toBe(400);
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "awaiting_payment", payments: ["created"], confirmationEmails: 0 });
    expect(await recorded("stripe", (succeeded as { id: string }).id)).toBe(0);
  });
});
