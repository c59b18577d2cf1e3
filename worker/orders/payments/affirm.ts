/**
 * Affirm (issue 22; docs/decisions/033-affirm-and-splitit.md) over plain fetch, Basic auth `public:private`:
 * - create: `POST /api/v2/checkout/direct` (Direct Checkout: the merchant's confirmation and cancel URLs, the
 *   token returned by GET, the order id, the total in cents, the items and the shipping address) answers
 *   `checkout_id` (the payment's reference) and `redirect_url` (where the shopper applies for the loan);
 * - confirm: the shopper comes back with a `checkout_token`, which is never trusted: the server authorises it
 *   (`POST /api/v1/transactions {transaction_id: checkout_token, order_id}`), checks the transaction is this
 *   payment's checkout for the payment's amount, then captures it (`POST /api/v1/transactions/{id}/capture`).
 *   A declined or failed authorisation is a decline; a token Affirm does not accept changes nothing (pending);
 * - refund: `POST /api/v1/transactions/{id}/refund {amount}`.
 * Every call that moves money carries `Idempotency-Key` (the same on every retry: Affirm answers a repeat with
 * the first result); 5xx, 429, 409 "this idempotency key is processing" and network errors are retried twice
 * at once with the same key, then ProviderUnavailable; a timeout is ProviderUnavailable at once.
 * docs: https://docs.affirm.com/developers/reference (direct checkout, authorize, capture, refund, errors)
 */
import { AFFIRM_TIMEOUT_MS, type AffirmBindings, type AffirmConfig, affirmConfig } from "./affirm-config";
import { type CheckoutDetails, checkoutDetails, NO_DETAILS } from "./order-details";
import {
  type CaptureOutcome,
  type ConfirmRequest,
  type CreatedPayment,
  type PaymentAdapter,
  type PaymentRequest,
  ProviderUnavailable,
  type RefundOutcome,
  type RefundRequest,
} from "./provider";
import { type Answer, exchange, type Reach, record, Transient, text, withRetries } from "./provider-http";

export { type AffirmBindings, type AffirmConfig, affirmConfig } from "./affirm-config";

/** Affirm's error object: `{status_code, type, code, message, field}`. */
function problemOf(answer: Answer): { code: string; text: string } {
  const e = record(answer.body);
  const code = text(e.code);
  const parts = [text(e.type), code].filter(Boolean).join(" ");
  const message = text(e.message) || (typeof answer.body === "string" ? answer.body.slice(0, 200) : "");
  const field = text(e.field);
  return { code, text: `HTTP ${answer.status}${parts ? ` ${parts}` : ""}${message ? `: ${message}` : ""}${field ? ` (${field})` : ""}` };
}

const unavailable = (message: string) => new ProviderUnavailable("affirm", message);

/** The transaction statuses whose money Affirm has captured. */
const CAPTURED = new Set(["captured", "confirmed", "partially_refunded", "refunded", "disputed", "dispute_refunded"]);

/** A checkout token as Affirm issues them (its transaction id: 12 or 16 letters and digits; a little room either way). */
const TOKEN = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * One API call with the adapter's retries: the answer Affirm gave (2xx or a 4xx worth reading), or
 * ProviderUnavailable after three failed tries, a timeout, or keys Affirm refuses.
 */
