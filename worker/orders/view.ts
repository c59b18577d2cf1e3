/** An order as its owner sees it (shared/orders/schemas.ts OrderView), read from D1. */
import type { PaymentMethod } from "#shared/cart/model.ts";
import type { OrderView } from "#shared/orders/schemas.ts";
import { statusLabel } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import { paymentsOf } from "./payments/store";
import { requestsOf } from "./requests";
import { findOrder, type OrderRow } from "./store";

/** An order's amounts as its owner reads them (its breakdown, shared/cart/breakdown.ts, sums to `amountDue`). */
export function amountsOf(row: OrderRow) {
  return {
    lines: JSON.parse(row.lines_json) as OrderView["lines"],
    subtotal: row.subtotal_cents,
    discount: row.discount_cents,
    carePlans: row.care_plans_cents,
    lockSavings: row.lock_savings_cents,
    total: row.total_cents,
    // By bank wire the amount due is the total less the saving, plus the tax on that price.
    wireSaving: row.payment_method === "wire" ? Math.max(0, row.total_cents + row.tax_cents - row.amount_due_cents) : 0,
    tax: row.tax_cents,
    amountDue: row.amount_due_cents,
  };
}

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
    ...amountsOf(row),
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
