/**
 * The operator's actions on an order (issue 22 point 6). Each names its operator (`actor`) and is recorded in
 * order_actions with who, when and what it carried — in the same batch as its effect where the effect is one
 * batch (the status change and what belongs to it: availability, the shipment, the delivery, the cancelled
 * payments; a refund's settlement), else right after it (a wire's capture, an email queued). A refused action
 * (409 and the like) writes nothing, so it is never recorded as done. Status changes go through `applyEvent`
 * with the cause `operator:{name}`; a second identical action finds the order already there and is refused.
 */
import type { OperatorAction } from "#shared/orders/operator.ts";
import type { OrderEvent } from "#shared/orders/states.ts";
import { statusLabel } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import { queueEmail } from "../../email/outbox";
import { orderLink, sendOrderConfirmation } from "../lookup/confirmation";
import { wireReceived } from "../lookup/wire";
import { type RefundResult, refundOrder } from "../refunds";
import { inviteAfterDelivery } from "../reviews/invite";
import type { OrderBindings } from "../service";
import { applyEvent, findOrder, type OrderRow } from "../store";
import { trackingLink } from "./email";
import { formatCents } from "#shared/cents.ts";

/** Where the action's emails link to, when it happens and how work continues after the response. */
export interface ActionContext {
  origin: string;
  now: number;
  waitUntil: (p: Promise<unknown>) => void;
}

/** What an action did: in words, and 202 when another request is doing it right now. */
export interface ActionOutcome {
  status: 200 | 202;
  message: string;
}

const usd = formatCents;

/** The action's record (`operator:{name}`, the time, what it carried and did). */
function record(db: D1Database, orderNumber: string, action: string, actor: string, detail: Record<string, unknown>, now: number): D1PreparedStatement {
  return db
    .prepare("INSERT INTO order_actions (order_number, action, actor, detail, at) VALUES (?, ?, ?, ?, ?)")
    .bind(orderNumber, action, actor, JSON.stringify(detail), now);
}

/** Applies `event` with the statements that belong to it; an order already there (a repeated action) is refused. */
async function move(db: D1Database, order: OrderRow, event: OrderEvent, actor: string, now: number, also: D1PreparedStatement[]): Promise<void> {
  const applied = await applyEvent(db, order.order_number, event, actor, now, (changed) => (changed ? also : []));
  if (!applied.changed) refused("conflict", `This order is already ${statusLabel(applied.status)}.`);
}

/** Every unconfirmed line confirmed and the order confirmed — unless a line is unavailable (checked again inside the batch). */
async function confirmAvailability(db: D1Database, order: OrderRow, actor: string, now: number): Promise<ActionOutcome> {
  const n = order.order_number;
  const lines = await db
    .prepare("SELECT name, availability FROM order_items WHERE order_number = ? ORDER BY line_id")
    .bind(n)
    .all<{ name: string; availability: string }>();
  const missing = lines.results.filter((l) => l.availability === "unavailable").map((l) => l.name);
  if (missing.length) refused("conflict", `${missing.join(", ")} is unavailable: the shopper chooses a substitute or is refunded first.`);
  const confirmed = lines.results.filter((l) => l.availability === "unconfirmed").length;
  const also = [
    db.prepare("UPDATE order_items SET availability = 'confirmed', availability_at = ? WHERE order_number = ? AND availability = 'unconfirmed'").bind(now, n),
    // A line marked unavailable meanwhile makes the action NULL: the NOT NULL constraint rolls the whole batch back.
    db
      .prepare(
        `INSERT INTO order_actions (order_number, action, actor, detail, at)
         VALUES (?1, CASE WHEN EXISTS (SELECT 1 FROM order_items WHERE order_number = ?1 AND availability = 'unavailable') THEN NULL ELSE 'confirm-availability' END, ?2, ?3, ?4)`,
      )
      .bind(n, actor, JSON.stringify({ lines: lines.results.length, confirmed }), now),
  ];
  try {
    await move(db, order, "availability_confirmed", actor, now, also);
  } catch (e) {
    if (String(e).includes("NOT NULL constraint failed: order_actions.action"))
      refused("conflict", "An item became unavailable meanwhile: look at the order again.");
    throw e;
  }
  return { status: 200, message: `Availability confirmed: ${confirmed} of ${lines.results.length} lines confirmed now; the order is confirmed.` };
}

