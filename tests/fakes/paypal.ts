/**
 * A loopback fake of PayPal's REST API for the payment adapter's tests (worker/orders/payments/paypal.ts),
 * speaking the documented shapes: `POST /paypal/v1/oauth2/token` (Basic client id:secret, form
 * `grant_type=client_credentials` → `{access_token, token_type, expires_in, …}`), and Orders v2 under a Bearer
 * token — `POST /v2/checkout/orders` (create; `PayPal-Request-Id` → the same order again), `GET
 * /v2/checkout/orders/{id}`, `POST /v2/checkout/orders/{id}/capture` (a repeated `PayPal-Request-Id` answers the
 * first capture again and captures nothing; an unapproved order → 422 ORDER_NOT_APPROVED, a captured one → 422
 * ORDER_ALREADY_CAPTURED), and `POST /v2/payments/captures/{id}/refund` (paypal-refunds.ts). Errors are PayPal's
 * `{name, message, debug_id, details: [{issue, description}]}`.
 * Only successful answers are kept per request id (a refused capture may be tried again once the buyer acts).
 * The payer-action link opens `GET /paypal/checkoutnow?token={id}`, a buyer's page that approves or cancels and
 * returns to the order's return or cancel URL.
 *
 * Everything is kept per client id (an "account"), so test files running at once do not disturb each other.
 * Control (`POST /__control/paypal/{action}`, JSON `{ clientId, … }`; tests/worker/payments/paypal-control.ts):
 * - `register` `{clientSecret, tokenTtl?}`: the app (tokens live `tokenTtl` seconds, default 32400);
 * - `approve` `{orderId}`: the buyer approves; `decline-next`: the next capture answers 422 INSTRUMENT_DECLINED;
 *   `pending-next`: the next capture is PENDING (a payment under review);
 * - `fail` `{status, times?, processed?}`: the next `times` (1) calls answer `status`; with `processed` the call
 *   is carried out first and only its answer is lost;
 * - `hang` `{processed?}`: the next call never answers (carried out first with `processed`);
 * - `revoke-tokens`: issued tokens stop working (401); `captures` `{orderId}` → how many captures really happened;
 * - `refunds` `{captureId}` → the refunds PayPal really made of it; `refund-pending-next`: the next refund is PENDING;
 *   `order` `{orderId}` → the order as GET shows it; `stats` → `{tokenFetches, orders, requests}`;
 * - `webhook`, `event {orderId, type, webhookId}`: its webhooks and their verification (paypal-webhooks.ts).
 */
import { setTimeout } from "node:timers";
import { type RefundBook, refundBook, refundCapture } from "./paypal-refunds";
import { verifyWebhook, type WebhookBook, webhookBook, webhookEvent } from "./paypal-webhooks";
import type { Fake } from "./server";

interface Money {
  currency_code: string;
  value: string;
}
interface FakeCapture {
  id: string;
  status: "COMPLETED" | "PENDING" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: Money;
  time: string;
}
interface FakeOrder {
  id: string;
  clientId: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  unit: { reference_id?: string; invoice_id?: string; description?: string; amount: Money };
  returnUrl: string;
  cancelUrl: string;
  email: string | null;
  captures: FakeCapture[];
  time: string;
}
/** One call the fake answered. */
export interface FakePayPalRequest {
  method: string;
  path: string;
  requestId: string | null;
  status: number;
}
interface Answer {
  status: number;
  body: unknown;
}
interface Account {
  secret: string;
  tokenTtl: number;
  tokenFetches: number;
  orders: Map<string, FakeOrder>;
  created: Map<string, string>;
  captured: Map<string, Answer>;
  failure: { status: number; times: number; processed: boolean } | null;
  hang: { processed: boolean } | null;
  declineNext: boolean;
  pendingNext: boolean;
  requests: FakePayPalRequest[];
  refunds: RefundBook;
  webhooks: WebhookBook;
}

const accounts = new Map<string, Account>();
const tokenOwners = new Map<string, string>();
const orderOwners = new Map<string, string>();

const ID_CHARS = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const newId = (length = 17) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => ID_CHARS[b % ID_CHARS.length]).join("");
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

