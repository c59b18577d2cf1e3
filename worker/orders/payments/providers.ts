/**
 * Which provider collects a payment method, from the configured secrets (docs/decisions/015, 032): PayPal for
 * `paypal`; for `card` Braintree (cards, Apple Pay, Google Pay), else Stripe; Affirm for `affirm`, Splitit for
 * `splitit`, TD for `financing`; `wire` needs no provider (the order waits for the transfer and an operator
 * marks it received). With nothing configured and APP_ENV `local`, the embedded test gateway collects every
 * method, so `npm start` can take a payment end to end.
 */
import type { PaymentMethod } from "#shared/cart/model.ts";
import { refused } from "#shared/refusal.ts";
import { affirmAdapter, type AffirmBindings } from "./affirm";
import { braintreeConfig, type BraintreeConfig } from "./braintree";
import type { PaymentAdapter } from "./provider";
import { splititAdapter, type SplititBindings } from "./splitit";
import { tdAdapter, type TdBindings } from "./td";
import { paypalConfig, type PayPalConfig } from "./paypal";
import { stripeConfig, type StripeConfig } from "./stripe";

/** The providers' configuration: secrets (client secrets, API keys, the webhook secret) and vars (API origins, publishable key, merchant account). */
export interface PaymentBindings extends AffirmBindings, SplititBindings, TdBindings {
  DB: D1Database;
  APP_ENV?: string;
  /** PayPal REST app (secrets; both, or PayPal is not offered) and its API origin (var; sandbox by default, https://api-m.paypal.com in production). */
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_API_URL?: string;
  /** Braintree (cards, Apple Pay, Google Pay): API keys (secrets), merchant account and API origin (vars). */
  BRAINTREE_PUBLIC_KEY?: string;
  BRAINTREE_PRIVATE_KEY?: string;
  BRAINTREE_MERCHANT_ACCOUNT_ID?: string;
  BRAINTREE_API_URL?: string;
  /** Stripe: secret key and webhook signing secret (secrets), publishable key and API origin (vars). */
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
}

export type Collector =
  | { provider: "paypal"; config: PayPalConfig }
  | { provider: "braintree"; config: BraintreeConfig }
  | { provider: "stripe"; config: StripeConfig }
  /** A provider behind the one adapter interface (issue 22). */
  | { provider: "affirm" | "splitit" | "td"; adapter: PaymentAdapter }
  | { provider: "local" }
  | { provider: "wire" };

/** The providers of the pay-over-time methods, each an adapter configured by its secrets (null: not configured). */
const PAY_OVER_TIME = {
  affirm: (env: PaymentBindings) => affirmAdapter(env),
  splitit: (env: PaymentBindings) => splititAdapter(env),
  financing: (env: PaymentBindings) => tdAdapter(env),
} as const;

/** The provider that collects `method` here, or a 501 refusal naming what is missing. */
export function collectorFor(env: PaymentBindings, method: PaymentMethod): Collector {
  const local = env.APP_ENV === "local";
  if (method === "wire") return { provider: "wire" };
  if (method === "paypal") {
    const config = paypalConfig(env);
    if (config) return { provider: "paypal", config };
  }
  if (method === "card") {
    const braintree = braintreeConfig(env);
    if (braintree) return { provider: "braintree", config: braintree };
    const stripe = stripeConfig(env);
    if (stripe) return { provider: "stripe", config: stripe };
  }
  if (method === "affirm" || method === "splitit" || method === "financing") {
    const adapter = PAY_OVER_TIME[method](env);
    if (adapter) return { provider: adapter.provider as "affirm" | "splitit" | "td", adapter };
  }
  if (local) return { provider: "local" };
  return refused("not_implemented", `Paying by ${method} is not available on this site yet; choose another payment method.`);
}