/** The wire arrived: its payment captured and the order paid (wireReceived); recorded once per order. */
async function wireArrived(env: OrderBindings, order: OrderRow, actor: string, ctx: ActionContext): Promise<ActionOutcome> {
  const db = env.DB;
  const n = order.order_number;
  const wire = await db
    .prepare("SELECT id, status, amount_cents FROM payments WHERE order_number = ? AND provider = 'wire' ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(n)
    .first<{ id: string; status: string; amount_cents: number }>();
  if (!wire) refused("conflict", "This order is not paid by bank wire.");
  if (wire.status === "captured" || wire.status === "refunded") refused("conflict", "This order's wire was already recorded as received.");
  const result = await wireReceived(env, n, ctx.now, { origin: ctx.origin, waitUntil: ctx.waitUntil });
  if (result.outcome === "processing") return { status: 202, message: "Another request is recording this wire right now." };
  if (result.outcome !== "paid") refused("conflict", result.message);
  // Recorded once however many requests got here: the statement checks and writes in one step.
  await db
    .prepare(
      `INSERT INTO order_actions (order_number, action, actor, detail, at) SELECT ?1, 'wire-received', ?2, ?3, ?4
       WHERE NOT EXISTS (SELECT 1 FROM order_actions WHERE order_number = ?1 AND action = 'wire-received')`,
    )
    .bind(n, actor, JSON.stringify({ paymentId: wire.id, amountCents: wire.amount_cents }), ctx.now)
    .run();
  return { status: 200, message: `The wire of ${usd(wire.amount_cents)} is received: the order is paid.` };
}

/** The shipping notice to the order's address; its outbox id (null: an hourly email limit, worker/email/gate.ts). */
async function emailShippingNotice(env: OrderBindings, order: OrderRow, carrier: string, trackingNumber: string, ctx: ActionContext): Promise<number | null> {
  const data = {
    orderNumber: order.order_number,
    carrier,
    trackingNumber,
    trackingLink: trackingLink(carrier, trackingNumber),
    link: await orderLink(env, order.order_number, ctx.origin),
  };
  return (await queueEmail(env, { message: { to: order.email, template: "order-shipped", data }, clientIp: null }, ctx.waitUntil, ctx.now)).id;
}

async function shipped(env: OrderBindings, order: OrderRow, actor: string, a: { carrier: string; trackingNumber: string }, ctx: ActionContext) {
  const db = env.DB;
  await move(db, order, "shipped", actor, ctx.now, [
    db
      .prepare("UPDATE orders SET carrier = ?, tracking_number = ?, shipped_at = ? WHERE order_number = ?")
      .bind(a.carrier, a.trackingNumber, ctx.now, order.order_number),
    record(db, order.order_number, "shipped", actor, { carrier: a.carrier, trackingNumber: a.trackingNumber }, ctx.now),
  ]);
  const emailed = await emailShippingNotice(env, order, a.carrier, a.trackingNumber, ctx);
  const notice =
    emailed === null ? "the shipping email was not sent (the hourly email limit of this address)" : `${order.email} is emailed the tracking number`;
  return { status: 200 as const, message: `Shipped with ${a.carrier}, tracking ${a.trackingNumber}: ${notice}.` };
}

/** Refunds through the provider that took the money; each refund's record is written with its settlement. */
async function refund(env: OrderBindings, order: OrderRow, actor: string, a: { amountCents?: number; reason: string }, ctx: ActionContext) {
  const db = env.DB;
  const results: RefundResult[] = await refundOrder(env, order.order_number, a.amountCents ?? null, a.reason, actor, ctx, (r, outcome) =>
    outcome.status === "failed"
      ? []
      : [
          record(
            db,
            order.order_number,
            "refund",
            actor,
            { refundId: r.id, paymentId: r.payment_id, amountCents: r.amount_cents, reason: r.reason, outcome: outcome.status },
            ctx.now,
          ),
        ],
  );
  const failed = results.filter((r) => r.outcome === "failed");
  if (results.length && failed.length === results.length) refused("conflict", `The refund was refused: ${failed.map((r) => r.refund.failure).join("; ")}`);
  const said = results.map((r) => {
    const amount = usd(r.refund.amount_cents);
    if (r.outcome === "refunded") return `${amount} refunded`;
    if (r.outcome === "pending") return `${amount} accepted by the provider, to be completed`;
    if (r.outcome === "processing") return `${amount} being refunded by another request`;
    return `${amount} refused: ${r.refund.failure}`;
  });
  const busy = results.some((r) => r.outcome === "processing");
  return { status: busy ? (202 as const) : (200 as const), message: `${said.join("; ")}.` };
}

/** Sends an order email again: the confirmation, or the shipping notice of a shipped order. */
async function resend(env: OrderBindings, order: OrderRow, actor: string, template: "confirmation" | "shipping", ctx: ActionContext) {
  let id: number | null;
  if (template === "confirmation") {
    const sent = await sendOrderConfirmation(env, order.order_number, ctx.origin, ctx.waitUntil, ctx.now);
    id = sent.queued ? 0 : null;
  } else {
    const facts = await env.DB.prepare("SELECT carrier, tracking_number FROM orders WHERE order_number = ?")
      .bind(order.order_number)
      .first<{ carrier: string | null; tracking_number: string | null }>();
    if (!facts?.carrier || !facts.tracking_number) refused("conflict", "This order has not shipped: there is no shipping notice to send.");
    id = await emailShippingNotice(env, order, facts.carrier, facts.tracking_number, ctx);
  }
  if (id === null) refused("rate_limited", `${order.email} reached its hourly email limit; try again later.`);
  await record(env.DB, order.order_number, "resend-email", actor, { template, to: order.email }, ctx.now).run();
  return { status: 200 as const, message: `The ${template === "confirmation" ? "order confirmation" : "shipping notice"} is sent again to ${order.email}.` };
}

/**
 * Takes the operator's action on order `orderNumber` (404 for an unknown one), recorded as `actor`
 * (`operator:{email}`); refusals throw and write nothing.
 */
export async function operatorAction(env: OrderBindings, orderNumber: string, a: OperatorAction, actor: string, ctx: ActionContext): Promise<ActionOutcome> {
  const db = env.DB;
  const order = await findOrder(db, orderNumber);
  if (!order) refused("not_found", `No order ${orderNumber}`);
  const n = order.order_number;
  switch (a.action) {
    case "confirm-availability":
      return confirmAvailability(db, order, actor, ctx.now);
    case "wire-received":
      return wireArrived(env, order, actor, ctx);
    case "shipped":
      return shipped(env, order, actor, a, ctx);
    case "delivered":
      await move(db, order, "delivered", actor, ctx.now, [
        db.prepare("UPDATE orders SET delivered_at = ? WHERE order_number = ?").bind(ctx.now, n),
        record(db, n, "delivered", actor, {}, ctx.now),
      ]);
      // The survey and review invitation (decision 037), once: only the request that delivered it gets here.
      await inviteAfterDelivery(env, n, ctx).catch((e: unknown) =>
        console.error(JSON.stringify({ level: "error", message: `review invitation for ${n}: ${String(e)}` })),
      );
      return { status: 200, message: "Delivered: the survey and review invitation is on its way." };
    case "cancel":
      await move(db, order, "cancel", actor, ctx.now, [
        db.prepare("UPDATE payments SET status = 'cancelled', updated_at = ? WHERE order_number = ? AND status IN ('created', 'pending')").bind(ctx.now, n),
        record(db, n, "cancel", actor, { reason: a.reason }, ctx.now),
      ]);
      return { status: 200, message: "Cancelled: its open payments are cancelled with it." };
    case "refund":
      return refund(env, order, actor, a, ctx);
    case "resend-email":
      return resend(env, order, actor, a.template, ctx);
  }
}
