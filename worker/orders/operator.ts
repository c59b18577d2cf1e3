/**
 * Operators move a paid order along (issue 18): availability confirmed with the retailer, an item
 * unavailable, shipped, delivered — and cancel an unpaid one (its open payments are cancelled with it).
 * Each change goes through the one transition function and is recorded with the cause `operator:<name>` and,
 * in the same batch, in order_actions (who and when, issue 22). The operators' view (operator/actions.ts) offers
 * these and more (refunds, shipping with tracking, emails) with the same records.
 */
import type { OrderView } from "#shared/orders/schemas.ts";
import type { OrderEvent } from "#shared/orders/states.ts";
import { applyEvent } from "./store";
import { orderView } from "./view";

export const OPERATOR_EVENTS = ["availability_confirmed", "item_unavailable", "shipped", "delivered", "cancel"] as const satisfies readonly OrderEvent[];
export type OperatorEvent = (typeof OPERATOR_EVENTS)[number];

/**
 * Applies an operator's event. `onDelivered` runs once, after the one request whose event made the order
 * `delivered` (the review invitation, worker/orders/reviews/invite.ts; decision 037); a repeated or concurrent
 * `delivered` finds the order already there and does not call it.
 */
export async function operatorEvent(
  db: D1Database,
  orderNumber: string,
  event: OperatorEvent,
  now: number,
  onDelivered?: (orderNumber: string) => Promise<unknown>,
  operator = "admin",
): Promise<OrderView> {
  const actor = `operator:${operator}`;
  const applied = await applyEvent(db, orderNumber, event, actor, now, (changed) => {
    if (!changed) return [];
    const record = db
      .prepare("INSERT INTO order_actions (order_number, action, actor, detail, at) VALUES (?, ?, ?, ?, ?)")
      .bind(orderNumber, `status:${event}`, actor, JSON.stringify({ via: "POST /api/orders/{id}/status" }), now);
    if (event !== "cancel") return [record];
    return [
      db.prepare("UPDATE payments SET status = 'cancelled', updated_at = ? WHERE order_number = ? AND status IN ('created', 'pending')").bind(now, orderNumber),
      record,
    ];
  });
  if (applied.changed && event === "delivered" && onDelivered) {
    // The order is delivered whatever happens to the email: a failure is logged, not the operator's error.
    await onDelivered(orderNumber).catch((e: unknown) =>
      console.error(JSON.stringify({ level: "error", message: `review invitation of ${orderNumber}: ${String(e)}` })),
    );
  }
  return orderView(db, orderNumber);
}
