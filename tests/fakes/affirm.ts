/**
 * A loopback fake of Affirm's API for the Affirm adapter's tests (worker/orders/payments/affirm.ts), speaking
 * the documented shapes under Basic auth `public_key:private_key`:
 * - `POST /affirm/api/v2/checkout/direct` (the checkout object: merchant URLs, order_id, total, items,
 *   shipping) → `{checkout_id, redirect_url}`; the redirect opens `GET /affirm/checkout/{checkout_id}`, the
 *   shopper's page, which confirms the loan (back to `user_confirmation_url` with `checkout_token` by GET) or
 *   cancels (back to `user_cancel_url`);
 * - `POST /api/v1/transactions {transaction_id: checkout_token, order_id}` authorises (the transaction's id is
 *   the token), `GET /api/v1/transactions/{id}`, `POST /api/v1/transactions/{id}/capture`,
 *   `POST /api/v1/transactions/{id}/refund {amount}`.
 * `Idempotency-Key` is honoured on every POST: a repeated key answers the first (successful) result and acts
 * no more. Errors are Affirm's `{status_code, type, code, message, field}` (auth-declined, capture-declined,
 * refund-exceeded, …).
 *
 * Everything is kept per public key (an "account"), so test files running at once do not disturb each other.
 * Control (`POST /__control/affirm/{action}`, JSON `{ publicKey, … }`; tests/worker/payments/affirm-control.ts):
 * `register {privateKey}`; `approve {checkoutId}` → `{checkoutToken}` (the shopper confirmed the loan);
 * `decline-next` (the next authorisation is declined); `capture-decline-next`; `fail {status, times?, processed?, on?}` (only calls to paths ending with `on`)
 * (the next calls answer `status`; with `processed` Affirm acts first and only the answer is lost);
 * `hang {processed?, on?}` (the next call never answers); `captures {transactionId}` and `refunds {transactionId}` →
 * what really happened; `checkout {checkoutId}` → the checkout object as received; `stats` → `{checkouts, requests}`.
 */
import { setTimeout } from "node:timers";
import type { Fake } from "./server";

interface Checkout {
  id: string;
  body: Record<string, unknown>;
  total: number;
  orderId: string;
  confirmUrl: string;
  cancelUrl: string;
  token: string | null;
}
interface Transaction {
  id: string;
  checkout_id: string;
  order_id: string;
  status: "authorized" | "captured" | "partially_refunded" | "refunded" | "voided";
  amount: number;
  amount_refunded: number;
  currency: string;
  created: string;
  authorization_expiration: string;
  provider_id: number;
  events: Record<string, unknown>[];
  captures: number;
  refunds: number;
}
/** One call the fake answered (0: never answered). */
export interface FakeAffirmRequest {
  method: string;
  path: string;
  key: string | null;
  status: number;
}
interface Answer {
  status: number;
  body: unknown;
}
interface Account {
  privateKey: string;
  checkouts: Map<string, Checkout>;
  byToken: Map<string, string>;
  transactions: Map<string, Transaction>;
  /** Successful answers by `METHOD path key`. */
  replies: Map<string, Answer>;
  failure: { status: number; times: number; processed: boolean; on: string } | null;
  hang: { processed: boolean; on: string } | null;
  declineNext: boolean;
  captureDeclineNext: boolean;
  requests: FakeAffirmRequest[];
}

const accounts = new Map<string, Account>();
const checkoutOwners = new Map<string, string>();

const ID_CHARS = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const newId = (length = 16) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => ID_CHARS[b % ID_CHARS.length]).join("");

function problem(status: number, type: string, code: string, message: string, field?: string): Answer {
  return { status, body: { status_code: status, type, code, message, ...(field ? { field } : {}) } };
}
const invalid = (code: string, message: string, field?: string) => problem(400, "invalid_request", code, message, field);
const failureAnswer = (status: number) =>
  status === 409
    ? problem(
        409,
        "invalid_request",
        "idempotency-conflict",
        "The transaction with this idempotency key is processing. Please wait to retry or use a different idempotency key.",
      )
    : problem(status, "server_error", "server-error", "Something went wrong on Affirm's end.");

