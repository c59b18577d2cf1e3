/**
 * Stripe against the conformance table (conformance.ts; docs/conformance.md), through the loopback Stripe fake:
 * the shopper confirms the PaymentIntent with Stripe.js (that is the charge); the shop reads it back on approval,
 * and Stripe's `payment_intent.*` webhooks (signed as Stripe signs) tell the same.
 */
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import type { StripeConfig } from "#worker/orders/payments/stripe.ts";
import { placedWith } from "../orders/orders-helpers";
import { failNext, hangNext, intentAtStripe, intentsCreated, payAtStripe, refundsAtStripe, signAsStripe, stripeAccount } from "../payments/stripe-control";
import { type Checkout, conformance } from "./conformance";

let next = 231;
const accounts = new Map<string, { account: StripeConfig; pi: string }>();
const of = (c: Checkout) => accounts.get(c.orderNumber)!;

/** A delivery of `event` to the shop's Stripe webhook, signed with the account's secret. */
async function signed(account: StripeConfig, event: unknown) {
  const body = JSON.stringify(event);
  const signature = await signAsStripe(account.webhookSecret!, body, Math.floor(Date.now() / 1000));
  return { body, headers: { "content-type": "application/json", "stripe-signature": signature } };
}

conformance(
  "Stripe",
  {
    chargedOnAgree: true,
    async checkout() {
      const account = stripeAccount({ timeoutMs: 5_000 });
      const bindings = {
        STRIPE_SECRET_KEY: account.secretKey,
        STRIPE_PUBLISHABLE_KEY: account.publishableKey,
        STRIPE_WEBHOOK_SECRET: account.webhookSecret!,
        STRIPE_API_URL: account.apiUrl,
      };
      const { placed, send } = await placedWith(bindings, "card", next++);
      const pi = placed.payment.clientSecret!.split("_secret_")[0]!;
      accounts.set(placed.order.orderNumber, { account, pi });
      return {
        orderNumber: placed.order.orderNumber,
        bindings,
        agree: async () => void (await payAtStripe(account, pi, "succeeded")),
        approve: async () => {
          const res = await send(`/api/orders/stripe/${pi}/approve`, { method: "PUT" });
          return { status: res.status, body: (await res.json()) as ApprovalResult };
        },
        // The order's one PaymentIntent, once it succeeded (a second PaymentIntent would count too).
        captures: async () => ((await intentAtStripe(account, pi)).status === "succeeded" ? intentsCreated(account) : 0),
      };
    },
    decline: async (c) => void (await payAtStripe(of(c).account, of(c).pi, "declined")),
    async cancel(c) {
      await payAtStripe(of(c).account, of(c).pi, "canceled");
      // Stripe reports a canceled PaymentIntent as a failed payment: the order waits for another one.
      return "declined";
    },
    // Stripe.js charged; the shop's three reads of the PaymentIntent get no answer in time.
    timeoutAfterCapture: async (c) => void (await hangNext(of(c).account, { times: 3, ms: 11_000 })),
    fail: (c) => failNext(of(c).account, 503, 3).then(() => undefined),
    async webhooks(c) {
      const { account, pi } = of(c);
      // A failed try at Stripe, then the success: their events are delivered success first, failure last.
      const failed = (await payAtStripe(account, pi, "declined")).event;
      const captured = (await payAtStripe(account, pi, "succeeded")).event;
      return { provider: "stripe", captured: await signed(account, captured), failed: await signed(account, failed) };
    },
    refunds: { count: async (c) => (await refundsAtStripe(of(c).account, of(c).pi)).length },
  },
  {
    success: "runs",
    decline: "runs",
    cancel: "runs",
    "timeout after capture": "runs",
    "5xx then success": "runs",
    webhooks: "runs",
    refund: "runs",
    crash: "runs",
  },
);
