/**
 * Custom payment requests (migrations/0012_payment_requests.sql): an operator asks the shopper of a paid order
 * for an extra amount with a reason; the shopper approves it on the approve-payment page and pays it through the
 * order's payment method, with the same exactly-once confirmation as the order's own payment. A request is paid
 * once: the payment that captures it marks it, in the same batch.
 */
import type { PaymentRequestView } from "#shared/orders/schemas.ts";
import { isPaid } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import type { OrderRow } from "./store";

export interface RequestRow {
  id: string;
  order_number: string;
  amount_cents: number;
  reason: string;
  status: "open" | "paid" | "cancelled";
  created_at: number;
  paid_at: number | null;
}

export const requestView = (r: RequestRow): PaymentRequestView => ({
  id: r.id,
  amount: r.amount_cents,
  reason: r.reason,
  status: r.status,
  createdAt: r.created_at,
  paidAt: r.paid_at,
});

export async function requestsOf(db: D1Database, orderNumber: string): Promise<PaymentRequestView[]> {
  const { results } = await db.prepare("SELECT * FROM payment_requests WHERE order_number = ? ORDER BY created_at, id").bind(orderNumber).all<RequestRow>();
  return results.map(requestView);
}

/** An operator's request for an extra amount on a paid order. */
export async function createPaymentRequest(db: D1Database, order: OrderRow, amountCents: number, reason: string, now: number): Promise<PaymentRequestView> {
  if (!isPaid(order.status)) refused("conflict", `A payment request needs a paid order; this one is ${order.status.replace(/_/g, " ")}.`);
  const row = await db
    .prepare("INSERT INTO payment_requests (id, order_number, amount_cents, reason, status, created_at) VALUES (?, ?, ?, ?, 'open', ?) RETURNING *")
    .bind(`prq_${crypto.randomUUID().replace(/-/g, "")}`, order.order_number, amountCents, reason, now)
    .first<RequestRow>();
  return requestView(row!);
}

/** The open request of the order, or a refusal (404 unknown, 409 paid or cancelled). */
export async function openRequest(db: D1Database, orderNumber: string, requestId: string): Promise<{ id: string; amountCents: number; reason: string }> {
  const row = await db.prepare("SELECT * FROM payment_requests WHERE id = ? AND order_number = ?").bind(requestId, orderNumber).first<RequestRow>();
  if (!row) refused("not_found", "No such payment request for this order");
  if (row.status !== "open") refused("conflict", `This payment request is ${row.status}.`);
  return { id: row.id, amountCents: row.amount_cents, reason: row.reason };
}

/** The statement that marks a payment's request paid (nothing for a payment of the order itself). */
export function requestPaidStatement(db: D1Database, paymentId: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      "UPDATE payment_requests SET status = 'paid', paid_at = ?, payment_id = ? WHERE id = (SELECT request_id FROM payments WHERE id = ?) AND status = 'open'",
    )
    .bind(now, paymentId, paymentId);
}
