/**
 * A loopback fake of Splitit's web API v1 for the Splitit adapter's tests (worker/orders/payments/splitit.ts),
 * speaking the documented shapes — JSON POSTs, each answer with `ResponseHeader {Succeeded, Errors:
 * [{ErrorCode, Message, AdditionalInfo}]}` (a refusal is Succeeded false with HTTP 200):
 * - `POST /splitit/api/Login {UserName, Password}` → `SessionId`;
 * - under `RequestHeader {SessionId, ApiKey}` (an unknown session: error 704):
 *   `POST /api/InstallmentPlan/Initiate` (PlanData, PaymentWizardData) → `InstallmentPlan` (Initializing) and
 *   `CheckoutUrl`, Splitit's payment form (`GET /splitit/checkout?plan={n}`: the shopper approves — the card is
 *   authorised, the plan PendingMerchantShipmentNotice, back to SuccessExitURL — or leaves to CancelExitURL);
 *   `POST /api/InstallmentPlan/Get {QueryCriteria {InstallmentPlanNumber}}` → `PlansList`;
 *   `POST /api/InstallmentPlan/StartInstallments {InstallmentPlanNumber}` (the first instalment charged:
 *   InProgress; a plan in another state: error 503 InvalidInstallmentPlanStatus);
 *   `POST /api/InstallmentPlan/Refund {InstallmentPlanNumber, Amount, RefundStrategy}` (more than is left:
 *   error 562).
 * `X-Splitit-IdempotencyKey` is honoured on Initiate, StartInstallments and Refund: a repeated key answers the
 * first successful result and acts no more.
 *
 * Everything is kept per API user (an "account", found by its API key), so test files running at once do not
 * disturb each other. Control (`POST /__control/splitit/{action}`, JSON `{ username, … }`;
 * tests/worker/payments/splitit-control.ts): `register {password, apiKey}`; `approve {planNumber}` (the
 * shopper completed the form); `cancel {planNumber}`; `decline-next` (the next start's charge is declined);
 * `fail {status, times?, processed?, on?}` (only calls to paths ending with `on`); `hang {processed?, on?}`; `expire-sessions`; `starts {planNumber}` and
 * `refunds {planNumber}` → what really happened; `plan {planNumber}` → the plan and the Initiate request as
 * received; `stats` → `{logins, plans, requests}`.
 */
import { setTimeout } from "node:timers";
import type { Fake } from "./server";

type Status = "Initializing" | "PendingMerchantShipmentNotice" | "InProgress" | "Cleared" | "Cancelled";
const STATUS_IDS: Record<Status, number> = { Initializing: 1, PendingMerchantShipmentNotice: 2, InProgress: 3, Cleared: 4, Cancelled: 5 };

interface Plan {
  number: string;
  status: Status;
  amountCents: number;
  refundedCents: number;
  installments: number;
  refOrderNumber: string;
  successUrl: string;
  cancelUrl: string;
  request: Record<string, unknown>;
  starts: number;
  refunds: number;
  created: string;
}
/** One call the fake answered (0: never answered). */
export interface FakeSplititRequest {
  path: string;
  key: string | null;
  status: number;
  succeeded: boolean | null;
}
interface Answer {
  status: number;
  body: Record<string, unknown>;
}
interface Account {
  password: string;
  apiKey: string;
  logins: number;
  sessions: Set<string>;
  plans: Map<string, Plan>;
  replies: Map<string, Answer>;
  failure: { status: number; times: number; processed: boolean; on: string } | null;
  hang: { processed: boolean; on: string } | null;
  declineNext: boolean;
  requests: FakeSplititRequest[];
}

const accounts = new Map<string, Account>();
const byApiKey = new Map<string, string>();
const planOwners = new Map<string, string>();

const digits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join("");
const ok = (body: Record<string, unknown> = {}): Answer => ({ status: 200, body: { ResponseHeader: { Succeeded: true, Errors: [] }, ...body } });
const refusal = (code: string, message: string, status = 200): Answer => ({
  status,
  body: { ResponseHeader: { Succeeded: false, Errors: [{ ErrorCode: code, Message: message, AdditionalInfo: "" }] } },
});
const USD = { Id: 1, Code: "USD", Symbol: "$", Description: "US Dollar" };
const money = (cents: number) => ({ Value: cents / 100, Currency: USD });

function view(p: Plan): Record<string, unknown> {
  return {
    InstallmentPlanNumber: p.number,
    InstallmentPlanStatus: { Id: STATUS_IDS[p.status], Code: p.status, Description: p.status },
    Amount: money(p.amountCents),
    OriginalAmount: money(p.amountCents),
    RefundAmount: money(p.refundedCents),
    OutstandingAmount: money(p.status === "InProgress" ? p.amountCents - Math.round(p.amountCents / p.installments) - p.refundedCents : p.amountCents),
    NumberOfInstallments: p.installments,
    NumberOfProcessedInstallments: p.status === "InProgress" || p.status === "Cleared" ? 1 : 0,
    RefOrderNumber: p.refOrderNumber,
    CreationDateTime: p.created,
    IsFullCaptured: false,
    IsChargedBack: false,
    ArePaymentsOnHold: false,
  };
}