function createCheckout(account: Account, publicKey: string, raw: string, origin: string): Answer {
  let body: {
    merchant?: { user_confirmation_url?: string; user_cancel_url?: string; user_confirmation_url_action?: string; public_api_key?: string };
    total?: unknown;
    order_id?: unknown;
    currency?: unknown;
    items?: unknown;
  };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return invalid("invalid_field", "Request body is not valid JSON.");
  }
  if (!body.merchant?.user_confirmation_url || !body.merchant.user_cancel_url)
    return invalid("invalid_field", "merchant.user_confirmation_url and user_cancel_url are required.", "merchant");
  if (body.merchant.public_api_key !== undefined && body.merchant.public_api_key !== publicKey)
    return invalid("public-api-key-invalid", "Please provide a valid public API key.", "merchant.public_api_key");
  if (!Number.isSafeInteger(body.total) || (body.total as number) <= 0) return invalid("invalid_field", "total must be a positive integer (cents).", "total");
  if (body.currency !== undefined && body.currency !== "USD") return invalid("invalid_field", "Unsupported currency.", "currency");
  if (!Array.isArray(body.items)) return invalid("invalid_field", "items is required.", "items");
  const checkout: Checkout = {
    id: newId(),
    body: body as Record<string, unknown>,
    total: body.total as number,
    orderId: typeof body.order_id === "string" ? body.order_id : "",
    confirmUrl: body.merchant.user_confirmation_url,
    cancelUrl: body.merchant.user_cancel_url,
    token: null,
  };
  account.checkouts.set(checkout.id, checkout);
  checkoutOwners.set(checkout.id, publicKey);
  return { status: 200, body: { checkout_id: checkout.id, redirect_url: `${origin}/affirm/checkout/${checkout.id}` } };
}

/** The shopper confirms the loan: Affirm issues the checkout token (the future transaction's id). */
function confirmLoan(account: Account, checkout: Checkout): string {
  if (!checkout.token) {
    checkout.token = newId();
    account.byToken.set(checkout.token, checkout.id);
  }
  return checkout.token;
}

const view = (t: Transaction) => {
  const { captures: _c, refunds: _r, ...shown } = t;
  return shown;
};

function authorize(account: Account, raw: string): Answer {
  let body: { transaction_id?: unknown; order_id?: unknown };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return invalid("invalid_field", "Request body is not valid JSON.");
  }
  const token = typeof body.transaction_id === "string" ? body.transaction_id : "";
  const checkout = account.checkouts.get(account.byToken.get(token) ?? "");
  if (!checkout) return invalid("invalid_field", "Invalid checkout token.", "transaction_id");
  if (account.transactions.has(token)) return invalid("invalid_field", "This checkout token has already been authorized.", "transaction_id");
  if (account.declineNext) {
    account.declineNext = false;
    return invalid("auth-declined", "Charge authorization hold declined.");
  }
  const now = new Date();
  const t: Transaction = {
    id: token,
    checkout_id: checkout.id,
    order_id: typeof body.order_id === "string" ? body.order_id : checkout.orderId,
    status: "authorized",
    amount: checkout.total,
    amount_refunded: 0,
    currency: "USD",
    created: now.toISOString(),
    authorization_expiration: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    provider_id: 1,
    events: [{ id: newId(), type: "auth", amount: checkout.total, currency: "USD", created: now.toISOString() }],
    captures: 0,
    refunds: 0,
  };
  account.transactions.set(token, t);
  return { status: 200, body: view(t) };
}

