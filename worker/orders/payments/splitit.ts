/**
 * Splitit (issue 22; docs/decisions/033-affirm-and-splitit.md): interest-free instalments on the shopper's own
 * card, through Splitit's web API v1 over plain fetch. Every call is a JSON POST; every answer carries
 * `ResponseHeader {Succeeded, Errors: [{ErrorCode, Message, AdditionalInfo}]}` (a refusal is Succeeded false,
 * often with HTTP 200):
 * - `POST /api/Login {UserName, Password}` → SessionId: kept per API user in the isolate (oauth-token.ts) and shared by
 *   concurrent calls; a call Splitit refuses for its session (HTTP 401, or error 704) logs in again once;
 * - create: `POST /api/InstallmentPlan/Initiate` {RequestHeader {SessionId, ApiKey}, PlanData {Amount {Value,
 *   CurrencyCode}, NumberOfInstallments, RefOrderNumber, AutoCapture false}, PaymentWizardData
 *   {RequestedNumberOfInstallments, SuccessExitURL, CancelExitURL}} → InstallmentPlan.InstallmentPlanNumber (the
 *   payment's reference) and CheckoutUrl (Splitit's payment form, where the shopper enters the card);
 * - confirm: `POST /api/InstallmentPlan/Get` reads the plan (never the return page's word): a plan the shopper
 *   approved (PendingMerchantShipmentNotice: the card authorised) for this order and amount is started with
 *   `POST /api/InstallmentPlan/StartInstallments` (the first instalment charged); InProgress or Cleared is paid;
 *   Initializing is pending; Cancelled is cancelled; a start Splitit refuses is a decline;
 * - refund: `POST /api/InstallmentPlan/Refund {InstallmentPlanNumber, Amount, RefundStrategy}`.
 * The calls that move money (Initiate, StartInstallments, Refund) carry `X-Splitit-IdempotencyKey`, the same on
 * every retry; the plan is read before it is started, so a start is never asked for twice even where the key
 * is not honoured. 5xx, 429 and network errors are retried twice at once with the same key, then
 * ProviderUnavailable; a timeout is ProviderUnavailable at once.
 */
import { accessToken, forgetToken, tokenKey } from "./oauth-token";
import { type CheckoutDetails, checkoutDetails, NO_DETAILS } from "./order-details";
import {
  type CaptureOutcome,
  type ConfirmRequest,
  type CreatedPayment,
  cents,
  decimal,
  type PaymentAdapter,
  type PaymentRequest,
  ProviderUnavailable,
  type RefundOutcome,
  type RefundRequest,
} from "./provider";
import { type Answer, exchange, type Reach, record, Transient, text, withRetries } from "./provider-http";
import { SPLITIT_INSTALLMENTS, SPLITIT_TIMEOUT_MS, type SplititBindings, type SplititConfig, splititConfig } from "./splitit-config";

export { type SplititBindings, type SplititConfig, splititConfig } from "./splitit-config";

/** The error code Splitit answers for a session it no longer knows (expired, or from another login). */
export const SESSION_ERROR = "704";

const unavailable = (message: string) => new ProviderUnavailable("splitit", message);

/** Splitit's ResponseHeader: whether it did it, and its errors in words. */
function headerOf(answer: Answer): { succeeded: boolean; codes: string[]; text: string } {
  const header = record(record(answer.body).ResponseHeader);
  const errors = Array.isArray(header.Errors) ? header.Errors.map(record) : [];
  const codes = errors.map((e) => text(e.ErrorCode));
  const words = errors.map((e) => [text(e.ErrorCode), text(e.Message), text(e.AdditionalInfo)].filter(Boolean).join(" ")).join("; ");
  return { succeeded: answer.status < 300 && header.Succeeded === true, codes, text: `HTTP ${answer.status}${words ? `: ${words}` : ""}` };
}

const sessionRefused = (answer: Answer) => answer.status === 401 || headerOf(answer).codes.includes(SESSION_ERROR);

/** Sessions per API user (origin, user, password, API key), cached by oauth-token.ts: concurrent calls share one login. */
const sessionKey = (config: SplititConfig) => tokenKey("splitit", config.apiUrl, config.username, config.password, config.apiKey);
const reachOf = (config: SplititConfig): Reach => ({
  provider: "splitit",
  name: "Splitit",
  fetch: config.fetch,
  timeoutMs: config.timeoutMs ?? SPLITIT_TIMEOUT_MS,
});