function initiate(account: Account, username: string, body: Record<string, unknown>, origin: string): Answer {
  const data = (body.PlanData ?? {}) as { Amount?: { Value?: unknown; CurrencyCode?: unknown }; NumberOfInstallments?: unknown; RefOrderNumber?: unknown };
  const wizard = (body.PaymentWizardData ?? {}) as { SuccessExitURL?: unknown; CancelExitURL?: unknown };
  const value = data.Amount?.Value;
  if (typeof value !== "number" || !(value > 0) || Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)
    return refusal("511", "InvalidAmount: Please ensure the transaction amount is valid.");
  if (data.Amount?.CurrencyCode !== "USD") return refusal("529", "CurrencyNotSupported");
  if (typeof wizard.SuccessExitURL !== "string" || typeof wizard.CancelExitURL !== "string") return refusal("400", "PaymentWizardData exit URLs are required.");
  const plan: Plan = {
    number: digits(20),
    status: "Initializing",
    amountCents: Math.round(value * 100),
    refundedCents: 0,
    installments: typeof data.NumberOfInstallments === "number" ? data.NumberOfInstallments : 3,
    refOrderNumber: typeof data.RefOrderNumber === "string" ? data.RefOrderNumber : "",
    successUrl: wizard.SuccessExitURL,
    cancelUrl: wizard.CancelExitURL,
    request: body,
    starts: 0,
    refunds: 0,
    created: new Date().toISOString(),
  };
  account.plans.set(plan.number, plan);
  planOwners.set(plan.number, username);
  return ok({ InstallmentPlan: view(plan), CheckoutUrl: `${origin}/splitit/checkout?plan=${plan.number}` });
}

function start(account: Account, plan: Plan): Answer {
  if (plan.status !== "PendingMerchantShipmentNotice") return refusal("503", "InvalidInstallmentPlanStatus: Invalid Installment Plan Status.");
  if (account.declineNext) {
    account.declineNext = false;
    return refusal("5001", "Card declined: the issuer declined the first installment (Do not honor).");
  }
  plan.status = "InProgress";
  plan.starts++;
  return ok({ InstallmentPlan: view(plan) });
}

function refund(plan: Plan, body: Record<string, unknown>): Answer {
  if (plan.status !== "InProgress" && plan.status !== "Cleared") return refusal("503", "InvalidInstallmentPlanStatus: Invalid Installment Plan Status.");
  const value = (body.Amount as { Value?: unknown } | undefined)?.Value;
  if (typeof value !== "number" || !(value > 0)) return refusal("511", "InvalidAmount");
  const cents = Math.round(value * 100);
  if (plan.refundedCents + cents > plan.amountCents) return refusal("562", "RefundRequestedAmountExceededPlanRefundableAmount");
  plan.refundedCents += cents;
  plan.refunds++;
  return ok({ InstallmentPlan: view(plan), CurrentRefundAmount: money(cents) });
}

function route(account: Account, username: string, path: string, body: Record<string, unknown>, origin: string): Answer {
  const header = (body.RequestHeader ?? {}) as { SessionId?: unknown };
  if (typeof header.SessionId !== "string" || !account.sessions.has(header.SessionId)) return refusal("704", "Invalid session: please log in.");
  if (path === "/api/InstallmentPlan/Initiate") return initiate(account, username, body, origin);
  const number =
    path === "/api/InstallmentPlan/Get"
      ? (body.QueryCriteria as { InstallmentPlanNumber?: unknown } | undefined)?.InstallmentPlanNumber
      : body.InstallmentPlanNumber;
  const plan = typeof number === "string" ? account.plans.get(number) : undefined;
  if (path === "/api/InstallmentPlan/Get") return ok({ PlansList: plan ? [view(plan)] : [], PagingResponseHeader: { TotalResults: plan ? 1 : 0 } });
  if (!plan) return refusal("404", "Installment plan not found.");
  if (path === "/api/InstallmentPlan/StartInstallments") return start(account, plan);
  if (path === "/api/InstallmentPlan/Refund") return refund(plan, body);
  return refusal("404", `The fake has no ${path}.`, 404);
}

function loginAnswer(account: Account | undefined, body: Record<string, unknown>): Answer {
  if (!account || body.Password !== account.password) return refusal("401", "Login failed: invalid user name or password.");
  account.logins++;
  const session = crypto.randomUUID();
  account.sessions.add(session);
  return ok({ SessionId: session });
}

/** Never answers (released after 30 s at the latest so the fakes can stop). */
const never = () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(null, { status: 504 })), 30_000).unref());

