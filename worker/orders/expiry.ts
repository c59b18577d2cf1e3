/**
 * Unpaid orders expire (issue 18): an order still waiting for its payment past `expires_at` (a day after it
 * was placed, a week for a bank wire: service.ts UNPAID_EXPIRY_MS) moves to `expired` with the cause `expiry`,
 * and its open payments are cancelled in the same transaction — except one being confirmed with its provider
 * right now, whose answer still settles it (a capture after expiry pays the order: shared/orders/states.ts).
 * Run by the Cron Trigger every 5 minutes (worker/index.ts), which also forgets old order lookups.
 */
import { DomainError } from "#shared/refusal.ts";
import { pruneLookups } from "./lookup/limit";
import { applyEvent } from "./store";
import { type FinancingCronBindings, financingCron } from "./td/cron";

/** Orders one run expires at most (the rest wait for the next run). */
export const EXPIRY_BATCH = 200;

/** Expires the unpaid orders past their time at `now`; resolves to the order numbers it expired. */
export async function expireUnpaid(db: D1Database, now: number, limit = EXPIRY_BATCH): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT order_number FROM orders WHERE status IN ('drafted', 'awaiting_payment', 'payment_failed', 'financing_referred') AND expires_at IS NOT NULL AND expires_at <= ?
       ORDER BY expires_at LIMIT ?`,
    )
    .bind(now, limit)
    .all<{ order_number: string }>();
  const expired: string[] = [];
  for (const { order_number: n } of results) {
    try {
      const applied = await applyEvent(db, n, "expire", "expiry", now, (changed) =>
        changed
          ? [
              db
                .prepare(
                  "UPDATE payments SET status = 'cancelled', updated_at = ? WHERE order_number = ? AND status IN ('created', 'pending') AND claimed_until <= ?",
                )
                .bind(now, n, now),
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

/**
 * The Cron Trigger's order work: expiry, lookups older than the limit's window forgotten, and referred financing
 * applications asked about again (their decisions emailed once: td/cron.ts).
 */
export function ordersCron(controller: Pick<ScheduledController, "scheduledTime">, env: FinancingCronBindings, ctx: Pick<ExecutionContext, "waitUntil">): void {
  const now = controller.scheduledTime;
  const waitUntil = (p: Promise<unknown>) => ctx.waitUntil(p);
  const failed = (err: unknown) => console.error(JSON.stringify({ level: "error", message: `orders cron: ${String(err)}` }));
  // The lender is asked before expiry runs, so a decision that arrived in time is not lost to it.
  const financingThenExpiry = financingCron(env, now, waitUntil)
    .catch(failed)
    .then(() => expireUnpaid(env.DB, now));
  ctx.waitUntil(Promise.all([financingThenExpiry, pruneLookups(env.DB, now)]).catch(failed));
}
