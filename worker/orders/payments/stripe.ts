/**
 * Stripe through its PaymentIntents API (https://docs.stripe.com/api/payment_intents), the adapter behind the
 * payment provider interface (provider.ts): the server creates a PaymentIntent for the amount it computed from
 * its order (`POST /v1/payment_intents`, form-encoded, Bearer secret key, an `Idempotency-Key`), the browser
 * confirms it with Stripe.js and the `client_secret`, and the server then reads the PaymentIntent back
 * (`GET /v1/payment_intents/{id}`) — it never trusts what the browser says about the payment.
 *
 * Retries: a 5xx, 429, 409 (another request with the same key in flight), a network error or a timeout is
 * retried at once, at most twice, with the SAME `Idempotency-Key`, so Stripe answers the PaymentIntent it
 * already made instead of making a second one; after that the call throws `ProviderUnavailable` and the order
 * stays awaiting payment (the next try, with the same key, picks up whatever Stripe did). Stripe v1 saves the
 * first answer for a key once the endpoint has started, 500s included (https://docs.stripe.com/idempotency):
 * such a saved 500 keeps answering for 24 hours, so that attempt ends as `ProviderUnavailable` every time and
 * the payment needs a new attempt (a new key) once the order's payment row says so. Any other 4xx is a bug or
 * a misconfiguration (a wrong key, an amount Stripe refuses, a key reused for other parameters) and throws an
 * `Error` naming Stripe's error type and code.
 *
 * Refunds: `POST /v1/refunds` {payment_intent, amount} with the refund's own `Idempotency-Key` (the same retries),
 * the operator's reason and the order number as metadata (Stripe's `reason` takes only its three codes).
 */
import { refused } from "#shared/refusal.ts";
import { type CaptureOutcome, type CreatedPayment, type PaymentRequest, ProviderUnavailable, type RefundOutcome, type RefundRequest } from "./provider";

/** How to reach Stripe. `fetch` is injectable (tests point `apiUrl` at a loopback fake or stub `fetch`). */
export interface StripeConfig {
  /** `sk_live_…` / `sk_test_…` (or a restricted `rk_…` key): the server's Bearer key. */
  secretKey: string;
  /** `pk_…`: handed to Stripe.js in the browser (it cannot move money). */
  publishableKey: string;
  /** `whsec_…`: the webhook endpoint's signing secret; null when no webhook endpoint is configured. */
  webhookSecret: string | null;
  /** `https://api.stripe.com`, no trailing `/v1`. */
  apiUrl: string;
  fetch?: typeof fetch;
  /** Gives up on one answer after this long (default STRIPE_TIMEOUT_MS); the attempt is then retried. */
  timeoutMs?: number;
}

/** The worker's bindings Stripe reads (all optional: unset, Stripe is off). */
export interface StripeBindings {
  /** Secret (`wrangler secret put STRIPE_SECRET_KEY`). */
  STRIPE_SECRET_KEY?: string;
  /** Var: the publishable key for Stripe.js. */
  STRIPE_PUBLISHABLE_KEY?: string;
  /** Secret, optional: the webhook endpoint's signing secret. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Var, tests and local fakes only: Stripe's API origin. */
  STRIPE_API_URL?: string;
}

/** Stripe's API origin. */
export const STRIPE_API_URL = "https://api.stripe.com";
/** Default wait for one answer from Stripe. */
export const STRIPE_TIMEOUT_MS = 10_000;
/** Attempts of one call: the first and two retries. */
export const STRIPE_ATTEMPTS = 3;

const setting = (value: string | undefined): string | null => value?.trim() || null;

/** STRIPE_SECRET_KEY (secret), STRIPE_PUBLISHABLE_KEY (var), STRIPE_WEBHOOK_SECRET (secret, optional), STRIPE_API_URL (var; default https://api.stripe.com); null when the secret or publishable key is missing. */
export function stripeConfig(env: StripeBindings): StripeConfig | null {
  const secretKey = setting(env.STRIPE_SECRET_KEY);
  const publishableKey = setting(env.STRIPE_PUBLISHABLE_KEY);
  if (!secretKey || !publishableKey) return null;
  return {
    secretKey,
    publishableKey,
    webhookSecret: setting(env.STRIPE_WEBHOOK_SECRET),
    apiUrl: (setting(env.STRIPE_API_URL) ?? STRIPE_API_URL).replace(/\/+$/, ""),
  };
}

