/**
 * The order lookup's limit (issue 18 point 7): 10 tries per 15 minutes per client address; the 11th answers
 * 429 with Retry-After until the oldest counted try leaves the window. Exact under concurrency, as
 * worker/accounts/throttle.ts: a try reserves its row in the one statement that counts the window (D1 runs
 * statements one at a time), so of 50 simultaneous tries exactly 10 are looked up.
 */
import { refusedRetry } from "#shared/refusal.ts";

export const LOOKUP_WINDOW_MS = 15 * 60 * 1000;
export const MAX_LOOKUPS_PER_IP = 10;

const LIMITED = "Too many order lookups from your connection. Please try again later, or sign in to see your orders.";

/** Reserves one lookup for `ip`, or refuses (rate_limited) with the seconds until one is allowed. */
export async function reserveLookup(db: D1Database, ip: string, now: number): Promise<void> {
  const since = now - LOOKUP_WINDOW_MS;
  const row = await db
    .prepare(
      `INSERT INTO order_lookups (ip, at) SELECT ?1, ?2
       WHERE (SELECT COUNT(*) FROM order_lookups WHERE ip = ?1 AND at > ?3) < ?4
       RETURNING id`,
    )
    .bind(ip, now, since, MAX_LOOKUPS_PER_IP)
    .first<{ id: number }>();
  if (row) return;
  // The newest MAX tries are in the window: one more is allowed when the oldest of them leaves it.
  const oldest = await db
    .prepare("SELECT at FROM order_lookups WHERE ip = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?")
    .bind(ip, since, MAX_LOOKUPS_PER_IP - 1)
    .first<{ at: number }>();
  refusedRetry(LIMITED, ((oldest?.at ?? now) + LOOKUP_WINDOW_MS - now) / 1000);
}

/** Forgets tries older than the window (the Cron Trigger's housekeeping). */
export async function pruneLookups(db: D1Database, now: number): Promise<void> {
  await db
    .prepare("DELETE FROM order_lookups WHERE at <= ?")
    .bind(now - LOOKUP_WINDOW_MS)
    .run();
}
