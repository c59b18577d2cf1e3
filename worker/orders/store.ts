/**
 * Orders in D1 (migrations/0010_orders_and_payments.sql): reading one, and moving it along its life. Every
 * status change goes through `transition` (shared/orders/states.ts) and is written with compare-and-set on the
 * status it left, in the same batch as its record in order_transitions — so of two requests applying the same
 * event at once, one changes the order and the other finds it already done. The effects the change causes
 * (effects.ts: the confirmation email, the cart emptied…) are rows written in that same batch.
 */
import { refused } from "#shared/refusal.ts";
import { transition, type OrderEvent, type OrderStatus } from "#shared/orders/states.ts";
import { effectStatements } from "./effects";
import { holdEffects } from "./holds";

export interface OrderRow {
  order_number: string;
  visitor_id: string;
  cart_key: string;
  cart_revision: number;
  user_id: number | null;
  status: OrderStatus;
  created_at: number;
  updated_at: number;
  placed_at: number | null;
  paid_at: number | null;
  expires_at: number | null;
  email: string;
  payment_method: string;
  price_lock_id: string | null;
  subtotal_cents: number;
  discount_cents: number;
  care_plans_cents: number;
  lock_savings_cents: number;
  total_cents: number;
  tax_cents: number;
  amount_due_cents: number;
  cart_link: string;
  shipping_json: string;
  billing_json: string | null;
  instructions: string;
  lines_json: string;
  /** The promo code the cart had when the order was drafted (migration 0033). */
  promo_code: string | null;
}

export function findOrder(db: D1Database, orderNumber: string): Promise<OrderRow | null> {
  return db.prepare("SELECT * FROM orders WHERE order_number = ?").bind(orderNumber).first<OrderRow>();
}

/** What applying an event did: the status now, and whether this call changed it. */
export interface Applied {
  status: OrderStatus;
  changed: boolean;
}

/**
 * Applies an event to an order, with its cause (`shopper`, `provider:paypal`, `webhook:stripe`, `operator`,
 * `expiry`). The transition holds, sells or releases the order's stones in its own batch (holds.ts; a stone
 * another order holds fails it with a UNIQUE constraint error on inventory_holds). `also(true)` gives statements that belong to the change (written in the same transaction, or not
 * at all); `also(false)` those to write when the order was already there. Refuses (409) an event the order's
 * status does not allow.
 */
export async function applyEvent(
  db: D1Database,
  orderNumber: string,
  event: OrderEvent,
  cause: string,
  now: number,
  also: (changed: boolean) => D1PreparedStatement[] = () => [],
): Promise<Applied> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db.prepare("SELECT status FROM orders WHERE order_number = ?").bind(orderNumber).first<{ status: OrderStatus }>();
    if (!row) refused("not_found", `No order ${orderNumber}`);
    const t = transition(row.status, event);
    if (!t.ok) refused("conflict", t.message);
    if (!t.changed) {
      const extra = also(false);
      if (extra.length) await db.batch(extra);
      return { status: t.to, changed: false };
    }
    try {
      await db.batch([
        db
          .prepare(
            `UPDATE orders SET status = ?1, updated_at = ?2,
               paid_at = CASE WHEN ?1 = 'paid' THEN ?2 ELSE paid_at END,
               placed_at = CASE WHEN ?1 = 'awaiting_payment' AND placed_at IS NULL THEN ?2 ELSE placed_at END
             WHERE order_number = ?3 AND status = ?4`,
          )
          .bind(t.to, now, orderNumber, t.from),
        // When the update above changed nothing (the order moved meanwhile) to_status is NULL, the NOT NULL
        // constraint fails and the whole batch — the statements in `also` included — is rolled back.
        db
          .prepare(
            "INSERT INTO order_transitions (order_number, from_status, to_status, event, cause, at) VALUES (?, ?, CASE WHEN changes() = 1 THEN ? END, ?, ?, ?)",
          )
          .bind(orderNumber, t.from, t.to, event, cause, now),
        // The order's stones held, sold or released with the transition (holds.ts): a stone another order
        // holds fails the batch, so the order does not move either.
        ...holdEffects(db, orderNumber, t.to, now),
        ...also(true),
        // What the change causes (effects.ts), in the same transaction: committed with it or not at all.
        ...effectStatements(db, orderNumber, event, now),
      ]);
      return { status: t.to, changed: true };
    } catch (e) {
      if (!String(e).includes("NOT NULL constraint failed: order_transitions.to_status")) throw e;
    }
    // Another request moved the order meanwhile: read it again and decide afresh.
  }
  return refused("conflict", "The order is changing right now; try again.");
}

/** The order's transitions, oldest first. */
export async function transitionsOf(db: D1Database, orderNumber: string) {
  const { results } = await db
    .prepare("SELECT from_status AS fromStatus, to_status AS toStatus, event, cause, at FROM order_transitions WHERE order_number = ? ORDER BY id")
    .bind(orderNumber)
    .all<{ fromStatus: OrderStatus; toStatus: OrderStatus; event: OrderEvent; cause: string; at: number }>();
  return results;
}
