/**
 * A loopback fake of Stripe's PaymentIntents API (https://docs.stripe.com/api/payment_intents) for the Stripe
 * adapter's worker tests: `POST /stripe/v1/payment_intents` (form-encoded), `GET /stripe/v1/payment_intents/{id}` and
 * `POST /stripe/v1/refunds` ({payment_intent, amount?, reason?, metadata}: a refund of a succeeded PaymentIntent, at
 * most what is left; https://docs.stripe.com/api/refunds/create) under `Authorization: Bearer sk_…`. Each secret key is its own account (its PaymentIntents, idempotency keys,
 * failures and request log), so test files running at once never see each other's payments.
 *
 * Idempotency as Stripe documents it (https://docs.stripe.com/idempotency): the first answer for an
 * `Idempotency-Key` is saved and replayed (with `Idempotent-Replayed: true`) for the same parameters; the same key
 * with other parameters answers 400 `idempotency_error`. Errors are Stripe's `{error: {type, code, message, param?}}`.
 *
 * Control (`POST /__control/stripe/{action}`, JSON):
 * - `pay` `{secretKey, id, outcome: "succeeded"|"declined"|"processing"|"canceled"}` → `{intent, event}`: what the
 *   browser's confirmation with Stripe.js does to the PaymentIntent, and the `payment_intent.*` event Stripe would send;
 * - `fail` `{secretKey, status, times?, afterCreate?}`: the next `times` (1) requests answer `status` (a 5xx, 429, …)
 *   before Stripe starts on them, so nothing is saved for their idempotency key; with `afterCreate` a create is
 *   carried out and saved first and only its answer is lost (the retry gets the saved PaymentIntent back);
 * - `hang` `{secretKey, times?, afterCreate?, ms?}`: the next `times` (all, until `reset`) requests get no answer for
 *   `ms` (1000) — the client's timeout fires first; `afterCreate` as above;
 * - `count` `{secretKey}` → `{created}`: PaymentIntents created (replays make none);
 * - `refunds` `{secretKey, id}` → the refunds Stripe really made of PaymentIntent `id`;
 * - `intent` `{secretKey, id}` → the PaymentIntent as Stripe holds it (or `{error}`), without a request logged;
 * - `requests` `{secretKey}` → every request: method, path, idempotency key, status (0: left
 *   hanging), replayed;
 * - `sign` `{secret | secret[], payload, timestamp}` → `{header}`: a `Stripe-Signature` header as Stripe makes it
 *   (`t=…,v1=…` with one v1 per secret), computed with Node's crypto independently of the worker's verifier;
 * - `reset` `{secretKey}`: forgets the account.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Fake } from "./server";

/** A PaymentIntent as the fake keeps it (Stripe's field names). */
export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  client_secret: string;
  status: string;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null;
  cancellation_reason: string | null;
  capture_method: "automatic";
  created: number;
  livemode: false;
}

/** One request the fake answered. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number;
  replayed: boolean;
}

interface Saved {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** A refund as the fake keeps it (Stripe's field names). */
export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string | null;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: "succeeded";
  created: number;
}

interface Account {
  intents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  saved: Map<string, Saved>;
  requests: FakeStripeRequest[];
  created: number;
  failures: { status: number; times: number; afterCreate: boolean }[];
  hang: { times: number; afterCreate: boolean; ms: number } | null;
}

const accounts = new Map<string, Account>();

function account(secretKey: string): Account {
  let a = accounts.get(secretKey);
  if (!a) {
    a = { intents: new Map(), refunds: [], saved: new Map(), requests: [], created: 0, failures: [], hang: null };
    accounts.set(secretKey, a);
  }
  return a;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, type: string, message: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}): Response {
  return Response.json({ error: { type, message, ...extra } }, { status, headers: { "request-id": id("req"), ...headers } });
}

function failure(status: number): Response {
  if (status === 429) return stripeError(429, "invalid_request_error", "Request rate limit exceeded.", { code: "rate_limit" });
  return stripeError(status, "api_error", "Something went wrong on Stripe's end (set by the test).");
}

/** The create parameters Stripe would accept from the adapter (anything else is `parameter_unknown`). */
const KNOWN = /^(amount|currency|description|receipt_email|automatic_payment_methods\[enabled\]|metadata\[[\w-]+\])$/;

