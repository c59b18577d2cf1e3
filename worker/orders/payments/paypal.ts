/**
 * PayPal through its REST Orders v2 API (https://developer.paypal.com/docs/api/orders/v2/), over plain fetch:
 * - an OAuth 2.0 client-credentials token (`POST /v1/oauth2/token`, Basic client id:secret), kept per app in
 *   the isolate until five minutes before its `expires_in` and shared by concurrent calls; a 401 on an API
 *   call (a token revoked early) fetches a new one once (the token plumbing: oauth-token.ts);
 * - create (`POST /v2/checkout/orders`, intent CAPTURE, the order number as reference and invoice id, the
 *   amount as an exact decimal string, the buyer sent to the `payer-action` link) and capture
 *   (`POST /v2/checkout/orders/{id}/capture`), each with `PayPal-Request-Id` = the caller's idempotency key:
 *   PayPal answers a repeat with the first result instead of acting twice;
 * - 5xx, 429, 409 `PREVIOUS_REQUEST_IN_PROGRESS` and network errors are retried twice at once with the same
 *   request id, then ProviderUnavailable; a timeout is not retried (the shopper has waited long enough): it is
 *   ProviderUnavailable at once, and the next try with the same key learns what PayPal did;
 * - 422 `ORDER_ALREADY_CAPTURED` (another request captured first) reads the order and reports its capture;
 * - refunds (`POST /v2/payments/captures/{capture_id}/refund`, the amount exact, `PayPal-Request-Id` = the
 *   refund's key: a retry answers the first refund), with the same token, retries and timeout.
 * docs: https://developer.paypal.com/api/rest/authentication/, https://developer.paypal.com/reference/guidelines/idempotency
 */
import { bearerCall, type OAuthApp, tokenKey } from "./oauth-token";
import { PAYPAL_TIMEOUT_MS, type PayPalConfig } from "./paypal-config";
import {
  type CaptureOutcome,
  type CreatedPayment,
  cents,
  decimal,
  type PaymentRequest,
  ProviderUnavailable,
  type RefundOutcome,
  type RefundRequest,
} from "./provider";
import type { Answer } from "./provider-http";

export { type PayPalConfig, paypalConfig } from "./paypal-config";

/** A token is renewed this long before PayPal says it expires (a call started on it must not outlive it). */
const TOKEN_MARGIN_MS = 5 * 60_000;

interface Link {
  href: string;
  rel: string;
}
interface PayPalCapture {
  id?: string;
  status?: string;
  status_details?: { reason?: string };
  amount?: { currency_code?: string; value?: string };
}
interface PayPalOrder {
  id?: string;
  status?: string;
  links?: Link[];
  purchase_units?: { payments?: { captures?: PayPalCapture[] } }[];
}
/** PayPal's error shape: `{ name, message, debug_id, details: [{ issue, description }] }`. */
interface PayPalError {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string }[];
}

const unavailable = (message: string, cause?: unknown) => new ProviderUnavailable("paypal", message, cause === undefined ? undefined : { cause });

function issueOf(body: unknown): { name: string; issue: string; text: string } {
  const e = (body && typeof body === "object" ? body : {}) as PayPalError;
  const name = typeof e.name === "string" ? e.name : "";
  const detail = Array.isArray(e.details) ? e.details[0] : undefined;
  const issue = typeof detail?.issue === "string" ? detail.issue : "";
  const description = typeof detail?.description === "string" ? detail.description : typeof e.message === "string" ? e.message : "";
  const debug = typeof e.debug_id === "string" ? ` (debug_id ${e.debug_id})` : "";
  return { name, issue, text: `${[name, issue].filter(Boolean).join(" ") || "error"}${description ? `: ${description}` : ""}${debug}` };
}

/** Why PayPal refused the shop's client id and secret, from the token endpoint's OAuth error. */
function refusalOf(body: unknown): string {
  const e = (body && typeof body === "object" ? body : {}) as { error?: unknown; error_description?: unknown };
  return typeof e.error === "string" ? `${e.error}${typeof e.error_description === "string" ? `: ${e.error_description}` : ""}` : "no token";
}

const appOf = (config: PayPalConfig): OAuthApp => ({
  reach: { provider: "paypal", name: "PayPal", fetch: config.fetch, timeoutMs: config.timeoutMs ?? PAYPAL_TIMEOUT_MS },
  tokenUrl: `${config.apiUrl.replace(/\/+$/, "")}/v1/oauth2/token`,
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  key: tokenKey("paypal", config.apiUrl, config.clientId, config.clientSecret),
  marginMs: TOKEN_MARGIN_MS,
  refusal: refusalOf,
});