function capture(account: Account, t: Transaction, raw: string): Answer {
  if (t.status === "voided") return invalid("capture-voided", "Cannot capture voided charge.");
  if (t.status !== "authorized") return problem(409, "invalid_request", "capture-limit-exceeded", "Exceed maximum capture amount on charge.");
  if (account.captureDeclineNext) {
    account.captureDeclineNext = false;
    return invalid("capture-declined", "Charge capture declined.");
  }
  const body = (raw ? JSON.parse(raw) : {}) as { order_id?: string };
  const event = {
    id: newId(),
    type: "capture",
    transaction_id: t.id,
    order_id: body.order_id ?? t.order_id,
    amount: t.amount,
    fee: Math.round(t.amount * 0.03),
    currency: "USD",
    created: new Date().toISOString(),
  };
  t.status = "captured";
  t.captures++;
  t.events.push(event);
  return { status: 200, body: event };
}

function refund(t: Transaction, raw: string): Answer {
  const body = (raw ? JSON.parse(raw) : {}) as { amount?: unknown };
  if (t.status === "authorized") return invalid("refund-uncaptured", "Cannot refund a charge that has not been captured.");
  if (t.status === "voided") return invalid("refund-voided", "Cannot refund a voided charge.");
  const amount = body.amount === undefined ? t.amount - t.amount_refunded : body.amount;
  if (!Number.isSafeInteger(amount) || (amount as number) <= 0) return invalid("invalid_field", "amount must be a positive integer.", "amount");
  if (t.amount_refunded + (amount as number) > t.amount) return invalid("refund-exceeded", "Exceeded maximum refund.");
  t.amount_refunded += amount as number;
  t.refunds++;
  t.status = t.amount_refunded === t.amount ? "refunded" : "partially_refunded";
  const event = { id: newId(), type: "refund", transaction_id: t.id, amount, fee_refunded: 0, currency: "USD", created: new Date().toISOString() };
  t.events.push(event);
  return { status: 200, body: event };
}

function route(account: Account, publicKey: string, request: Request, path: string, raw: string): Answer {
  const origin = new URL(request.url).origin;
  if (request.method === "POST" && path === "/api/v2/checkout/direct") return createCheckout(account, publicKey, raw, origin);
  if (request.method === "POST" && path === "/api/v1/transactions") return authorize(account, raw);
  const m = /^\/api\/v1\/transactions\/([^/]+)(\/capture|\/refund)?$/.exec(path);
  const t = m ? account.transactions.get(decodeURIComponent(m[1]!)) : undefined;
  if (m && !t) return problem(404, "not_found", "not-found", "The transaction could not be found.");
  if (t && request.method === "GET" && !m![2]) return { status: 200, body: view(t) };
  if (t && request.method === "POST" && m![2] === "/capture") return capture(account, t, raw);
  if (t && request.method === "POST" && m![2] === "/refund") return refund(t, raw);
  return problem(404, "not_found", "not-found", `The fake has no ${request.method} ${path}.`);
}

/** The account a request speaks for: Basic public:private. */
function caller(request: Request): { publicKey: string; account: Account } | Answer {
  const auth = request.headers.get("authorization") ?? "";
  const [id, ...secret] = (auth.startsWith("Basic ") ? atob(auth.slice(6)) : "").split(":");
  const account = accounts.get(id ?? "");
  if (!account || account.privateKey !== secret.join(":"))
    return problem(401, "unauthorized", "unauthorized", "You provided an invalid API key. Please check your public and private keys.");
  return { publicKey: id!, account };
}

/** Never answers (released after 30 s at the latest so the fakes can stop). */
const never = () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(null, { status: 504 })), 30_000).unref());

