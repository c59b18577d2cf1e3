/**
 * A limit of requests per client address in a sliding window (the order lookup's, the login-less alert's):
 * each request reserves a row of its table in the one statement that counts the window (D1 runs statements
 * one at a time), so it is exact under concurrency — of 50 simultaneous requests exactly `max` pass; the
 * next answers 429 with Retry-After until the oldest counted request leaves the window.
 */
import { refusedRetry } from "#shared/refusal.ts";

/** One limit: its table (`id`, `ip`, `at` columns), how many per window, and what the refusal says. */
export interface IpLimit {
  table: "order_lookups" | "alert_requests";
  max: number;
  windowMs: number;
  message: string;
}

/** Reserves one request for `ip`, or refuses (rate_limited) with the seconds until one is allowed. */
export async function reserveForIp(db: D1Database, limit: IpLimit, ip: string, now: number): Promise<void> {
  const since = now - limit.windowMs;
  const row = await db
    .prepare(
      `INSERT INTO ${limit.table} (ip, at) SELECT ?1, ?2
       WHERE (SELECT COUNT(*) FROM ${limit.table} WHERE ip = ?1 AND at > ?3) < ?4
       RETURNING id`,
    )
    .bind(ip, now, since, limit.max)
    .first<{ id: number }>();
  if (row) return;
  // The newest `max` requests are in the window: one more is allowed when the oldest of them leaves it.
  const oldest = await db
    .prepare(`SELECT at FROM ${limit.table} WHERE ip = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?`)
    .bind(ip, since, limit.max - 1)
    .first<{ at: number }>();
  refusedRetry(limit.message, ((oldest?.at ?? now) + limit.windowMs - now) / 1000);
}

/** Forgets requests older than the window (the Cron Trigger's housekeeping). */
export async function pruneIpLimit(db: D1Database, limit: IpLimit, now: number): Promise<void> {
  await db
    .prepare(`DELETE FROM ${limit.table} WHERE at <= ?`)
    .bind(now - limit.windowMs)
    .run();
}
