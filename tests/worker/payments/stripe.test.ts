/**
 * The Stripe adapter inside workerd against the loopback Stripe fake: a PaymentIntent for the order's exact amount
 * in cents, the browser's confirmation read back from Stripe (paid, declined, still processing), exactly one
 * PaymentIntent however the create is retried (a 5xx, a lost answer, a timeout, the caller's next try), and the
 * configuration read from the worker's env.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ProviderUnavailable, type PaymentRequest } from "#worker/orders/payments/provider.ts";
import { confirmStripePayment, createStripePayment, STRIPE_API_URL, type StripeConfig, stripeConfig } from "#worker/orders/payments/stripe.ts";
import { DomainError, type Refusal } from "#shared/refusal.ts";
import { failNext, hangNext, intentAtStripe, intentsCreated, payAtStripe, requestsMade, stripeAccount } from "./stripe-control";

function order(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  const orderNumber = `LP${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
  return {
    orderNumber,
    amount: { amountCents: 1_234_567, currency: "USD" },
    description: `Loupe order ${orderNumber}`,
    returnUrl: `https://loupe.test/orders/${orderNumber}/success`,
    cancelUrl: "https://loupe.test/checkout",
    idempotencyKey: `payment-${crypto.randomUUID()}`,
    email: "ada@example.com",
    ...overrides,
  };
}

async function refusalOf(p: Promise<unknown>): Promise<Refusal> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return (e as DomainError).refusal;
}

/** A PaymentIntent the shopper then confirms at Stripe with `outcome`. */
async function paidWith(config: StripeConfig, outcome: "succeeded" | "declined" | "processing" | "canceled", amountCents = 1_234_567) {
  const created = await createStripePayment(config, order({ amount: { amountCents, currency: "USD" } }));
  await payAtStripe(config, created.providerPaymentId!, outcome);
  return created.providerPaymentId!;
}

