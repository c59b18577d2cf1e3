/**
 * Unpaid orders expire (issue 18): an order still waiting for its payment past `expires_at` (a day after it
 * was placed, a week for a bank wire: service.ts UNPAID_EXPIRY_MS) moves to `expired` with the cause `expiry`,
 * and its open payments are cancelled in the same transaction — except one being confirmed with its provider
 * right now, whose answer still settles it (a capture after expiry pays the order: shared/orders/states.ts).
 * With `mail`, the same transaction writes the shopper's "your order expired" email (once: expiry-notices.ts).
 * Run by the Cron Trigger every 5 minutes (worker/index.ts), which also runs the order effects left behind
 * (reactor.ts), reminds shoppers 2 hours before expiry, asks paid orders for missing ring sizes and forgets
 * old order lookups.
 */
import { DomainError } from "#shared/refusal.ts";
import type { EmailBindings } from "../email/outbox";
import { siteOrigin } from "../platform/config";
import { type ExpiringOrder, type ExpiryMail, expiredNoticeStatements, remindBeforeExpiry } from "./expiry-notices";
import type { OrderKeyBindings } from "./keys";
import { pruneLookups } from "./lookup/limit";
import { askMissingSizesDue } from "./ring-size/notify";
import type { EffectBindings } from "./effect-runners";
import { sweepEffects } from "./reactor";
import { providerOf } from "./payments/adapters";
import { askablePayments, askProvider, type ReconcileBindings, reconcilePayments } from "./reconcile";
import { applyEvent } from "./store";
import { type FinancingCronBindings, financingCron } from "./td/cron";

/** Orders one run expires at most (the rest wait for the next run). */
export const EXPIRY_BATCH = 200;

/**
 * Whether `orderNumber` may expire now: its open payments with a provider reference are asked about first
 * (reconcile.ts) — one the provider captured pays the order instead; one it cannot answer about keeps the order
 * until a later run. A payment whose provider is not configured here any more cannot be asked: it is cancelled.
 */
async function mayExpire(env: ExpiryBindings, orderNumber: string, now: number, waitUntil?: (p: Promise<unknown>) => void): Promise<boolean> {
  for (const payment of await askablePayments(env.DB, orderNumber)) {
    if (!providerOf(env, payment, { origin: siteOrigin(env), now })) continue;
    // Asked in this very run (the reconciler's pass just before): its answer stands.
    if ((payment.provider_checked_at ?? 0) >= now) {
      if (payment.provider_state?.includes('"unreachable"')) return false;
      continue;
    }
    if ((await askProvider(env, payment, { now, waitUntil })) === "unknown") return false;
  }
  return true;
}

/** What expiry reads: the database, and the providers it asks before it cancels a payment. */
export type ExpiryBindings = ReconcileBindings;

/**
 * Expires the unpaid orders past their time at `now` — each only after its payments' providers were asked
 * (mayExpire); resolves to the order numbers it expired.
 */
export async function expireUnpaid(
  env: ExpiryBindings,
  now: number,
  limit = EXPIRY_BATCH,
  mail?: ExpiryMail,
  waitUntil?: (p: Promise<unknown>) => void,
): Promise<string[]> {
  const db = env.DB;
  const { results } = await db
    .prepare(
      `SELECT order_number, email, lines_json, cart_link, amount_due_cents, expires_at FROM orders
       WHERE status IN ('drafted', 'awaiting_payment', 'payment_failed', 'financing_referred') AND expires_at IS NOT NULL AND expires_at <= ?
       ORDER BY expires_at LIMIT ?`,
    )
    .bind(now, limit)
    .all<ExpiringOrder>();
  const expired: string[] = [];
  for (const order of results) {
    const n = order.order_number;
    // Asked first: captured → the order is paid now (expire below finds it paid); no answer → not this run.
    if (!(await mayExpire(env, n, now, waitUntil))) continue;
    try {
      const applied = await applyEvent(db, n, "expire", "expiry", now, (changed) =>
        changed
          ? [
              db
                .prepare(
                  "UPDATE payments SET status = 'cancelled', updated_at = ? WHERE order_number = ? AND status IN ('created', 'pending') AND claimed_until <= ?",
                )
                .bind(now, n, now),
              ...(mail ? expiredNoticeStatements(mail, order, now) : []),
            ]
          : [],
      );
      if (applied.changed) expired.push(n);
    } catch (e) {
      // Paid meanwhile (a capture won the race): nothing to expire.
      if (!(e instanceof DomainError)) throw e;
    }
  }
  return expired;
}

/** What the order cron reads: the database, the email sender, the order keys, the lender and the site's origin for links. */
export type OrdersCronBindings = { DB: D1Database; SITE_ORIGIN?: string } & EmailBindings &
  OrderKeyBindings &
  FinancingCronBindings &
  EffectBindings &
  ReconcileBindings;

/**
 * The order cron's work at `now` (the Cron Trigger's scheduled time; tests inject it): referred financing
 * applications asked about again (their decisions emailed once: td/cron.ts) — before expiry, so a decision that
 * arrived in time is not lost to it —, expiry with its notices, the reminders before expiry, the missing ring
 * sizes asked for, and lookups older than the limit's window forgotten. Each email is sent once however many
 * runs overlap.
 */
export async function ordersCronWork(env: OrdersCronBindings, now: number, waitUntil?: (p: Promise<unknown>) => void) {
  const mail: ExpiryMail = { env, origin: siteOrigin(env), waitUntil };
  await financingCron(env, now, waitUntil ?? (() => {})).catch((err: unknown) =>
    console.error(JSON.stringify({ level: "error", message: `orders cron (financing): ${String(err)}` })),
  );
  // Payments whose outcome is unknown are asked about (reconcile.ts) — before expiry and the effects' sweep, so
  // a capture found now pays its order and its effects run in this same run.
  const reconciled = await reconcilePayments(env, now, waitUntil).catch((err: unknown) => {
    console.error(JSON.stringify({ level: "error", message: `orders cron (reconciler): ${String(err)}` }));
    return null;
  });
  // Effects a lost runner left behind (a crash after the transition, a failed email) run now.
  const effects = await sweepEffects(env, now, waitUntil).catch((err: unknown) => {
    console.error(JSON.stringify({ level: "error", message: `orders cron (effects): ${String(err)}` }));
    return 0;
  });
  const [expired, reminded, asked] = await Promise.all([
    expireUnpaid(env, now, EXPIRY_BATCH, mail, waitUntil),
    remindBeforeExpiry(mail, now),
    askMissingSizesDue(env, mail.origin, now, waitUntil),
    pruneLookups(env.DB, now),
  ]);
  return { expired, reminded, asked, effects, reconciled };
}

/** The Cron Trigger's order work (ordersCronWork), after the handler returns. */
export function ordersCron(controller: Pick<ScheduledController, "scheduledTime">, env: OrdersCronBindings, ctx: Pick<ExecutionContext, "waitUntil">): void {
  const waitUntil = (p: Promise<unknown>) => ctx.waitUntil(p);
  ctx.waitUntil(
    ordersCronWork(env, controller.scheduledTime, waitUntil).catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", message: `orders cron: ${String(err)}` })),
    ),
  );
}
