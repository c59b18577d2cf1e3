/**
 * The admin token, on a developer's machine only (`APP_ENV=local`; docs/decisions/056-operator-access.md): proven
 * by `Authorization: Bearer {token}` on a call, or once through the operator pages' login form, which starts a
 * session cookie. The cookie carries its expiry and an HMAC of it keyed by the token (never the token), so the
 * server refuses it 12 hours after the login whatever the browser keeps, and a new token ends every session.
 * Wrong tokens are counted per client address: 10 in 15 minutes, then every token — the right one too — is refused
 * (429) until the oldest wrong one leaves the window.
 */
import { type IpLimit, refuseWhenFull, reserveForIp } from "../lib/ip-limit";

export const ADMIN_COOKIE = "loupe_admin";
/** An admin session lasts 12 hours, on the server. */
export const ADMIN_SESSION_MS = 12 * 60 * 60 * 1000;
/** Who the operator is on a developer's machine. */
export const LOCAL_OPERATOR = "local-admin";

/** Wrong admin tokens per client address. */
export const TOKEN_FAILURES: IpLimit = {
  table: "operator_token_failures",
  max: 10,
  windowMs: 15 * 60 * 1000,
  message: "Too many wrong admin tokens from this address; try again later",
  pruneOnReserve: true,
};

const encoder = new TextEncoder();

async function hmacHex(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder.encode(message)));
  return [...sig].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares in time that depends only on the length (no early exit on the first differing byte). */
export function sameText(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  if (x.byteLength !== y.byteLength) return false;
  let diff = 0;
  for (let i = 0; i < x.byteLength; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

const signature = (token: string, expiresAt: number) => hmacHex(token, `loupe-admin-session:${expiresAt}`);

/** The session cookie's value for a login at `now`: `{expiry ms}.{HMAC}`. */
export async function sessionValue(token: string, now: number): Promise<string> {
  const expiresAt = now + ADMIN_SESSION_MS;
  return `${expiresAt}.${await signature(token, expiresAt)}`;
}

/** Whether a session cookie's value was made with `token` and has not expired at `now`. */
export async function validSession(token: string, value: string, now: number): Promise<boolean> {
  const m = /^(\d{13,15})\.([0-9a-f]{64})$/.exec(value);
  if (!m) return false;
  const expiresAt = Number(m[1]);
  if (expiresAt <= now || expiresAt > now + ADMIN_SESSION_MS) return false;
  return sameText(m[2]!, await signature(token, expiresAt));
}

/**
 * Whether `given` is the admin token. A wrong one is counted for `ip`; once `ip` has 10 wrong ones in the window,
 * throws rate_limited (429) for any token. Exact under concurrency: each wrong token reserves its row in the one
 * statement that counts the window, so of many wrong tokens at once exactly 10 are told "wrong".
 */
export async function checkToken(db: D1Database, ip: string, given: string, expected: string, now: number): Promise<boolean> {
  if (sameText(given, expected)) {
    await refuseWhenFull(db, TOKEN_FAILURES, ip, now);
    return true;
  }
  await reserveForIp(db, TOKEN_FAILURES, ip, now);
  return false;
}
