/**
 * Stripe refunds (worker/orders/payments/stripe.ts refundStripePayment, and the Stripe adapter's refund) inside
 * workerd against the loopback Stripe fake: `POST /v1/refunds` {payment_intent, amount} in exact cents with the
 * refund's Idempotency-Key — one refund however the call is retried (a 5xx, a lost answer, the caller's next try),
 * a timeout is ProviderUnavailable, and Stripe's refusals are failed refunds with nothing given back.
 */
import { describe, expect, it } from "vitest";
import { adapterOf } from "#worker/orders/payments/adapters.ts";
import { ProviderUnavailable, type RefundOutcome, type RefundRequest } from "#worker/orders/payments/provider.ts";
import type { PaymentBindings } from "#worker/orders/payments/providers.ts";
import { createStripePayment, refundStripePayment, type StripeConfig } from "#worker/orders/payments/stripe.ts";
import { failNext, hangNext, payAtStripe, refundsAtStripe, requestsMade, stripeAccount } from "./stripe-control";

/** A PaymentIntent the shopper paid at Stripe, for `amountCents`. */
async function paidIntent(config: StripeConfig, amountCents: number): Promise<string> {
  const created = await createStripePayment(config, {
    orderNumber: "LP0000000042",
    amount: { amountCents, currency: "USD" },
    description: "Loupe order LP0000000042",
    returnUrl: "https://loupe.test/return",
    cancelUrl: "https://loupe.test/cancel",
    idempotencyKey: crypto.randomUUID(),
  });
  await payAtStripe(config, created.providerPaymentId!, "succeeded");
  return created.providerPaymentId!;
}

const refundOf = (intent: string, amountCents: number, key = `pay_x-refund-${crypto.randomUUID()}`): RefundRequest => ({
  providerPaymentId: intent,
  providerCaptureId: null,
  amount: { amountCents, currency: "USD" },
  reason: "Cancelled by the shopper",
  orderNumber: "LP0000000042",
  idempotencyKey: key,
});

function refunded(outcome: RefundOutcome) {
  expect(outcome.status).toBe("refunded");
  return outcome as Extract<RefundOutcome, { status: "refunded" }>;
}

describe("Stripe refunds", () => {
  it("refunds part, then the rest, to the cent, with the reason and order as metadata; then nothing is left", async () => {
    const config = stripeAccount();
    const intent = await paidIntent(config, 1_234_567);
    const first = refunded(await refundStripePayment(config, refundOf(intent, 234_567)));
    expect(first.providerRefundId).toMatch(/^re_/);
    expect(first.amount).toEqual({ amountCents: 234_567, currency: "USD" });
    refunded(await refundStripePayment(config, refundOf(intent, 1_000_000)));
    const made = await refundsAtStripe(config, intent);
    expect(made.map((r) => r.amount)).toEqual([234_567, 1_000_000]);
    expect(made[0]!.metadata).toEqual({ order_number: "LP0000000042", reason: "Cancelled by the shopper" });
    expect(await refundStripePayment(config, refundOf(intent, 1))).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("already been refunded"),
    });
    expect(await refundsAtStripe(config, intent)).toHaveLength(2);
  });

  it("a 5xx then a success with the same Idempotency-Key: one refund at Stripe", async () => {
    const config = stripeAccount();
    const intent = await paidIntent(config, 50_000);
    const req = refundOf(intent, 50_000);
    await failNext(config, 500);
    refunded(await refundStripePayment(config, req));
    expect(await refundsAtStripe(config, intent)).toHaveLength(1);
    const calls = (await requestsMade(config)).filter((r) => r.path === "/v1/refunds");
    expect(calls.map((r) => [r.status, r.idempotencyKey])).toEqual([
      [500, req.idempotencyKey],
      [200, req.idempotencyKey],
    ]);
  });

  it("an answer lost after Stripe refunded, and the caller's next try with the same key: still one refund", async () => {
    const config = stripeAccount();
    const intent = await paidIntent(config, 50_000);
    const req = refundOf(intent, 20_000);
    await failNext(config, 502, 1, true);
    const a = refunded(await refundStripePayment(config, req));
    const b = refunded(await refundStripePayment(config, req));
    expect(b.providerRefundId).toBe(a.providerRefundId);
    expect(await refundsAtStripe(config, intent)).toHaveLength(1);
  });

  it("no answer in time on every attempt: ProviderUnavailable, nothing refunded", async () => {
    const config = stripeAccount();
    const intent = await paidIntent(config, 50_000);
    await hangNext(config);
    const error = await refundStripePayment(config, refundOf(intent, 50_000)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).toContain("POST /v1/refunds");
    expect(await refundsAtStripe(config, intent)).toHaveLength(0);
  });

  it("more than is left, an unpaid PaymentIntent and a payment without one are failed, nothing refunded", async () => {
    const config = stripeAccount();
    const intent = await paidIntent(config, 10_000);
    expect(await refundStripePayment(config, refundOf(intent, 10_001))).toMatchObject({ status: "failed", reason: expect.stringContaining("greater than") });
    const unpaid = (
      await createStripePayment(config, {
        orderNumber: "LP0000000043",
        amount: { amountCents: 5_000, currency: "USD" },
        description: "x",
        returnUrl: "https://loupe.test/r",
        cancelUrl: "https://loupe.test/c",
        idempotencyKey: crypto.randomUUID(),
      })
    ).providerPaymentId!;
    expect(await refundStripePayment(config, refundOf(unpaid, 5_000))).toMatchObject({ status: "failed" });
    expect(await refundStripePayment(config, { ...refundOf(intent, 100), providerPaymentId: null })).toMatchObject({ status: "failed" });
    expect(await refundsAtStripe(config, intent)).toHaveLength(0);
  });

  it("the Stripe adapter refunds the payment's PaymentIntent", async () => {
    const config = stripeAccount();
    const intent = await paidIntent(config, 2_500);
    const adapter = adapterOf({} as PaymentBindings, { provider: "stripe", config }, "card", { origin: "https://loupe.test", now: Date.now() })!;
    refunded(await adapter.refund(refundOf(intent, 2_500)));
    expect(await refundsAtStripe(config, intent)).toHaveLength(1);
  });
});
