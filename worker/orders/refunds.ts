/**
 * Refunds (issue 22): money given back through the provider that took it — exactly once. A refund is a row in
 * `refunds` (migration 0024) whose idempotency key is what the provider sees on every retry; only the request
 * holding the refund's claim (a short lease) talks to the provider, and the provider's answer settles the
 * refund and the payment's `refunded_cents` in one batch (a payment can never give back more than it took:
 * the table's CHECK and the UPDATE's condition both say so). A bank wire has no provider: its refund is the
 * operator's transfer, recorded as made.
 *
 * Concurrent refunds of the same payment for the same purpose compute the same key (the payment's refund
 * count + 1) and so share one row, and the row is written only while the payment has that much left that no
 * other refund claims (one statement): of 20 clicks on "Refund", one refund happens.
 */
import { transition } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import { type AdapterContext, adapterForPayment } from "./payments/adapters";
import { PaymentUnavailable, ProviderUnavailable, type RefundOutcome } from "./payments/provider";
import type { PaymentBindings } from "./payments/providers";
import { eventStatement, findPayment, type PaymentRow, paymentsOf } from "./payments/store";
import { applyEvent, findOrder } from "./store";

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

/** The next refund's key for a payment: its refund count + 1 (concurrent requests compute the same key and share a row). */
async function nextKey(db: D1Database, paymentId: string): Promise<string> {
  // Every refund counts, failed ones too: a failed refund keeps its key, and the next one needs a new one.
  const count = await db.prepare("SELECT COUNT(*) AS n FROM refunds WHERE payment_id = ?").bind(paymentId).first<{ n: number }>();
  return `${paymentId}-refund-${(count?.n ?? 0) + 1}`;
}

/**
 * Writes the refund row — only while the payment has `amountCents` left that no other refund (made or under way)
 * claims: the condition and the insert are one statement, so concurrent refunds can never promise more than was
 * captured. Null when the key's row exists for another amount, or nothing is left for this one.
 */
