/**
 * TD financing (TD Retail Card Services) behind the one adapter interface (provider.ts), over plain fetch
 * (td-http.ts: OAuth client credentials, Idempotency-Key, retries, timeouts). TD's partner API is not public;
 * the shop speaks this small REST shape (docs/decisions/034-td-financing.md), amounts as decimal strings in USD,
 * errors as `{ error: { code, message } }`:
 * - `POST /oauth/token` (Basic client id:secret, `grant_type=client_credentials`) → `{access_token, expires_in}`;
 * - `POST /applications` + Idempotency-Key `{merchantId, amount, currency, orderReference, entryType,
 *   returnUrls: {approved, declined, cancelled, referred}}` → `{transactionLink, redirectUrl, status}` (the same
 *   key answers the same application); TD returns the shopper to the outcome's URL with `transactionLink=`;
 * - `GET /applications/{transactionLink}` → `{status: pending|approved|declined|cancelled|referred,
 *   accountNumberLast4, creditPlan, approvedAmount, amount, orderReference}`;
 * - `POST /authorizations` + Idempotency-Key `{transactionLink, accountNumber?, creditPlan, amount}` →
 *   `{authorizationId, status: approved|declined, amount, creditPlan, declineReason?}` (422 account_mismatch,
 *   invalid_credit_plan, application_not_approved); `POST /authorizations/{id}/capture` + Idempotency-Key
 *   `{amount}` → `{captureId, status: captured, amount}`;
 * - `POST /authorizations/{id}/refunds` + Idempotency-Key `{amount, reason}` → `{refundId, status, amount}`;
 * - the account calls (td-accounts.ts): `POST /accounts/lookup`, `GET /accounts/{accountNumber}?transactionLink=`.
 * Confirming asks TD about the application the shop created (never the browser): approved → authorise and
 * capture the payment's amount (checked) → captured; declined, cancelled, referred, pending as TD says.
 */
import { refused } from "#shared/refusal.ts";
import { TD_ENTRY_TYPES, type TdEntryType } from "#shared/orders/td.ts";
import {
  type CaptureOutcome,
  type ConfirmRequest,
  type CreatedPayment,
  cents,
  decimal,
  type PaymentAdapter,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
} from "./provider";
import { type TdBindings, type TdConfig, tdConfig } from "./td-config";
import { errorOf, tdCall, tdUnavailable } from "./td-http";

export { type TdBindings, type TdConfig, tdConfig } from "./td-config";

/** Where TD sends the shopper back for each outcome. */
export type TdReturnUrls = Record<"approved" | "declined" | "cancelled" | "referred", string>;

interface Application {
  transactionLink?: string;
  status?: string;
  accountNumberLast4?: string | null;
  creditPlan?: string | null;
  approvedAmount?: string | null;
}
interface Authorization {
  authorizationId?: string;
  status?: string;
  amount?: string;
  creditPlan?: string;
  declineReason?: string;
}

/** What the shop keeps of an approved financing (the cart's §3 TdAccountNumber, TdCreditPlan, TdTransactionId). */
export interface FinancingFacts {
  transactionLink: string;
  accountNumberLast4: string | null;
  creditPlan: string | null;
}

/** The four return URLs of a payment request: `{outcome}` in its return URL names each; cancelled is its cancel URL. */
export function returnUrlsOf(req: Pick<PaymentRequest, "returnUrl" | "cancelUrl">): TdReturnUrls {
  const at = (outcome: string) => req.returnUrl.replace("{outcome}", outcome);
  return { approved: at("approved"), declined: at("declined"), referred: at("referred"), cancelled: req.cancelUrl };
}

/**
 * Opens a TD application for the order's amount (the same idempotency key answers the same application):
 * TD's id of it (the transaction link) and its page, where the shopper applies or signs in.
 */
