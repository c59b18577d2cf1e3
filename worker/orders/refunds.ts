/**
 * Refunds (issue 22): money given back through the provider that took it — exactly once. A refund is a row in
 * `refunds` (migration 0024) whose idempotency key is what the provider sees on every retry; only the request
 * holding the refund's claim (a short lease) talks to the provider, and the provider's answer settles the
 * refund and the payment's `refunded_cents` in one batch (a payment can never give back more than it took:
 * the table's CHECK and the UPDATE's condition both say so). A bank wire has no provider: its refund is the
 * operator's transfer, recorded as made.
 *
 * Concurrent refunds of the same payment for the same purpose compute the same key (the payment's refund
 * count + 1) and so share one row: of 20 clicks on "Refund", one refund happens.
 */
import { refused } from "#shared/refusal.ts";
import { type AdapterContext, adapterForPayment } from "./payments/adapters";
import { ProviderUnavailable, type RefundOutcome } from "./payments/provider";
import type { PaymentBindings } from "./payments/providers";
import { eventStatement, type PaymentRow, paymentsOf } from "./payments/store";
import { PaymentUnavailable } from "./service";
import { applyEvent } from "./store";

/** How long one request may hold a refund while it asks the provider. */
const CLAIM_MS = 60_000;

export interface RefundRow {
  id: string;
  order_number: string;
  payment_id: string;
  amount_cents: number;
  reason: string;
  status: "requested" | "refunded" | "failed";
  provider_refund_id: string | null;
  idempotency_key: string;
  claimed_until: number;
  failure: string | null;
  actor: string;
  created_at: number;
  updated_at: number;
}

/** What a refund came to: refunded, failed (the provider said no: the reason), or another request is making it right now. */
export interface RefundResult {
  refund: RefundRow;
  outcome: "refunded" | "failed" | "processing" | "pending";
}

export function refundsOf(db: D1Database, orderNumber: string): Promise<RefundRow[]> {
  return db
    .prepare("SELECT * FROM refunds WHERE order_number = ? ORDER BY created_at, rowid")
    .bind(orderNumber)
    .all<RefundRow>()
    .then((r) => r.results);
}

/** What is left to give back of a captured payment. */
export const refundable = (p: PaymentRow) => (p.status === "captured" || p.status === "refunded" ? p.amount_cents - p.refunded_cents : 0);