/**
 * One API call with the adapter's retries (5xx, 429 and 409 PREVIOUS_REQUEST_IN_PROGRESS): the answer PayPal
 * gave (2xx or a 4xx worth reading), or ProviderUnavailable after three failed tries or a timeout.
 */
async function call(config: PayPalConfig, method: "GET" | "POST", path: string, body: unknown, requestId: string | null, what: string): Promise<Answer> {
  const headers: Record<string, string> = { Accept: "application/json", Prefer: "return=representation" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (requestId !== null) headers["PayPal-Request-Id"] = requestId;
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  return bearerCall(appOf(config), `${config.apiUrl.replace(/\/+$/, "")}${path}`, init, what, (answer) => {
    const { issue, text } = issueOf(answer.body);
    return { text, retry: answer.status >= 500 || answer.status === 429 || (answer.status === 409 && issue === "PREVIOUS_REQUEST_IN_PROGRESS") };
  });
}

/**
 * Creates a PayPal order for the shop's order (intent CAPTURE, the amount exact in cents, the buyer sent to
 * PayPal's payer-action page and back to `returnUrl`). The same `idempotencyKey` always gets the same PayPal order.
 * Throws ProviderUnavailable when PayPal cannot be reached, and an Error when PayPal refuses the request (a bug
 * or a misconfigured account, not something the shopper can fix).
 */
export async function createPayPalPayment(config: PayPalConfig, req: PaymentRequest): Promise<CreatedPayment> {
  if (!Number.isSafeInteger(req.amount.amountCents) || req.amount.amountCents <= 0) throw new Error(`not a payable amount: ${req.amount.amountCents} cents`);
  const experience: Record<string, string> = {
    brand_name: "Loupe",
    return_url: req.returnUrl,
    cancel_url: req.cancelUrl,
    user_action: "PAY_NOW",
    // The shop collects the delivery address itself at checkout.
    shipping_preference: "NO_SHIPPING",
  };
  const body = {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: req.orderNumber,
        invoice_id: req.orderNumber,
        description: req.description.slice(0, 127),
        amount: { currency_code: req.amount.currency, value: decimal(req.amount.amountCents) },
      },
    ],
    payment_source: { paypal: { ...(req.email ? { email_address: req.email } : {}), experience_context: experience } },
  };
  const answer = await call(config, "POST", "/v2/checkout/orders", body, req.idempotencyKey, "order creation");
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`PayPal refused to create order ${req.orderNumber}: HTTP ${answer.status} ${issueOf(answer.body).text}`);
  const order = answer.body as PayPalOrder;
  const link = order.links?.find((l) => l.rel === "payer-action") ?? order.links?.find((l) => l.rel === "approve");
  if (typeof order.id !== "string" || !link) throw new Error(`PayPal created order ${req.orderNumber} without an id or an approval link`);
  return { providerPaymentId: order.id, approvalUrl: link.href, clientSecret: null, raw: order };
}

/** What a PayPal order says about its capture. */
function outcomeOf(order: PayPalOrder): CaptureOutcome {
  const capture = order.purchase_units?.flatMap((u) => u.payments?.captures ?? [])[0];
  if (!capture) return { status: "pending", raw: order };
  const reason = capture.status_details?.reason ? ` (${capture.status_details.reason})` : "";
  switch (capture.status) {
    case "COMPLETED":
    case "PARTIALLY_REFUNDED":
    case "REFUNDED": {
      if (typeof capture.id !== "string" || typeof capture.amount?.value !== "string")
        throw new Error(`PayPal capture of ${order.id} without an id or an amount`);
      if (capture.amount.currency_code !== "USD") throw new Error(`PayPal captured ${order.id} in ${capture.amount.currency_code}, not USD`);
      return { status: "captured", providerCaptureId: capture.id, amount: { amountCents: cents(capture.amount.value), currency: "USD" }, raw: order };
    }
    case "DECLINED":
    case "FAILED":
      return { status: "declined", reason: `PayPal ${capture.status.toLowerCase()} the payment${reason}`, raw: order };
    default:
      // PENDING (an eCheck, a review): the money is not there yet.
      return { status: "pending", raw: order };
  }
}