/** Splitit's payment form: the shopper approves (the card authorised) or leaves. */
function wizard(request: Request, url: URL): Response {
  const number = url.searchParams.get("plan") ?? "";
  const plan = accounts.get(planOwners.get(number) ?? "")?.plans.get(number);
  if (!plan) return new Response("No such Splitit plan.", { status: 404 });
  if (request.method === "POST" && url.pathname === "/checkout/approve") {
    if (plan.status === "Initializing") plan.status = "PendingMerchantShipmentNotice";
    return Response.redirect(plan.successUrl, 303);
  }
  if (request.method === "POST" && url.pathname === "/checkout/cancel") return Response.redirect(plan.cancelUrl, 303);
  const form = (action: string, label: string) => `<form method="post" action="/splitit/checkout/${action}?plan=${number}"><button>${label}</button></form>`;
  const html = `<!doctype html><title>Splitit (fake)</title><h1>$${(plan.amountCents / 100).toFixed(2)} in ${plan.installments} instalments</h1>${form("approve", "Approve")}${form("cancel", "Cancel")}`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

const IDEMPOTENT = new Set(["/api/InstallmentPlan/Initiate", "/api/InstallmentPlan/StartInstallments", "/api/InstallmentPlan/Refund"]);

export const splititFake: Fake = {
  prefix: "/splitit",
  async handle(request) {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path.startsWith("/checkout")) return wizard(request, url);
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      return Response.json(refusal("400", "The request body is not JSON.").body, { status: 400 });
    }
    // From here on everything runs without awaiting: a check and its change are never interleaved.
    const apiKey = (body.RequestHeader as { ApiKey?: unknown } | undefined)?.ApiKey;
    const username = path === "/api/Login" ? String(body.UserName ?? "") : (byApiKey.get(typeof apiKey === "string" ? apiKey : "") ?? "");
    const account = accounts.get(username);
    if (!account) {
      const answer = path === "/api/Login" ? loginAnswer(undefined, body) : refusal("401", "Invalid API key.");
      return Response.json(answer.body, { status: answer.status });
    }
    const key = IDEMPOTENT.has(path) ? request.headers.get("x-splitit-idempotencykey") : null;
    const log = (a: Answer | null) =>
      account.requests.push({
        path,
        key,
        status: a?.status ?? 0,
        succeeded: a ? (a.body.ResponseHeader as { Succeeded?: boolean } | undefined)?.Succeeded === true : null,
      });
    const act = (): Answer => {
      if (path === "/api/Login") return loginAnswer(account, body);
      const replyKey = key === null ? null : `${path} ${key}`;
      const earlier = replyKey === null ? undefined : account.replies.get(replyKey);
      if (earlier) return earlier;
      const answer = route(account, username, path, body, url.origin);
      if (replyKey !== null && (answer.body.ResponseHeader as { Succeeded?: boolean }).Succeeded) account.replies.set(replyKey, answer);
      return answer;
    };
    if (account.hang && path.endsWith(account.hang.on)) {
      const { processed } = account.hang;
      account.hang = null;
      if (processed) act();
      log(null);
      return never();
    }
    const failure = account.failure;
    if (failure && failure.times > 0 && path.endsWith(failure.on)) {
      if (--failure.times === 0) account.failure = null;
      if (failure.processed) act();
      const answer = refusal("500", "An unexpected error occurred.", failure.status);
      log(answer);
      return Response.json(answer.body, { status: answer.status });
    }
    const answer = act();
    log(answer);
    return Response.json(answer.body, { status: answer.status });
  },
  control(action, input) {
    const body = (input ?? {}) as {
      username?: string;
      password?: string;
      apiKey?: string;
      planNumber?: string;
      status?: number;
      times?: number;
      processed?: boolean;
      on?: string;
    };
    const username = body.username ?? "";
    if (action === "register") {
      accounts.set(username, {
        password: body.password ?? "",
        apiKey: body.apiKey ?? "",
        logins: 0,
        sessions: new Set(),
        plans: new Map(),
        replies: new Map(),
        failure: null,
        hang: null,
        declineNext: false,
        requests: [],
      });
      byApiKey.set(body.apiKey ?? "", username);
      return { ok: true };
    }
    const account = accounts.get(username);
    if (!account) return { error: `unknown user ${username}` };
    const plan = account.plans.get(body.planNumber ?? "");
    switch (action) {
      case "approve":
        if (!plan) return { error: `unknown plan ${body.planNumber}` };
        if (plan.status === "Initializing") plan.status = "PendingMerchantShipmentNotice";
        return { ok: true, status: plan.status };
      case "cancel":
        if (!plan) return { error: `unknown plan ${body.planNumber}` };
        plan.status = "Cancelled";
        return { ok: true };
      case "decline-next":
        account.declineNext = true;
        return { ok: true };
      case "fail":
        account.failure = { status: body.status ?? 500, times: body.times ?? 1, processed: body.processed ?? false, on: body.on ?? "" };
        return { ok: true };
      case "hang":
        account.hang = { processed: body.processed ?? false, on: body.on ?? "" };
        return { ok: true };
      case "expire-sessions":
        account.sessions.clear();
        return { ok: true };
      case "starts":
        return plan?.starts ?? 0;
      case "refunds":
        return { count: plan?.refunds ?? 0, refundedCents: plan?.refundedCents ?? 0 };
      case "plan":
        return plan ? { ...view(plan), request: plan.request } : null;
      case "stats":
        return { logins: account.logins, plans: account.plans.size, requests: account.requests };
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