async function requestRefund(db: D1Database, payment: PaymentRow, amountCents: number, reason: string, actor: string, now: number): Promise<RefundRow | null> {
  const key = await nextKey(db, payment.id);
  await db
    .prepare(
      `INSERT INTO refunds (id, order_number, payment_id, amount_cents, reason, status, idempotency_key, actor, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, 'requested', ?6, ?7, ?8, ?8
       WHERE ?4 <= (SELECT amount_cents - refunded_cents FROM payments WHERE id = ?3 AND status IN ('captured', 'refunded'))
                   - (SELECT COALESCE(SUM(amount_cents), 0) FROM refunds WHERE payment_id = ?3 AND status = 'requested')
       ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(`rfd_${crypto.randomUUID().replace(/-/g, "")}`, payment.order_number, payment.id, amountCents, reason.slice(0, 500), key, actor, now)
    .run();
  const row = await db.prepare("SELECT * FROM refunds WHERE idempotency_key = ?").bind(key).first<RefundRow>();
  // Another request made this key's refund at the same moment, for another amount: not this request's refund.
  return row && row.amount_cents === amountCents ? row : null;
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

/** Statements written with a refund's settlement (the operator's action record), given the refund and what the provider said. */
export type RefundRecord = (refund: RefundRow, outcome: RefundOutcome) => D1PreparedStatement[];

const findRefund = (db: D1Database, id: string) => db.prepare("SELECT * FROM refunds WHERE id = ?").bind(id).first<RefundRow>() as Promise<RefundRow>;

/** What a refund another request holds (or has settled) came to. */
const stateOf = (refund: RefundRow): RefundResult => ({ refund, outcome: refund.status === "requested" ? "processing" : refund.status });

/** Asks the payment's provider (a wire is the operator's own transfer); a provider that cannot be reached throws ProviderUnavailable. */
async function askProvider(env: PaymentBindings, payment: PaymentRow, refund: RefundRow, ctx: AdapterContext): Promise<RefundOutcome> {
  if (payment.provider === "wire")
    return {
      status: "refunded",
      providerRefundId: `wire-refund-${refund.id}`,
      amount: { amountCents: refund.amount_cents, currency: "USD" },
      raw: { transferBy: refund.actor },
    };
  const adapter = adapterForPayment(env, payment, ctx);
  if (!adapter) return { status: "failed", reason: `${payment.provider} is not configured here: refund it in the provider's dashboard.`, raw: null };
  return adapter.refund({
    providerPaymentId: payment.provider_payment_id,
    providerCaptureId: payment.provider_capture_id,
    amount: { amountCents: refund.amount_cents, currency: "USD" },
    reason: refund.reason,
    orderNumber: payment.order_number,
    idempotencyKey: refund.idempotency_key,
  });
}

/**
 * Gives back `amountCents` of a captured payment through its provider, once. A refund of this payment already
 * under way (an earlier try the provider did not answer) is finished first, with its own key, instead. Refuses
 * more than is left to refund (409). A provider that cannot be reached leaves the refund requested
 * (PaymentUnavailable: 502; the same key is used when it is tried again). `record` adds statements to the
 * refund's settlement batch.
 */
export async function refundPayment(
  env: PaymentBindings,
  payment: PaymentRow,
  amountCents: number,
  reason: string,
  actor: string,
  ctx: AdapterContext,
  record?: RefundRecord,
): Promise<RefundResult> {
  const db = env.DB;
  if (!Number.isInteger(amountCents) || amountCents <= 0) refused("bad_request", "A refund is a positive whole number of cents.");
  const open = await db
    .prepare("SELECT * FROM refunds WHERE payment_id = ? AND status = 'requested' ORDER BY created_at, rowid LIMIT 1")
    .bind(payment.id)
    .first<RefundRow>();
  const refund = open ?? (await requestRefund(db, payment, amountCents, reason, actor, ctx.now));
  if (!refund) {
    // Nothing was written: a refund started meanwhile (it is being made), or nothing is left.
    const fresh = (await findPayment(db, payment.id)) ?? payment;
    const started = await db.prepare("SELECT * FROM refunds WHERE payment_id = ? AND status = 'requested' LIMIT 1").bind(payment.id).first<RefundRow>();
    if (started) return stateOf(started);
    return refused("conflict", `Only ${refundable(fresh)} cents of payment ${payment.id} are left to refund.`);
  }
  const claimed = await db
    .prepare("UPDATE refunds SET claimed_until = ?, updated_at = ? WHERE id = ? AND status = 'requested' AND claimed_until <= ? RETURNING *")
    .bind(ctx.now + CLAIM_MS, ctx.now, refund.id, ctx.now)
    .first<RefundRow>();
  if (!claimed) return stateOf(await findRefund(db, refund.id));
  let outcome: RefundOutcome;
  try {
    outcome = await askProvider(env, payment, claimed, ctx);
  } catch (e) {
    await db.prepare("UPDATE refunds SET claimed_until = 0 WHERE id = ?").bind(refund.id).run();
    if (e instanceof ProviderUnavailable) {
      const error = { paymentId: payment.id, orderNumber: payment.order_number, provider: payment.provider, kind: "refund:unavailable" };
      await db.batch([eventStatement(db, { ...error, verified: false, payload: { refund: refund.id, error: e.message } }, ctx.now)]);
      throw new PaymentUnavailable(`${e.message} The refund is recorded and will be tried again with the same key; nothing was refunded twice.`);
    }
    throw e;
  }
  await db.batch([...settle(db, claimed, outcome, ctx.now), ...(record?.(claimed, outcome) ?? [])]);
  const after = await findRefund(db, refund.id);
  return { refund: after, outcome: after.status === "requested" ? "pending" : after.status };
}

/**
 * Refunds an order: `amountCents` (all that is left when null) spread over its captured payments, latest
 * first. Refunds already under way on the order are finished first (and only they, this time). When nothing
 * is left to give back the order becomes `refunded` (cause: the actor). Refuses an unknown order (404) and
 * more than is left (409).
 */
export async function refundOrder(
  env: PaymentBindings,
  orderNumber: string,
  amountCents: number | null,
  reason: string,
  actor: string,
  ctx: AdapterContext,
  record?: RefundRecord,
): Promise<RefundResult[]> {
  const order = await findOrder(env.DB, orderNumber);
  if (!order) refused("not_found", `No order ${orderNumber}`);
  const all = await paymentsOf(env.DB, orderNumber);
  const results: RefundResult[] = [];
  const open = (await refundsOf(env.DB, orderNumber)).filter((r) => r.status === "requested");
  if (open.length) {
    for (const r of open) {
      const payment = all.find((p) => p.id === r.payment_id)!;
      results.push(await refundPayment(env, payment, r.amount_cents, r.reason, r.actor, ctx, record));
    }
  } else {
    const payments = all.filter((p) => refundable(p) > 0).reverse();
    const left = payments.reduce((sum, p) => sum + refundable(p), 0);
    if (left === 0) refused("conflict", "Nothing is left to refund on this order.");
    let want = amountCents ?? left;
    if (!Number.isInteger(want) || want <= 0) refused("bad_request", "A refund is a positive whole number of cents.");
    if (want > left) refused("conflict", `Only ${left} cents are left to refund on this order.`);
    for (const p of payments) {
      if (want <= 0) break;
      const part = Math.min(want, refundable(p));
      results.push(await refundPayment(env, p, part, reason, actor, ctx, record));
      want -= part;
    }
  }
  const remaining = (await paymentsOf(env.DB, orderNumber)).reduce((sum, p) => sum + refundable(p), 0);
  const status = (await findOrder(env.DB, orderNumber))!.status;
  // Everything given back: the order is refunded (once: a second request finds it already there).
  if (remaining === 0 && results.every((r) => r.outcome === "refunded") && transition(status, "refund").ok)
    await applyEvent(env.DB, orderNumber, "refund", actor, ctx.now);
  return results;
}
