/**
 * Every provider behind the one interface (provider.ts PaymentProvider; docs/decisions/061-one-payment-seam.md):
 * the order services start, approve, confirm and refund through `providerOf` / `providerForMethod` and never name
 * a provider's client. PayPal and Stripe keep their own clients (paypal.ts, stripe.ts) wrapped here; the embedded
 * gateway stands in for whichever method it collects; Affirm, Splitit and TD are adapters configured by their
 * secrets (providers.ts). Braintree makes its sale at approval with the browser's nonce; a wire's approval is the
 * operator's word. Every refund carries the refund's own key (PayPal-Request-Id, Idempotency-Key, Braintree's
 * searched orderId), so a retried refund never gives the money back twice.
 */
import type { PaymentMethod } from "#shared/cart/model.ts";
import { refused } from "#shared/refusal.ts";
import { type LocalStandsFor, localAdapter } from "./local";
import type { BraintreeConfig } from "./braintree";
import { refundBraintreeSale } from "./braintree-refund";
import { capturePayPalPayment, createPayPalPayment, refundPayPalCapture } from "./paypal";
import { chargeBraintreeNonce } from "./braintree";
import type { PaymentAdapter, PaymentProvider, ProviderName, RefundOutcome, RefundRequest } from "./provider";
import { collectorFor, type Collector, type PaymentBindings } from "./providers";
import { confirmStripePayment, createStripePayment, refundStripePayment, type StripeConfig } from "./stripe";
import { stripeOutcome, verifyStripeWebhook } from "./stripe-webhook";

export interface AdapterContext {
  origin: string;
  now: number;
}

/** A refund needs the provider's capture (PayPal's capture, Braintree's sale): without one there is nothing to refund. */
const uncaptured = (provider: string): RefundOutcome => ({ status: "failed", reason: `The payment has no ${provider} capture to refund.`, raw: null });

/**
 * Braintree behind the interface: its sale is made at approval with the browser's nonce (cards, Apple Pay,
 * Google Pay: the nonce's kind must be the method the shopper chose), for the payment's amount and key.
 */
function braintreeAdapter(config: BraintreeConfig): PaymentAdapter {
  const atApproval = () =>
    refused("not_implemented", "Braintree makes its sale when the shopper approves with the card form's nonce: nothing to create or confirm here.");
  return {
    provider: "braintree",
    create: async () => atApproval(),
    confirm: async () => atApproval(),
    approve: (order, payment, input) => {
      if (!input.nonce) return refused("bad_request", "A card payment needs the card form's nonce.");
      const req = {
        orderNumber: order.order_number,
        amount: { amountCents: payment.amount_cents, currency: "USD" as const },
        description: `Loupe order ${order.order_number}`,
        returnUrl: "",
        cancelUrl: "",
        idempotencyKey: payment.idempotency_key,
        email: order.email,
      };
      return chargeBraintreeNonce(config, req, input.nonce, input.description);
    },
    refund: (req: RefundRequest) =>
      req.providerCaptureId ? refundBraintreeSale(config, req.providerCaptureId, req) : Promise.resolve(uncaptured("Braintree")),
  };
}

/** Stripe: the PaymentIntent the browser confirmed is read back; its webhook verified over the raw body. */
function stripeAdapter(config: StripeConfig): PaymentAdapter & Pick<PaymentProvider, "webhook"> {
  return {
    provider: "stripe",
    create: (req) => createStripePayment(config, req),
    confirm: (req) => confirmStripePayment(config, req.providerPaymentId),
    refund: (req) => refundStripePayment(config, req),
    webhook: async (rawBody, headers, now) => {
      if (!config.webhookSecret) return refused("not_found", "Stripe webhooks are not configured on this site.");
      const event = await verifyStripeWebhook(rawBody, headers.get("stripe-signature"), config.webhookSecret, now);
      return { id: event.id, type: event.type, providerPaymentId: event.paymentIntent?.id ?? null, outcome: stripeOutcome(event), raw: event };
    },
  };
}

/** What the embedded gateway's page looks like for a method. */
const STANDS_FOR: Partial<Record<PaymentMethod, LocalStandsFor>> = { paypal: "paypal", card: "card", affirm: "affirm", splitit: "splitit", financing: "td" };

/** The adapter of a collector (the provider chosen for a method), or null for a wire. */
export function adapterOf(env: PaymentBindings, collector: Collector, method: string, ctx: AdapterContext): PaymentAdapter | null {
  switch (collector.provider) {
    case "paypal": {
      const config = collector.config;
      return {
        provider: "paypal",
        create: (req) => createPayPalPayment(config, req),
        confirm: (req) => capturePayPalPayment(config, req.providerPaymentId, req.idempotencyKey),
        refund: (req) => (req.providerCaptureId ? refundPayPalCapture(config, req.providerCaptureId, req) : Promise.resolve(uncaptured("PayPal"))),
      };
    }
    case "stripe":
      return stripeAdapter(collector.config);
    case "braintree":
      return braintreeAdapter(collector.config);
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

/** The bank wire behind the interface: nothing to create; its approval is the operator's word that the transfer arrived. */
const WIRE: PaymentProvider = {
  provider: "wire",
  start: async () => null,
  approve: async (order, payment) => ({
    status: "captured",
    providerCaptureId: `wire-${order.order_number}`,
    amount: { amountCents: payment.amount_cents, currency: "USD" },
    raw: { receivedBy: "operator" },
  }),
  confirm: async () => ({ status: "pending", raw: { waitingFor: "the transfer" } }),
  refund: async (req) => ({ status: "refunded", providerRefundId: `wire-refund-${req.idempotencyKey}`, amount: req.amount, raw: { transferBy: "operator" } }),
};

/** An adapter as a PaymentProvider: its approval confirms the payment the provider made, with what the browser brought. */
export function asProvider(adapter: PaymentAdapter & Partial<Pick<PaymentProvider, "webhook">>): PaymentProvider {
  return {
    provider: adapter.provider,
    start: (req) => adapter.create(req),
    confirm: (req) => adapter.confirm(req),
    refund: (req) => adapter.refund(req),
    webhook: adapter.webhook,
    approve:
      adapter.approve?.bind(adapter) ??
      (async (order, payment, input) => {
        if (!payment.provider_payment_id) return { status: "pending", raw: { waitingFor: "the payment at the provider" } };
        return adapter.confirm({
          providerPaymentId: payment.provider_payment_id,
          token: input.token,
          amount: { amountCents: payment.amount_cents, currency: "USD" },
          orderNumber: order.order_number,
          idempotencyKey: `${payment.idempotency_key}-capture`,
          extra: input.extra,
        });
      }),
  };
}

/** The provider of a payment (the one configured now), or null when it is not configured here. */
export function providerOf(env: PaymentBindings, payment: { provider: string; method: string }, ctx: AdapterContext): PaymentProvider | null {
  if (payment.provider === "wire") return WIRE;
  const adapter = adapterForPayment(env, payment, ctx);
  return adapter ? asProvider(adapter) : null;
}

/** Stripe as a provider (its webhook route: whichever provider collects cards, Stripe's events are Stripe's). */
export const stripeProvider = (config: StripeConfig): PaymentProvider => asProvider(stripeAdapter(config));

/** The provider that collects `method` here (the payment step), or null for none. */
export function providerForMethod(env: PaymentBindings, method: PaymentMethod, ctx: AdapterContext): PaymentProvider | null {
  const collector = collectorFor(env, method);
  if (collector.provider === "wire") return WIRE;
  const adapter = adapterOf(env, collector, method, ctx);
  return adapter ? asProvider(adapter) : null;
}
