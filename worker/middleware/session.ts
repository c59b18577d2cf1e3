/**
 * The customer's session on each request (docs/decisions/013-accounts-and-sessions.md): the web app's
 * HttpOnly cookie, or `Authorization: Bearer <token>` from API clients. Resolved lazily (a request without
 * either costs nothing; with one, one D1 read, once). Every state-changing request, with this cookie or
 * without, has already been checked to come from this site (worker/middleware/same-origin.ts).
 */
import type { Context } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { SignedIn } from "#shared/accounts/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { sessionUser, TOKEN_VALIDITY_MS } from "../accounts/sessions";
import type { User } from "../accounts/users";
import type { AppEnv, Bindings } from "../env";
import { appendSetCookies } from "./context";

/** The session cookie's name on plain http (local development on http://localhost): `__Host-` needs Secure. */
export const SESSION_COOKIE = "loupe_session";
/** Its name on https: with `__Host-` the browser keeps it only if Secure, Path=/ and without Domain (no subdomain can set it). */
export const SECURE_SESSION_COOKIE = "__Host-loupe_session";
/** Every name the session cookie may have. */
export const SESSION_COOKIE_NAMES = [SECURE_SESSION_COOKIE, SESSION_COOKIE] as const;

const secureOf = (c: Context) => new URL(c.req.url).protocol === "https:";

/** The session cookie's name for this request — the one choice set, read and clear all use (docs/decisions/054-accounts-hardening.md). */
export function sessionCookieName(c: Context): string {
  return secureOf(c) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** §9 "User-info cookie 6 hours": the first name and guid the browser may read (never the token). */
export const USER_INFO_COOKIE = "loupe_user";
const USER_INFO_SECONDS = 6 * 60 * 60;

export interface Session {
  user: User;
  token: string;
  via: "cookie" | "bearer";
}

export interface SessionVariables {
  /** The request's session, or null (memoized). */
  session: () => Promise<Session | null>;
  /** Cookies to set on the response (a page's sign-in or sign-out). */
  sessionCookies: string[];
}

const BEARER = /^Bearer\s+([\w-]{20,100})$/i;

function credential(c: Context): { token: string; via: Session["via"] } | null {
  const bearer = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = getCookie(c, sessionCookieName(c));
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** The session middleware: the lazy `session` variable and the cookies staged by sign-in pages. */
export function sessions(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  return createMiddleware<{ Bindings: Bindings; Variables: SessionVariables }>(async (c, next) => {
    let resolved: Promise<Session | null> | null = null;
    c.set("session", () => {
      resolved ??= (async () => {
        const cred = credential(c);
        if (!cred) return null;
        const user = await sessionUser(c.env.DB, cred.token, now(), (p) => c.executionCtx.waitUntil(p));
        return user ? { user, token: cred.token, via: cred.via } : null;
      })();
      return resolved;
    });
    const cookies: string[] = [];
    c.set("sessionCookies", cookies);
    await next();
    if (cookies.length) appendSetCookies(c, cookies);
  });
}

/** The signed-in user of the request, or the 401 refusal. */
export async function currentUser(c: Context<AppEnv>): Promise<Session> {
  return (await c.get("session")()) ?? refused("unauthorized", "Sign in to continue.");
}

/** The signed-in user of the request, or null (operations with `auth: "optional"`). */
export async function signedInUser(c: Context<AppEnv>): Promise<User | null> {
  return (await c.get("session")())?.user ?? null;
}

/** Stages the session and user-info cookies for a page sign-in. */
export function setSessionCookies(c: Context<AppEnv>, signedIn: SignedIn): void {
  const secure = secureOf(c);
  const maxAge = Math.floor(TOKEN_VALIDITY_MS / 1000);
  const info = encodeURIComponent(JSON.stringify({ firstName: signedIn.user.firstName, userGuid: signedIn.user.userGuid }));
  c.get("sessionCookies").push(
    generateCookie(sessionCookieName(c), signedIn.token.data, { path: "/", maxAge, httpOnly: true, secure, sameSite: "Lax" }),
    generateCookie(USER_INFO_COOKIE, info, { path: "/", maxAge: USER_INFO_SECONDS, secure, sameSite: "Lax" }),
  );
}

/** Stages the removal of both cookies (sign-out, or a session that no longer exists). */
export function clearSessionCookies(c: Context<AppEnv>): void {
  const secure = secureOf(c);
  c.get("sessionCookies").push(
    generateCookie(sessionCookieName(c), "", { path: "/", maxAge: 0, httpOnly: true, secure, sameSite: "Lax" }),
    generateCookie(USER_INFO_COOKIE, "", { path: "/", maxAge: 0, secure, sameSite: "Lax" }),
  );
}
