/**
 * The order's status follows its lines (docs/decisions/035-availability-and-substitutes.md), decided afresh
 * from what the lines say now after every answer or choice — so of concurrent answers, the last to read sees
 * them all, and each event is applied once (applyEvent's compare-and-set; a repeat is `changed: false`):
 * - a line unavailable: a paid order waits for the shopper (item_unavailable), who is emailed the link, in the
 *   same batch as the transition (one email however many answers arrive at once);
 * - every line confirmed: availability_confirmed;
 * - no line unavailable any more but some still to confirm (a substitute chosen): back to paid.
 */
import type { OrderEvent, OrderStatus } from "#shared/orders/states.ts";
import { DomainError } from "#shared/refusal.ts";
import { applyEvent, findOrder } from "../store";
import { itemsOf, liveItems } from "./items";
import { deliverRows, returnedIds } from "../../email/outbox";
import { type NotifyBindings, unavailableEmailStatement } from "./notify";

export interface SettleContext {
  origin?: string;
  now: number;
  waitUntil?: (p: Promise<unknown>) => void;
}

/** Applies the event the order's lines call for, with `cause`; answers the status now. */
export async function settleOrder(env: NotifyBindings, orderNumber: string, cause: string, ctx: SettleContext): Promise<OrderStatus> {
  const db = env.DB;
  const order = await findOrder(db, orderNumber);
  if (!order) return "cancelled";
  const items = liveItems(await itemsOf(db, orderNumber));
  // Every line refunded instead: the order's refund decides its status (refunds.ts), not its lines.
  if (!items.length) return order.status;
  const unavailable = items.filter((i) => i.availability === "unavailable");
  if (unavailable.length) {
    if (order.status !== "paid") return order.status;
    const email = await unavailableEmailStatement(env, order, unavailable, ctx.origin, ctx.now);
    const applied = await apply(env, orderNumber, "item_unavailable", cause, ctx.now, [email]);
    if (applied.changed) {
      const queued = await db
        .prepare("SELECT id FROM email_outbox WHERE recipient = ? AND template = 'order-item-unavailable' AND created_at = ? ORDER BY id DESC LIMIT 1")
        .bind(order.email, ctx.now)
        .all();
      deliverRows(env, returnedIds([queued]), ctx.now, ctx.waitUntil);
    }
    return applied.status;
  }
  if (items.length && items.every((i) => i.availability === "confirmed")) {
    if (order.status !== "paid" && order.status !== "item_unavailable") return order.status;
    return (await apply(env, orderNumber, "availability_confirmed", cause, ctx.now)).status;
  }
  if (order.status === "item_unavailable") return (await apply(env, orderNumber, "substitute_chosen", cause, ctx.now)).status;
  return order.status;
}

/**
 * applyEvent with `also` written only by the call that changes the status. An order that moved meanwhile to
 * where the event cannot apply (refunded, cancelled by an operator) keeps its status: the lines' answers
 * stand, recorded, and nothing else happens.
 */
async function apply(env: NotifyBindings, orderNumber: string, event: OrderEvent, cause: string, now: number, also: D1PreparedStatement[] = []) {
  try {
    return await applyEvent(env.DB, orderNumber, event, cause, now, (changed) => (changed ? also : []));
  } catch (e) {
    if (!(e instanceof DomainError) || e.refusal.kind !== "conflict") throw e;
    const now = await findOrder(env.DB, orderNumber);
    return { status: now?.status ?? ("cancelled" as OrderStatus), changed: false };
  }
}
