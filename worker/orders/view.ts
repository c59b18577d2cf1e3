/** An order as its owner sees it (shared/orders/schemas.ts OrderView), read from D1. */
import type { PaymentMethod } from "#shared/cart/model.ts";
import type { OrderView } from "#shared/orders/schemas.ts";
import { statusLabel } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import { paymentsOf } from "./payments/store";
import { requestsOf } from "./requests";
import { findOrder } from "./store";

export async function orderView(db: D1Database, orderNumber: string): Promise<OrderView> {
  const [row, payments, requests] = await Promise.all([findOrder(db, orderNumber), paymentsOf(db, orderNumber), requestsOf(db, orderNumber)]);
  if (!row) return refused("not_found", `No order ${orderNumber}`);
  return {
    orderNumber: row.order_number,
    status: row.status,
    statusLabel: statusLabel(row.status),
    createdAt: row.created_at,
    paidAt: row.paid_at,
    expiresAt: row.expires_at,
    lines: JSON.parse(row.lines_json) as OrderView["lines"],
    subtotal: row.subtotal_cents,
    discount: row.discount_cents,
    carePlans: row.care_plans_cents,
    lockSavings: row.lock_savings_cents,
    total: row.total_cents,
    tax: row.tax_cents,
    amountDue: row.amount_due_cents,
    paymentMethod: row.payment_method as PaymentMethod,
    email: row.email,
    shippingAddress: JSON.parse(row.shipping_json) as OrderView["shippingAddress"],
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      method: p.method,
      status: p.status,
      amount: p.amount_cents,
      refunded: p.refunded_cents,
      declineReason: p.decline_reason,
    })),
    requests,
  };
}