/** The shopper's side of the redirect: confirm the loan or cancel, then back to the shop. */
function shopperPage(request: Request, url: URL): Response {
  const m = /^\/checkout\/([A-Z0-9]+)(?:\/(confirm|cancel))?$/.exec(url.pathname);
  const checkout = m ? accounts.get(checkoutOwners.get(m[1]!) ?? "")?.checkouts.get(m[1]!) : undefined;
  if (!m || !checkout) return new Response("No such Affirm checkout.", { status: 404 });
  const account = accounts.get(checkoutOwners.get(checkout.id)!)!;
  if (request.method === "POST" && m[2] === "confirm") {
    const token = confirmLoan(account, checkout);
    return Response.redirect(`${checkout.confirmUrl}${checkout.confirmUrl.includes("?") ? "&" : "?"}checkout_token=${token}`, 303);
  }
  if (request.method === "POST" && m[2] === "cancel") return Response.redirect(checkout.cancelUrl, 303);
  const form = (action: string, label: string) => `<form method="post" action="/affirm/checkout/${checkout.id}/${action}"><button>${label}</button></form>`;
  const html = `<!doctype html><title>Affirm (fake)</title><h1>Pay $${(checkout.total / 100).toFixed(2)} over time</h1>${form("confirm", "Confirm loan")}${form("cancel", "Cancel")}`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

export const affirmFake: Fake = {
  prefix: "/affirm",
  async handle(request) {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path.startsWith("/checkout/")) return shopperPage(request, url);
    const raw = await request.text();
    // From here on everything runs without awaiting: a check and its change are never interleaved.
    const who = caller(request);
    if (!("account" in who)) return Response.json(who.body, { status: who.status });
    const { publicKey, account } = who;
    const key = request.method === "POST" ? request.headers.get("idempotency-key") : null;
    const log = (status: number) => account.requests.push({ method: request.method, path, key, status });
    const act = (): Answer => {
      const replyKey = key === null ? null : `${request.method} ${path} ${key}`;
      const earlier = replyKey === null ? undefined : account.replies.get(replyKey);
      if (earlier) return earlier;
      const answer = route(account, publicKey, request, path, raw);
      if (replyKey !== null && answer.status < 300) account.replies.set(replyKey, answer);
      return answer;
    };
    if (account.hang && path.endsWith(account.hang.on)) {
      const { processed } = account.hang;
      account.hang = null;
      if (processed) act();
      log(0);
      return never();
    }
    const failure = account.failure;
    if (failure && failure.times > 0 && path.endsWith(failure.on)) {
      if (--failure.times === 0) account.failure = null;
      if (failure.processed) act();
      const answer = failureAnswer(failure.status);
      log(answer.status);
      return Response.json(answer.body, { status: answer.status });
    }
    const answer = act();
    log(answer.status);
    return Response.json(answer.body, { status: answer.status });
  },
  control(action, input) {
    const body = (input ?? {}) as {
      publicKey?: string;
      privateKey?: string;
      checkoutId?: string;
      transactionId?: string;
      status?: number;
      times?: number;
      processed?: boolean;
      on?: string;
    };
    const publicKey = body.publicKey ?? "";
    if (action === "register") {
      accounts.set(publicKey, {
        privateKey: body.privateKey ?? "",
        checkouts: new Map(),
        byToken: new Map(),
        transactions: new Map(),
        replies: new Map(),
        failure: null,
        hang: null,
        declineNext: false,
        captureDeclineNext: false,
        requests: [],
      });
      return { ok: true };
    }
    const account = accounts.get(publicKey);
    if (!account) return { error: `unknown public key ${publicKey}` };
    const checkout = account.checkouts.get(body.checkoutId ?? "");
    const t = account.transactions.get(body.transactionId ?? "");
    switch (action) {
      case "approve":
        if (!checkout) return { error: `unknown checkout ${body.checkoutId}` };
        return { checkoutToken: confirmLoan(account, checkout) };
      case "decline-next":
        account.declineNext = true;
        return { ok: true };
      case "capture-decline-next":
        account.captureDeclineNext = true;
        return { ok: true };
      case "fail":
        account.failure = { status: body.status ?? 500, times: body.times ?? 1, processed: body.processed ?? false, on: body.on ?? "" };
        return { ok: true };
      case "hang":
        account.hang = { processed: body.processed ?? false, on: body.on ?? "" };
        return { ok: true };
      case "captures":
        return t?.captures ?? 0;
      case "refunds":
        return { count: t?.refunds ?? 0, amountRefunded: t?.amount_refunded ?? 0 };
      case "checkout":
        return checkout ? { ...checkout.body, checkout_id: checkout.id } : null;
      case "stats":
        return { checkouts: account.checkouts.size, requests: account.requests };
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