function problem(status: number, name: string, message: string, issue?: string, description?: string): Answer {
  const details = issue ? [{ issue, description: description ?? message }] : undefined;
  const debug_id = newId(13).toLowerCase();
  const links = [{ href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue ?? name}`, rel: "information_link", method: "GET" }];
  return { status, body: { name, message, debug_id, details, links } };
}

const FAILURES: Record<number, [string, string, string?]> = {
  409: ["RESOURCE_CONFLICT", "The server has detected a conflict while processing this request.", "PREVIOUS_REQUEST_IN_PROGRESS"],
  429: ["RATE_LIMIT_REACHED", "Too many requests. Blocked due to rate limiting."],
  500: ["INTERNAL_SERVER_ERROR", "An internal server error has occurred."],
  503: ["SERVICE_UNAVAILABLE", "Service Unavailable."],
};
const failureAnswer = (status: number) => {
  const [name, message, issue] = FAILURES[status] ?? ["INTERNAL_SERVER_ERROR", "An internal server error has occurred."];
  return problem(status, name, message, issue);
};

function view(order: FakeOrder, origin: string): Record<string, unknown> {
  const self = `${origin}/paypal/v2/checkout/orders/${order.id}`;
  const links = [{ href: self, rel: "self", method: "GET" }];
  if (order.status === "PAYER_ACTION_REQUIRED") links.push({ href: `${origin}/paypal/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" });
  if (order.status === "APPROVED") links.push({ href: `${self}/capture`, rel: "capture", method: "POST" });
  const approved = order.status !== "PAYER_ACTION_REQUIRED";
  const payer = {
    email_address: order.email ?? "buyer@example.com",
    payer_id: `PAYER${order.clientId.length}`,
    name: { given_name: "Test", surname: "Buyer" },
  };
  const captures = order.captures.map((c) => ({
    id: c.id,
    status: c.status,
    ...(c.status === "PENDING" ? { status_details: { reason: "PENDING_REVIEW" } } : {}),
    amount: c.amount,
    final_capture: true,
    seller_protection: { status: "ELIGIBLE" },
    invoice_id: order.unit.invoice_id,
    create_time: c.time,
    update_time: c.time,
    links: [{ href: `${origin}/paypal/v2/payments/captures/${c.id}`, rel: "self", method: "GET" }],
  }));
  return {
    id: order.id,
    intent: "CAPTURE",
    status: order.status,
    payment_source: { paypal: approved ? { email_address: payer.email_address, account_id: payer.payer_id, name: payer.name } : {} },
    purchase_units: [{ ...order.unit, ...(captures.length ? { payments: { captures } } : {}) }],
    ...(approved ? { payer } : {}),
    create_time: order.time,
    links,
  };
}

function createOrder(account: Account, clientId: string, raw: string, requestId: string | null, origin: string): Answer {
  if (requestId !== null) {
    const earlier = account.orders.get(account.created.get(requestId) ?? "");
    if (earlier) return { status: 200, body: view(earlier, origin) };
  }
  let body: {
    intent?: string;
    purchase_units?: FakeOrder["unit"][];
    payment_source?: { paypal?: { email_address?: string; experience_context?: { return_url?: string; cancel_url?: string } } };
  };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return problem(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", "MALFORMED_REQUEST_JSON");
  }
  const unit = body.purchase_units?.[0];
  if (body.intent !== "CAPTURE" && body.intent !== "AUTHORIZE") return problem(400, "INVALID_REQUEST", "Invalid intent.", "INVALID_PARAMETER_VALUE");
  if (!unit?.amount || !/^[A-Z]{3}$/.test(unit.amount.currency_code) || !AMOUNT.test(unit.amount.value ?? ""))
    return problem(400, "INVALID_REQUEST", "Request is not well-formed.", "INVALID_PARAMETER_SYNTAX", "purchase_units[0].amount");
  if (Number(unit.amount.value) <= 0) return problem(422, "UNPROCESSABLE_ENTITY", "Must be greater than zero.", "CANNOT_BE_ZERO_OR_NEGATIVE");
  const experience = body.payment_source?.paypal?.experience_context;
  const order: FakeOrder = {
    id: newId(),
    clientId,
    status: "PAYER_ACTION_REQUIRED",
    unit: { reference_id: unit.reference_id ?? "default", invoice_id: unit.invoice_id, description: unit.description, amount: unit.amount },
    returnUrl: experience?.return_url ?? "",
    cancelUrl: experience?.cancel_url ?? "",
    email: body.payment_source?.paypal?.email_address ?? null,
    captures: [],
    time: new Date().toISOString(),
  };
  account.orders.set(order.id, order);
  orderOwners.set(order.id, clientId);
  if (requestId !== null) account.created.set(requestId, order.id);
  return { status: 201, body: view(order, origin) };
}

function capture(account: Account, orderId: string, requestId: string | null, origin: string): Answer {
  const earlier = requestId === null ? undefined : account.captured.get(requestId);
  if (earlier) return earlier;
  const order = account.orders.get(orderId);
  if (!order) return problem(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
  if (order.status === "COMPLETED")
    return problem(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed.", "ORDER_ALREADY_CAPTURED", "Order already captured.");
  if (order.status !== "APPROVED")
    return problem(
      422,
      "UNPROCESSABLE_ENTITY",
      "The requested action could not be performed.",
      "ORDER_NOT_APPROVED",
      "Payer has not yet approved the Order for payment.",
    );
  if (account.declineNext) {
    account.declineNext = false;
    return problem(
      422,
      "UNPROCESSABLE_ENTITY",
      "The requested action could not be performed.",
      "INSTRUMENT_DECLINED",
      "The instrument presented was declined.",
    );
  }
  order.captures.push({ id: newId(), status: account.pendingNext ? "PENDING" : "COMPLETED", amount: order.unit.amount, time: new Date().toISOString() });
  account.pendingNext = false;
  order.status = "COMPLETED";
  const answer = { status: 201, body: view(order, origin) };
  if (requestId !== null) account.captured.set(requestId, answer);
  return answer;
}

function issueToken(account: Account, clientId: string, form: string): Answer {
  if (new URLSearchParams(form).get("grant_type") !== "client_credentials")
    return { status: 400, body: { error: "unsupported_grant_type", error_description: "Grant Type is NULL" } };
  account.tokenFetches++;
  const token = `A21AA${newId(40)}`;
  tokenOwners.set(token, clientId);
  return {
    status: 200,
    body: {
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: token,
      token_type: "Bearer",
      app_id: "APP-80W284485P519543T",
      expires_in: account.tokenTtl,
      nonce: newId(20),
    },
  };
}

/** The account a request speaks for: Basic client id:secret on the token call, a Bearer token elsewhere. */
function caller(request: Request, path: string): { clientId: string; account: Account } | Answer {
  const auth = request.headers.get("authorization") ?? "";
  if (path === "/v1/oauth2/token") {
    const [id, ...secret] = (auth.startsWith("Basic ") ? atob(auth.slice(6)) : "").split(":");
    const account = accounts.get(id ?? "");
    if (!account || account.secret !== secret.join(":"))
      return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
    return { clientId: id!, account };
  }
  const clientId = auth.startsWith("Bearer ") ? tokenOwners.get(auth.slice(7)) : undefined;
  const account = clientId === undefined ? undefined : accounts.get(clientId);
  if (!account || clientId === undefined)
    return problem(401, "AUTHENTICATION_FAILURE", "Authentication failed due to invalid authentication credentials or a missing Authorization header.");
  return { clientId, account };
}

function route(request: Request, path: string, raw: string, clientId: string, account: Account): Answer {
  const requestId = request.headers.get("paypal-request-id");
  const origin = new URL(request.url).origin;
  if (request.method === "POST" && path === "/v1/oauth2/token") return issueToken(account, clientId, raw);
  if (request.method === "POST" && path === "/v1/notifications/verify-webhook-signature") return verifyWebhook(account.webhooks, raw);
  if (request.method === "POST" && path === "/v2/checkout/orders") return createOrder(account, clientId, raw, requestId, origin);
  const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
  if (refund && request.method === "POST") {
    const id = decodeURIComponent(refund[1]!);
    const capture = [...account.orders.values()].flatMap((o) => o.captures).find((c) => c.id === id && c.status !== "PENDING");
    return refundCapture(account.refunds, capture, raw, requestId, origin, problem, newId);
  }
  const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
  if (m && request.method === "POST" && m[2]) return capture(account, decodeURIComponent(m[1]!), requestId, origin);
  if (m && request.method === "GET" && !m[2]) {
    const order = account.orders.get(decodeURIComponent(m[1]!));
    return order
      ? { status: 200, body: view(order, origin) }
      : problem(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
  }
  return problem(404, "NOT_FOUND", `The fake has no ${request.method} ${path}.`);
}

/** Never answers (released after 30 s at the latest so the fakes can stop). */
const never = () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(null, { status: 504 })), 30_000).unref());

/** The buyer's side of the payer-action link: a page to approve or cancel, which then returns to the shop. */
function buyerPage(request: Request, url: URL): Response {
  const id = url.searchParams.get("token") ?? "";
  const order = accounts.get(orderOwners.get(id) ?? "")?.orders.get(id);
  if (!order) return new Response("No such PayPal order.", { status: 404 });
  const back = (to: string) => Response.redirect(`${to}${to.includes("?") ? "&" : "?"}token=${id}&PayerID=PAYER${order.clientId.length}`, 303);
  if (request.method === "POST" && url.pathname === "/checkoutnow/approve") {
    if (order.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
    return back(order.returnUrl);
  }
  if (request.method === "POST" && url.pathname === "/checkoutnow/cancel") return back(order.cancelUrl);
  const form = (action: string, label: string) => `<form method="post" action="/paypal/checkoutnow/${action}?token=${id}"><button>${label}</button></form>`;
  const html = `<!doctype html><title>PayPal (fake)</title><h1>Pay ${order.unit.amount.value} ${order.unit.amount.currency_code}</h1>${form("approve", "Pay Now")}${form("cancel", "Cancel")}`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

export const paypalFake: Fake = {
  prefix: "/paypal",
  async handle(request) {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path.startsWith("/checkoutnow")) return buyerPage(request, url);
    const raw = await request.text();
    // From here on everything runs without awaiting: a check and its change are never interleaved.
    const who = caller(request, path);
    if (!("account" in who)) return Response.json(who.body, { status: who.status });
    const { clientId, account } = who;
    const log = (status: number) => account.requests.push({ method: request.method, path, requestId: request.headers.get("paypal-request-id"), status });
    if (account.hang) {
      const { processed } = account.hang;
      account.hang = null;
      if (processed) route(request, path, raw, clientId, account);
      log(0);
      return never();
    }
    const failure = account.failure;
    if (failure && failure.times > 0) {
      if (--failure.times === 0) account.failure = null;
      if (failure.processed) route(request, path, raw, clientId, account);
      const answer = failureAnswer(failure.status);
      log(answer.status);
      return Response.json(answer.body, { status: answer.status });
    }
    const answer = route(request, path, raw, clientId, account);
    log(answer.status);
    return Response.json(answer.body, { status: answer.status, headers: { "paypal-debug-id": newId(13).toLowerCase() } });
  },
  control(action, input) {
    const body = (input ?? {}) as {
      clientId?: string;
      clientSecret?: string;
      tokenTtl?: number;
      orderId?: string;
      captureId?: string;
      status?: number;
      times?: number;
      processed?: boolean;
      type?: string;
      webhookId?: string;
    };
    const clientId = body.clientId ?? "";
    if (action === "register") {
      accounts.set(clientId, {
        secret: body.clientSecret ?? "",
        tokenTtl: body.tokenTtl ?? 32_400,
        tokenFetches: 0,
        orders: new Map(),
        created: new Map(),
        captured: new Map(),
        failure: null,
        hang: null,
        declineNext: false,
        pendingNext: false,
        requests: [],
        refunds: refundBook(),
        webhooks: webhookBook(),
      });
      return { ok: true };
    }
    const account = accounts.get(clientId);
    if (!account) return { error: `unknown client id ${clientId}` };
    const order = account.orders.get(body.orderId ?? "");
    switch (action) {
      case "approve":
        if (!order) return { error: `unknown order ${body.orderId}` };
        if (order.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
        return { ok: true, status: order.status };
      case "decline-next":
        account.declineNext = true;
        return { ok: true };
      case "pending-next":
        account.pendingNext = true;
        return { ok: true };
      case "fail":
        account.failure = { status: body.status ?? 500, times: body.times ?? 1, processed: body.processed ?? false };
        return { ok: true };
      case "hang":
        account.hang = { processed: body.processed ?? false };
        return { ok: true };
      case "revoke-tokens":
        for (const [token, owner] of tokenOwners) if (owner === clientId) tokenOwners.delete(token);
        return { ok: true };
      case "captures":
        return order?.captures.length ?? 0;
      case "refunds":
        return account.refunds.refunds.filter((r) => r.captureId === body.captureId);
      case "refund-pending-next":
        account.refunds.pendingNext = true;
        return { ok: true };
      case "order":
        return order ? view(order, "") : null;
      case "webhook": {
        const webhookId = newId();
        account.webhooks.ids.add(webhookId);
        return { webhookId };
      }
      case "event":
        return order ? webhookEvent(account.webhooks, order, body.type ?? "", body.webhookId ?? "", newId) : { error: `unknown order ${body.orderId}` };
      case "stats":
        return { tokenFetches: account.tokenFetches, orders: account.orders.size, requests: account.requests };
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
