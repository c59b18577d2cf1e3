import { createMiddleware } from "hono/factory";
import { generateCookie, getCookie } from "hono/cookie";
import { FBC_COOKIE, FBC_MAX_AGE_SECONDS, fbcDecision } from "#shared/tracking/fbc.ts";
import { consentFromCookie } from "#shared/tracking/consent.ts";
import type { Bindings } from "../env";
import { appendSetCookies } from "./context";

/**
 * The ad-click cookie (§5, §9; shared/tracking/fbc.ts), on the final response: a landing URL's `fbclid` sets
 * `_fbc` = `fb.1.{ms}.{fbclid}` for 90 days; a cookie not of that form is removed (expired). A visitor who
 * declined tracking gets none (and loses one they had): the cookie is only ever read to attribute events.
 */
export function adClick(now: () => number = Date.now) {
  return createMiddleware<{ Bindings: Bindings }>(async (c, next) => {
    await next();
    const url = new URL(c.req.url);
    const cookie = getCookie(c, FBC_COOKIE);
    const declined = consentFromCookie(c.req.header("cookie")) === "denied";
    const decision = declined
      ? { action: cookie === undefined ? ("keep" as const) : ("remove" as const) }
      : fbcDecision(cookie, url.searchParams.get("fbclid"), now());
    const secure = url.protocol === "https:";
    if (decision.action === "set")
      appendSetCookies(c, [generateCookie(FBC_COOKIE, decision.value, { path: "/", maxAge: FBC_MAX_AGE_SECONDS, secure, sameSite: "Lax" })]);
    else if (decision.action === "remove")
      appendSetCookies(c, [generateCookie(FBC_COOKIE, "", { path: "/", maxAge: 0, expires: new Date(0), secure, sameSite: "Lax" })]);
  });
}
