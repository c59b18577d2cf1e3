/**
 * Applying a provider's verified webhook event (docs/decisions/062-provider-webhooks.md), the same for every
 * provider: the event is applied by the payment's STATE, never by the order it arrived in —
 * - a capture wins over everything before it: a payment declined or cancelled earlier (Stripe's
 *   `payment_failed`, then the shopper's retry on the same PaymentIntent succeeds) ends captured and its order
 *   paid (from `payment_failed` too);
 * - a decline or cancellation changes only an open payment (created or pending): after a capture it changes
 *   nothing; it waits for the payment's claim like an approval (another request talking to the provider about
 *   the payment answers 409, and the provider delivers the event again later);
 * - an approval (the shopper approved at the provider, the shop has not finished) asks the provider through
 *   confirmWithProvider, exactly as the shopper's return would;
 * - the event id is written to payment_events (unique per provider and event id) IN THE SAME BATCH as the
 *   change it causes (approve.ts applyOutcome, the one table of outcomes every approval uses): a replay, a
 *   redelivery or two deliveries at once apply once, and a crash between the two leaves neither (the provider
 *   delivers again and it applies then).
 * An event about a payment the shop does not know changes and records nothing (applied: false).
 */
import { refused } from "#shared/refusal.ts";
import { type ApproveContext, applyOutcome } from "./approve";
import type { CaptureOutcome } from "./payments/provider";
import type { ProviderEvent } from "./payments/provider-event";
import { claimPayment, eventStatement, findPayment, paymentByProviderId, type PaymentRow, releaseClaim } from "./payments/store";
import { confirmWithProvider, type OrderBindings } from "./service";

/** When the event arrives, where its links point and how its consequences run after the response. */
export interface EventContext extends ApproveContext {
  now: number;
}

const isReplay = (e: unknown) => String(e).includes("UNIQUE constraint failed") && String(e).includes("payment_events");

/** The payment the event is about: by the provider's payment id, its capture id, else the order's payment through the provider. */
async function paymentOf(db: D1Database, e: ProviderEvent): Promise<PaymentRow | null> {
  if (e.providerPaymentId) {
    const p = await paymentByProviderId(db, e.provider, e.providerPaymentId);
    if (p) return p;
  }
  if (e.providerCaptureId) {
    const p = await db
      .prepare("SELECT * FROM payments WHERE provider = ? AND provider_capture_id = ?")
      .bind(e.provider, e.providerCaptureId)
      .first<PaymentRow>();
    if (p) return p;
  }
  if (e.paymentKey) {
    const p = await db.prepare("SELECT * FROM payments WHERE provider = ? AND idempotency_key = ?").bind(e.provider, e.paymentKey).first<PaymentRow>();
    if (p) return p;
  }
  if (!e.orderNumber) return null;
  // The order's own payment through this provider (not a payment request's), the open one first; of the amount when the event says it.
  const { results } = await db
    .prepare(
      `SELECT * FROM payments WHERE order_number = ? AND provider = ? AND request_id IS NULL
       ORDER BY status IN ('created', 'pending') DESC, created_at DESC`,
    )
    .bind(e.orderNumber, e.provider)
    .all<PaymentRow>();
  return results.find((p) => e.amountCents === undefined || p.amount_cents === e.amountCents) ?? null;
}

async function seen(db: D1Database, e: ProviderEvent): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS one FROM payment_events WHERE provider = ? AND provider_event_id = ?").bind(e.provider, e.eventId).first();
  return row !== null;
}

/** The event as the one outcome table reads it (a capture of an amount the event does not name is the payment's own). */
function outcomeOf(payment: PaymentRow, e: ProviderEvent): CaptureOutcome | null {
  switch (e.outcome) {
    case "captured": {
      const providerCaptureId = e.providerCaptureId ?? payment.provider_capture_id ?? e.providerPaymentId ?? e.eventId;
      return { status: "captured", providerCaptureId, amount: { amountCents: e.amountCents ?? payment.amount_cents, currency: "USD" }, raw: e.raw };
    }
    case "declined":
      return { status: "declined", reason: e.reason ?? "The payment was declined.", raw: e.raw };
    case "cancelled":
      return { status: "cancelled", reason: e.reason ?? "The payment was cancelled.", raw: e.raw };
    case "pending":
      return { status: "pending", raw: e.raw };
    default:
      return null;
  }
}

/**
 * Applies a verified event once; resolves to whether it changed the payment or its order. Throws
 * PaymentUnavailable when an approval's provider cannot be reached (the provider delivers again), and a 409
 * refusal while another request holds the payment's claim.
 */
