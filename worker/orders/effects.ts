/**
 * What a transition of an order causes, as data (docs/decisions/060-order-effects.md): the transition's event
 * decides the effects — never the route that applied it — and their rows are written in the transition's own
 * batch (store.ts applyEvent), so a transition without its effects cannot be committed and a retried one adds
 * none (one row per order, kind and cause). The reactor (reactor.ts) runs them after the response; the order
 * cron sweeps any left behind.
 */
import type { OrderEvent } from "#shared/orders/states.ts";

export const EFFECT_KINDS = ["cart-paid", "confirmation-email", "ring-size-ask", "retailer-ask", "capture-refund"] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** The effects of each event that changed an order (the event is the row's cause). */
export const EFFECTS_OF: Partial<Record<OrderEvent, readonly EffectKind[]>> = {
  // The order is paid: the cart it came from is emptied, the shopper confirmed (and asked for a missing ring
  // size), each retailer asked to confirm its stones.
  payment_captured: ["cart-paid", "confirmation-email", "ring-size-ask", "retailer-ask"],
};

/** The statements that enqueue the effects of `event` on order `orderNumber` (none twice: the unique key). */
export function effectStatements(db: D1Database, orderNumber: string, event: OrderEvent, now: number): D1PreparedStatement[] {
  return (EFFECTS_OF[event] ?? []).map((kind) =>
    db
      .prepare("INSERT INTO order_effects (order_number, kind, cause, run_after, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
      .bind(orderNumber, kind, event, now, now),
  );
}

/**
 * A capture the order could not take (it was cancelled or refunded, or another payment paid it): the effect
 * that gives it back through its provider and tells the operators (capture-refund.ts), once per payment — its
 * cause is the payment. Written in the batch that records the capture; with `unlessOnlyPayer`, only when
 * another payment of the order's own amount paid it already (the same statement decides, so no race).
 */
export function captureRefundStatement(db: D1Database, orderNumber: string, paymentId: string, now: number, unlessOnlyPayer = false): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO order_effects (order_number, kind, cause, run_after, created_at)
       SELECT ?1, 'capture-refund', ?2, ?3, ?3
       WHERE ?4 = 0 OR EXISTS (SELECT 1 FROM payments WHERE order_number = ?1 AND request_id IS NULL AND status IN ('captured', 'refunded') AND id != ?5)
       ON CONFLICT DO NOTHING`,
    )
    .bind(orderNumber, `capture:${paymentId}`, now, unlessOnlyPayer ? 1 : 0, paymentId);
}