function create(a: Account, params: URLSearchParams): { status: number; body: unknown } {
  for (const name of params.keys()) {
    if (!KNOWN.test(name))
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", code: "parameter_unknown", param: name, message: `Received unknown parameter: ${name}` } },
      };
  }
  const amount = params.get("amount") ?? "";
  const currency = params.get("currency") ?? "";
  if (!/^\d+$/.test(amount))
    return {
      status: 400,
      body: { error: { type: "invalid_request_error", code: "parameter_invalid_integer", param: "amount", message: "Invalid integer: " + amount } },
    };
  if (currency !== "usd")
    return {
      status: 400,
      body: { error: { type: "invalid_request_error", code: "parameter_invalid_string", param: "currency", message: "The fake takes usd only." } },
    };
  if (Number(amount) < 50) {
    return {
      status: 400,
      body: { error: { type: "invalid_request_error", code: "amount_too_small", param: "amount", message: "Amount must be at least $0.50 usd" } },
    };
  }
  const metadata: Record<string, string> = {};
  for (const [name, value] of params) {
    const m = /^metadata\[(.+)\]$/.exec(name);
    if (m) metadata[m[1]!] = value;
  }
  const piId = id("pi");
  const intent: FakePaymentIntent = {
    id: piId,
    object: "payment_intent",
    amount: Number(amount),
    amount_received: 0,
    currency,
    description: params.get("description"),
    receipt_email: params.get("receipt_email"),
    metadata,
    automatic_payment_methods: params.has("automatic_payment_methods[enabled]")
      ? { enabled: params.get("automatic_payment_methods[enabled]") === "true" }
      : null,
    client_secret: `${piId}_secret_${randomBytes(12).toString("hex")}`,
    status: "requires_payment_method",
    latest_charge: null,
    last_payment_error: null,
    cancellation_reason: null,
    capture_method: "automatic",
    created: nowSeconds(),
    livemode: false,
  };
  a.intents.set(piId, intent);
  a.created++;
  return { status: 200, body: intent };
}

const invalid = (message: string, extra: Record<string, string> = {}) => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message, ...extra } },
});
const REFUND_PARAMS = /^(payment_intent|amount|reason|metadata\[[\w-]+\])$/;

/** `POST /v1/refunds`: a refund of a succeeded PaymentIntent, at most what is left of it. */
function refund(a: Account, params: URLSearchParams): { status: number; body: unknown } {
  for (const name of params.keys())
    if (!REFUND_PARAMS.test(name)) return invalid(`Received unknown parameter: ${name}`, { code: "parameter_unknown", param: name });
  const piId = params.get("payment_intent") ?? "";
  const intent = a.intents.get(piId);
  if (!intent)
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", code: "resource_missing", param: "payment_intent", message: `No such payment_intent: '${piId}'` } },
    };
  const reason = params.get("reason");
  if (reason !== null && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason))
    return invalid(`Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, { code: "parameter_invalid_string", param: "reason" });
  if (intent.status !== "succeeded" || !intent.latest_charge)
    return invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, { code: "charge_not_refundable" });
  const left = intent.amount_received - a.refunds.filter((r) => r.payment_intent === piId).reduce((sum, r) => sum + r.amount, 0);
  if (left <= 0) return invalid(`Charge ${intent.latest_charge} has already been refunded.`, { code: "charge_already_refunded" });
  const raw = params.get("amount");
  if (raw !== null && !/^\d+$/.test(raw)) return invalid(`Invalid integer: ${raw}`, { code: "parameter_invalid_integer", param: "amount" });
  const amount = raw === null ? left : Number(raw);
  if (amount < 1) return invalid("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
  if (amount > left)
    return invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, {
      code: "amount_too_large",
      param: "amount",
    });
  const metadata: Record<string, string> = {};
  for (const [name, value] of params) {
    const m = /^metadata\[(.+)\]$/.exec(name);
    if (m) metadata[m[1]!] = value;
  }
  const made: FakeRefund = {
    id: id("re"),
    object: "refund",
    amount,
    charge: intent.latest_charge,
    currency: intent.currency,
    payment_intent: piId,
    reason,
    metadata,
    status: "succeeded",
    created: nowSeconds(),
  };
  a.refunds.push(made);
  return { status: 200, body: made };
}

async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  const auth = request.headers.get("authorization") ?? "";
  const secretKey = auth.startsWith("Bearer ") ? auth.slice("Bearer ".length).trim() : "";
  if (!/^(sk|rk)_\w+$/.test(secretKey)) {
    return stripeError(401, "invalid_request_error", secretKey ? `Invalid API Key provided: ${secretKey.slice(0, 8)}…` : "You did not provide an API key.");
  }
  const a = account(secretKey);
  const key = request.method === "POST" ? request.headers.get("idempotency-key") : null;
  const log = (status: number, replayed = false) => a.requests.push({ method: request.method, path, idempotencyKey: key, status, replayed });
  const isCreate = request.method === "POST" && path === "/v1/payment_intents";
  const body = request.method === "POST" ? await request.text() : "";
  const fingerprint = `${request.method} ${path} ${[...new URLSearchParams(body)]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join("&")}`;

  /** Runs the request as Stripe would, saving the answer for its idempotency key. */
  const run = (): { status: number; body: unknown; replayed: boolean } => {
    const earlier = key ? a.saved.get(key) : undefined;
    if (earlier && earlier.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      return { status: 400, body: { error: { type: "idempotency_error", message } }, replayed: false };
    }
    if (earlier) return { status: earlier.status, body: earlier.body, replayed: true };
    let answer: { status: number; body: unknown };
    if (isCreate) answer = create(a, new URLSearchParams(body));
    else if (request.method === "POST" && path === "/v1/refunds") answer = refund(a, new URLSearchParams(body));
    else if (request.method === "GET" && /^\/v1\/payment_intents\/[^/]+$/.test(path)) {
      const piId = decodeURIComponent(path.split("/")[3]!);
      const intent = a.intents.get(piId);
      answer = intent
        ? { status: 200, body: intent }
        : {
            status: 404,
            body: { error: { type: "invalid_request_error", code: "resource_missing", param: "intent", message: `No such payment_intent: '${piId}'` } },
          };
    } else answer = { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path}).` } } };
    if (key && answer.status !== 400) a.saved.set(key, { fingerprint, status: answer.status, body: structuredClone(answer.body) });
    return { ...answer, replayed: false };
  };

  if (a.hang && a.hang.times > 0) {
    const hang = a.hang;
    hang.times--;
    if (hang.afterCreate) run();
    log(0);
    await new Promise((resolve) => setTimeout(resolve, hang.ms));
    return failure(504);
  }
  const fail = a.failures.find((f) => f.times > 0);
  if (fail) {
    fail.times--;
    a.failures = a.failures.filter((f) => f.times > 0);
    if (fail.afterCreate) run();
    log(fail.status);
    return failure(fail.status);
  }
  const answer = run();
  log(answer.status, answer.replayed);
  return Response.json(answer.body, {
    status: answer.status,
    headers: { "request-id": id("req"), ...(answer.replayed ? { "idempotent-replayed": "true" } : {}) },
  });
}

