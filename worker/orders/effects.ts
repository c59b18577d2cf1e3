/**
 * What a transition of an order causes, as data (docs/decisions/060-order-effects.md): the transition's event
 * decides the effects — never the route that applied it — and their rows are written in the transition's own
 * batch (store.ts applyEvent), so a transition without its effects cannot be committed and a retried one adds
 * none (one row per order, kind and cause). The reactor (reactor.ts) runs them after the response; the order
 * cron sweeps any left behind.
 */
import type { OrderEvent } from "#shared/orders/states.ts";

export const EFFECT_KINDS = ["cart-paid", "confirmation-email", "ring-size-ask", "retailer-ask"] as const;
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
