/**
 * Sessions (§3 Token record, §9 token validity 30 days): a token of 256 random bits, stored only as its
 * SHA-256 with its user, expiry and last use. The web app carries it in the HttpOnly cookie, API clients as
 * `Authorization: Bearer`. Logout revokes one; a password change or reset revokes every token of the user.
 */
import type { TokenRecord } from "#shared/accounts/schemas.ts";
import { newToken, sha256Hex } from "./tokens";
import { findById, type User } from "./users";

/** §9: token validity 2592000000 ms. */
export const TOKEN_VALIDITY_MS = 2_592_000_000;
/** Last use is written at most this often per token (reads stay reads). */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Opens a session: the token (returned once, never stored) and its expiry. */
export async function openSession(db: D1Database, userId: number, now: number): Promise<TokenRecord> {
  const data = newToken();
  const expires = now + TOKEN_VALIDITY_MS;
  await db
    .prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_used_at) VALUES (?, ?, ?, ?, ?)")
    .bind(await sha256Hex(data), userId, now, expires, now)
    .run();
  return { data, expires };
}

/** The user of a live token, or null (unknown, revoked or expired). Records the use now and then. */
export async function sessionUser(db: D1Database, token: string, now: number, waitUntil?: (p: Promise<unknown>) => void): Promise<User | null> {
  if (token.length < 20 || token.length > 100) return null;
  const hash = await sha256Hex(token);
  const row = await db
    .prepare("SELECT user_id, expires_at, last_used_at FROM sessions WHERE token_hash = ?")
    .bind(hash)
    .first<{ user_id: number; expires_at: number; last_used_at: number }>();
  if (!row || row.expires_at <= now) return null;
  if (now - row.last_used_at > TOUCH_EVERY_MS) {
    const touch = db.prepare("UPDATE sessions SET last_used_at = ? WHERE token_hash = ?").bind(now, hash).run();
    if (waitUntil) waitUntil(touch);
    else await touch;
  }
  return findById(db, row.user_id);
}

/** Ends one session. */
export async function revokeSession(db: D1Database, token: string): Promise<void> {
  await db
    .prepare("DELETE FROM sessions WHERE token_hash = ?")
    .bind(await sha256Hex(token))
    .run();
}

/** The statement that ends every session of a user (run in the same batch as the password change). */
export function revokeAllStatement(db: D1Database, userId: number): D1PreparedStatement {
  return db.prepare("DELETE FROM sessions WHERE user_id = ?").bind(userId);
}

/** Removes expired sessions (the Cron Trigger's housekeeping). */
export async function pruneSessions(db: D1Database, now: number): Promise<number> {
  const r = await db.prepare("DELETE FROM sessions WHERE expires_at <= ?").bind(now).run();
  return r.meta.changes ?? 0;
}
