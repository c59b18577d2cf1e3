/**
 * Paying over time under /api (shared/api/installments.ts; issue 22 points 1 and 2): the approvals of an
 * Affirm loan and of a Splitit plan. Each finds the order's payment through that provider (another order's is
 * a 404) and confirms it with the provider through `confirmWithProvider` — one request at a time holds the
 * payment's claim and asks (202 `processing` for the others), an unreachable provider is a 502 and nothing is
 * charged. What the path carries is never believed: Affirm's checkout token is authorised at Affirm and
 * checked against the payment's checkout and amount; Splitit's plan is read back from Splitit. Before any of it,
 * the caller must be allowed the order (worker/middleware/order-access.ts: its key, its shopper or an operator; docs/decisions/052).
 */
import type { Context } from "hono";
import { installmentOperations as ops } from "#shared/api/installments.ts";
import type { PaymentMethod } from "#shared/cart/model.ts";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { purchaseAfterApproval } from "../middleware/tracking";
import { ApiError } from "../http/errors";
import { handle } from "../http/routes";
import { ProviderUnavailable } from "./payments/provider";
import { collectorFor } from "./payments/providers";
import { eventStatement, type PaymentRow } from "./payments/store";
import { orderAccess, orderCaller } from "../middleware/order-access";
import { approval } from "./routes";
import { confirmWithProvider, type AfterResponse, PaymentUnavailable } from "./service";
import { siteOrigin } from "../platform/config";

/** Runs an approval; a provider that could not be reached is a 502 (not the shopper's fault, nor a 500). */
async function confirming<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  c.header("Cache-Control", "private, no-store");
  try {
    const answer = await work();
    // An approval answering "paid" emits the order's purchase (once per order; worker/middleware/tracking.ts).
    purchaseAfterApproval(c, answer, () => orderCaller(c));
    return answer;
  } catch (e) {
    if (e instanceof PaymentUnavailable || e instanceof ProviderUnavailable) throw new ApiError(502, e.message);
    throw e;
  }
}

/** A paid order's confirmation email links to this site and goes out after the response. */
const notice = (c: Context<AppEnv>): AfterResponse => ({ origin: siteOrigin(c.env), waitUntil: (p) => c.executionCtx.waitUntil(p) });

/** Whether `provider` collects `method` here (its secrets are set); otherwise the approval names no payment (404). */
function configured(c: Context<AppEnv>, method: PaymentMethod, provider: "affirm" | "splitit"): boolean {
  try {
    return collectorFor(c.env, method).provider === provider;
  } catch {
    return false;
  }
}

/** The order's payment through `provider`: its open one (the newest), else its newest (an approval repeated after payment answers paid). */
async function paymentOf(db: D1Database, orderNumber: string, provider: "affirm" | "splitit", providerPaymentId?: string): Promise<PaymentRow> {
  const row = await db
    .prepare(
      `SELECT * FROM payments WHERE order_number = ? AND provider = ? AND (? IS NULL OR provider_payment_id = ?)
       ORDER BY status IN ('created', 'pending') DESC, created_at DESC, rowid DESC LIMIT 1`,
    )
    .bind(orderNumber, provider, providerPaymentId ?? null, providerPaymentId ?? null)
    .first<PaymentRow>();
  return row ?? refused("not_found", "No such payment for this order");
}

/** Affirm: the shopper's checkout token (x) is authorised and captured for the order's open Affirm payment; y, Affirm's reference, is recorded. */
async function approveAffirm(c: Context<AppEnv>, orderNumber: string, key: string | undefined, token: string, reference?: string) {
  await orderAccess(c, orderNumber, { key });
  if (!configured(c, "affirm", "affirm")) refused("not_found", "No such payment for this order");
  const payment = await paymentOf(c.env.DB, orderNumber, "affirm");
  const now = Date.now();
  if (reference !== undefined)
    await c.env.DB.batch([
      eventStatement(
        c.env.DB,
        { paymentId: payment.id, orderNumber, provider: "affirm", kind: "return", verified: false, payload: { checkoutToken: token, reference } },
        now,
      ),
    ]);
  return approval(await confirmWithProvider(c.env, orderNumber, payment.id, now, notice(c), token));
}

/** Splitit: plan x must be this order's Splitit payment; the plan is read at Splitit and started once. */
async function approveSplitit(c: Context<AppEnv>, orderNumber: string, key: string | undefined, planNumber: string) {
  await orderAccess(c, orderNumber, { key });
  if (!configured(c, "splitit", "splitit")) refused("not_found", "No such payment for this order");
  const payment = await paymentOf(c.env.DB, orderNumber, "splitit", planNumber);
  return approval(await confirmWithProvider(c.env, orderNumber, payment.id, Date.now(), notice(c)));
}

export const installmentRoutes = [
  handle(ops.approveAffirm, ({ params, query }, c) => confirming(c, () => approveAffirm(c, params.id, query.key, params.x))),
  handle(ops.approveAffirmWithReference, ({ params, query }, c) => confirming(c, () => approveAffirm(c, params.id, query.key, params.x, params.y))),
  handle(ops.approveSplitit, ({ params, query }, c) => confirming(c, () => approveSplitit(c, params.id, query.key, params.x))),
];