/** One POST of JSON, retried on 5xx, 429 and network errors (the same idempotency key each time). */
async function post(config: SplititConfig, path: string, body: unknown, key: string | null, what: string): Promise<Answer> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  if (key !== null) headers["X-Splitit-IdempotencyKey"] = key;
  const reach = reachOf(config);
  return withRetries(reach, what, async () => {
    const answer = await exchange(reach, `${config.apiUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) }, what);
    if (answer.status >= 500 || answer.status === 429) throw new Transient(headerOf(answer).text);
    return answer;
  });
}

async function login(config: SplititConfig): Promise<string> {
  const answer = await post(config, "/api/Login", { UserName: config.username, Password: config.password }, null, "login");
  const session = text(record(answer.body).SessionId);
  const header = headerOf(answer);
  if (!header.succeeded || !session) throw unavailable(`Splitit refused the shop's API user (${header.text})`);
  return session;
}

/** The API user's session: the cached one (kept until Splitit refuses it), else one login shared by every caller waiting. */
const session = (config: SplititConfig): Promise<string> =>
  accessToken(sessionKey(config), async () => ({ value: await login(config), expiresInSeconds: Number.POSITIVE_INFINITY }), 0);

/** A call in the API user's session (RequestHeader {SessionId, ApiKey}); a refused session is renewed once. */
async function api(config: SplititConfig, path: string, body: Record<string, unknown>, key: string | null, what: string): Promise<Answer> {
  for (let renewed = false; ; renewed = true) {
    const id = await session(config);
    const answer = await post(config, path, { RequestHeader: { SessionId: id, ApiKey: config.apiKey }, ...body }, key, what);
    if (!sessionRefused(answer)) return answer;
    forgetToken(sessionKey(config), id);
    if (renewed) throw unavailable(`Splitit refused a new session on the ${what} (${headerOf(answer).text})`);
  }
}

/** Splitit's amounts are decimal numbers: exact from cents, and back through their two-decimal form. */
const amountOf = (amountCents: number) => Number(decimal(amountCents));
const centsOf = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? cents(value.toFixed(2)) : null);

/**
 * Initiates a Splitit plan for the shop's order (the card is entered on Splitit's form at `CheckoutUrl`;
 * nothing is charged until the shop starts the plan). The same `idempotencyKey` always gets the same plan.
 */
export async function createSplititPlan(config: SplititConfig, req: PaymentRequest, details: CheckoutDetails = NO_DETAILS): Promise<CreatedPayment> {
  if (!Number.isSafeInteger(req.amount.amountCents) || req.amount.amountCents <= 0) throw new Error(`not a payable amount: ${req.amount.amountCents} cents`);
  const a = details.shipping;
  const body = {
    PlanData: {
      Amount: { Value: amountOf(req.amount.amountCents), CurrencyCode: req.amount.currency },
      NumberOfInstallments: SPLITIT_INSTALLMENTS.preselected,
      RefOrderNumber: req.orderNumber,
      AutoCapture: false,
    },
    ...(a ? { BillingAddress: { AddressLine: a.line1, AddressLine2: a.apt, City: a.city, State: a.state, Country: a.countryCode, Zip: a.postalCode } } : {}),
    ConsumerData: { FullName: a?.name ?? "", Email: req.email ?? a?.email ?? "", PhoneNumber: a?.phone ?? "", CultureName: "en-US" },
    PaymentWizardData: {
      RequestedNumberOfInstallments: SPLITIT_INSTALLMENTS.offered.join(","),
      SuccessExitURL: req.returnUrl,
      CancelExitURL: req.cancelUrl,
    },
  };
  const answer = await api(config, "/api/InstallmentPlan/Initiate", body, req.idempotencyKey, "plan initiation");
  const header = headerOf(answer);
  if (!header.succeeded) throw new Error(`Splitit refused to initiate a plan for order ${req.orderNumber} (${header.text})`);
  const plan = record(record(answer.body).InstallmentPlan);
  const number = text(plan.InstallmentPlanNumber);
  const checkoutUrl = text(record(answer.body).CheckoutUrl);
  if (!number || !checkoutUrl) throw new Error(`Splitit initiated a plan for order ${req.orderNumber} without a plan number or a CheckoutUrl`);
  return { providerPaymentId: number, approvalUrl: checkoutUrl, clientSecret: null, raw: answer.body };
}

/** A plan as Get, StartInstallments and Refund answer it (the fields the shop reads). */
interface Plan {
  number: string;
  status: string;
  amountCents: number | null;
  currency: string;
  refOrderNumber: string;
}

function planOf(value: unknown): Plan | null {
  const p = record(value);
  if (!text(p.InstallmentPlanNumber)) return null;
  const amount = record(p.Amount);
  return {
    number: text(p.InstallmentPlanNumber),
    status: text(record(p.InstallmentPlanStatus).Code),
    amountCents: centsOf(amount.Value),
    currency: text(record(amount.Currency).Code) || text(amount.CurrencyCode),
    refOrderNumber: text(p.RefOrderNumber),
  };
}

async function readPlan(config: SplititConfig, planNumber: string): Promise<{ plan: Plan | null; answer: Answer }> {
  const answer = await api(config, "/api/InstallmentPlan/Get", { QueryCriteria: { InstallmentPlanNumber: planNumber } }, null, "plan lookup");
  const list = record(answer.body).PlansList;
  const plan = headerOf(answer).succeeded && Array.isArray(list) ? planOf(list.find((p) => text(record(p).InstallmentPlanNumber) === planNumber)) : null;
  return { plan, answer };
}

/** Statuses of a plan whose first instalment is charged. */
const STARTED = new Set(["InProgress", "Cleared"]);
/** Statuses of a plan that will never be charged. */
const ENDED = new Set(["Cancelled", "Canceled"]);

const paid = (plan: Plan, raw: unknown): CaptureOutcome => ({
  status: "captured",
  providerCaptureId: plan.number,
  amount: { amountCents: plan.amountCents ?? 0, currency: "USD" },
  raw,
});

/**
 * Confirms a Splitit payment: reads the plan and, when the shopper approved it for this order and amount,
 * starts it (once; the same idempotency key on every retry). The return page's word counts for nothing.
 */
export async function confirmSplititPlan(config: SplititConfig, req: ConfirmRequest): Promise<CaptureOutcome> {
  const { plan, answer } = await readPlan(config, req.providerPaymentId);
  // The plan number came from Splitit when the payment was made: a plan it cannot show is for an operator, not a decline.
  if (!plan)
    return { status: "pending", raw: { reason: `Splitit did not show plan ${req.providerPaymentId} (${headerOf(answer).text})`, answer: answer.body } };
  if (plan.refOrderNumber && plan.refOrderNumber !== req.orderNumber) return { status: "pending", raw: { mismatch: "order", plan: answer.body } };
  if (plan.amountCents !== req.amount.amountCents || (plan.currency && plan.currency !== req.amount.currency))
    return { status: "pending", raw: { mismatch: "amount", expected: req.amount.amountCents, plan: answer.body } };
  if (STARTED.has(plan.status)) return paid(plan, answer.body);
  if (ENDED.has(plan.status)) return { status: "cancelled", reason: "The Splitit plan was cancelled.", raw: answer.body };
  // Initializing (the shopper has not finished Splitit's form) or any state the shop does not act on.
  if (plan.status !== "PendingMerchantShipmentNotice") return { status: "pending", raw: answer.body };
  const started = await api(config, "/api/InstallmentPlan/StartInstallments", { InstallmentPlanNumber: plan.number }, req.idempotencyKey, "plan start");
  const header = headerOf(started);
  const after = planOf(record(started.body).InstallmentPlan);
  if (header.succeeded && after && STARTED.has(after.status)) return paid(after, started.body);
  // Refused: started by another request meanwhile, or the first instalment was declined. Read it again to know which.
  const again = await readPlan(config, plan.number);
  if (again.plan && STARTED.has(again.plan.status)) return paid(again.plan, again.answer.body);
  if (header.succeeded) return { status: "pending", raw: started.body };
  return { status: "declined", reason: `Splitit could not charge the first instalment (${header.text}).`, raw: started.body };
}

/** Refunds `amount` of a started Splitit plan (future instalments first), once per idempotency key. */
export async function refundSplititPlan(config: SplititConfig, req: RefundRequest): Promise<RefundOutcome> {
  const planNumber = req.providerCaptureId ?? req.providerPaymentId;
  if (!planNumber) return { status: "failed", reason: "This Splitit payment has no plan to refund.", raw: null };
  const body = {
    InstallmentPlanNumber: planNumber,
    Amount: { Value: amountOf(req.amount.amountCents), CurrencyCode: req.amount.currency },
    RefundStrategy: "FutureInstallmentsFirst",
  };
  const answer = await api(config, "/api/InstallmentPlan/Refund", body, req.idempotencyKey, "refund");
  const header = headerOf(answer);
  if (!header.succeeded) return { status: "failed", reason: `Splitit refused the refund (${header.text}).`, raw: answer.body };
  const refunded = centsOf(record(record(answer.body).CurrentRefundAmount).Value) ?? req.amount.amountCents;
  return { status: "refunded", providerRefundId: `${planNumber}:${req.idempotencyKey}`, amount: { amountCents: refunded, currency: "USD" }, raw: answer.body };
}

/** Splitit behind the one adapter interface, or null when it is not configured (APP_ENV local then pays through the embedded gateway). */
export function splititAdapter(env: SplititBindings & { DB?: D1Database }, config: SplititConfig | null = splititConfig(env)): PaymentAdapter | null {
  if (!config) return null;
  return {
    provider: "splitit",
    create: async (req) => createSplititPlan(config, req, env.DB ? await checkoutDetails(env.DB, req.orderNumber) : NO_DETAILS),
    confirm: (req) => confirmSplititPlan(config, req),
    refund: (req) => refundSplititPlan(config, req),
  };
}
