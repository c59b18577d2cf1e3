/**
 * TD financing's order services (issue 22 point 3; docs/decisions/034-td-financing.md): sending the shopper to
 * TD's application (GetTdFinanceUrl), the approval (tdfinance/approve) and the return page's confirmation —
 * each asks TD (or, locally, the embedded gateway standing in for it) and applies the answer through
 * `approvePayment`, exactly once — and the cart's financing fields once the money is captured.
 */
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { statusLabel } from "#shared/orders/states.ts";
import { last4, type TdApproveRequest, type TdFinanceUrl, type TdFinanceUrlRequest } from "#shared/orders/td.ts";
import { type FieldProblem, refused } from "#shared/refusal.ts";
import { sitePathOrNull } from "#shared/safe-path.ts";
import type { OrderCaller } from "../lookup/own";
import { approvePayment } from "../approve";
import { adapterForPayment } from "../payments/adapters";
import type { CaptureOutcome } from "../payments/provider";
import { collectorFor } from "../payments/providers";
import { findPayment, type PaymentRow } from "../payments/store";
import type { FinancingFacts, TdReturnUrls } from "../payments/td";
import { confirmWithProvider, type OrderBindings, type OrderContext, type AfterResponse, startPayment } from "../service";
import { applyEvent, findOrder, type OrderRow } from "../store";
import { isLocalPlan, LOCAL_TD_ACCOUNT } from "./local";
import { siteOrigin } from "../../platform/config";

const NO_PAYMENT = "No such financing payment for this order";

