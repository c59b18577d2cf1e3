/**
 * The failed sign-in limit: within 15 minutes, 5 failures for one email or 20 from one address are allowed;
 * the 6th (or 21st) attempt answers 429 with Retry-After until the oldest counted failure leaves the window.
 * Exact under concurrency: an attempt reserves its row ('pending') in the one statement that counts the
 * window (D1 runs statements one at a time), so of 50 simultaneous wrong passwords at most 5 are checked.
 */
import { refusedRetry } from "#shared/refusal.ts";

export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const LIMITED = "Too many failed sign-ins. Try again later, or reset your password.";

/** Reserves a sign-in attempt, or refuses with 429 and the seconds until one is allowed. Resolves to the attempt's id. */
export async function reserveAttempt(db: D1Database, email: string, ip: string, now: number): Promise<number> {
  const since = now - WINDOW_MS;
  const row = await db
    .prepare(
      `INSERT INTO login_attempts (email, ip, at, state)
       SELECT ?1, ?2, ?3, 'pending'
       WHERE (SELECT COUNT(*) FROM login_attempts WHERE email = ?1 AND at > ?4) < ?5
         AND (SELECT COUNT(*) FROM login_attempts WHERE ip = ?2 AND at > ?4) < ?6
       RETURNING id`,
    )
    .bind(email.trim(), ip, now, since, MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP)
    .first<{ id: number }>();
  if (row) return row.id;
  // Refused: wait until the limit's newest counted attempts, the max-th newest first, leave the window.
  const until = async (column: "email" | "ip", value: string, max: number) => {
    const r = await db
      .prepare(`SELECT at FROM login_attempts WHERE ${column} = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?`)
      .bind(value, since, max - 1)
      .first<{ at: number }>();
    return r ? r.at + WINDOW_MS : now;
  };
  const free = Math.max(await until("email", email.trim(), MAX_FAILURES_PER_EMAIL), await until("ip", ip, MAX_FAILURES_PER_IP));
  return refusedRetry(LIMITED, (free - now) / 1000);
}

/** The password was wrong: the reserved attempt counts as a failure. */
export async function attemptFailed(db: D1Database, id: number): Promise<void> {
  await db.prepare("UPDATE login_attempts SET state = 'failed' WHERE id = ?").bind(id).run();
}

/** The sign-in succeeded: the attempt and the email's earlier failures no longer count. */
export async function attemptSucceeded(db: D1Database, id: number, email: string): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM login_attempts WHERE id = ?").bind(id),
    db.prepare("DELETE FROM login_attempts WHERE email = ? AND state = 'failed'").bind(email.trim()),
  ]);
}

/** Forgets attempts older than the window (the Cron Trigger's housekeeping). */
export async function pruneAttempts(db: D1Database, now: number): Promise<void> {
  await db
    .prepare("DELETE FROM login_attempts WHERE at <= ?")
    .bind(now - WINDOW_MS)
    .run();
}
