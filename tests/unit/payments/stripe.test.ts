/**
 * The Stripe adapter with a stubbed fetch, in Node: the exact request Stripe documents (form body, Bearer key,
 * Idempotency-Key), which failures are retried with the same key, and the webhook signature header's edge cases
 * signed independently with Node's crypto (several schemes, odd spacing, a body that is not an event).
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ProviderUnavailable } from "#worker/orders/payments/provider.ts";
import { confirmStripePayment, createStripePayment, STRIPE_ATTEMPTS, type StripeConfig } from "#worker/orders/payments/stripe.ts";
import { verifyStripeWebhook } from "#worker/orders/payments/stripe-webhook.ts";
import { DomainError } from "#shared/refusal.ts";

const INTENT = {
  id: "pi_1",
  object: "payment_intent",
  amount: 4999,
  amount_received: 0,
  currency: "usd",
  status: "requires_payment_method",
  client_secret: "pi_1_secret_x",
};

function stub(...answers: (() => Response | Promise<Response>)[]) {
  const seen: { url: string; init: RequestInit }[] = [];
  const config: StripeConfig = {
    secretKey: "sk_test_key",
    publishableKey: "pk_test_key",
    webhookSecret: null,
    apiUrl: "https://api.stripe.test",
    timeoutMs: 1000,
    fetch: (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return (answers[Math.min(seen.length, answers.length) - 1] ?? (() => Response.json(INTENT)))();
    }) as typeof fetch,
  };
  return { config, seen };
}

const REQ = {
  orderNumber: "LP0000000042",
  amount: { amountCents: 4999, currency: "USD" as const },
  description: "Loupe order LP0000000042",
  returnUrl: "https://loupe.test/r",
  cancelUrl: "https://loupe.test/c",
  idempotencyKey: "key-1",
  email: "ada@example.com",
};

describe("createStripePayment", () => {
  it("posts the documented form with the Bearer key and the idempotency key", async () => {
    const { config, seen } = stub(() => Response.json(INTENT));
    expect(await createStripePayment(config, REQ)).toEqual({ providerPaymentId: "pi_1", approvalUrl: null, clientSecret: "pi_1_secret_x", raw: INTENT });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe("https://api.stripe.test/v1/payment_intents");
    expect(seen[0]!.init.method).toBe("POST");
    expect(seen[0]!.init.headers).toMatchObject({
      Authorization: "Bearer sk_test_key",
      "Idempotency-Key": "key-1",
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(Object.fromEntries(new URLSearchParams(String(seen[0]!.init.body)))).toEqual({
      amount: "4999",
      currency: "usd",
      description: "Loupe order LP0000000042",
      "metadata[order_number]": "LP0000000042",
      receipt_email: "ada@example.com",
      "automatic_payment_methods[enabled]": "true",
    });
  });

  it("retries a network error, a 409 and a 5xx with the same key, then gives up", async () => {
    const { config, seen } = stub(
      () => Promise.reject(new TypeError("connection reset")),
      () => Response.json({ error: { type: "idempotency_error", message: "in flight" } }, { status: 409 }),
      () => Response.json({ error: { type: "api_error" } }, { status: 500 }),
    );
    const e = await createStripePayment(config, REQ).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ProviderUnavailable);
    expect(seen).toHaveLength(STRIPE_ATTEMPTS);
    expect(new Set(seen.map((s) => (s.init.headers as Record<string, string>)["Idempotency-Key"]))).toEqual(new Set(["key-1"]));
  });

  it("refuses an answer for another amount, and never sends a fractional or zero amount", async () => {
    const { config } = stub(() => Response.json({ ...INTENT, amount: 4998 }));
    await expect(createStripePayment(config, REQ)).rejects.toThrow(/4998/);
    await expect(createStripePayment(config, { ...REQ, amount: { amountCents: 49.99, currency: "USD" } })).rejects.toThrow(/amount/);
    await expect(createStripePayment(config, { ...REQ, amount: { amountCents: 0, currency: "USD" } })).rejects.toThrow(/amount/);
  });

  it("a 400 from Stripe is an error naming its type and code, not an outage", async () => {
    const { config, seen } = stub(() =>
      Response.json({ error: { type: "invalid_request_error", code: "amount_too_small", message: "Amount must be at least $0.50 usd" } }, { status: 400 }),
    );
    const e = await createStripePayment(config, REQ).catch((err: unknown) => err);
    expect(e).not.toBeInstanceOf(ProviderUnavailable);
    expect(String(e)).toContain("invalid_request_error/amount_too_small");
    expect(seen).toHaveLength(1);
  });
});

describe("confirmStripePayment", () => {
  it("reads a succeeded intent's amount_received and its charge", async () => {
    const { config, seen } = stub(() => Response.json({ ...INTENT, status: "succeeded", amount_received: 4999, latest_charge: "ch_9" }));
    expect(await confirmStripePayment(config, "pi_1")).toMatchObject({
      status: "captured",
      providerCaptureId: "ch_9",
      amount: { amountCents: 4999, currency: "USD" },
    });
    expect(seen[0]).toMatchObject({ url: "https://api.stripe.test/v1/payment_intents/pi_1", init: { method: "GET" } });
  });

  it("an intent that needs 3-D Secure is still pending", async () => {
    const { config } = stub(() => Response.json({ ...INTENT, status: "requires_action" }));
    expect(await confirmStripePayment(config, "pi_1")).toMatchObject({ status: "pending" });
  });
});

const SECRET = "whsec_unit";
const NOW = 1_800_000_000_000;
const T = NOW / 1000;
const EVENT = JSON.stringify({ id: "evt_1", object: "event", type: "charge.refunded", created: T, data: { object: { id: "ch_1", object: "charge" } } });
const v1 = (payload: string, t = T, secret = SECRET) => createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");

async function refusal(p: Promise<unknown>): Promise<string> {
  const e = await p.catch((err: unknown) => err);
  expect(e).toBeInstanceOf(DomainError);
  return (e as DomainError).refusal.kind;
}

describe("verifyStripeWebhook", () => {
  it("accepts Stripe's header with other schemes and spaces; events about other objects have no payment intent", async () => {
    const header = `t=${T}, v0=${"0".repeat(64)}, v1=${v1(EVENT)}, x=y`;
    expect(await verifyStripeWebhook(EVENT, header, SECRET, NOW)).toEqual({ id: "evt_1", type: "charge.refunded", created: T, paymentIntent: null });
  });

  it("refuses headers without a timestamp, with a malformed signature, or a signature for another timestamp", async () => {
    expect(await refusal(verifyStripeWebhook(EVENT, `v1=${v1(EVENT)}`, SECRET, NOW))).toBe("bad_request");
    expect(await refusal(verifyStripeWebhook(EVENT, `t=${T},v1=${v1(EVENT).slice(1)}`, SECRET, NOW))).toBe("bad_request");
    expect(await refusal(verifyStripeWebhook(EVENT, `t=${T},v1=${"z".repeat(64)}`, SECRET, NOW))).toBe("bad_request");
    expect(await refusal(verifyStripeWebhook(EVENT, `t=${T + 1},v1=${v1(EVENT)}`, SECRET, NOW))).toBe("bad_request");
    expect(await refusal(verifyStripeWebhook(EVENT, "", SECRET, NOW))).toBe("bad_request");
  });

  it("refuses a correctly signed body that is not a Stripe event", async () => {
    for (const body of ["not json", "[]", JSON.stringify({ id: "evt_1", type: "x" })]) {
      expect(await refusal(verifyStripeWebhook(body, `t=${T},v1=${v1(body)}`, SECRET, NOW))).toBe("bad_request");
    }
  });
});