async function call(config: AffirmConfig, method: "GET" | "POST", path: string, body: unknown, key: string | null, what: string): Promise<Answer> {
  const reach: Reach = { provider: "affirm", name: "Affirm", fetch: config.fetch, timeoutMs: config.timeoutMs ?? AFFIRM_TIMEOUT_MS };
  const headers: Record<string, string> = { Authorization: `Basic ${btoa(`${config.publicKey}:${config.privateKey}`)}`, Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (key !== null) headers["Idempotency-Key"] = key;
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  return withRetries(reach, what, async () => {
    const answer = await exchange(reach, `${config.apiUrl}${path}`, init, what);
    if (answer.status === 401 || answer.status === 403) throw unavailable(`Affirm refused the shop's API keys on the ${what} (${problemOf(answer).text})`);
    // A 409 here is "the transaction with this idempotency key is processing": the same key, a moment later.
    if (answer.status >= 500 || answer.status === 429 || (answer.status === 409 && /idempotency/i.test(problemOf(answer).text)))
      throw new Transient(problemOf(answer).text);
    return answer;
  });
}

/** The checkout object's items: each line at its unit price (or as one unit when its total does not divide evenly). */
function itemsOf(details: CheckoutDetails) {
  return details.lines.map((l) => {
    const even = l.quantity > 0 && l.totalCents % l.quantity === 0;
    return {
      display_name: l.name.slice(0, 200),
      sku: l.sku.slice(0, 100),
      unit_price: even ? l.totalCents / l.quantity : l.totalCents,
      qty: even ? l.quantity : 1,
    };
  });
}

/** The checkout object's shipping contact (Affirm wants a country as ISO alpha-3 or alpha-2; the shop keeps alpha-2). */
function shippingOf(details: CheckoutDetails, email?: string) {
  const a = details.shipping;
  if (!a) return undefined;
  return {
    name: { full: a.name },
    address: { line1: a.line1, ...(a.apt ? { line2: a.apt } : {}), city: a.city, state: a.state, zipcode: a.postalCode, country: a.countryCode },
    ...(a.email || email ? { email: a.email || email } : {}),
    ...(a.phone ? { phone_number: a.phone } : {}),
  };
}

/**
 * Creates an Affirm checkout for the shop's order (Direct Checkout; the amount exact in cents, the token
 * returned to `returnUrl` by GET as `checkout_token`). Throws ProviderUnavailable when Affirm cannot be reached,
 * and an Error when Affirm refuses the checkout (a misconfigured account or order, not the shopper's doing).
 */
export async function createAffirmCheckout(config: AffirmConfig, req: PaymentRequest, details: CheckoutDetails = NO_DETAILS): Promise<CreatedPayment> {
  if (!Number.isSafeInteger(req.amount.amountCents) || req.amount.amountCents <= 0) throw new Error(`not a payable amount: ${req.amount.amountCents} cents`);
  const shipping = shippingOf(details, req.email);
  const body = {
    merchant: {
      public_api_key: config.publicKey,
      user_confirmation_url: req.returnUrl,
      user_cancel_url: req.cancelUrl,
      user_confirmation_url_action: "GET",
      name: "Loupe",
    },
    ...(shipping ? { shipping, billing: shipping } : {}),
    items: itemsOf(details),
    ...(details.discountCents > 0 ? { discounts: { ORDER: { discount_amount: details.discountCents, discount_display_name: "Order discount" } } } : {}),
    metadata: { platform_type: "Loupe", mode: "redirect" },
    order_id: req.orderNumber,
    currency: req.amount.currency,
    shipping_amount: 0,
    tax_amount: details.taxCents,
    total: req.amount.amountCents,
  };
  const answer = await call(config, "POST", "/api/v2/checkout/direct", body, req.idempotencyKey, "checkout");
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`Affirm refused the checkout of order ${req.orderNumber}: ${problemOf(answer).text}`);
  const checkout = record(answer.body);
  const id = text(checkout.checkout_id);
  const redirect = text(checkout.redirect_url);
  if (!id || !redirect) throw new Error(`Affirm answered the checkout of order ${req.orderNumber} without a checkout_id or a redirect_url`);
  return { providerPaymentId: id, approvalUrl: redirect, clientSecret: null, raw: answer.body };
}

/** Affirm's transaction object (the fields the shop reads). */
interface Transaction {
  id: string;
  checkout_id: string;
  order_id: string;
  status: string;
  amount: number;
  currency: string;
  events: { type?: string; id?: string; amount?: number }[];
}

function transactionOf(body: unknown): Transaction | null {
  const t = record(body);
  if (!text(t.id) || typeof t.amount !== "number") return null;
  return {
    id: text(t.id),
    checkout_id: text(t.checkout_id),
    order_id: text(t.order_id),
    status: text(t.status),
    amount: t.amount,
    currency: text(t.currency) || "USD",
    events: Array.isArray(t.events) ? (t.events as Transaction["events"]) : [],
  };
}

/** The transaction Affirm made of a checkout token: authorised now, or earlier (a retry whose answer was lost, another key). */
async function authorize(config: AffirmConfig, req: ConfirmRequest, token: string): Promise<{ transaction: Transaction } | { outcome: CaptureOutcome }> {
  const path = "/api/v1/transactions";
  // The key names the token too: another token for the same payment (a forged one first) is another authorisation.
  const answer = await call(config, "POST", path, { transaction_id: token, order_id: req.orderNumber }, `${req.idempotencyKey}-auth-${token}`, "authorization");
  if (answer.status === 200 || answer.status === 201) {
    const t = transactionOf(answer.body);
    if (!t) throw new Error(`Affirm authorised a checkout of order ${req.orderNumber} without a transaction id or an amount`);
    return { transaction: t };
  }
  const problem = problemOf(answer);
  if (problem.code === "auth-declined" || answer.status === 402)
    return { outcome: { status: "declined", reason: `Affirm declined the loan (${problem.text}).`, raw: answer.body } };
  // Already authorised (a lost answer, another key), or a token that is not Affirm's: read it.
  const read = await call(config, "GET", `${path}/${encodeURIComponent(token)}`, undefined, null, "transaction lookup");
  const earlier = read.status === 200 ? transactionOf(read.body) : null;
  if (earlier) return { transaction: earlier };
  return { outcome: { status: "pending", raw: { authorization: answer.body, reason: `Affirm did not accept the checkout token: ${problem.text}` } } };
}

