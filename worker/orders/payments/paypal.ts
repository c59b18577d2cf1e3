/**
 * PayPal through its REST Orders v2 API (https://developer.paypal.com/docs/api/orders/v2/), over plain fetch:
 * - an OAuth 2.0 client-credentials token (`POST /v1/oauth2/token`, Basic client id:secret), kept per app in
 *   the isolate until five minutes before its `expires_in` and shared by concurrent calls; a 401 on an API
 *   call (a token revoked early) fetches a new one once;
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

export { type PayPalConfig, paypalConfig } from "./paypal-config";

/** Tries per call: the first and two retries, all with the same PayPal-Request-Id. */
const ATTEMPTS = 3;
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
interface Answer {
  status: number;
  body: unknown;
}

/** A failure worth another try with the same request id. */
class Transient extends Error {}

const unavailable = (message: string, cause?: unknown) => new ProviderUnavailable("paypal", message, cause === undefined ? undefined : { cause });

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

function issueOf(body: unknown): { name: string; issue: string; text: string } {
  const e = (body && typeof body === "object" ? body : {}) as PayPalError;
  const name = typeof e.name === "string" ? e.name : "";
  const detail = Array.isArray(e.details) ? e.details[0] : undefined;
  const issue = typeof detail?.issue === "string" ? detail.issue : "";
  const description = typeof detail?.description === "string" ? detail.description : typeof e.message === "string" ? e.message : "";
  const debug = typeof e.debug_id === "string" ? ` (debug_id ${e.debug_id})` : "";
  return { name, issue, text: `${[name, issue].filter(Boolean).join(" ") || "error"}${description ? `: ${description}` : ""}${debug}` };
}

/** One HTTP exchange under the timeout: a timeout is ProviderUnavailable, any other fetch failure Transient. */
async function send(config: PayPalConfig, url: string, init: RequestInit, what: string): Promise<Response> {
  const timeoutMs = config.timeoutMs ?? PAYPAL_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await (config.fetch ?? fetch)(url, { ...init, signal });
  } catch (err) {
    if (signal.aborted) throw unavailable(`PayPal did not answer the ${what} within ${timeoutMs} ms`, err);
    throw new Transient(`network error on the ${what}: ${String(err)}`, { cause: err });
  }
}

interface Token {
  value: string;
  /** Epoch ms after which it is fetched again. */
  renewAt: number;
}

/** Tokens per app (API origin, client id and secret), as promises so concurrent calls share one fetch. */
const tokens = new Map<string, Promise<Token>>();

const tokenKey = (config: PayPalConfig) => `${config.apiUrl}\n${config.clientId}\n${config.clientSecret}`;

async function fetchToken(config: PayPalConfig): Promise<Token> {
  const response = await send(
    config,
    `${config.apiUrl.replace(/\/+$/, "")}/v1/oauth2/token`,
    {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
    },
    "token request",
  );
  const body = (await readBody(response)) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown } | null;
  if (response.status >= 500 || response.status === 429) throw new Transient(`token request: HTTP ${response.status}`);
  if (!response.ok || typeof body?.access_token !== "string") {
    const why =
      typeof body?.error === "string" ? `${body.error}${typeof body.error_description === "string" ? `: ${body.error_description}` : ""}` : "no token";
    throw unavailable(`PayPal refused the shop's client id and secret (HTTP ${response.status} ${why})`);
  }
  const seconds = typeof body.expires_in === "number" ? body.expires_in : 0;
  return { value: body.access_token, renewAt: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
}

/** The app's access token: the cached one while it is fresh, else one fetch shared by every caller waiting. */
async function accessToken(config: PayPalConfig): Promise<string> {
  const key = tokenKey(config);
  const cached = tokens.get(key);
  if (cached) {
    const token = await cached.catch(() => null);
    // Renewed or forgotten meanwhile (a 401): share the new fetch, or start one.
    if (tokens.get(key) !== cached) return accessToken(config);
    if (token && token.renewAt > Date.now()) return token.value;
  }
  const fetching = fetchToken(config);
  tokens.set(key, fetching);
  fetching.catch(() => tokens.get(key) === fetching && tokens.delete(key));
  return (await fetching).value;
}

function forgetToken(config: PayPalConfig, value: string): void {
  const key = tokenKey(config);
  const cached = tokens.get(key);
  cached?.then((t) => t.value === value && tokens.get(key) === cached && tokens.delete(key)).catch(() => {});
}

/**
 * One API call with the adapter's retries: the answer PayPal gave (2xx or a 4xx worth reading), or
 * ProviderUnavailable after three failed tries or a timeout.
 */
async function call(config: PayPalConfig, method: "GET" | "POST", path: string, body: unknown, requestId: string | null, what: string): Promise<Answer> {
  let lastError = "";
  let renewed = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const token = await accessToken(config);
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: "application/json", Prefer: "return=representation" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (requestId !== null) headers["PayPal-Request-Id"] = requestId;
      const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
      const response = await send(config, `${config.apiUrl.replace(/\/+$/, "")}${path}`, init, what);
      const answer = { status: response.status, body: await readBody(response) };
      if (answer.status === 401 && !renewed) {
        // The token was revoked or expired early: one new token, and this try does not count.
        renewed = true;
        forgetToken(config, token);
        attempt--;
        continue;
      }
      const { issue, text } = issueOf(answer.body);
      if (answer.status === 401) throw unavailable(`PayPal refused the shop's access token on the ${what}: ${text}`);
      if (answer.status >= 500 || answer.status === 429 || (answer.status === 409 && issue === "PREVIOUS_REQUEST_IN_PROGRESS")) {
        lastError = `HTTP ${answer.status} ${text}`;
        continue;
      }
      return answer;
    } catch (err) {
      if (!(err instanceof Transient)) throw err;
      lastError = err.message;
    }
  }
  throw unavailable(`PayPal ${what} failed ${ATTEMPTS} times: ${lastError}`);
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
