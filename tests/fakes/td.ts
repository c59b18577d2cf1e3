/**
 * A loopback fake of TD Retail Card Services' partner API as the shop speaks it (worker/orders/payments/td.ts;
 * the shape is documented in docs/decisions/034-td-financing.md — TD's own API is not public): `POST
 * /td/oauth/token` (Basic client id:secret, form `grant_type=client_credentials`), then under a Bearer token
 * `POST /applications`, `GET /applications/{link}`, `POST /authorizations`, `POST /authorizations/{id}/capture`,
 * `POST /authorizations/{id}/refunds`, `POST /accounts/lookup`, `GET /accounts/{number}?transactionLink=`. Amounts
 * are decimal strings; errors `{error: {code, message}}`. A repeated `Idempotency-Key` on the same call answers the
 * first successful answer again and does nothing (only successes are kept: a refused call may be tried again).
 * The application's page (`GET /td/apply/{link}`) lets a shopper approve, decline, refer or cancel and returns to
 * the outcome's URL with `transactionLink=`.
 *
 * Everything is kept per client id (a merchant app), so test files running at once never share state.
 * Control (`POST /__control/td/{action}`, JSON `{ clientId, … }`; tests/worker/payments/td-control.ts):
 * - `register` `{clientSecret, merchantId}`;
 * - `decide` `{transactionLink, decision: approve|decline|refer|cancel, accountNumber?, approvedAmount?}`: the
 *   shopper's answer at TD; `lender-decides` `{transactionLink, decision: approve|decline}`: the decision on a
 *   referred application, later; `decline-next-authorization`: the next authorisation is declined;
 * - `fail` `{status, times?, processed?, path?}`: the next `times` (1) calls (under `path`, e.g. `/authorizations`;
 *   any by default) answer `status` (with `processed` the call is carried out first and only its answer is lost);
 *   `hang` `{processed?, path?}`: the next such call never answers;
 * - `revoke-tokens`; `add-cardholder` `{lastName, postalCode, ssnLast4, dateOfBirth, accountNumber}`;
 * - `application` `{transactionLink}` → its view; `authorizations` / `captures` `{transactionLink}` → how many
 *   really happened; `stats` → `{tokenFetches, requests: [{method, path, idempotencyKey, status}]}`.
 */
import { setTimeout } from "node:timers";
import type { Fake } from "./server";

type Status = "pending" | "approved" | "declined" | "cancelled" | "referred";
interface Application {
  transactionLink: string;
  clientId: string;
  amountCents: number;
  orderReference: string;
  entryType: string;
  returnUrls: Record<"approved" | "declined" | "cancelled" | "referred", string>;
  status: Status;
  accountNumber: string | null;
  creditPlan: string | null;
  approvedAmountCents: number | null;
}
interface Authorization {
  id: string;
  transactionLink: string;
  amountCents: number;
  creditPlan: string;
  captured: boolean;
  refundedCents: number;
}
interface Cardholder {
  lastName: string;
  postalCode: string;
  ssnLast4: string;
  dateOfBirth: string;
  accountNumber: string;
}
/** One call the fake answered (status 0: it never answered). */
export interface FakeTdRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number;
}
interface Answer {
  status: number;
  body: unknown;
}
interface Merchant {
  secret: string;
  merchantId: string;
  tokenFetches: number;
  applications: Map<string, Application>;
  authorizations: Map<string, Authorization>;
  replays: Map<string, Answer>;
  cardholders: Cardholder[];
  failure: { status: number; times: number; processed: boolean; path: string } | null;
  hang: { processed: boolean; path: string } | null;
  declineNextAuthorization: boolean;
  requests: FakeTdRequest[];
}

export const TD_FAKE_PLANS = [
  { code: "PLAN12", description: "12 months, no interest if paid in full", months: 12, apr: 0 },
  { code: "PLAN36", description: "36 equal monthly payments", months: 36, apr: 9.99 },
];

const merchants = new Map<string, Merchant>();
const tokenOwners = new Map<string, string>();
const linkOwners = new Map<string, string>();