/** What the browser's confirmation at Stripe does to a PaymentIntent, and the event Stripe then sends. */
function pay(a: Account, piId: string, outcome: string): { intent: FakePaymentIntent; event: unknown } | { error: string } {
  const intent = a.intents.get(piId);
  if (!intent) return { error: `no PaymentIntent ${piId}` };
  let type: string;
  switch (outcome) {
    case "succeeded":
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: id("ch"), last_payment_error: null });
      type = "payment_intent.succeeded";
      break;
    case "declined":
      Object.assign(intent, {
        status: "requires_payment_method",
        latest_charge: id("ch"),
        last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
      });
      type = "payment_intent.payment_failed";
      break;
    case "processing":
      Object.assign(intent, { status: "processing", last_payment_error: null });
      type = "payment_intent.processing";
      break;
    case "canceled":
      Object.assign(intent, { status: "canceled", cancellation_reason: "abandoned" });
      type = "payment_intent.canceled";
      break;
    default:
      return { error: `unknown outcome ${outcome}` };
  }
  const event = {
    id: id("evt"),
    object: "event",
    type,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    data: { object: structuredClone(intent) },
  };
  return { intent: structuredClone(intent), event };
}

/** `t=…,v1=…[,v1=…]` over `${timestamp}.${payload}`, one v1 per secret, as Stripe signs a delivery. */
function sign(secrets: string[], payload: string, timestamp: number): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${createHmac("sha256", s).update(`${timestamp}.${payload}`, "utf8").digest("hex")}`)].join(",");
}

type Control = {
  secretKey?: string;
  id?: string;
  outcome?: string;
  status?: number;
  times?: number;
  afterCreate?: boolean;
  ms?: number;
  secret?: string | string[];
  payload?: string;
  timestamp?: number;
} | null;

export const stripeFake: Fake = {
  prefix: "/stripe",
  handle,
  control(action, raw) {
    const body = raw as Control;
    if (action === "sign") {
      const secrets = Array.isArray(body?.secret) ? body.secret : [body?.secret ?? ""];
      return { header: sign(secrets, body?.payload ?? "", body?.timestamp ?? nowSeconds()) };
    }
    if (!body?.secretKey) return { error: "secretKey is required" };
    const a = account(body.secretKey);
    switch (action) {
      case "pay":
        return pay(a, body.id ?? "", body.outcome ?? "succeeded");
      case "fail":
        a.failures.push({ status: body.status ?? 500, times: body.times ?? 1, afterCreate: body.afterCreate ?? false });
        return { ok: true };
      case "hang":
        a.hang = { times: body.times ?? Number.POSITIVE_INFINITY, afterCreate: body.afterCreate ?? false, ms: body.ms ?? 1000 };
        return { ok: true };
      case "count":
        return { created: a.created };
      case "refunds":
        return a.refunds.filter((r) => r.payment_intent === body.id);
      case "intent":
        return a.intents.get(body.id ?? "") ?? { error: `no PaymentIntent ${body.id}` };
      case "requests":
        return a.requests;
      case "reset":
        accounts.delete(body.secretKey);
        return { ok: true };
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
