/**
 * One interface for every payment provider (issue 18): PayPal (Orders v2), cards through Braintree
 * (GraphQL), Stripe (PaymentIntents) and the embedded local gateway. An adapter creates a payment for an
 * amount the server computed from its order (never from the browser) and later confirms it with the
 * provider; the order's state changes only on what the provider confirms (or a verified webhook).
 * Every call that moves money carries an idempotency key, so a retry after a lost answer never charges twice.
 */

/** Money in integer minor units (cents); the shop charges USD. */
export interface Money {
  amountCents: number;
  currency: "USD";
}

/** `12345` cents → `"123.45"` (the providers' decimal strings). */
export function decimal(amountCents: number): string {
  const sign = amountCents < 0 ? "-" : "";
  const abs = Math.abs(amountCents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** `"123.45"` → `12345` (exact: no floating point). Throws on anything that is not a plain decimal amount. */
export function cents(value: string): number {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Error(`not an amount: ${value}`);
  const n = Number(m[2]) * 100 + Number((m[3] ?? "0").padEnd(2, "0"));
  return m[1] ? -n : n;
}

export type ProviderName = "paypal" | "braintree" | "stripe" | "local";

/** What the shop asks a provider to collect. */
export interface PaymentRequest {
  /** The shop's order number, e.g. LP0123456789 (the provider's reference / invoice id). */
  orderNumber: string;
  amount: Money;
  /** "Loupe order LP0123456789". */
  description: string;
  /** Where the buyer returns after approving at the provider (PayPal, the local gateway). */
  returnUrl: string;
  cancelUrl: string;
  /** Stable for this payment attempt: the provider sees the same key on every retry of the same request. */
  idempotencyKey: string;
  email?: string;
}

/** A payment created at the provider, waiting for the buyer. */
export interface CreatedPayment {
  /** The provider's id of the payment (PayPal order id, Stripe PaymentIntent id, local payment id); null for Braintree (the sale happens at capture with the nonce). */
  providerPaymentId: string | null;
  /** Where to send the buyer to approve (PayPal's payer-action link, the local gateway page); null when the browser confirms itself (Stripe, Braintree). */
  approvalUrl: string | null;
  /** For the browser's own confirmation (Stripe's client_secret); null otherwise. */
  clientSecret: string | null;
  /** The provider's answer, kept in the payment events. */
  raw: unknown;
}

/** What the provider says about collecting the money. */
export type CaptureOutcome =
  | { status: "captured"; providerCaptureId: string; amount: Money; raw: unknown }
  | { status: "declined"; reason: string; raw: unknown }
  /** Not decided yet (Stripe `processing`, a wire not yet received): the order keeps waiting. */
  | { status: "pending"; raw: unknown };

/**
 * The provider could not be reached or answered 5xx/429 after the adapter's own retries (each with the same
 * idempotency key), or timed out: nothing is known to have been charged, the order stays awaiting payment
 * and the same request may be retried later with the same key.
 */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ProviderUnavailable";
  }
}
