/**
 * Paying an unpaid order with another method (docs/decisions/064-pay-again-and-remembered-address.md): the
 * pay-again page offers the methods the order may use (shared/orders/pay-again.ts, and only those this site
 * has a provider for); choosing one changes the order's method and what it is due, and closes its open
 * payments of the old method — in one batch, and only while none of them is being confirmed with its provider —
 * so no old payment can be captured once the new one starts. Then the payment starts as any pay-again does.
 */
import type { PaymentMethod } from "#shared/cart/model.ts";
import { PAYMENT_METHODS } from "#shared/cart/model.ts";
import { amountDueBy, payAgainRefusal, type PayAgainFacts, type PayChoice } from "#shared/orders/pay-again.ts";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { DomainError, refused } from "#shared/refusal.ts";
import { collectorFor } from "./payments/providers";
import { type PaymentProvider, type PaymentRow, paymentsOf } from "./payments/store";
import { type OrderBindings, type OrderContext, resumePayment } from "./service";
import { findOrder, type OrderRow } from "./store";

/** Said when a payment of the order is with its provider right now (being confirmed, or pending there). */
export const PAYMENT_IN_PROGRESS = "A payment of this order is being processed right now: wait for its result before choosing another payment method.";

const facts = (order: OrderRow): PayAgainFacts => ({
  paymentMethod: order.payment_method as PaymentMethod,
  amountDueCents: order.amount_due_cents,
  totalCents: order.total_cents,
  taxCents: order.tax_cents,
});

/** Why the order cannot be paid by `method` here (the order's rule, then whether the site offers the method), or null. */
function refusalOf(env: OrderBindings, order: OrderRow, method: PaymentMethod): string | null {
  const rule = payAgainRefusal(facts(order), method);
  if (rule) return rule;
  try {
    collectorFor(env, method);
    return null;
  } catch (e) {
    if (e instanceof DomainError) return e.refusal.message;
    throw e;
  }
}

/** Every payment method, the order's own first, each with why it cannot be chosen for this order (null: it can). */
export function payAgainChoices(env: OrderBindings, order: OrderRow): PayChoice[] {
  const own = order.payment_method as PaymentMethod;
  return [own, ...PAYMENT_METHODS.filter((m) => m !== own)].map((method) => ({
    method,
    current: method === own,
    amountDue: amountDueBy(facts(order), method),
    refusal: refusalOf(env, order, method),
  }));
}

/**
 * Pays the order again by `method`: its own method is a plain pay again; another allowed one becomes the
 * order's method first. A method the order may not use is a 400 naming the field; an order that does not wait for
 * a payment, or whose payment is being processed, a 409 — the order unchanged either way.
 */
export async function payAgainWith(env: OrderBindings, order: OrderRow, method: PaymentMethod, ctx: OrderContext): Promise<PlacedOrder> {
  if (method === order.payment_method) return resumePayment(env, order, ctx);
  if (order.status !== "awaiting_payment" && order.status !== "payment_failed") refused("conflict", "This order does not wait for a payment.");
  const refusal = refusalOf(env, order, method);
  if (refusal) refused("bad_request", refusal, [{ path: "paymentMethod", message: refusal }]);
  await switchMethod(env.DB, order, method, collectorFor(env, method).provider as PaymentProvider, ctx.now);
  return resumePayment(env, (await findOrder(env.DB, order.order_number))!, ctx);
}

/** The payment method a payment is of (a Braintree payment records how the card was given: CreditCard, ApplePayCard, GooglePay). */
const methodOf = (p: PaymentRow): string => (BRAINTREE_DESCRIPTIONS.has(p.method) ? "card" : p.method);
const BRAINTREE_DESCRIPTIONS = new Set(["CreditCard", "ApplePayCard", "GooglePay"]);

/**
 * One batch: the order's method and amount due change (compare-and-set on its old method and an unpaid status,
 * and only while none of its open payments is claimed by a confirmation or pending at its provider — a wire's
 * transfer excepted, it has none), the new method's payment is opened, and each open payment of the old method is
 * cancelled with its event. The
 * payments' statements apply only when the order's method is the new one afterwards, so a refused switch
 * changes nothing.
 */
async function switchMethod(db: D1Database, order: OrderRow, method: PaymentMethod, provider: PaymentProvider, now: number): Promise<void> {
  const n = order.order_number;
  // Only payments of the old method: one of the new method started meanwhile by a concurrent switch stays open.
  const payments = await paymentsOf(db, n);
  const attempts = payments.length;
  const open = payments.filter((p) => p.request_id === null && (p.status === "created" || p.status === "pending") && methodOf(p) === order.payment_method);
  if (open.some((p) => p.claimed_until > now || (p.status === "pending" && p.provider !== "wire"))) refused("conflict", PAYMENT_IN_PROGRESS);
  const reason = `The shopper chose to pay by ${method} instead.`;
  const switched = "(SELECT payment_method FROM orders WHERE order_number = ?) = ?";
  const results = await db.batch([
    db
      .prepare(
        `UPDATE orders SET payment_method = ?1, amount_due_cents = ?2, updated_at = ?3
         WHERE order_number = ?4 AND payment_method = ?5 AND status IN ('awaiting_payment', 'payment_failed')
           AND NOT EXISTS (SELECT 1 FROM payments WHERE order_number = ?4 AND request_id IS NULL AND status IN ('created', 'pending')
                             AND (claimed_until > ?3 OR (status = 'pending' AND provider <> 'wire')))`,
      )
      .bind(method, amountDueBy(facts(order), method), now, n, order.payment_method),
    // The new method's payment, only when the update above changed the order (changes() is its count): of
    // concurrent switches to the same method exactly one opens it, and the others' pay again finds it.
    db
      .prepare(
        `INSERT INTO payments (id, order_number, provider, method, amount_cents, status, idempotency_key, request_id, created_at, updated_at)
         SELECT ?, ?, ?, ?, ?, 'created', ?, NULL, ?, ? WHERE changes() = 1 ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(`pay_${crypto.randomUUID().replace(/-/g, "")}`, n, provider, method, amountDueBy(facts(order), method), `${n}-${attempts + 1}`, now, now),
    ...open.flatMap((p) => [
      db
        .prepare(
          `INSERT INTO payment_events (payment_id, order_number, provider, kind, provider_event_id, verified, payload, at)
           SELECT id, order_number, provider, 'cancelled', NULL, 1, ?, ? FROM payments
           WHERE id = ? AND status IN ('created', 'pending') AND claimed_until <= ? AND ${switched}`,
        )
        .bind(JSON.stringify({ reason, newMethod: method }), now, p.id, now, n, method),
      db
        .prepare(
          `UPDATE payments SET status = 'cancelled', decline_reason = ?, claimed_until = 0, updated_at = ?
           WHERE id = ? AND status IN ('created', 'pending') AND claimed_until <= ? AND ${switched}`,
        )
        .bind(reason, now, p.id, now, n, method),
    ]),
  ]);
  if ((results[0]?.meta.changes ?? 0) > 0) return;
  // Nothing changed: another request switched it to this method already, or the order moved on meanwhile.
  const after = await findOrder(db, n);
  if (after?.payment_method === method && (after.status === "awaiting_payment" || after.status === "payment_failed")) return;
  if (after && after.status !== "awaiting_payment" && after.status !== "payment_failed") refused("conflict", "This order does not wait for a payment.");
  refused("conflict", PAYMENT_IN_PROGRESS);
}