describe("Stripe configuration", () => {
  it("is off unless both the secret and the publishable key are set", () => {
    expect(stripeConfig({})).toBeNull();
    expect(stripeConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toBeNull();
    expect(stripeConfig({ STRIPE_PUBLISHABLE_KEY: "pk_test_1" })).toBeNull();
    expect(stripeConfig({ STRIPE_SECRET_KEY: " ", STRIPE_PUBLISHABLE_KEY: "pk_test_1" })).toBeNull();
    // The test worker's own env has no Stripe keys.
    expect(stripeConfig(env as object)).toBeNull();
  });

  it("reads the keys, the optional webhook secret and Stripe's origin (default api.stripe.com)", () => {
    expect(stripeConfig({ STRIPE_SECRET_KEY: " sk_test_1 ", STRIPE_PUBLISHABLE_KEY: "pk_test_1" })).toEqual({
      secretKey: "sk_test_1",
      publishableKey: "pk_test_1",
      webhookSecret: null,
      apiUrl: STRIPE_API_URL,
    });
    expect(
      stripeConfig({
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_PUBLISHABLE_KEY: "pk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
        STRIPE_API_URL: "http://127.0.0.1:9/stripe/",
      }),
    ).toMatchObject({ webhookSecret: "whsec_1", apiUrl: "http://127.0.0.1:9/stripe" });
  });
});

describe("Stripe PaymentIntents", () => {
  it("creates one PaymentIntent for the order's exact amount, with a client secret for Stripe.js", async () => {
    const config = stripeAccount();
    const req = order({ amount: { amountCents: 1_234_567, currency: "USD" } });
    const created = await createStripePayment(config, req);
    expect(created.providerPaymentId).toMatch(/^pi_/);
    expect(created.approvalUrl).toBeNull();
    expect(created.clientSecret).toMatch(new RegExp(`^${created.providerPaymentId}_secret_`));
    expect(await intentAtStripe(config, created.providerPaymentId!)).toMatchObject({
      amount: 1_234_567,
      currency: "usd",
      status: "requires_payment_method",
      description: req.description,
      receipt_email: "ada@example.com",
      metadata: { order_number: req.orderNumber },
      automatic_payment_methods: { enabled: true },
    });
    expect(await requestsMade(config)).toEqual([
      { method: "POST", path: "/v1/payment_intents", idempotencyKey: req.idempotencyKey, status: 200, replayed: false },
    ]);
    expect(await intentsCreated(config)).toBe(1);
  });

  it("charges amounts to the cent: $0.50, $19.99 and $100,000.01", async () => {
    const config = stripeAccount();
    for (const amountCents of [50, 1999, 10_000_001]) {
      const id = await paidWith(config, "succeeded", amountCents);
      expect((await intentAtStripe(config, id)).amount).toBe(amountCents);
      expect(await confirmStripePayment(config, id)).toMatchObject({ status: "captured", amount: { amountCents, currency: "USD" } });
    }
  });

  it("a payment the shopper completed at Stripe is captured for the amount Stripe received", async () => {
    const config = stripeAccount();
    const id = await paidWith(config, "succeeded");
    const outcome = await confirmStripePayment(config, id);
    const intent = await intentAtStripe(config, id);
    expect(outcome).toMatchObject({ status: "captured", providerCaptureId: intent.latest_charge, amount: { amountCents: 1_234_567, currency: "USD" } });
    expect(intent.latest_charge).toMatch(/^ch_/);
  });

  it("a declined card is a decline with Stripe's message, and the order may be paid again", async () => {
    const config = stripeAccount();
    const id = await paidWith(config, "declined");
    expect(await confirmStripePayment(config, id)).toMatchObject({ status: "declined", reason: "Your card was declined." });
    // The shopper tries another card on the same PaymentIntent.
    await payAtStripe(config, id, "succeeded");
    expect(await confirmStripePayment(config, id)).toMatchObject({ status: "captured", amount: { amountCents: 1_234_567 } });
  });

  it("a payment still processing, or not yet attempted, leaves the order waiting; a cancelled one is declined", async () => {
    const config = stripeAccount();
    expect(await confirmStripePayment(config, await paidWith(config, "processing"))).toMatchObject({ status: "pending" });
    const untouched = await createStripePayment(config, order());
    expect(await confirmStripePayment(config, untouched.providerPaymentId!)).toMatchObject({ status: "pending" });
    expect(await confirmStripePayment(config, await paidWith(config, "canceled"))).toMatchObject({
      status: "declined",
      reason: expect.stringContaining("cancelled"),
    });
  });

  it("an id Stripe does not know (or another account's) is not found; a forged id is refused before asking", async () => {
    const config = stripeAccount();
    const someoneElses = await paidWith(stripeAccount(), "succeeded");
    expect(await refusalOf(confirmStripePayment(config, someoneElses))).toMatchObject({ kind: "not_found" });
    expect(await refusalOf(confirmStripePayment(config, "pi_123/../../v1/charges"))).toMatchObject({ kind: "bad_request" });
    expect(await requestsMade(config)).toHaveLength(1);
  });

  it("a 5xx then a success with the same idempotency key makes exactly one PaymentIntent", async () => {
    const config = stripeAccount();
    const req = order();
    await failNext(config, 500);
    const created = await createStripePayment(config, req);
    expect(await intentsCreated(config)).toBe(1);
    expect((await requestsMade(config)).map((r) => [r.status, r.idempotencyKey])).toEqual([
      [500, req.idempotencyKey],
      [200, req.idempotencyKey],
    ]);
    expect((await intentAtStripe(config, created.providerPaymentId!)).amount).toBe(1_234_567);
  });

  it("an answer lost after Stripe created the PaymentIntent: the retry gets the same one back, one PaymentIntent", async () => {
    const config = stripeAccount();
    await failNext(config, 502, 1, true);
    const created = await createStripePayment(config, order());
    expect(await intentsCreated(config)).toBe(1);
    expect((await requestsMade(config)).map((r) => [r.status, r.replayed])).toEqual([
      [502, false],
      [200, true],
    ]);
    expect(created.providerPaymentId).toMatch(/^pi_/);
  });

  it("the caller's next try with the same key answers the same PaymentIntent; other parameters under that key are refused", async () => {
    const config = stripeAccount();
    const req = order();
    const first = await createStripePayment(config, req);
    expect(await createStripePayment(config, req)).toMatchObject({ providerPaymentId: first.providerPaymentId, clientSecret: first.clientSecret });
    await expect(createStripePayment(config, { ...req, amount: { amountCents: 1_234_500, currency: "USD" } })).rejects.toThrow(/idempotency_error/);
    expect(await intentsCreated(config)).toBe(1);
    expect((await intentAtStripe(config, first.providerPaymentId!)).amount).toBe(1_234_567);
  });

  it("Stripe down (5xx or 429 three times): ProviderUnavailable after two retries, nothing created", async () => {
    for (const status of [503, 429]) {
      const config = stripeAccount();
      await failNext(config, status, 3);
      const e = await createStripePayment(config, order()).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(ProviderUnavailable);
      expect((e as ProviderUnavailable).provider).toBe("stripe");
      expect(await requestsMade(config)).toHaveLength(3);
      expect(await intentsCreated(config)).toBe(0);
    }
  });

  it("a timeout is ProviderUnavailable and nothing is charged", async () => {
    const config = stripeAccount();
    await hangNext(config);
    await expect(createStripePayment(config, order())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await requestsMade(config)).toHaveLength(3);
    expect(await intentsCreated(config)).toBe(0);
  });

  it("a timeout after Stripe created the PaymentIntent leaves the outcome to the next try: the same PaymentIntent, not a second", async () => {
    const config = stripeAccount();
    const req = order();
    await hangNext(config, { times: 3, afterCreate: true });
    await expect(createStripePayment(config, req)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await intentsCreated(config)).toBe(1);
    const retried = await createStripePayment(config, req);
    expect(await intentsCreated(config)).toBe(1);
    expect((await intentAtStripe(config, retried.providerPaymentId!)).metadata).toEqual({ order_number: req.orderNumber });
  });

  it("confirming retries a 5xx and gives up on a hang without deciding anything", async () => {
    const config = stripeAccount();
    const id = await paidWith(config, "succeeded");
    await failNext(config, 500, 2);
    expect(await confirmStripePayment(config, id)).toMatchObject({ status: "captured" });
    await hangNext(config);
    await expect(confirmStripePayment(config, id)).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it("a wrong secret key is a configuration error, not an outage", async () => {
    const config = stripeAccount({ secretKey: "pk_test_not_a_secret" });
    const e = await createStripePayment(config, order()).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(ProviderUnavailable);
    expect(String(e)).toContain("HTTP 401");
  });
});
