/**
 * Password hashing (docs/decisions/013-accounts-and-sessions.md, 054-accounts-hardening.md): PBKDF2-SHA-256
 * through WebCrypto at 100,000 iterations (the most the Workers runtime allows) with a 16-byte random salt,
 * stored in a versioned format — `pbkdf2-sha256$<version>$<iterations>$<salt>$<hash>` (base64url) — so a
 * stronger scheme can replace it on the next successful sign-in (`needsRehash`). Version `v1` derives from
 * the password itself; `v2` from HMAC-SHA-256(PASSWORD_PEPPER, password), so a copy of the database alone
 * is not enough to test guesses. New passwords on the bundled list of 10,000 common ones (SecLists' top
 * passwords of 8 characters or more, lowercased) are refused.
 */
import { refused } from "#shared/refusal.ts";
import common from "./common-passwords.json";

export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const PREFIX = "pbkdf2-sha256";
/** Without a pepper (local development, and hashes made before the pepper). */
const PLAIN = "v1";
/** With the pepper: PBKDF2 over HMAC-SHA-256(pepper, password). */
const PEPPERED = "v2";

/** The secret mixed into new hashes (`PASSWORD_PEPPER`), or null: no pepper, hashes stay `v1`. */
export type Pepper = string | null | undefined;

const COMMON = new Set<string>(common as string[]);

export function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** What PBKDF2 derives from: the password's bytes, or with a pepper its HMAC under the pepper. */
async function material(password: string, pepper: Pepper): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(new TextEncoder().encode(password.normalize("NFKC")));
  if (!pepper) return bytes;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, bytes));
}

async function derive(password: string, pepper: Pepper, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", await material(password, pepper), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS));
}

/** Hashes a password in the current format: `v2` with a pepper, `v1` without. */
export async function hashPassword(password: string, options: { pepper?: Pepper; iterations?: number } = {}): Promise<string> {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const version = options.pepper ? PEPPERED : PLAIN;
  return `${PREFIX}$${version}$${iterations}$${base64url(salt)}$${base64url(await derive(password, options.pepper, salt, iterations))}`;
}

interface Parsed {
  peppered: boolean;
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array;
}

function parse(stored: string): Parsed | null {
  const parts = stored.split("$");
  if (parts.length !== 5 || parts[0] !== PREFIX || (parts[1] !== PLAIN && parts[1] !== PEPPERED)) return null;
  const iterations = Number(parts[2]);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return null;
  try {
    return { peppered: parts[1] === PEPPERED, iterations, salt: fromBase64url(parts[3]!), hash: fromBase64url(parts[4]!) };
  } catch {
    return null;
  }
}

/** Constant-time comparison of two byte strings. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Whether the password matches the stored hash (false for a malformed or missing hash, and for a peppered
 * hash when no pepper is configured). `pepper` is today's PASSWORD_PEPPER: `v1` hashes ignore it.
 */
export async function verifyPassword(password: string, stored: string | null, pepper: Pepper = null): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed || (parsed.peppered && !pepper)) {
    // The same work as a real check, so an unknown email or a password-less account takes as long.
    await derive(password, pepper, DUMMY_SALT, PBKDF2_ITERATIONS);
    return false;
  }
  return sameBytes(await derive(password, parsed.peppered ? pepper : null, parsed.salt, parsed.iterations), parsed.hash);
}
const DUMMY_SALT = new Uint8Array(SALT_BYTES);

/**
 * Whether a stored hash should be replaced after a successful sign-in: an older format, fewer iterations
 * than today's, or made without the pepper now that one is configured.
 */
export function needsRehash(stored: string, pepper: Pepper = null): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.iterations < PBKDF2_ITERATIONS || (!parsed.peppered && !!pepper);
}

/** Whether a password is on the bundled list of common passwords (case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** Refuses a new password that is on the common list (the length rules are in the schema). */
export function acceptNewPassword(password: string, field = "password"): void {
  if (isCommonPassword(password))
    refused("bad_request", "This password is too common", [{ path: field, message: "This password is too common; choose another" }]);
}