/** Why a 4xx capture answer means no money, in words a shopper or an operator can act on. */
function declineReason(answer: Answer, paypalOrderId: string): string {
  const { issue, text } = issueOf(answer.body);
  if (issue === "INSTRUMENT_DECLINED") return "PayPal declined the buyer's payment method (INSTRUMENT_DECLINED): pay with another funding source or method";
  if (answer.status === 404) return `PayPal has no order ${paypalOrderId} (${text})`;
  return `PayPal refused the capture: HTTP ${answer.status} ${text}`;
}

/** Captures the approved PayPal order `paypalOrderId`; the amount captured is checked against `expected` by the caller (return it exactly). */
export async function capturePayPalPayment(config: PayPalConfig, paypalOrderId: string, idempotencyKey: string): Promise<CaptureOutcome> {
  const path = `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`;
  const answer = await call(config, "POST", `${path}/capture`, {}, idempotencyKey, "capture");
  if (answer.status === 200 || answer.status === 201) return outcomeOf(answer.body as PayPalOrder);
  if (answer.status === 422 && issueOf(answer.body).issue === "ORDER_ALREADY_CAPTURED") {
    // Another request (another key) captured it first: report that capture.
    const order = await call(config, "GET", path, undefined, null, "order lookup");
    if (order.status === 200) return outcomeOf(order.body as PayPalOrder);
    throw unavailable(`PayPal says ${paypalOrderId} is captured but answered HTTP ${order.status} when asked for it: ${issueOf(order.body).text}`);
  }
  // Not approved by the buyer (yet): a return page opened early, or forged, changes nothing.
  if (answer.status === 422 && issueOf(answer.body).issue === "ORDER_NOT_APPROVED") return { status: "pending", raw: answer.body };
  return { status: "declined", reason: declineReason(answer, paypalOrderId), raw: answer.body };
}

/** A PayPal refund (https://developer.paypal.com/docs/api/payments/v2/#captures_refund): its id, status and amount. */
interface PayPalRefund {
  id?: string;
  status?: string;
  status_details?: { reason?: string };
  amount?: { currency_code?: string; value?: string };
}

/**
 * Refunds `req.amount` of the PayPal capture `captureId` with `PayPal-Request-Id` = the refund's key, so a retry
 * (after a 5xx, a lost answer or a timeout) answers the refund PayPal already made instead of making another.
 * COMPLETED is refunded, PENDING (an eCheck not cleared yet) pending; a refusal (already refunded, more than is
 * left, an unknown capture) is failed with PayPal's issue. ProviderUnavailable when PayPal cannot be reached.
 */
export async function refundPayPalCapture(config: PayPalConfig, captureId: string, req: RefundRequest): Promise<RefundOutcome> {
  if (!Number.isSafeInteger(req.amount.amountCents) || req.amount.amountCents <= 0) throw new Error(`not a refundable amount: ${req.amount.amountCents} cents`);
  const body = {
    amount: { value: decimal(req.amount.amountCents), currency_code: req.amount.currency },
    ...(req.reason.trim() ? { note_to_payer: req.reason.trim().slice(0, 255) } : {}),
  };
  const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
  const answer = await call(config, "POST", path, body, req.idempotencyKey, "refund");
  if (answer.status !== 200 && answer.status !== 201) {
    const why = answer.status === 404 ? `PayPal has no capture ${captureId}` : `PayPal refused the refund: HTTP ${answer.status}`;
    return { status: "failed", reason: `${why} (${issueOf(answer.body).text})`, raw: answer.body };
  }
  const refund = answer.body as PayPalRefund;
  if (typeof refund.id !== "string") throw new Error(`PayPal refunded capture ${captureId} without a refund id`);
  switch (refund.status) {
    case "COMPLETED": {
      const value = refund.amount?.value;
      const amountCents = typeof value === "string" ? cents(value) : req.amount.amountCents;
      return { status: "refunded", providerRefundId: refund.id, amount: { amountCents, currency: "USD" }, raw: refund };
    }
    case "CANCELLED":
    case "FAILED": {
      const reason = refund.status_details?.reason ? ` (${refund.status_details.reason})` : "";
      return { status: "failed", reason: `PayPal ${refund.status.toLowerCase()} the refund${reason}`, raw: refund };
    }
    default:
      // PENDING: PayPal finishes it later; asking again with the same key reports it.
      return { status: "pending", providerRefundId: refund.id, raw: refund };
  }
}

/** The adapter's API call (bearer token, retries), for the webhook verification (paypal-webhook.ts). */
export { call as paypalCall };
