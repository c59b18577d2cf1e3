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

export type ProviderName = "paypal" | "braintree" | "stripe" | "local" | "affirm" | "splitit" | "td";

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
  /** Where each outcome returns (TD's application: approved, declined, referred, cancelled), over the defaults. */
  returnUrls?: Partial<Record<"approved" | "declined" | "referred" | "cancelled", string>>;
  /** How the shopper enters (TD: apply, or use an existing account). */
  entryType?: string;
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
  | { status: "pending"; raw: unknown }
  /** A lender referred the application (§4 financing outcome "referred"): it decides later; the order waits for it. */
  | { status: "referred"; raw: unknown }
  /** The shopper cancelled at the provider (§4 "cancelled"): nothing was charged; the order waits for another payment. */
  | { status: "cancelled"; reason: string; raw: unknown };

/** Confirming a payment with its provider: what the shopper returned with, checked by asking the provider. */
export interface ConfirmRequest {
  /** The provider's reference of the payment (its provider_payment_id). */
  providerPaymentId: string;
  /**
   * What the shopper brought back from the provider when it issues a token at approval (Affirm's
   * checkout_token, TD's transaction link); the provider is asked about it, it is never trusted.
   */
  token?: string;
  /** The amount the shop expects (the payment's), so an adapter can authorise exactly that. */
  amount: Money;
  orderNumber: string;
  /** The key the provider sees on every retry of this confirmation (one capture, however often it is asked). */
  idempotencyKey: string;
  /** Anything else the approval call carried (TD: the account number and credit plan). */
  extra?: Record<string, string>;
}

/** Giving money back through the provider that took it. */
export interface RefundRequest {
  providerPaymentId: string | null;
  providerCaptureId: string | null;
  amount: Money;
  reason: string;
  orderNumber: string;
  /** The same for every retry of this refund: the provider refunds once. */
  idempotencyKey: string;
}

export type RefundOutcome =
  | { status: "refunded"; providerRefundId: string; amount: Money; raw: unknown }
  | { status: "failed"; reason: string; raw: unknown }
  /** The provider accepted it but has not finished (it completes later). */
  | { status: "pending"; providerRefundId: string | null; raw: unknown };

/**
 * One provider behind the shop (issue 22): create the payment for the server's amount, confirm it by asking
 * the provider (never the browser), refund it. Every call that moves money carries the caller's
 * idempotency key; 5xx and network errors are retried inside the adapter with the same key, and an adapter
 * that still cannot reach the provider (or times out) throws ProviderUnavailable.
 */
export interface PaymentAdapter {
  readonly provider: ProviderName;
  create(req: PaymentRequest): Promise<CreatedPayment>;
  confirm(req: ConfirmRequest): Promise<CaptureOutcome>;
  refund(req: RefundRequest): Promise<RefundOutcome>;
  /** When the approval is not a confirmation of a payment the provider made (Braintree's sale with the nonce). */
  approve?(order: ApprovingOrder, payment: ApprovingPayment, input: BrowserInput): Promise<CaptureOutcome>;
}

/** What the browser brought to an approval: passed on to the provider to ask about, never believed. */
export interface BrowserInput {
  /** Affirm's checkout token, TD's transaction link. */
  token?: string;
  /** Braintree: the card form's nonce, and what it says it is (CreditCard, ApplePayCard, AndroidPayCard). */
  nonce?: string;
  description?: string;
  /** Anything else the approval carried (TD: the account number and credit plan). */
  extra?: Record<string, string>;
}

/** What a provider needs of the order and the payment it approves. */
export interface ApprovingOrder {
  order_number: string;
  email: string;
}
export interface ApprovingPayment {
  id: string;
  order_number: string;
  amount_cents: number;
  idempotency_key: string;
  provider_payment_id: string | null;
}

/** A verified provider event: its id (the replay key), the payment it names, and what it says (null: nothing to apply). */
export interface ProviderEvent {
  id: string;
  type: string;
  providerPaymentId: string | null;
  outcome: CaptureOutcome | null;
  raw: unknown;
}

/**
 * The one seam between the shop and a payment provider (docs/decisions/061-one-payment-seam.md), implemented by
 * PayPal, Braintree (cards, Apple Pay, Google Pay), Stripe, Affirm, Splitit, TD, the bank wire and the embedded
 * gateway (adapters.ts providerOf): `start` creates the payment for the server's amount (null: nothing is made
 * before the approval — Braintree's sale, a wire); `approve` asks the provider about what the shopper did and
 * answers its outcome (the one approval path applies it: worker/orders/approve.ts); `confirm` asks about a
 * payment the provider made (a return page, the cron); `refund` gives money back; `webhook` verifies a
 * provider's event over its raw body and says what it means.
 */
export interface PaymentProvider {
  readonly provider: ProviderName | "wire";
  start(req: PaymentRequest): Promise<CreatedPayment | null>;
  approve(order: ApprovingOrder, payment: ApprovingPayment, input: BrowserInput): Promise<CaptureOutcome>;
  confirm(req: ConfirmRequest): Promise<CaptureOutcome>;
  refund(req: RefundRequest): Promise<RefundOutcome>;
  webhook?(rawBody: string, headers: Headers, now: number): Promise<ProviderEvent>;
}

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

/** The provider could not be reached: nothing is known to be charged; the order waits (the API answers 502). */
export class PaymentUnavailable extends Error {}
