/**
 * A limit of requests per client (its address, or a visitor key) in a sliding window (the order lookup's, the
 * login-less alert's, the click log's, the wizard's recommendation emails per address, the anonymous tracking writes):
 * each request reserves a row of its table in the one statement that counts the window (D1 runs statements
 * one at a time), so it is exact under concurrency — of 50 simultaneous requests exactly `max` pass; the
 * next answers 429 with Retry-After until the oldest counted request leaves the window.
 */
import { refusedRetry } from "#shared/refusal.ts";

/** One limit: its table (`id`, the key column, `at`), how many per window, and what the refusal says. */
export interface IpLimit {
  table:
    | "order_lookups"
    | "alert_requests"
    | "click_requests"
    | "wizard_email_requests"
    | "td_account_lookups"
    | "chat_requests"
    | "operator_token_failures"
    | "tracking_requests"
    | "email_capture_requests"
    | "td_account_lookup_identities";
  /** The column the client's key is kept in (default `ip`; `email` for the wizard's emails per address; `identity` for an order's or a customer's). */
  column?: "ip" | "visitor" | "email" | "identity";
  max: number;
  windowMs: number;
  message: string;
  /** Forget the requests older than the window in the same batch as each reservation (no Cron Trigger housekeeping). */
  pruneOnReserve?: boolean;
}

const pruneStatement = (db: D1Database, limit: IpLimit, now: number) => db.prepare(`DELETE FROM ${limit.table} WHERE at <= ?`).bind(now - limit.windowMs);

/** Reserves one request for `ip` (the client's key), or refuses (rate_limited) with the seconds until one is allowed. */
export async function reserveForIp(db: D1Database, limit: IpLimit, ip: string, now: number): Promise<void> {
  const since = now - limit.windowMs;
  const column = limit.column ?? "ip";
  const insert = db
    .prepare(
      `INSERT INTO ${limit.table} (${column}, at) SELECT ?1, ?2
       WHERE (SELECT COUNT(*) FROM ${limit.table} WHERE ${column} = ?1 AND at > ?3) < ?4
       RETURNING id`,
    )
    .bind(ip, now, since, limit.max);
  const reserved = limit.pruneOnReserve ? (await db.batch([pruneStatement(db, limit, now), insert]))[1]!.results.length > 0 : (await insert.first()) !== null;
  if (reserved) return;
  await refuseFull(db, limit, ip, now);
}

/** Refuses (rate_limited, with the seconds until the oldest counted request leaves the window): the window is full. */
async function refuseFull(db: D1Database, limit: IpLimit, ip: string, now: number): Promise<never> {
  const column = limit.column ?? "ip";
  // The newest `max` requests are in the window: one more is allowed when the oldest of them leaves it.
  const oldest = await db
    .prepare(`SELECT at FROM ${limit.table} WHERE ${column} = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?`)
    .bind(ip, now - limit.windowMs, limit.max - 1)
    .first<{ at: number }>();
  refusedRetry(limit.message, ((oldest?.at ?? now) + limit.windowMs - now) / 1000);
}

/**
 * Refuses like reserveForIp when `ip` already has `max` requests in the window, without reserving one (for a
 * limit that counts only failures: a success checks, a failure reserves).
 */
export async function refuseWhenFull(db: D1Database, limit: IpLimit, ip: string, now: number): Promise<void> {
  const column = limit.column ?? "ip";
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM ${limit.table} WHERE ${column} = ? AND at > ?`)
    .bind(ip, now - limit.windowMs)
    .first<{ n: number }>();
  if ((row?.n ?? 0) >= limit.max) await refuseFull(db, limit, ip, now);
}

/** Forgets requests older than the window (the Cron Trigger's housekeeping). */
export async function pruneIpLimit(db: D1Database, limit: IpLimit, now: number): Promise<void> {
  await pruneStatement(db, limit, now).run();
}