/** What a captured transaction reports: its capture event's amount (the transaction's amount when none is listed). */
function capturedOf(t: Transaction, raw: unknown, capture?: Record<string, unknown>): CaptureOutcome {
  const event = capture ?? (t.events.find((e) => e.type === "capture") as Record<string, unknown> | undefined);
  const amount = typeof event?.amount === "number" ? event.amount : t.amount;
  // The currency was checked before the capture: the shop lends in USD only.
  return { status: "captured", providerCaptureId: t.id, amount: { amountCents: amount, currency: "USD" }, raw };
}

/**
 * Confirms an Affirm payment with the checkout token the shopper came back with: authorise it, check it is this
 * payment's checkout for the payment's amount, capture it (once: the same Idempotency-Key on every retry).
 */
export async function confirmAffirmPayment(config: AffirmConfig, req: ConfirmRequest): Promise<CaptureOutcome> {
  const token = req.token?.trim() ?? "";
  // No token (a return page opened without one, or forged): nothing to ask Affirm about; nothing changes.
  if (!TOKEN.test(token)) return { status: "pending", raw: { reason: "no checkout_token from Affirm yet" } };
  const authorized = await authorize(config, req, token);
  if ("outcome" in authorized) return authorized.outcome;
  const t = authorized.transaction;
  // Another checkout's token, or another amount: not this payment's loan. Nothing is captured; it stays for an operator.
  if (t.checkout_id !== req.providerPaymentId || (t.order_id && t.order_id !== req.orderNumber))
    return { status: "pending", raw: { mismatch: "checkout", expected: req.providerPaymentId, transaction: t } };
  if (t.amount !== req.amount.amountCents || t.currency !== req.amount.currency)
    return { status: "pending", raw: { mismatch: "amount", expected: req.amount.amountCents, transaction: t } };
  if (CAPTURED.has(t.status)) return capturedOf(t, t);
  if (t.status === "voided" || t.status === "auth_expired")
    return { status: "declined", reason: `Affirm's authorisation is ${t.status.replace("_", " ")}.`, raw: t };
  const path = `/api/v1/transactions/${encodeURIComponent(t.id)}`;
  const answer = await call(config, "POST", `${path}/capture`, { order_id: req.orderNumber }, req.idempotencyKey, "capture");
  if (answer.status === 200 || answer.status === 201) return capturedOf(t, { transaction: t, capture: answer.body }, record(answer.body));
  const problem = problemOf(answer);
  // Captured by another request meanwhile: read it back rather than report a failure.
  const read = await call(config, "GET", path, undefined, null, "transaction lookup");
  const now = read.status === 200 ? transactionOf(read.body) : null;
  if (now && CAPTURED.has(now.status)) return capturedOf(now, now);
  return { status: "declined", reason: `Affirm refused the capture (${problem.text}).`, raw: answer.body };
}

/** Refunds `amount` of a captured Affirm transaction (its id is the payment's capture id), once per idempotency key. */
export async function refundAffirmPayment(config: AffirmConfig, req: RefundRequest): Promise<RefundOutcome> {
  if (!req.providerCaptureId) return { status: "failed", reason: "This Affirm payment has no captured transaction to refund.", raw: null };
  const path = `/api/v1/transactions/${encodeURIComponent(req.providerCaptureId)}/refund`;
  const answer = await call(config, "POST", path, { amount: req.amount.amountCents }, req.idempotencyKey, "refund");
  if (answer.status !== 200 && answer.status !== 201)
    return { status: "failed", reason: `Affirm refused the refund (${problemOf(answer).text}).`, raw: answer.body };
  const event = record(answer.body);
  const amount = typeof event.amount === "number" ? event.amount : req.amount.amountCents;
  return { status: "refunded", providerRefundId: text(event.id) || req.idempotencyKey, amount: { amountCents: amount, currency: "USD" }, raw: answer.body };
}

/** Affirm behind the one adapter interface, or null when its keys are not configured (APP_ENV local then pays through the embedded gateway). */
export function affirmAdapter(env: AffirmBindings & { DB?: D1Database }, config: AffirmConfig | null = affirmConfig(env)): PaymentAdapter | null {
  if (!config) return null;
  return {
    provider: "affirm",
    create: async (req) => createAffirmCheckout(config, req, env.DB ? await checkoutDetails(env.DB, req.orderNumber) : NO_DETAILS),
    confirm: (req) => confirmAffirmPayment(config, req),
    refund: (req) => refundAffirmPayment(config, req),
  };
}