/** The fields of a PaymentIntent the shop reads (https://docs.stripe.com/api/payment_intents/object). */
interface PaymentIntent {
  id: string;
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string | null;
  latest_charge: string | null;
  last_payment_error: { message?: string; code?: string; decline_code?: string } | null;
  cancellation_reason: string | null;
}

type Answer = { ok: true; status: number; body: Record<string, unknown> } | { ok: false; status: number; type: string; code: string; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** One HTTP exchange with Stripe, retried on 5xx/429/409/network/timeout with the same headers (and so the same idempotency key). */
async function call(config: StripeConfig, method: "GET" | "POST", path: string, form: URLSearchParams | null, idempotencyKey: string | null): Promise<Answer> {
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const headers: Record<string, string> = { Authorization: `Bearer ${config.secretKey}`, Accept: "application/json", "User-Agent": "loupe-worker" };
  if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const where = `${method} ${path}`;
  let last = "";
  for (let attempt = 1; attempt <= STRIPE_ATTEMPTS; attempt++) {
    let res: Response;
    try {
      res = await doFetch(`${config.apiUrl}${path}`, {
        method,
        headers,
        body: form?.toString(),
        signal: AbortSignal.timeout(config.timeoutMs ?? STRIPE_TIMEOUT_MS),
      });
    } catch (e) {
      last = `${where} failed: ${e instanceof Error ? e.name : "error"}`;
      continue;
    }
    const body: unknown = await res.json().catch(() => null);
    const error = isObject(body) && isObject(body.error) ? body.error : null;
    if (res.status >= 500 || res.status === 429 || res.status === 409) {
      last = `${where} answered ${res.status}${error ? ` ${str(error.type)} ${str(error.code)}`.trimEnd() : ""}`;
      continue;
    }
    if (res.ok && isObject(body)) return { ok: true, status: res.status, body };
    if (res.ok) {
      last = `${where} answered ${res.status} without a JSON object`;
      continue;
    }
    return { ok: false, status: res.status, type: str(error?.type), code: str(error?.code), message: str(error?.message) };
  }
  throw new ProviderUnavailable("stripe", `${last} (after ${STRIPE_ATTEMPTS} attempts)`);
}

function refusal(where: string, a: Extract<Answer, { ok: false }>): Error {
  return new Error(`Stripe refused ${where}: HTTP ${a.status} ${a.type}${a.code ? `/${a.code}` : ""}: ${a.message}`);
}

/** Reads a PaymentIntent out of an answer, or throws ProviderUnavailable when Stripe's answer is not one. */
function paymentIntent(body: Record<string, unknown>, where: string): PaymentIntent {
  const ok =
    body.object === "payment_intent" &&
    typeof body.id === "string" &&
    Number.isInteger(body.amount) &&
    typeof body.currency === "string" &&
    typeof body.status === "string";
  if (!ok) throw new ProviderUnavailable("stripe", `${where}: the answer is not a PaymentIntent`);
  const lastError = isObject(body.last_payment_error) ? body.last_payment_error : null;
  return {
    id: body.id as string,
    amount: body.amount as number,
    amount_received: Number.isInteger(body.amount_received) ? (body.amount_received as number) : 0,
    currency: body.currency as string,
    status: body.status as string,
    client_secret: typeof body.client_secret === "string" ? body.client_secret : null,
    latest_charge: typeof body.latest_charge === "string" ? body.latest_charge : isObject(body.latest_charge) ? str(body.latest_charge.id) || null : null,
    last_payment_error: lastError ? { message: str(lastError.message), code: str(lastError.code), decline_code: str(lastError.decline_code) } : null,
    cancellation_reason: typeof body.cancellation_reason === "string" ? body.cancellation_reason : null,
  };
}

/** A PaymentIntent for the amount: providerPaymentId = pi id, clientSecret for the browser (Stripe.js confirms it). */
export async function createStripePayment(config: StripeConfig, req: PaymentRequest): Promise<CreatedPayment> {
  const { amountCents, currency } = req.amount;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error(`not a chargeable amount: ${amountCents} cents`);
  const form = new URLSearchParams();
  form.set("amount", String(amountCents));
  form.set("currency", currency.toLowerCase());
  form.set("description", req.description);
  form.set("metadata[order_number]", req.orderNumber);
  if (req.email) form.set("receipt_email", req.email);
  form.set("automatic_payment_methods[enabled]", "true");
  const where = "POST /v1/payment_intents";
  const answer = await call(config, "POST", "/v1/payment_intents", form, req.idempotencyKey);
  if (!answer.ok) throw refusal(where, answer);
  const intent = paymentIntent(answer.body, where);
  if (intent.amount !== amountCents || intent.currency !== "usd" || !intent.client_secret) {
    throw new Error(`${where} answered ${intent.id} for ${intent.amount} ${intent.currency}, not ${amountCents} usd with a client secret`);
  }
  return { providerPaymentId: intent.id, approvalUrl: null, clientSecret: intent.client_secret, raw: answer.body };
}

/** PUT orders/stripe/{id}/approve: reads the PaymentIntent back from Stripe (never trusts the browser): captured with amount_received, declined with the last error's message, or pending. */
export async function confirmStripePayment(config: StripeConfig, paymentIntentId: string): Promise<CaptureOutcome> {
  if (!/^pi_[A-Za-z0-9]+$/.test(paymentIntentId)) refused("bad_request", "That is not a Stripe payment.");
  const path = `/v1/payment_intents/${paymentIntentId}`;
  const answer = await call(config, "GET", path, null, null);
  if (!answer.ok) {
    if (answer.status === 404) refused("not_found", "Stripe has no such payment.");
    throw refusal(`GET ${path}`, answer);
  }
  const raw = answer.body;
  const intent = paymentIntent(raw, `GET ${path}`);
  if (intent.currency !== "usd") throw new Error(`${intent.id} is in ${intent.currency}, not usd`);
  switch (intent.status) {
    case "succeeded":
      return {
        status: "captured",
        providerCaptureId: intent.latest_charge ?? intent.id,
        amount: { amountCents: intent.amount_received, currency: "USD" },
        raw,
      };
    case "canceled":
      return { status: "declined", reason: `The payment was cancelled at Stripe${intent.cancellation_reason ? ` (${intent.cancellation_reason})` : ""}.`, raw };
    case "requires_payment_method":
      // After a failed attempt Stripe puts the intent back here with the reason; without one the buyer has not paid yet.
      return intent.last_payment_error
        ? { status: "declined", reason: intent.last_payment_error.message || "The payment was declined.", raw }
        : { status: "pending", raw };
    default:
      // processing, requires_action (3-D Secure), requires_confirmation, requires_capture: not decided yet.
      return { status: "pending", raw };
  }
}

/**
 * Refunds `req.amount` of the PaymentIntent `req.providerPaymentId` (`POST /v1/refunds`, the refund's key as
 * `Idempotency-Key`: a retried or repeated request gets the same refund back). `succeeded` is refunded,
 * `pending` / `requires_action` pending (Stripe finishes it later), `failed` / `canceled` and Stripe's refusals
 * (already refunded, more than is left) failed with Stripe's words. ProviderUnavailable when Stripe cannot be reached.
 */
export async function refundStripePayment(config: StripeConfig, req: RefundRequest): Promise<RefundOutcome> {
  const { amountCents } = req.amount;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error(`not a refundable amount: ${amountCents} cents`);
  const intent = req.providerPaymentId;
  if (!intent || !/^pi_[A-Za-z0-9_]+$/.test(intent)) return { status: "failed", reason: "The payment has no Stripe PaymentIntent to refund.", raw: null };
  const form = new URLSearchParams();
  form.set("payment_intent", intent);
  form.set("amount", String(amountCents));
  form.set("metadata[order_number]", req.orderNumber);
  if (req.reason.trim()) form.set("metadata[reason]", req.reason.trim().slice(0, 500));
  const answer = await call(config, "POST", "/v1/refunds", form, req.idempotencyKey);
  if (!answer.ok)
    return { status: "failed", reason: `Stripe refused the refund: ${answer.message || answer.code || `HTTP ${answer.status}`}`, raw: { ...answer } };
  const refund = answer.body;
  if (refund.object !== "refund" || typeof refund.id !== "string") throw new ProviderUnavailable("stripe", "POST /v1/refunds: the answer is not a Refund");
  const refunded = Number.isInteger(refund.amount) ? (refund.amount as number) : amountCents;
  switch (refund.status) {
    case "succeeded":
      return { status: "refunded", providerRefundId: refund.id, amount: { amountCents: refunded, currency: "USD" }, raw: refund };
    case "failed":
    case "canceled":
      return {
        status: "failed",
        reason: `Stripe ${refund.status === "failed" ? "could not make" : "cancelled"} the refund${refund.failure_reason ? ` (${str(refund.failure_reason)})` : ""}.`,
        raw: refund,
      };
    default:
      return { status: "pending", providerRefundId: refund.id, raw: refund };
  }
}