const digits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join("");
const newId = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}`;
const problem = (status: number, code: string, message: string): Answer => ({ status, body: { error: { code, message } } });
const toCents = (v: unknown): number | null => (typeof v === "string" && /^\d{1,10}(\.\d{2})?$/.test(v) ? Math.round(Number(v) * 100) : null);
const decimal = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

function view(a: Application): Record<string, unknown> {
  return {
    transactionLink: a.transactionLink,
    orderReference: a.orderReference,
    amount: decimal(a.amountCents),
    status: a.status,
    accountNumberLast4: a.accountNumber?.slice(-4) ?? null,
    creditPlan: a.creditPlan,
    approvedAmount: a.approvedAmountCents === null ? null : decimal(a.approvedAmountCents),
  };
}

function decide(a: Application, decision: string, over: { accountNumber?: string; approvedAmount?: string } = {}): boolean {
  const from: Record<string, Status[]> = { approve: ["pending", "referred"], decline: ["pending", "referred"], refer: ["pending"], cancel: ["pending"] };
  if (!from[decision]?.includes(a.status)) return false;
  a.status = ({ approve: "approved", decline: "declined", refer: "referred", cancel: "cancelled" } as const)[decision as "approve"];
  if (a.status === "approved") {
    a.accountNumber = over.accountNumber ?? `6035${digits(12)}`;
    a.creditPlan = "PLAN12";
    a.approvedAmountCents = toCents(over.approvedAmount) ?? a.amountCents;
  }
  return true;
}

function createApplication(m: Merchant, clientId: string, body: Record<string, unknown>, origin: string): Answer {
  const amountCents = toCents(body.amount);
  const urls = body.returnUrls as Application["returnUrls"] | undefined;
  if (body.merchantId !== m.merchantId) return problem(403, "merchant_mismatch", "merchantId is not this app's merchant.");
  if (amountCents === null || amountCents <= 0 || body.currency !== "USD") return problem(400, "invalid_amount", "amount must be a positive USD decimal.");
  if (body.entryType !== "apply" && body.entryType !== "existing") return problem(400, "invalid_entry_type", "entryType is apply or existing.");
  if (!urls || !(["approved", "declined", "cancelled", "referred"] as const).every((k) => /^https?:\/\//.test(urls[k] ?? "")))
    return problem(400, "invalid_return_urls", "returnUrls needs approved, declined, cancelled and referred URLs.");
  const a: Application = {
    transactionLink: newId("TL"),
    clientId,
    amountCents,
    orderReference: String(body.orderReference ?? ""),
    entryType: body.entryType,
    returnUrls: urls,
    status: "pending",
    accountNumber: null,
    creditPlan: null,
    approvedAmountCents: null,
  };
  m.applications.set(a.transactionLink, a);
  linkOwners.set(a.transactionLink, clientId);
  return { status: 201, body: { transactionLink: a.transactionLink, redirectUrl: `${origin}/td/apply/${a.transactionLink}`, status: a.status } };
}

function authorize(m: Merchant, body: Record<string, unknown>): Answer {
  const a = m.applications.get(String(body.transactionLink ?? ""));
  if (!a) return problem(404, "not_found", "No such application.");
  if (a.status !== "approved") return problem(422, "application_not_approved", `The application is ${a.status}.`);
  if (body.accountNumber !== undefined && body.accountNumber !== a.accountNumber) return problem(422, "account_mismatch", "Not this application's account.");
  const plan = String(body.creditPlan ?? a.creditPlan);
  if (!TD_FAKE_PLANS.some((p) => p.code === plan)) return problem(422, "invalid_credit_plan", `No plan ${plan}.`);
  const amountCents = toCents(body.amount);
  if (amountCents === null || amountCents > (a.approvedAmountCents ?? 0)) return problem(422, "amount_exceeds_approval", "More than the approved amount.");
  if ([...m.authorizations.values()].some((x) => x.transactionLink === a.transactionLink))
    return problem(409, "already_authorized", "This application already has an authorisation.");
  if (m.declineNextAuthorization) {
    m.declineNextAuthorization = false;
    return {
      status: 201,
      body: { authorizationId: null, status: "declined", amount: decimal(amountCents), creditPlan: plan, declineReason: "insufficient credit" },
    };
  }
  const auth: Authorization = { id: newId("AU"), transactionLink: a.transactionLink, amountCents, creditPlan: plan, captured: false, refundedCents: 0 };
  m.authorizations.set(auth.id, auth);
  return {
    status: 201,
    body: { authorizationId: auth.id, transactionLink: a.transactionLink, status: "approved", amount: decimal(amountCents), creditPlan: plan },
  };
}

function capture(m: Merchant, id: string, body: Record<string, unknown>): Answer {
  const auth = m.authorizations.get(id);
  if (!auth) return problem(404, "not_found", "No such authorisation.");
  const amountCents = toCents(body.amount);
  if (amountCents === null || amountCents > auth.amountCents) return problem(422, "invalid_amount", "More than authorised.");
  if (auth.captured) return problem(409, "already_captured", "This authorisation is captured.");
  auth.captured = true;
  return { status: 201, body: { captureId: newId("CP"), authorizationId: id, status: "captured", amount: decimal(amountCents) } };
}

function refund(m: Merchant, id: string, body: Record<string, unknown>): Answer {
  const auth = m.authorizations.get(id);
  if (!auth?.captured) return problem(404, "not_found", "No such captured authorisation.");
  const amountCents = toCents(body.amount);
  if (amountCents === null || auth.refundedCents + amountCents > auth.amountCents)
    return problem(422, "refund_exceeds_capture", "More than is left to refund.");
  auth.refundedCents += amountCents;
  return { status: 201, body: { refundId: newId("RF"), status: "refunded", amount: decimal(amountCents) } };
}

function lookup(m: Merchant, body: Record<string, unknown>): Answer {
  const same = (a: unknown, b: string) => typeof a === "string" && a.trim().toLowerCase() === b.toLowerCase();
  const found = m.cardholders.find(
    (h) => same(body.lastName, h.lastName) && same(body.postalCode, h.postalCode) && (same(body.ssnLast4, h.ssnLast4) || same(body.dateOfBirth, h.dateOfBirth)),
  );
  return found ? { status: 200, body: { accountNumber: found.accountNumber } } : problem(404, "not_found", "No such cardholder.");
}

function route(m: Merchant, clientId: string, request: Request, url: URL, raw: string): Answer {
  const path = url.pathname;
  let body: Record<string, unknown> = {};
  if (raw) {
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return problem(400, "malformed_json", "The body is not JSON.");
    }
  }
  const post = request.method === "POST";
  if (post && path === "/applications") return createApplication(m, clientId, body, url.origin);
  let match = /^\/applications\/([^/]+)$/.exec(path);
  if (match && request.method === "GET") {
    const a = m.applications.get(decodeURIComponent(match[1]!));
    return a ? { status: 200, body: view(a) } : problem(404, "not_found", "No such application.");
  }
  if (post && path === "/authorizations") return authorize(m, body);
  match = /^\/authorizations\/([^/]+)\/(capture|refunds)$/.exec(path);
  if (match && post) return match[2] === "capture" ? capture(m, decodeURIComponent(match[1]!), body) : refund(m, decodeURIComponent(match[1]!), body);
  if (post && path === "/accounts/lookup") return body.merchantId === m.merchantId ? lookup(m, body) : problem(403, "merchant_mismatch", "Wrong merchant.");
  match = /^\/accounts\/(\d+)$/.exec(path);
  if (match && request.method === "GET") {
    const a = m.applications.get(url.searchParams.get("transactionLink") ?? "");
    if (!a || a.accountNumber !== match[1]) return problem(404, "not_found", "No such account for this application.");
    const used = [...m.authorizations.values()].filter((x) => x.transactionLink === a.transactionLink).reduce((s, x) => s + x.amountCents, 0);
    return {
      status: 200,
      body: {
        accountNumberLast4: a.accountNumber.slice(-4),
        status: "open",
        availableCredit: decimal((a.approvedAmountCents ?? 0) - used),
        creditPlans: TD_FAKE_PLANS,
      },
    };
  }
  return problem(404, "not_found", `The fake has no ${request.method} ${path}.`);
}

function issueToken(m: Merchant, clientId: string, form: string): Answer {
  if (new URLSearchParams(form).get("grant_type") !== "client_credentials")
    return problem(400, "unsupported_grant_type", "grant_type must be client_credentials.");
  m.tokenFetches++;
  const token = `td_${crypto.randomUUID().replace(/-/g, "")}`;
  tokenOwners.set(token, clientId);
  return { status: 200, body: { access_token: token, token_type: "Bearer", expires_in: 3600 } };
}

/** The merchant a request speaks for: Basic client id:secret on the token call, a Bearer token elsewhere. */
function caller(request: Request, path: string): { clientId: string; m: Merchant } | Answer {
  const auth = request.headers.get("authorization") ?? "";
  if (path === "/oauth/token") {
    const [id, ...secret] = (auth.startsWith("Basic ") ? atob(auth.slice(6)) : "").split(":");
    const m = merchants.get(id ?? "");
    if (!m || m.secret !== secret.join(":")) return problem(401, "invalid_client", "Client authentication failed.");
    return { clientId: id!, m };
  }
  const clientId = auth.startsWith("Bearer ") ? tokenOwners.get(auth.slice(7)) : undefined;
  const m = clientId === undefined ? undefined : merchants.get(clientId);
  if (!m || clientId === undefined) return problem(401, "invalid_token", "The access token is missing, expired or revoked.");
  return { clientId, m };
}

/** Never answers (released after 30 s at the latest so the fakes can stop). */
const never = () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(null, { status: 504 })), 30_000).unref());

/** The shopper's side of TD's application page: approve, decline, refer or cancel, then back to the shop. */
function applicationPage(request: Request, url: URL): Response {
  const m = /^\/apply\/([^/]+)(?:\/(approve|decline|refer|cancel))?$/.exec(url.pathname);
  const link = m?.[1] ?? "";
  const a = merchants.get(linkOwners.get(link) ?? "")?.applications.get(link);
  if (!a) return new Response("No such application.", { status: 404 });
  if (request.method === "POST" && m?.[2]) {
    decide(a, m[2]);
    const to = a.returnUrls[a.status === "pending" ? "cancelled" : a.status];
    return Response.redirect(`${to}${to.includes("?") ? "&" : "?"}transactionLink=${link}`, 303);
  }
  const form = (d: string, label: string) => `<form method="post" action="/td/apply/${link}/${d}"><button>${label}</button></form>`;
  const html = `<!doctype html><title>TD (fake)</title><h1>Finance ${decimal(a.amountCents)} USD</h1>${form("approve", "Approve")}${form("decline", "Decline")}${form("refer", "Refer")}${form("cancel", "Cancel")}`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

export const tdFake: Fake = {
  prefix: "/td",
  async handle(request) {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path.startsWith("/apply/")) return applicationPage(request, url);
    const raw = await request.text();
    // From here on nothing is awaited: a check and its change are never interleaved.
    const who = caller(request, path);
    if (!("m" in who)) return Response.json(who.body, { status: who.status });
    const { clientId, m } = who;
    const key = request.headers.get("idempotency-key");
    const log = (status: number) => m.requests.push({ method: request.method, path, idempotencyKey: key, status });
    const act = (): Answer => {
      if (path === "/oauth/token") return issueToken(m, clientId, raw);
      const replayKey = key === null ? null : `${request.method} ${path} ${key}`;
      const earlier = replayKey === null ? undefined : m.replays.get(replayKey);
      if (earlier) return earlier;
      const answer = route(m, clientId, request, url, raw);
      if (replayKey !== null && answer.status < 300) m.replays.set(replayKey, answer);
      return answer;
    };
    if (m.hang && path.startsWith(m.hang.path)) {
      const { processed } = m.hang;
      m.hang = null;
      if (processed) act();
      log(0);
      return never();
    }
    const failure = m.failure;
    if (failure && failure.times > 0 && path.startsWith(failure.path)) {
      if (--failure.times === 0) m.failure = null;
      if (failure.processed) act();
      log(failure.status);
      return Response.json({ error: { code: "server_error", message: "The service is temporarily unavailable." } }, { status: failure.status });
    }
    const answer = act();
    log(answer.status);
    return Response.json(answer.body, { status: answer.status });
  },
  control(action, input) {
    const body = (input ?? {}) as Record<string, unknown> & { clientId?: string; transactionLink?: string };
    const clientId = body.clientId ?? "";
    if (action === "register") {
      merchants.set(clientId, {
        secret: String(body.clientSecret ?? ""),
        merchantId: String(body.merchantId ?? ""),
        tokenFetches: 0,
        applications: new Map(),
        authorizations: new Map(),
        replays: new Map(),
        cardholders: [],
        failure: null,
        hang: null,
        declineNextAuthorization: false,
        requests: [],
      });
      return { ok: true };
    }
    const m = merchants.get(clientId);
    if (!m) return { error: `unknown client id ${clientId}` };
    const a = m.applications.get(body.transactionLink ?? "");
    const authsOf = () => [...m.authorizations.values()].filter((x) => x.transactionLink === body.transactionLink);
    switch (action) {
      case "decide":
        if (!a) return { error: `unknown application ${body.transactionLink}` };
        return { ok: decide(a, String(body.decision), body as { accountNumber?: string; approvedAmount?: string }), application: view(a) };
      case "lender-decides":
        if (a?.status !== "referred") return { error: "not a referred application" };
        return { ok: decide(a, String(body.decision)), application: view(a), accountNumber: a.accountNumber };
      case "decline-next-authorization":
        m.declineNextAuthorization = true;
        return { ok: true };
      case "fail":
        m.failure = { status: Number(body.status ?? 500), times: Number(body.times ?? 1), processed: body.processed === true, path: String(body.path ?? "/") };
        return { ok: true };
      case "hang":
        m.hang = { processed: body.processed === true, path: String(body.path ?? "/") };
        return { ok: true };
      case "revoke-tokens":
        for (const [token, owner] of tokenOwners) if (owner === clientId) tokenOwners.delete(token);
        return { ok: true };
      case "add-cardholder":
        m.cardholders.push(body as unknown as Cardholder);
        return { ok: true };
      case "application":
        return a ? { ...view(a), accountNumber: a.accountNumber } : null;
      case "authorizations":
        return authsOf().length;
      case "captures":
        return authsOf().filter((x) => x.captured).length;
      case "stats":
        return { tokenFetches: m.tokenFetches, requests: m.requests };
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
