/**
 * The reconciler (docs/decisions/063-reconciler.md): a pass of the order cron that asks the provider about every
 * payment whose outcome is unknown — started some minutes ago and still open (the shopper approved at the
 * provider but the shop's approval never came, or timed out: an `error` event), or referred to a lender — and
 * applies the answer through the one approval path (approve.ts applyOutcome, cause `reconciler`). It asks with
 * the provider's `confirm` and the payment's own capture key (`{key}-capture`, as the approval does), so a
 * payment the provider already captured answers that capture again and nothing is charged twice; a read-only
 * provider (Stripe, a lender's application) is only read. A provider that cannot be reached leaves the payment
 * for a later run; what the provider said (or that it could not be asked) is kept on the payment.
 * The expiry job asks the same way before it expires an order (expiry.ts).
 */
import { siteOrigin } from "../platform/config";
import { applyOutcome, type ApproveContext } from "./approve";
import type { EffectBindings } from "./effect-runners";
import { providerOf } from "./payments/adapters";
import type { CaptureOutcome } from "./payments/provider";
import { claimPayment, eventStatement, type PaymentRow, providerStateStatement } from "./payments/store";

/** A payment this long without an outcome is asked about (the shopper has had time to come back from the provider). */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** An open payment asked about is asked again no sooner than this (a referred application, a provider down). */
export const RECHECK_MS = 15 * 60_000;
/** Payments one run asks about at most (the rest wait for the next run). */
export const RECONCILE_BATCH = 25;

export type ReconcileBindings = EffectBindings;

/** What asking about one payment came to: settled (captured, declined…), still open at the provider, or unknown (not asked, or no answer). */
export type Asked = "settled" | "open" | "unknown";

/** Only payments the provider can be asked about: a provider reference, and not a wire (the operator's word). */
const ASKABLE = "status IN ('created', 'pending') AND provider != 'wire' AND provider_payment_id IS NOT NULL";

/**
 * Asks `payment`'s provider what became of it and applies the answer. Unknown when the provider is not
 * configured here, another request is asking right now, or the provider cannot be reached (kept on the payment).
 */
export async function askProvider(env: ReconcileBindings, payment: PaymentRow, ctx: ApproveContext): Promise<Asked> {
  const db = env.DB;
  const provider = providerOf(env, payment, { origin: ctx.origin ?? siteOrigin(env), now: ctx.now });
  if (!provider || !payment.provider_payment_id) return "unknown";
  const claimed = await claimPayment(db, payment.id, ctx.now);
  if (!claimed) return "unknown";
  let outcome: CaptureOutcome;
  try {
    outcome = await provider.confirm({
      providerPaymentId: payment.provider_payment_id,
      amount: { amountCents: claimed.amount_cents, currency: "USD" },
      orderNumber: claimed.order_number,
      idempotencyKey: `${claimed.idempotency_key}-capture`,
    });
  } catch (e) {
    // No answer (down, timed out, or the provider refused the question): nothing changes; a later run asks again.
    const reason = String(e instanceof Error ? e.message : e).slice(0, 300);
    await db.batch([
      db.prepare("UPDATE payments SET claimed_until = 0 WHERE id = ?").bind(payment.id),
      providerStateStatement(db, payment.id, { status: "unreachable", reason }, ctx.now),
      eventStatement(
        db,
        {
          paymentId: payment.id,
          orderNumber: payment.order_number,
          provider: payment.provider,
          kind: "reconcile:error",
          verified: false,
          payload: { error: reason },
        },
        ctx.now,
      ),
    ]);
    console.error(JSON.stringify({ level: "warn", message: `reconciler: ${payment.provider} not answering about ${payment.id}: ${reason}` }));
    return "unknown";
  }
  await applyOutcome(env, claimed, outcome, "reconciler", ctx);
  return outcome.status === "pending" || outcome.status === "referred" ? "open" : "settled";
}

/** The open payments of `orderNumber` the provider can be asked about. */
export async function askablePayments(db: D1Database, orderNumber: string): Promise<PaymentRow[]> {
  const { results } = await db.prepare(`SELECT * FROM payments WHERE order_number = ? AND ${ASKABLE} ORDER BY created_at`).bind(orderNumber).all<PaymentRow>();
  return results;
}

/**
 * The cron's pass at `now`: the open payments older than RECONCILE_AFTER_MS not asked about for RECHECK_MS,
 * least recently asked first, at most `limit` of them; each is asked once. Resolves to what each came to.
 */
export async function reconcilePayments(
  env: ReconcileBindings,
  now: number,
  waitUntil?: (p: Promise<unknown>) => void,
  limit = RECONCILE_BATCH,
): Promise<Record<Asked, number>> {
  const { results } = await env.DB.prepare(
    `SELECT * FROM payments WHERE ${ASKABLE} AND created_at <= ?1 AND claimed_until <= ?2 AND COALESCE(provider_checked_at, 0) <= ?3
     ORDER BY COALESCE(provider_checked_at, 0), created_at LIMIT ?4`,
  )
    .bind(now - RECONCILE_AFTER_MS, now, now - RECHECK_MS, limit)
    .all<PaymentRow>();
  const counts: Record<Asked, number> = { settled: 0, open: 0, unknown: 0 };
  for (const payment of results) {
    try {
      counts[await askProvider(env, payment, { now, waitUntil })]++;
    } catch (e) {
      counts.unknown++;
      console.error(JSON.stringify({ level: "error", message: `reconciler: ${payment.id}: ${String(e)}` }));
    }
  }
  return counts;
}
