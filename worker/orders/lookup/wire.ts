/**
 * The operator's "wire received" (issue 18, bank wire): the transfer for an order arrived, so its wire payment
 * is captured and the order paid with the cause `operator` — through the one approval path (approve.ts: the wire provider's approval is the operator's word), so of any number of
 * calls at once one holds the payment's claim and one paid transition is written. A wire arriving after the
 * order expired still pays it (the money is here): the expired order's cancelled wire payment is reopened.
 */
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { approveWith } from "../approve";
import type { AfterResponse, OrderBindings } from "../service";
import type { PaymentRow } from "../payments/store";
import { findOrder } from "../store";

/** The order's latest wire payment. */
function latestWire(db: D1Database, orderNumber: string): Promise<PaymentRow | null> {
  return db
    .prepare("SELECT * FROM payments WHERE order_number = ? AND provider = 'wire' ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(orderNumber)
    .first<PaymentRow>();
}

export async function wireReceived(env: OrderBindings, orderNumber: string, now: number, notice?: AfterResponse): Promise<ApprovalResult> {
  const order = await findOrder(env.DB, orderNumber);
  if (!order) refused("not_found", "No such order");
  if (order.status === "cancelled") refused("conflict", "This order was cancelled: refund the wire instead.");
  let payment = await latestWire(env.DB, orderNumber);
  if (payment?.status === "cancelled" && order.status === "expired") {
    await env.DB.prepare("UPDATE payments SET status = 'pending', updated_at = ? WHERE id = ? AND status = 'cancelled'").bind(now, payment.id).run();
    payment = await latestWire(env.DB, orderNumber);
  }
  if (!payment || payment.status === "cancelled" || payment.status === "declined") refused("not_found", "No wire payment is waiting for this order");
  return approveWith(env, order, payment, {}, { ...notice, now }, "operator");
}