/** The shopper's order to finance: the one named (the caller's to act on: worker/middleware/order-access.ts), else their newest unpaid financing order. */
async function orderToFinance(db: D1Database, who: OrderCaller, named: OrderRow | undefined): Promise<OrderRow> {
  if (named) return named;
  const row = await db
    .prepare(
      `SELECT * FROM orders WHERE (visitor_id = ?1 OR (?2 IS NOT NULL AND user_id = ?2) OR (?3 IS NOT NULL AND cart_key = 'user:' || ?3))
         AND payment_method = 'financing' AND status IN ('awaiting_payment', 'payment_failed') ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(who.visitorId, who.userId, who.userGuid)
    .first<OrderRow>();
  return row ?? refused("not_found", "You have no unpaid order to finance: place an order paid by financing first.");
}

const RETURN_FIELDS = { approvedUrl: "approved", declinedUrl: "declined", cancelledUrl: "cancelled", referredUrl: "referred" } as const;

/**
 * The return addresses the caller gave, each refused unless it is a safe path of this site (shared/safe-path.ts),
 * given as a path or as an absolute URL of this origin: TD never sends a shopper elsewhere from here.
 */
export function ownReturnUrls(body: Partial<Record<keyof typeof RETURN_FIELDS, string>>, origin: string): Partial<TdReturnUrls> {
  const out: Partial<TdReturnUrls> = {};
  const problems: FieldProblem[] = [];
  for (const [field, outcome] of Object.entries(RETURN_FIELDS) as [keyof typeof RETURN_FIELDS, keyof TdReturnUrls][]) {
    const value = body[field];
    if (value === undefined) continue;
    const path = sitePathOrNull(onOrigin(value, origin));
    if (path === null) {
      problems.push({ path: field, message: "A return address must be on this site" });
      continue;
    }
    const url = new URL(path, origin);
    url.hash = "";
    out[outcome] = url.toString();
  }
  if (problems.length) refused("bad_request", "A return address is not on this site", problems);
  return out;
}

/** An absolute address of `origin` as its path (query and hash kept); anything else unchanged, for the path check. */
function onOrigin(value: string, origin: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    const url = new URL(value);
    return url.origin === origin && url.username === "" && url.password === "" ? url.pathname + url.search + url.hash : "";
  } catch {
    return "";
  }
}

/** `url` with our payment id in its query (the return page confirms that payment). */
function withPayment(url: string, paymentId: string): string {
  const u = new URL(url);
  u.searchParams.set("payment", paymentId);
  return u.toString();
}

/**
 * GetTdFinanceUrl: the open financing payment of the shopper's unpaid financing order, or a new one (an order
 * whose payment failed waits for payment again), and where the shopper applies. Locally the embedded gateway
 * is the lender (it always returns to /order/td/{outcome}).
 */
export async function tdFinanceUrl(
  env: OrderBindings,
  who: OrderCaller,
  named: OrderRow | undefined,
  body: TdFinanceUrlRequest,
  ctx: OrderContext,
): Promise<TdFinanceUrl> {
  ownReturnUrls(body, ctx.origin);
  let order = await orderToFinance(env.DB, who, named);
  if (order.payment_method !== "financing") refused("conflict", "This order is not paid by financing.");
  if (order.status !== "awaiting_payment" && order.status !== "payment_failed")
    refused("conflict", `This order does not wait for a payment: it is ${statusLabel(order.status)}.`);
  // Refused first (501) when nothing finances here, before the order moves.
  collectorFor(env, "financing");
  if (order.status === "payment_failed") {
    await applyEvent(env.DB, order.order_number, "repay", "shopper", ctx.now);
    order = (await findOrder(env.DB, order.order_number))!;
  }
  // TD's application behind the one interface (the embedded gateway stands in locally), with the caller's return
  // addresses (each carrying our payment id) and entry.
  const start = await startPayment(env, order, ctx, null, (payment) => ({
    returnUrls: Object.fromEntries(Object.entries(ownReturnUrls(body, ctx.origin)).map(([k, u]) => [k, withPayment(u, payment.id)])),
    entryType: body.entryType,
  }));
  const row = (await findPayment(env.DB, start.paymentId))!;
  if (!row.approval_url) refused("conflict", "The financing application could not be opened; please try again.");
  return { orderNumber: order.order_number, paymentId: row.id, provider: row.provider, transactionLink: row.provider_payment_id, url: row.approval_url };
}

/** A financing payment of this order with an application (TD's, or the embedded gateway's), or the 404. */
async function financingPayment(env: OrderBindings, orderNumber: string | null, paymentId: string): Promise<PaymentRow & { provider_payment_id: string }> {
  const payment = await findPayment(env.DB, paymentId);
  if (!payment || (orderNumber !== null && payment.order_number !== orderNumber) || payment.method !== "financing" || !payment.provider_payment_id)
    refused("not_found", NO_PAYMENT);
  return payment as PaymentRow & { provider_payment_id: string };
}

/**
 * PUT tdfinance/approve: TD is asked about the application (the body only names the account and plan to charge,
 * checked against what TD approved); approved → the order's amount authorised and captured once. Locally the
 * stand-in's account and plans are the only ones (docs/decisions/034).
 */
export async function approveTd(env: OrderBindings, orderNumber: string, body: TdApproveRequest, now: number, notice: AfterResponse): Promise<ApprovalResult> {
  const payment = await financingPayment(env, orderNumber, body.paymentId);
  const adapter = adapterForPayment(env, payment, { origin: notice.origin ?? siteOrigin(env), now }) ?? refused("not_found", NO_PAYMENT);
  const open = payment.status === "created" || payment.status === "pending";
  if (open && payment.provider === "local") {
    if (body.TdAccountNumber !== LOCAL_TD_ACCOUNT) refused("bad_request", "This account number is not the one the lender approved for this application.");
    if (!isLocalPlan(body.TdCreditPlan))
      refused("bad_request", "The lender does not offer this credit plan for this account; choose one of the plans offered.");
  }
  const ref = payment.provider_payment_id;
  const extra = { TdAccountNumber: body.TdAccountNumber, TdCreditPlan: body.TdCreditPlan };
  const ask = async (p: PaymentRow): Promise<CaptureOutcome> => {
    const outcome = await adapter.confirm({
      providerPaymentId: ref,
      amount: { amountCents: p.amount_cents, currency: "USD" },
      orderNumber: p.order_number,
      idempotencyKey: `${p.idempotency_key}-capture`,
      extra,
    });
    if (payment.provider !== "local" || outcome.status !== "captured") return outcome;
    // The embedded gateway knows no accounts: what it financed is the stand-in's account on the plan chosen.
    const financing: FinancingFacts = { transactionLink: ref, accountNumberLast4: last4(LOCAL_TD_ACCOUNT), creditPlan: body.TdCreditPlan };
    return { ...outcome, raw: { gateway: outcome.raw, financing } };
  };
  return approvePayment(env, payment, `provider:${payment.provider}`, ask, { ...notice, now });
}

/**
 * The return page's confirmation (/order/td/{outcome}?payment=…&transactionLink=…): the payment id (random) names
 * the payment; the transaction link is passed on and never believed; TD is asked.
 */
export async function confirmTdReturn(
  env: OrderBindings,
  paymentId: string,
  token: string | undefined,
  now: number,
  notice: AfterResponse,
): Promise<ApprovalResult> {
  const payment = await financingPayment(env, null, paymentId);
  return confirmWithProvider(env, payment.order_number, payment.id, now, notice, token);
}
