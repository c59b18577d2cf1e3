/**
 * Stripe's webhook signature inside workerd, with deliveries signed by the Stripe fake as Stripe signs them: a
 * genuine `payment_intent.*` event is read (the order number, the amount received, a decline's reason); a wrong
 * secret, a tampered body, a timestamp more than five minutes away (injected clock) or a missing header are refused;
 * during a secret rotation a header with several v1 signatures is accepted when one of them is right.
 */
import { describe, expect, it } from "vitest";
import { verifyStripeWebhook } from "#worker/orders/payments/stripe-webhook.ts";
import { createStripePayment } from "#worker/orders/payments/stripe.ts";
import { DomainError, type Refusal } from "#shared/refusal.ts";
import { payAtStripe, signAsStripe, stripeAccount } from "./stripe-control";

/** The injected clock (epoch ms) and the same instant in Stripe's unix seconds. */
const NOW = Date.UTC(2026, 10, 1, 12);
const T = NOW / 1000;

async function refusalOf(p: Promise<unknown>): Promise<Refusal> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return (e as DomainError).refusal;
}

/** A real event body from the fake: the shopper's payment of `amountCents` ended with `outcome`. */
async function delivery(outcome: "succeeded" | "declined", amountCents = 250_000) {
  const config = stripeAccount();
  const created = await createStripePayment(config, {
    orderNumber: "LP0000012345",
    amount: { amountCents, currency: "USD" },
    description: "Loupe order LP0000012345",
    returnUrl: "https://loupe.test/orders/LP0000012345/success",
    cancelUrl: "https://loupe.test/checkout",
    idempotencyKey: crypto.randomUUID(),
  });
  const { event } = await payAtStripe(config, created.providerPaymentId!, outcome);
  return { secret: config.webhookSecret!, body: JSON.stringify(event), event };
}

describe("Stripe webhooks", () => {
  it("a genuine payment_intent.succeeded event is read: the order, the amount received in cents", async () => {
    const { secret, body, event } = await delivery("succeeded", 1_234_567);
    const verified = await verifyStripeWebhook(body, await signAsStripe(secret, body, T), secret, NOW);
    expect(verified).toEqual({
      id: event.id,
      type: "payment_intent.succeeded",
      created: event.created,
      paymentIntent: {
        id: event.data.object.id,
        status: "succeeded",
        amountReceived: 1_234_567,
        currency: "usd",
        orderNumber: "LP0000012345",
        lastError: null,
      },
    });
  });

  it("a payment_failed event carries the decline's reason", async () => {
    const { secret, body } = await delivery("declined");
    const verified = await verifyStripeWebhook(body, await signAsStripe(secret, body, T), secret, NOW);
    expect(verified).toMatchObject({
      type: "payment_intent.payment_failed",
      paymentIntent: { status: "requires_payment_method", amountReceived: 0, lastError: "Your card was declined." },
    });
  });

  it("a signature made with another secret is refused", async () => {
    const { secret, body } = await delivery("succeeded");
    const forged = await signAsStripe("whsec_someone_else", body, T);
    expect(await refusalOf(verifyStripeWebhook(body, forged, secret, NOW))).toMatchObject({
      kind: "bad_request",
      message: expect.stringContaining("signature"),
    });
  });

  it("a tampered body is refused (a changed amount, or the same JSON re-serialised)", async () => {
    const { secret, body } = await delivery("succeeded", 100_000);
    const header = await signAsStripe(secret, body, T);
    const richer = body.replace('"amount_received":100000', '"amount_received":1');
    expect(richer).not.toBe(body);
    expect(await refusalOf(verifyStripeWebhook(richer, header, secret, NOW))).toMatchObject({ kind: "bad_request" });
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect(await refusalOf(verifyStripeWebhook(reformatted, header, secret, NOW))).toMatchObject({ kind: "bad_request" });
  });

  it("a delivery more than five minutes old or ahead is refused; at five minutes it is accepted", async () => {
    const { secret, body } = await delivery("succeeded");
    const header = await signAsStripe(secret, body, T);
    await expect(verifyStripeWebhook(body, header, secret, NOW + 300_000)).resolves.toMatchObject({ type: "payment_intent.succeeded" });
    await expect(verifyStripeWebhook(body, header, secret, NOW - 300_000)).resolves.toMatchObject({ type: "payment_intent.succeeded" });
    expect(await refusalOf(verifyStripeWebhook(body, header, secret, NOW + 301_000))).toMatchObject({
      kind: "bad_request",
      message: expect.stringContaining("timestamp"),
    });
    expect(await refusalOf(verifyStripeWebhook(body, header, secret, NOW - 301_000))).toMatchObject({ kind: "bad_request" });
    // A captured delivery replayed later with a fresh timestamp but the old signature.
    const replayed = header.replace(`t=${T}`, `t=${T + 3600}`);
    expect(await refusalOf(verifyStripeWebhook(body, replayed, secret, NOW + 3_600_000))).toMatchObject({ kind: "bad_request" });
  });

  it("during a secret rotation a header with several v1 signatures is accepted by either secret", async () => {
    const { secret, body } = await delivery("succeeded");
    const header = await signAsStripe(["whsec_old_secret", secret], body, T);
    expect(header.match(/v1=/g)).toHaveLength(2);
    await expect(verifyStripeWebhook(body, header, secret, NOW)).resolves.toMatchObject({ type: "payment_intent.succeeded" });
    await expect(verifyStripeWebhook(body, header, "whsec_old_secret", NOW)).resolves.toMatchObject({ type: "payment_intent.succeeded" });
    expect(await refusalOf(verifyStripeWebhook(body, header, "whsec_third", NOW))).toMatchObject({ kind: "bad_request" });
  });

  it("a delivery without a Stripe-Signature header, or with only a v0 signature, is refused", async () => {
    const { secret, body } = await delivery("succeeded");
    expect(await refusalOf(verifyStripeWebhook(body, null, secret, NOW))).toMatchObject({ kind: "bad_request" });
    const v0 = (await signAsStripe(secret, body, T)).replace("v1=", "v0=");
    expect(await refusalOf(verifyStripeWebhook(body, v0, secret, NOW))).toMatchObject({ kind: "bad_request" });
  });
});
