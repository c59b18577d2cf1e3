/**
 * Marketer and operator access (the `/experiments` view, the experiment override API): the `ADMIN_TOKEN`
 * secret. A caller proves it with `Authorization: Bearer {token}`, or once with `/experiments?token={token}`,
 * which stores a session cookie holding an HMAC of the token (never the token) and drops it from the URL.
 * Without the secret configured, or without proof, admin pages and calls do not exist (404).
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env";

export const ADMIN_COOKIE = "loupe_admin";
/** §9 "flags … 12 hours": an admin session lasts 12 hours. */
const ADMIN_SESSION_SECONDS = 12 * 60 * 60;

const encoder = new TextEncoder();

async function hmacHex(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder.encode(message)));
  return [...sig].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares in time that depends only on the length (no early exit on the first differing byte). */
function sameText(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  if (x.byteLength !== y.byteLength) return false;
  let diff = 0;
  for (let i = 0; i < x.byteLength; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

const sessionValue = (token: string) => hmacHex(token, "loupe-admin-session");

/** Whether the request proves the admin token (bearer header or session cookie). */
export async function isAdmin(c: Context<AppEnv>): Promise<boolean> {
  const token = c.env.ADMIN_TOKEN;
  if (!token) return false;
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (bearer) return sameText(bearer, token);
  const session = getCookie(c, ADMIN_COOKIE);
  return session ? sameText(session, await sessionValue(token)) : false;
}

/** Whether `token` is the admin token; when it is, the response starts an admin session (cookie). */
export async function startAdminSession(c: Context<AppEnv>, token: string): Promise<boolean> {
  const expected = c.env.ADMIN_TOKEN;
  if (!expected || !sameText(token, expected)) return false;
  setCookie(c, ADMIN_COOKIE, await sessionValue(expected), {
    path: "/",
    httpOnly: true,
    secure: new URL(c.req.url).protocol === "https:",
    sameSite: "Strict",
    maxAge: ADMIN_SESSION_SECONDS,
  });
  return true;
}

/** An operator's name for the record (`x-operator-name`, letters, digits, spaces, dots and dashes), else "admin". */
export function operatorName(c: Context<AppEnv>): string {
  const name = (c.req.header("x-operator-name") ?? "").trim();
  return /^[\w .@-]{1,60}$/.test(name) ? name : "admin";
}
