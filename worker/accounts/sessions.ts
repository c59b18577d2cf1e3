/**
 * Sessions (§3 Token record, §9 token validity 30 days): a token of 256 random bits, stored only as its
 * SHA-256 with its user, expiry and last use. The web app carries it in the HttpOnly cookie, API clients as
 * `Authorization: Bearer`. A session also ends when unused for 7 days (docs/decisions/054-accounts-hardening.md);
 * the customer sees their sessions by a public id (never the token or its hash) and can end any of them.
 * Logout revokes one; a password change or reset revokes every token of the user.
 */
import type { AccountSession, TokenRecord } from "#shared/accounts/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { newToken, sha256Hex } from "./tokens";
import { deviceOf } from "./user-agent";
import { findById, type User } from "./users";

/** §9: token validity 2592000000 ms. */
export const TOKEN_VALIDITY_MS = 2_592_000_000;
/** A session unused for this long no longer signs in. */
export const IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** Last use is written at most this often per token (reads stay reads; the idle limit is counted from it). */
export const TOUCH_EVERY_MS = 60 * 60 * 1000;

const publicId = () => [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Opens a session: the token (returned once, never stored) and its expiry. */
export async function openSession(db: D1Database, userId: number, now: number, userAgent?: string | null): Promise<TokenRecord> {
  const data = newToken();
  const expires = now + TOKEN_VALIDITY_MS;
  await db
    .prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_used_at, public_id, device) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(await sha256Hex(data), userId, now, expires, now, publicId(), deviceOf(userAgent))
    .run();
  return { data, expires };
}

/** Whether a session row still signs in at `now`: not expired, not idle for IDLE_TIMEOUT_MS. */
const live = (row: { expires_at: number; last_used_at: number }, now: number) => row.expires_at > now && now - row.last_used_at < IDLE_TIMEOUT_MS;

/** The user of a live token, or null (unknown, revoked, expired or idle). Records the use at most hourly. */
export async function sessionUser(db: D1Database, token: string, now: number, waitUntil?: (p: Promise<unknown>) => void): Promise<User | null> {
  if (token.length < 20 || token.length > 100) return null;
  const hash = await sha256Hex(token);
  const row = await db
    .prepare("SELECT user_id, expires_at, last_used_at FROM sessions WHERE token_hash = ?")
    .bind(hash)
    .first<{ user_id: number; expires_at: number; last_used_at: number }>();
  if (!row || !live(row, now)) return null;
  if (now - row.last_used_at >= TOUCH_EVERY_MS) {
    const touch = db.prepare("UPDATE sessions SET last_used_at = ? WHERE token_hash = ?").bind(now, hash).run();
    if (waitUntil) waitUntil(touch);
    else await touch;
  }
  return findById(db, row.user_id);
}

/** The user's live sessions, most recently used first; `current` marks the one of `token`. */
export async function listSessions(db: D1Database, userId: number, token: string, now: number): Promise<AccountSession[]> {
  const { results } = await db
    .prepare(
      `SELECT public_id, created_at, last_used_at, device, token_hash = ? AS current FROM sessions
       WHERE user_id = ? AND expires_at > ? AND last_used_at > ? AND public_id IS NOT NULL ORDER BY last_used_at DESC, created_at DESC`,
    )
    .bind(await sha256Hex(token), userId, now, now - IDLE_TIMEOUT_MS)
    .all<{ public_id: string; created_at: number; last_used_at: number; device: string; current: number }>();
  return results.map((r) => ({ id: r.public_id, createdAt: r.created_at, lastUsedAt: r.last_used_at, device: r.device, current: r.current === 1 }));
}

/** Ends one of the user's sessions by its public id; another user's (or an unknown) id is a 404 refusal. */
export async function revokeSessionById(db: D1Database, userId: number, id: string): Promise<void> {
  const row = await db.prepare("DELETE FROM sessions WHERE public_id = ? AND user_id = ? RETURNING public_id").bind(id, userId).first();
  if (!row) refused("not_found", "No such session.");
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

/** Removes expired and idle sessions (the Cron Trigger's housekeeping). */
export async function pruneSessions(db: D1Database, now: number): Promise<number> {
  const r = await db
    .prepare("DELETE FROM sessions WHERE expires_at <= ? OR last_used_at <= ?")
    .bind(now, now - IDLE_TIMEOUT_MS)
    .run();
  return r.meta.changes ?? 0;
}