async function requestRefund(db: D1Database, payment: PaymentRow, amountCents: number, reason: string, actor: string, now: number): Promise<RefundRow> {
  const count = await db.prepare("SELECT COUNT(*) AS n FROM refunds WHERE payment_id = ? AND status != 'failed'").bind(payment.id).first<{ n: number }>();
  const key = `${payment.id}-refund-${(count?.n ?? 0) + 1}`;
  await db
    .prepare(
      `INSERT INTO refunds (id, order_number, payment_id, amount_cents, reason, status, idempotency_key, actor, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'requested', ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(`rfd_${crypto.randomUUID().replace(/-/g, "")}`, payment.order_number, payment.id, amountCents, reason.slice(0, 500), key, actor, now, now)
    .run();
  return (await db.prepare("SELECT * FROM refunds WHERE idempotency_key = ?").bind(key).first<RefundRow>())!;
}

function settle(db: D1Database, refund: RefundRow, outcome: RefundOutcome, now: number): D1PreparedStatement[] {
  const event = eventStatement(
    db,
    {
      paymentId: refund.payment_id,
      orderNumber: refund.order_number,
      provider: "refund",
      kind: `refund:${outcome.status}`,
      verified: true,
      payload: outcome.raw,
    },
    now,
  );
  if (outcome.status === "failed")
    return [
      db
        .prepare("UPDATE refunds SET status = 'failed', failure = ?, claimed_until = 0, updated_at = ? WHERE id = ? AND status = 'requested'")
        .bind(outcome.reason.slice(0, 500), now, refund.id),
      event,
    ];
  if (outcome.status === "pending")
    return [
      db
        .prepare("UPDATE refunds SET provider_refund_id = COALESCE(?, provider_refund_id), claimed_until = 0, updated_at = ? WHERE id = ?")
        .bind(outcome.providerRefundId, now, refund.id),
      event,
    ];
  return [
    db
      .prepare("UPDATE refunds SET status = 'refunded', provider_refund_id = ?, claimed_until = 0, updated_at = ? WHERE id = ? AND status = 'requested'")
      .bind(outcome.providerRefundId, now, refund.id),
    // Only when the refund row changed: a payment's refunded total moves once per refund.
    db
      .prepare(
        `UPDATE payments SET refunded_cents = refunded_cents + ?1,
           status = CASE WHEN refunded_cents + ?1 >= amount_cents THEN 'refunded' ELSE status END, updated_at = ?2
         WHERE id = ?3 AND changes() = 1`,
      )
      .bind(refund.amount_cents, now, refund.payment_id),
    event,
  ];
}

/**
 * Gives back `amountCents` of a captured payment through its provider, once. Refuses more than is left to
 * refund (409). A provider that cannot be reached leaves the refund requested (PaymentUnavailable: 502; the
 * same key is used when it is tried again).
 */
export async function refundPayment(
  env: PaymentBindings,
  payment: PaymentRow,
  amountCents: number,
  reason: string,
  actor: string,
  ctx: AdapterContext,
): Promise<RefundResult> {
  const db = env.DB;
  if (!Number.isInteger(amountCents) || amountCents <= 0) refused("bad_request", "A refund is a positive whole number of cents.");
  const open = await db
    .prepare("SELECT * FROM refunds WHERE payment_id = ? AND status = 'requested' ORDER BY created_at LIMIT 1")
    .bind(payment.id)
    .first<RefundRow>();
  if (!open && amountCents > refundable(payment)) refused("conflict", `Only ${refundable(payment)} cents of payment ${payment.id} are left to refund.`);
  // A refund already under way (an earlier try the provider did not answer) is finished first, with its own key.
  const refund = open ?? (await requestRefund(db, payment, amountCents, reason, actor, ctx.now));
  const claimed = await db
    .prepare("UPDATE refunds SET claimed_until = ?, updated_at = ? WHERE id = ? AND status = 'requested' AND claimed_until <= ? RETURNING *")
    .bind(ctx.now + CLAIM_MS, ctx.now, refund.id, ctx.now)
    .first<RefundRow>();
  if (!claimed) {
    const now = (await db.prepare("SELECT * FROM refunds WHERE id = ?").bind(refund.id).first<RefundRow>())!;
    return { refund: now, outcome: now.status === "requested" ? "processing" : now.status };
  }
  let outcome: RefundOutcome;
  if (payment.provider === "wire") {
    outcome = {
      status: "refunded",
      providerRefundId: `wire-refund-${refund.id}`,
      amount: { amountCents: refund.amount_cents, currency: "USD" },
      raw: { by: actor },
    };
  } else {
    const adapter = adapterForPayment(env, payment, ctx);
    if (!adapter) outcome = { status: "failed", reason: `${payment.provider} is not configured here: refund it in the provider's dashboard.`, raw: null };
    else
      try {
        outcome = await adapter.refund({
          providerPaymentId: payment.provider_payment_id,
          providerCaptureId: payment.provider_capture_id,
          amount: { amountCents: refund.amount_cents, currency: "USD" },
          reason: refund.reason,
          orderNumber: payment.order_number,
          idempotencyKey: refund.idempotency_key,
        });
      } catch (e) {
        await db.prepare("UPDATE refunds SET claimed_until = 0 WHERE id = ?").bind(refund.id).run();
        if (e instanceof ProviderUnavailable)
          throw new PaymentUnavailable(`${e.message} The refund is recorded and will be tried again; nothing was refunded twice.`);
        throw e;
      }
  }
  await db.batch(settle(db, claimed, outcome, ctx.now));
  const after = (await db.prepare("SELECT * FROM refunds WHERE id = ?").bind(refund.id).first<RefundRow>())!;
  return { refund: after, outcome: after.status === "requested" ? "pending" : after.status };
}

/**
 * Refunds an order: `amountCents` (all that is left when null) spread over its captured payments, latest
 * first. When nothing is left to give back the order becomes `refunded` (cause: the actor).
 */
export async function refundOrder(
  env: PaymentBindings,
  orderNumber: string,
  amountCents: number | null,
  reason: string,
  actor: string,
  ctx: AdapterContext,
): Promise<RefundResult[]> {
  const payments = (await paymentsOf(env.DB, orderNumber)).filter((p) => refundable(p) > 0).reverse();
  const left = payments.reduce((sum, p) => sum + refundable(p), 0);
  const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM refunds WHERE order_number = ? AND status = 'requested'")
    .bind(orderNumber)
    .first<{ n: number }>();
  if (left === 0 && !open?.n) refused("conflict", "Nothing is left to refund on this order.");
  let want = amountCents ?? left;
  if (want > left) refused("conflict", `Only ${left} cents are left to refund on this order.`);
  const results: RefundResult[] = [];
  for (const p of payments) {
    if (want <= 0) break;
    const part = Math.min(want, refundable(p));
    results.push(await refundPayment(env, p, part, reason, actor, ctx));
    want -= part;
  }
  const remaining = (await paymentsOf(env.DB, orderNumber)).reduce((sum, p) => sum + refundable(p), 0);
  if (remaining === 0 && results.every((r) => r.outcome === "refunded")) await applyEvent(env.DB, orderNumber, "refund", actor, ctx.now);
  return results;
}
