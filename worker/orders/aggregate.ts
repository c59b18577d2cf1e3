/**
 * An order's aggregate — the order row, its payments and its payment requests — read in one D1 round trip (one
 * batch: one consistent snapshot), and the owner's view of it (shared/orders/schemas.ts OrderView). A request
 * loads it once and passes it on instead of reading the order row again at every step.
 */
import type { PaymentMethod } from "#shared/cart/model.ts";
import type { OrderView } from "#shared/orders/schemas.ts";
import { statusLabel } from "#shared/orders/states.ts";
import type { PaymentRow } from "./payments/store";
import { type RequestRow, requestView } from "./requests";
import type { OrderRow } from "./store";

export interface OrderAggregate {
  order: OrderRow;
  /** Oldest first. */
  payments: PaymentRow[];
  requests: RequestRow[];
}

/** The order's aggregate, or null when there is no such order. */
export async function loadAggregate(db: D1Database, orderNumber: string): Promise<OrderAggregate | null> {
  const [order, payments, requests] = await db.batch([
    db.prepare("SELECT * FROM orders WHERE order_number = ?").bind(orderNumber),
    db.prepare("SELECT * FROM payments WHERE order_number = ? ORDER BY created_at").bind(orderNumber),
    db.prepare("SELECT * FROM payment_requests WHERE order_number = ? ORDER BY created_at, id").bind(orderNumber),
  ]);
  const row = order?.results[0] as OrderRow | undefined;
  if (!row) return null;
  return { order: row, payments: (payments?.results ?? []) as PaymentRow[], requests: (requests?.results ?? []) as RequestRow[] };
}

/** What the order's owner sees of it. */
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

export function viewOf({ order: row, payments, requests }: OrderAggregate): OrderView {
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
    requests: requests.map(requestView),
  };
}