export async function applyProviderEvent(env: OrderBindings, event: ProviderEvent, ctx: EventContext): Promise<boolean> {
  const db = env.DB;
  if (await seen(db, event)) return false;
  const payment = await paymentOf(db, event);
  if (!payment) return false;
  const record = eventStatement(
    db,
    {
      paymentId: payment.id,
      orderNumber: payment.order_number,
      provider: event.provider,
      kind: `webhook:${event.type}`.slice(0, 100),
      providerEventId: event.eventId,
      verified: true,
      payload: event.raw,
    },
    ctx.now,
  );
  try {
    if (event.outcome === "approved") return await approved(env, payment, event, record, ctx);
    if (event.outcome === "declined" || event.outcome === "cancelled") return await failed(env, payment, event, ctx);
    const outcome = outcomeOf(payment, event);
    if (outcome) return (await applyOutcome(env, payment, outcome, `webhook:${event.provider}`, ctx, { provider: event.provider, id: event.eventId })).changed;
    if (event.outcome === "refunded")
      console.error(JSON.stringify({ level: "warn", message: "the provider reports a refund", payment: payment.id, amountCents: event.amountCents }));
    await db.batch([record]);
    return false;
  } catch (e) {
    if (isReplay(e)) return false;
    throw e;
  }
}

/**
 * A decline or cancellation: it changes only an open payment, and waits for the payment's claim like an
 * approval does (another request asking the provider right now: 409, and the provider delivers again).
 */
async function failed(env: OrderBindings, payment: PaymentRow, event: ProviderEvent, ctx: EventContext): Promise<boolean> {
  const db = env.DB;
  const id = { provider: event.provider, id: event.eventId };
  const outcome = outcomeOf(payment, event)!;
  if (payment.status !== "created" && payment.status !== "pending") {
    if (payment.status === "captured")
      console.error(
        JSON.stringify({ level: "warn", message: `a ${event.outcome} event after the payment was captured`, payment: payment.id, type: event.type }),
      );
    return (await applyOutcome(env, payment, outcome, `webhook:${event.provider}`, ctx, id)).changed;
  }
  const claimed = await claimPayment(db, payment.id, ctx.now);
  if (!claimed) {
    const again = await findPayment(db, payment.id);
    if (again && again.status !== "created" && again.status !== "pending") return failed(env, again, event, ctx);
    refused("conflict", "The payment is being confirmed right now; deliver the event again later.");
  }
  try {
    return (await applyOutcome(env, claimed, outcome, `webhook:${event.provider}`, ctx, id)).changed;
  } finally {
    await releaseClaim(db, payment.id);
  }
}

/**
 * An approval after a decline (the shopper tried another card on the provider's page): the payment is open
 * again — only while its order still waits for a payment — and the provider's answer decides.
 */
async function reopen(db: D1Database, payment: PaymentRow, now: number): Promise<boolean> {
  const r = await db
    .prepare(
      `UPDATE payments SET status = 'pending', updated_at = ? WHERE id = ? AND status IN ('declined', 'cancelled')
         AND (SELECT status FROM orders WHERE order_number = payments.order_number) IN ('awaiting_payment', 'payment_failed')`,
    )
    .bind(now, payment.id)
    .run();
  return r.meta.changes === 1;
}

/** The shopper approved at the provider: the provider is asked to finish, as on the shopper's return (claims, idempotency keys). */
async function approved(env: OrderBindings, payment: PaymentRow, event: ProviderEvent, record: D1PreparedStatement, ctx: EventContext): Promise<boolean> {
  if ((payment.status === "declined" || payment.status === "cancelled") && (await reopen(env.DB, payment, ctx.now)))
    payment = (await findPayment(env.DB, payment.id))!;
  if (payment.status !== "created" && payment.status !== "pending") {
    await env.DB.batch([record]);
    return false;
  }
  const r = await confirmWithProvider(env, payment.order_number, payment.id, ctx.now, ctx, event.token);
  // Another request holds the claim and is asking the provider right now: not recorded, so the redelivery counts.
  if (r.outcome === "processing") refused("conflict", "The payment is being confirmed right now; deliver the event again later.");
  // The provider's answer was applied by the core (exactly once, under the claim); a redelivery asks again, harmlessly.
  await env.DB.batch([record]);
  const after = await findPayment(env.DB, payment.id);
  return after?.status !== payment.status;
}
