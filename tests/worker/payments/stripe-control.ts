/**
 * The worker tests' handle on the loopback Stripe fake (tests/fakes/stripe.ts): a Stripe configuration of its own
 * (a fresh secret key is a fresh account at the fake, so tests never share payments) and the fake's control calls.
 */
import { inject } from "vitest";
import type { FakePaymentIntent, FakeRefund, FakeStripeRequest } from "../../fakes/stripe";
import type { StripeConfig } from "#worker/orders/payments/stripe.ts";

/** A Stripe configuration at the fake with its own account; short timeouts so a hang costs little. */
export function stripeAccount(overrides: Partial<StripeConfig> = {}): StripeConfig {
  const suffix = crypto.randomUUID().replaceAll("-", "");
  return {
    secretKey: `sk_test_${suffix}`,
    publishableKey: `pk_test_${suffix}`,
    webhookSecret: `whsec_${suffix}`,
    apiUrl: `${inject("fakesOrigin")}/stripe`,
    timeoutMs: 150,
    ...overrides,
  };
}

async function control<T>(action: string, body: unknown): Promise<T> {
  const res = await fetch(`${inject("fakesOrigin")}/__control/stripe/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** The shopper's confirmation at Stripe (Stripe.js): the PaymentIntent after it and the event Stripe sends. */
export const payAtStripe = (config: StripeConfig, id: string, outcome: "succeeded" | "declined" | "processing" | "canceled") =>
  control<{ intent: FakePaymentIntent; event: { id: string; type: string; created: number; data: { object: FakePaymentIntent } } }>("pay", {
    secretKey: config.secretKey,
    id,
    outcome,
  });
/** The next `times` requests answer `status`; `afterCreate`: the create happens and only its answer is lost. */
export const failNext = (config: StripeConfig, status: number, times = 1, afterCreate = false) =>
  control("fail", { secretKey: config.secretKey, status, times, afterCreate });
/** The next `times` requests (all when omitted) get no answer for `ms` (1000 by default: past the tests' short timeouts). */
export const hangNext = (config: StripeConfig, o: { times?: number; afterCreate?: boolean; ms?: number } = {}) =>
  control("hang", { secretKey: config.secretKey, ...o });
/** PaymentIntents the account has (replays make none). */
export const intentsCreated = (config: StripeConfig) => control<{ created: number }>("count", { secretKey: config.secretKey }).then((r) => r.created);
/** The PaymentIntent as Stripe holds it (what the dashboard shows). */
export const intentAtStripe = (config: StripeConfig, id: string) => control<FakePaymentIntent>("intent", { secretKey: config.secretKey, id });
/** Every request the account's fake answered. */
export const requestsMade = (config: StripeConfig) => control<FakeStripeRequest[]>("requests", { secretKey: config.secretKey });
/** A `Stripe-Signature` header for `payload` at `timestamp` (unix seconds), one v1 per secret, as Stripe signs. */
export const signAsStripe = (secret: string | string[], payload: string, timestamp: number) =>
  control<{ header: string }>("sign", { secret, payload, timestamp }).then((r) => r.header);
/** The refunds Stripe really made of a PaymentIntent. */
export const refundsAtStripe = (config: StripeConfig, id: string) => control<FakeRefund[]>("refunds", { secretKey: config.secretKey, id });