export async function createTdApplication(config: TdConfig, req: PaymentRequest, urls: TdReturnUrls, entryType: TdEntryType): Promise<CreatedPayment> {
  if (!Number.isSafeInteger(req.amount.amountCents) || req.amount.amountCents <= 0) throw new Error(`not a payable amount: ${req.amount.amountCents} cents`);
  const body = {
    merchantId: config.merchantId,
    amount: decimal(req.amount.amountCents),
    currency: req.amount.currency,
    orderReference: req.orderNumber,
    entryType,
    returnUrls: urls,
  };
  const answer = await tdCall(config, "POST", "/applications", body, req.idempotencyKey, "application");
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`TD refused the application of order ${req.orderNumber}: HTTP ${answer.status} ${errorOf(answer.body).text}`);
  const app = answer.body as { transactionLink?: unknown; redirectUrl?: unknown };
  if (typeof app.transactionLink !== "string" || typeof app.redirectUrl !== "string")
    throw new Error(`TD opened an application for ${req.orderNumber} without a transaction link or a page`);
  return { providerPaymentId: app.transactionLink, approvalUrl: app.redirectUrl, clientSecret: null, raw: answer.body };
}

const money = (value: unknown): number | null => {
  try {
    return typeof value === "string" ? cents(value) : null;
  } catch {
    return null;
  }
};

/** A 422 that names the shopper's input (the account, the plan): a refusal, nothing settled. */
function refuseInput(code: string): void {
  if (code === "account_mismatch") refused("bad_request", "This account number is not the one TD approved for this application.");
  if (code === "invalid_credit_plan") refused("bad_request", "TD does not offer this credit plan for this account; choose one of the plans offered.");
}

/** Authorises the approved application's amount on the account and captures it (each with its own key derived from the confirmation's). */
async function authoriseAndCapture(config: TdConfig, req: ConfirmRequest, app: Application, raw: Record<string, unknown>): Promise<CaptureOutcome> {
  const amount = decimal(req.amount.amountCents);
  const accountNumber = req.extra?.TdAccountNumber;
  const creditPlan = req.extra?.TdCreditPlan || app.creditPlan || undefined;
  const authorization = await tdCall(
    config,
    "POST",
    "/authorizations",
    { transactionLink: req.providerPaymentId, ...(accountNumber ? { accountNumber } : {}), creditPlan, amount },
    req.idempotencyKey,
    "authorisation",
  );
  raw.authorization = authorization.body;
  if (authorization.status === 422) refuseInput(errorOf(authorization.body).code);
  if (authorization.status !== 200 && authorization.status !== 201)
    return { status: "declined", reason: `TD refused the authorisation (${errorOf(authorization.body).text}).`, raw };
  const auth = authorization.body as Authorization;
  if (auth.status !== "approved" || typeof auth.authorizationId !== "string")
    return { status: "declined", reason: `TD declined the charge on the account${auth.declineReason ? ` (${auth.declineReason})` : ""}.`, raw };
  if (money(auth.amount) !== req.amount.amountCents)
    // Never captured: an operator looks at it (the payment stays open).
    return { status: "pending", raw: { ...raw, mismatch: { authorised: auth.amount, expected: amount } } };
  const capture = await tdCall(
    config,
    "POST",
    `/authorizations/${encodeURIComponent(auth.authorizationId)}/capture`,
    { amount },
    `${req.idempotencyKey}:settle`,
    "capture",
  );
  raw.capture = capture.body;
  if (capture.status !== 200 && capture.status !== 201) return { status: "declined", reason: `TD refused the capture (${errorOf(capture.body).text}).`, raw };
  const captured = capture.body as { status?: string; amount?: string };
  const got = money(captured.amount);
  if (captured.status !== "captured" || got === null) return { status: "pending", raw };
  raw.financing = {
    transactionLink: req.providerPaymentId,
    accountNumberLast4: app.accountNumberLast4 ?? null,
    creditPlan: auth.creditPlan ?? creditPlan ?? null,
  };
  // The capture's id for refunds is the authorisation's (TD refunds on the authorisation).
  return { status: "captured", providerCaptureId: auth.authorizationId, amount: { amountCents: got, currency: "USD" }, raw };
}

