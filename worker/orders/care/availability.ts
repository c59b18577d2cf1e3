/**
 * PUT orders/confirm-order-items-availability/{n} (issue 22 point 4; docs/decisions/035): each retailer says
 * whether its lines of a paid order are available — a retailer only for its own lines (another's is a 404),
 * an operator for any. A line goes from unconfirmed to confirmed or unavailable once: its update is
 * compare-and-set on `unconfirmed`, in one batch with its record in order_actions (who, when) whose actor is
 * NULL when the update changed nothing — so a line answered meanwhile rolls the whole answer back, and the call
 * decides afresh. The same answer again changes nothing; a different one for an answered line is a 409. Then
 * the order's status follows its lines (settle.ts).
 */
import type { AvailabilityResult } from "#shared/orders/care.ts";
import { isPaid } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import { findOrder } from "../store";
import { careLineOf, itemsOf } from "./items";
import type { NotifyBindings } from "./notify";
import { type SettleContext, settleOrder } from "./settle";

/** Who answers: a retailer (proved by its key) or an operator (the admin token). */
export type Answerer = { kind: "retailer"; retailerId: number } | { kind: "operator"; name: string };

/** How the answerer is recorded in order_actions and order_transitions. */
export const actorOf = (a: Answerer) => (a.kind === "retailer" ? `retailer:${a.retailerId}` : `operator:${a.name}`);

/** Statuses in which the lines' availability is asked (after shipping it no longer matters). */
const ANSWERABLE = new Set(["paid", "item_unavailable", "availability_confirmed"]);

export async function confirmAvailability(
  env: NotifyBindings,
  orderNumber: string,
  answers: { lineId: string; available: boolean }[],
  who: Answerer,
  ctx: SettleContext,
): Promise<AvailabilityResult> {
  const db = env.DB;
  const actor = actorOf(who);
  const order = await findOrder(db, orderNumber);
  if (!order) refused("not_found", "No such order");
  for (let attempt = 0; attempt < 5; attempt++) {
    const items = await itemsOf(db, orderNumber);
    const mine = who.kind === "retailer" ? items.filter((i) => i.retailer_id === who.retailerId) : items;
    const changes: { lineId: string; to: "confirmed" | "unavailable" }[] = [];
    for (const a of answers) {
      const line = mine.find((i) => i.line_id === a.lineId);
      if (!line) refused("not_found", `No line ${a.lineId} of this order${who.kind === "retailer" ? " is yours" : ""}`);
      const to = a.available ? "confirmed" : "unavailable";
      if (line.availability === to) continue;
      if (line.availability !== "unconfirmed") refused("conflict", `Line ${a.lineId} is ${line.availability} already; ask the shop's operators to change it.`);
      changes.push({ lineId: a.lineId, to });
    }
    if (changes.length && !ANSWERABLE.has(order.status))
      refused("conflict", isPaid(order.status) ? "This order has shipped: its availability is settled." : "This order is not paid: nothing to confirm yet.");
    if (!changes.length) break;
    try {
      await db.batch(
        changes.flatMap((c) => [
          db
            .prepare("UPDATE order_items SET availability = ?, availability_at = ? WHERE order_number = ? AND line_id = ? AND availability = 'unconfirmed'")
            .bind(c.to, ctx.now, orderNumber, c.lineId),
          db
            .prepare("INSERT INTO order_actions (order_number, action, actor, detail, at) VALUES (?, 'availability', CASE WHEN changes() = 1 THEN ? END, ?, ?)")
            .bind(orderNumber, actor, JSON.stringify({ lineId: c.lineId, availability: c.to }), ctx.now),
        ]),
      );
      break;
    } catch (e) {
      // A line answered by someone else meanwhile: nothing of this answer was written; read the lines again.
      if (!String(e).includes("NOT NULL constraint failed: order_actions.actor")) throw e;
      if (attempt === 4) refused("conflict", "The order's lines are changing right now; try again.");
    }
  }
  const status = await settleOrder(env, orderNumber, actor, ctx);
  const after = await itemsOf(db, orderNumber);
  return {
    orderNumber,
    status,
    lines: (who.kind === "retailer" ? after.filter((i) => i.retailer_id === who.retailerId) : after).map(careLineOf),
  };
}
