/**
 * A provider's outcome applied by the payment's state (worker/orders/approve.ts applyOutcome; docs/decisions/
 * 061-one-payment-seam.md), as a webhook handler applies it: a success after a failure of the same payment ends
 * paid, with one confirmation; a decline after the capture changes nothing; the same event again is a no-op.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { applyOutcome } from "#worker/orders/approve.ts";
import type { CaptureOutcome } from "#worker/orders/payments/provider.ts";
import { findPayment } from "#worker/orders/payments/store.ts";
import type { OrderBindings } from "#worker/orders/service.ts";
import { call } from "../helpers";
import { payAtStripe, signAsStripe, stripeAccount } from "../payments/stripe-control";
import { confirmations } from "./effects-helpers";
import { ADDRESS, cartWith, transitions } from "./orders-helpers";

let next = 52;
const bindings = env as unknown as OrderBindings;

async function placedOrder() {
  const cart = await cartWith({}, "card", next++);
  const email = `outcome-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await cart.send("/api/cart", {
    method: "POST",
    body: JSON.stringify({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true }),
  });
  const placed = (await (await cart.place()).json()) as PlacedOrder;
  return { n: placed.order.orderNumber, paymentId: placed.payment.paymentId, amount: placed.order.amountDue };
}

const payment = async (id: string) => (await findPayment(env.DB, id))!;
const status = async (n: string) => (await env.DB.prepare("SELECT status FROM orders WHERE order_number = ?").bind(n).first<{ status: string }>())!.status;
const declined: CaptureOutcome = { status: "declined", reason: "The card was declined.", raw: { test: "declined" } };
const captured = (amountCents: number): CaptureOutcome => ({
  status: "captured",
  providerCaptureId: "cap_test",
  amount: { amountCents, currency: "USD" },
  raw: { test: "captured" },
});

describe("applyOutcome", () => {
  it("a success after a failure of the same payment ends paid; a late decline and replays change nothing", async () => {
    const o = await placedOrder();
    const now = Date.now();
    const failed = await applyOutcome(bindings, await payment(o.paymentId), declined, "webhook:test", { now }, { provider: "local", id: `evt_${o.n}_1` });
    expect(failed).toMatchObject({ changed: true, outcome: "declined" });
    expect(await status(o.n)).toBe("payment_failed");
    const paid = await applyOutcome(
      bindings,
      await payment(o.paymentId),
      captured(o.amount),
      "webhook:test",
      { now: now + 1 },
      { provider: "local", id: `evt_${o.n}_2` },
    );
    expect(paid).toMatchObject({ changed: true, outcome: "paid" });
    expect(await status(o.n)).toBe("paid");
    expect(await payment(o.paymentId)).toMatchObject({ status: "captured", provider_capture_id: "cap_test" });
    // The same event again, the same outcome again, a decline arriving late: nothing changes.
    expect(
      (
        await applyOutcome(
          bindings,
          await payment(o.paymentId),
          captured(o.amount),
          "webhook:test",
          { now: now + 2 },
          { provider: "local", id: `evt_${o.n}_2` },
        )
      ).changed,
    ).toBe(false);
    expect((await applyOutcome(bindings, await payment(o.paymentId), captured(o.amount), "webhook:test", { now: now + 3 })).changed).toBe(false);
    expect(
      (await applyOutcome(bindings, await payment(o.paymentId), declined, "webhook:test", { now: now + 4 }, { provider: "local", id: `evt_${o.n}_1` })).changed,
    ).toBe(false);
    expect(
      (await applyOutcome(bindings, await payment(o.paymentId), declined, "webhook:test", { now: now + 5 }, { provider: "local", id: `evt_${o.n}_3` })).changed,
    ).toBe(false);
    expect(await status(o.n)).toBe("paid");
    expect((await transitions(o.n)).map((t) => t.to_status)).toEqual(["awaiting_payment", "payment_failed", "paid"]);
    const events = await env.DB.prepare("SELECT provider_event_id FROM payment_events WHERE order_number = ? AND provider_event_id IS NOT NULL ORDER BY id")
      .bind(o.n)
      .all<{ provider_event_id: string }>();
    expect(events.results.map((e) => e.provider_event_id)).toEqual([`evt_${o.n}_1`, `evt_${o.n}_2`, `evt_${o.n}_3`]);
    // Its effects were left to the sweep (no request to run them after): written once, pending.
    const effects = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_effects WHERE order_number = ?").bind(o.n).first<{ n: number }>();
    expect(effects!.n).toBe(4);
    expect(await confirmations(o.n)).toBe(0);
  });

  it("the same capture applied by 10 handlers at once: one paid transition, one set of effects", async () => {
    const o = await placedOrder();
    const p = await payment(o.paymentId);
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        applyOutcome(bindings, p, captured(o.amount), "webhook:test", { now }, { provider: "local", id: `evt_${o.n}_${i % 2}` }),
      ),
    );
    expect(results.some((r) => r.changed)).toBe(true);
    expect((await transitions(o.n)).filter((t) => t.to_status === "paid")).toHaveLength(1);
    const effects = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_effects WHERE order_number = ?").bind(o.n).first<{ n: number }>();
    expect(effects!.n).toBe(4);
  });

  it("a capture of another amount than the payment's is not payment: the order keeps waiting", async () => {
    const o = await placedOrder();
    const r = await applyOutcome(bindings, await payment(o.paymentId), captured(o.amount - 1), "webhook:test", { now: Date.now() });
    expect(r.outcome).toBe("pending");
    expect(await status(o.n)).toBe("awaiting_payment");
  });
});

describe("Stripe's webhook, events out of order", () => {
  it("payment_failed then succeeded for the same PaymentIntent: the order ends paid, one confirmation, replays change nothing", async () => {
    const account = stripeAccount({ timeoutMs: 5_000 });
    const stripe = {
      STRIPE_SECRET_KEY: account.secretKey,
      STRIPE_PUBLISHABLE_KEY: account.publishableKey,
      STRIPE_WEBHOOK_SECRET: account.webhookSecret!,
      STRIPE_API_URL: account.apiUrl,
    };
    const cart = await cartWith(stripe, "card", next++);
    const email = `stripe-order-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await cart.send("/api/cart", {
      method: "POST",
      body: JSON.stringify({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true }),
    });
    const placed = (await (await cart.place()).json()) as PlacedOrder;
    const pi = placed.payment.clientSecret!.split("_secret_")[0]!;
    const failed = (await payAtStripe(account, pi, "declined")).event;
    const succeeded = (await payAtStripe(account, pi, "succeeded")).event;
    expect([failed.type, succeeded.type]).toEqual(["payment_intent.payment_failed", "payment_intent.succeeded"]);
    const hook = async (event: unknown) => {
      const body = JSON.stringify(event);
      const signature = await signAsStripe(account.webhookSecret!, body, Math.floor(Date.now() / 1000));
      const res = await call("/api/webhooks/stripe", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
        env: stripe,
      });
      return ((await res.json()) as { applied: boolean }).applied;
    };
    expect(await hook(failed)).toBe(true);
    expect(await status(placed.order.orderNumber)).toBe("payment_failed");
    expect(await hook(succeeded)).toBe(true);
    expect(await status(placed.order.orderNumber)).toBe("paid");
    expect([await hook(failed), await hook(succeeded)]).toEqual([false, false]);
    expect(await status(placed.order.orderNumber)).toBe("paid");
    expect(await confirmations(placed.order.orderNumber)).toBe(1);
  });
});
