/**
 * Secrets the accounts hand out: session tokens (256 random bits; only their SHA-256 is stored) and emailed
 * links. A link's `securityStamp` parameter is `<issued at, base36>.<HMAC-SHA-256>` signed over the purpose,
 * the user's guid and current security stamp, and the issue time: a link stops working when it expires, when
 * the stamp changes (confirm, password change, reset — so a used link cannot be used again) or when any part
 * is forged.
 */
import { base64url, fromBase64url, sameBytes } from "./passwords";

/** Compares two strings in time that depends only on their length. */
export function sameText(a: string, b: string): boolean {
  const enc = new TextEncoder();
  return sameBytes(enc.encode(a), enc.encode(b));
}

/** A new session token: 32 random bytes, base64url. */
export function newToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** A fresh security stamp (changes whenever older links must stop working). */
export function newStamp(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What an emailed link is for, and how long it works. */
export const LINK_VALIDITY_MS = {
  confirm: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  complete: 14 * 24 * 60 * 60 * 1000,
  /** Adds a Facebook identity to the account (signed over the Facebook id too). */
  "link-facebook": 60 * 60 * 1000,
} as const;
export type LinkPurpose = keyof typeof LINK_VALIDITY_MS;

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

async function mac(secret: string, purpose: LinkPurpose, userGuid: string, stamp: string, issuedAt: number, bound?: string): Promise<Uint8Array> {
  const data = new TextEncoder().encode(`${purpose}\n${userGuid}\n${stamp}\n${issuedAt}${bound === undefined ? "" : `\n${bound}`}`);
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), data));
}

/** The `securityStamp` value of a link for this user, purpose and time (and `bound`, a value the link carries, e.g. a Facebook id). */
export async function signLink(
  secret: string,
  purpose: LinkPurpose,
  user: { userGuid: string; securityStamp: string },
  now: number,
  bound?: string,
): Promise<string> {
  return `${now.toString(36)}.${base64url(await mac(secret, purpose, user.userGuid, user.securityStamp, now, bound))}`;
}

/** Whether a link's `securityStamp` value is valid for this user and purpose now. */
export async function checkLink(
  secret: string,
  purpose: LinkPurpose,
  user: { userGuid: string; securityStamp: string },
  value: string,
  now: number,
  bound?: string,
): Promise<boolean> {
  const [issued, signature, extra] = value.split(".");
  if (!issued || !signature || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(issued)) return false;
  const issuedAt = Number.parseInt(issued, 36);
  if (!(issuedAt <= now && now - issuedAt <= LINK_VALIDITY_MS[purpose])) return false;
  let given: Uint8Array;
  try {
    given = fromBase64url(signature);
  } catch {
    return false;
  }
  return sameBytes(given, await mac(secret, purpose, user.userGuid, user.securityStamp, issuedAt, bound));
}