/** Asks TD about the application and collects it when approved. */
export async function confirmTdApplication(config: TdConfig, req: ConfirmRequest): Promise<CaptureOutcome> {
  const path = `/applications/${encodeURIComponent(req.providerPaymentId)}`;
  const answer = await tdCall(config, "GET", path, undefined, null, "application lookup");
  // The token the browser brought back is never believed: it is only noted whether it names this application.
  const raw: Record<string, unknown> = { application: answer.body, tokenMatches: req.token === undefined ? null : req.token === req.providerPaymentId };
  // TD not knowing the application, or refusing the shop (credentials changed?), decides nothing for the shopper:
  // the payment stays open for an operator (and the order expires in its time) rather than being declined.
  if (answer.status === 404) return { status: "pending", raw: { ...raw, unknownApplication: true } };
  if (answer.status !== 200) throw tdUnavailable(`TD refused the application lookup: HTTP ${answer.status} ${errorOf(answer.body).text}`);
  const app = answer.body as Application;
  switch (app.status) {
    case "approved": {
      const given = req.extra?.TdAccountNumber;
      if (given && app.accountNumberLast4 && given.slice(-4) !== app.accountNumberLast4)
        refused("bad_request", "This account number is not the one TD approved for this application.");
      const approved = money(app.approvedAmount);
      if (approved !== null && approved < req.amount.amountCents)
        return {
          status: "declined",
          reason: `TD approved ${app.approvedAmount} USD, less than the order's ${decimal(req.amount.amountCents)} USD.`,
          raw,
        };
      return authoriseAndCapture(config, req, app, raw);
    }
    case "declined":
      return { status: "declined", reason: "TD declined the financing application.", raw };
    case "cancelled":
      return { status: "cancelled", reason: "The financing application was cancelled at TD.", raw };
    case "referred":
      return { status: "referred", raw };
    default:
      // Not decided yet (a return page opened early, or forged): nothing changes.
      return { status: "pending", raw };
  }
}

/** Gives back part or all of a captured financing through TD, once per idempotency key. */
export async function refundTd(config: TdConfig, req: RefundRequest): Promise<RefundOutcome> {
  if (!req.providerCaptureId) return { status: "failed", reason: "No TD authorisation to refund.", raw: null };
  const answer = await tdCall(
    config,
    "POST",
    `/authorizations/${encodeURIComponent(req.providerCaptureId)}/refunds`,
    { amount: decimal(req.amount.amountCents), reason: req.reason.slice(0, 200) },
    req.idempotencyKey,
    "refund",
  );
  if (answer.status !== 200 && answer.status !== 201)
    return { status: "failed", reason: `TD refused the refund: ${errorOf(answer.body).text}`, raw: answer.body };
  const r = answer.body as { refundId?: string; status?: string; amount?: string };
  const got = money(r.amount);
  if (r.status === "refunded" && typeof r.refundId === "string" && got !== null)
    return { status: "refunded", providerRefundId: r.refundId, amount: { amountCents: got, currency: "USD" }, raw: answer.body };
  return { status: "pending", providerRefundId: typeof r.refundId === "string" ? r.refundId : null, raw: answer.body };
}

/** The adapter of a TD app; `entryType` for applications opened through the checkout (a new application). */
export function tdAdapterOf(config: TdConfig, entryType: TdEntryType = TD_ENTRY_TYPES[0]): PaymentAdapter {
  return {
    provider: "td",
    // The caller's own return addresses and entry (GetTdFinanceUrl) over the defaults.
    create: (req) => createTdApplication(config, req, { ...returnUrlsOf(req), ...req.returnUrls }, (req.entryType as TdEntryType | undefined) ?? entryType),
    confirm: (req) => confirmTdApplication(config, req),
    refund: (req) => refundTd(config, req),
  };
}

/** TD configured by its secrets (td-config.ts), or null: then APP_ENV local finances through the embedded gateway. */
export function tdAdapter(env: TdBindings): PaymentAdapter | null {
  const config = tdConfig(env);
  return config ? tdAdapterOf(config) : null;
}
