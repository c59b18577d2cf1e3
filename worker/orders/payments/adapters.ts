/**
 * Every provider behind the one adapter interface (provider.ts PaymentAdapter): the order services create,
 * confirm and refund through `adapterFor` and never name a provider's client. PayPal and Stripe keep their
 * own clients (paypal.ts, stripe.ts) wrapped here; the embedded gateway stands in for whichever method it
 * collects; Affirm, Splitit and TD are adapters configured by their secrets (providers.ts). Braintree makes
 * its sale at approval with the browser's nonce (routes.ts), so it has nothing to create or confirm here.
 */
import type { PaymentMethod } from "#shared/cart/model.ts";
import { refused } from "#shared/refusal.ts";
import { type LocalStandsFor, localAdapter } from "./local";
import { capturePayPalPayment, createPayPalPayment } from "./paypal";
import type { PaymentAdapter, ProviderName, RefundOutcome } from "./provider";
import { collectorFor, type Collector, type PaymentBindings } from "./providers";
import { confirmStripePayment, createStripePayment } from "./stripe";

export interface AdapterContext {
  origin: string;
  now: number;
}

const noRefund = (provider: string) => async (): Promise<RefundOutcome> => ({
  status: "failed",
  reason: `Refunds through ${provider} are made in its dashboard.`,
  raw: null,
});

/** What the embedded gateway's page looks like for a method. */
const STANDS_FOR: Partial<Record<PaymentMethod, LocalStandsFor>> = { paypal: "paypal", card: "card", affirm: "affirm", splitit: "splitit", financing: "td" };

/** The adapter of a collector (the provider chosen for a method), or null for a wire and Braintree. */
export function adapterOf(env: PaymentBindings, collector: Collector, method: string, ctx: AdapterContext): PaymentAdapter | null {
  switch (collector.provider) {
    case "paypal": {
      const config = collector.config;
      return {
        provider: "paypal",
        create: (req) => createPayPalPayment(config, req),
        confirm: (req) => capturePayPalPayment(config, req.providerPaymentId, req.idempotencyKey),
        refund: noRefund("PayPal"),
      };
    }
    case "stripe": {
      const config = collector.config;
      return {
        provider: "stripe",
        create: (req) => createStripePayment(config, req),
        confirm: (req) => confirmStripePayment(config, req.providerPaymentId),
        refund: noRefund("Stripe"),
      };
    }
    case "local":
      return localAdapter(env.DB, ctx.origin, ctx.now, STANDS_FOR[method as PaymentMethod] ?? "paypal");
    case "affirm":
    case "splitit":
    case "td":
      return collector.adapter;
    default:
      return null;
  }
}

/** The method whose collector is each provider (a payment remembers its provider; its method may be a wallet's name). */
const METHOD_OF: Record<Exclude<ProviderName, "local">, PaymentMethod> = {
  paypal: "paypal",
  braintree: "card",
  stripe: "card",
  affirm: "affirm",
  splitit: "splitit",
  td: "financing",
};

/**
 * The adapter that confirms or refunds a payment made through `provider` — the one configured now. A payment
 * whose provider is no longer configured here is a 404 to its approval (nothing to ask).
 */
export function adapterForPayment(env: PaymentBindings, payment: { provider: string; method: string }, ctx: AdapterContext): PaymentAdapter | null {
  if (payment.provider === "wire") return null;
  if (payment.provider === "local") {
    if (env.APP_ENV !== "local") return null;
    return localAdapter(env.DB, ctx.origin, ctx.now, STANDS_FOR[payment.method as PaymentMethod] ?? "paypal");
  }
  const method = METHOD_OF[payment.provider as Exclude<ProviderName, "local">];
  if (!method) return null;
  let collector: Collector;
  try {
    collector = collectorFor(env, method);
  } catch {
    return null;
  }
  return collector.provider === payment.provider ? adapterOf(env, collector, payment.method, ctx) : null;
}

/** As adapterForPayment, or a 404 naming the payment. */
export function requireAdapter(env: PaymentBindings, payment: { provider: string; method: string }, ctx: AdapterContext): PaymentAdapter {
  return adapterForPayment(env, payment, ctx) ?? refused("not_found", "No such payment for this order");
}
