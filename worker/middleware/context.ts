import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { generateCookie, generateSignedCookie, getCookie, getSignedCookie } from "hono/cookie";
import { requestId } from "hono/request-id";
import { isCrawler, isSearchEngineReferrer, devicePlatform, type DevicePlatform } from "#shared/bots.ts";
import type { Location } from "#shared/cart/model.ts";
import type { Bindings } from "../env";
import { signingSecret } from "../platform/secrets";

/** Visitor geography from `request.cf` (§3 Location). */
export type Geo = Location;

export interface ContextVariables {
  requestId: string;
  visitorId: string;
  /** True on the visitor's first request and while the new-user cookie lives. */
  isNewUser: boolean;
  /** True when this request issued the visitor id (no earlier cookie). */
  visitorCreated: boolean;
  geo: Geo;
  platform: DevicePlatform;
  /** The visitor arrived from a web search engine, or is a crawler. */
  fromSearchEngine: boolean;
  theme: "light" | "dark";
}

export const VISITOR_COOKIE = "loupe_vid";
export const NEW_USER_COOKIE = "loupe_new";
export const THEME_COOKIE = "loupe_theme";
export const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** §9 "flags 15 minutes and 12 hours": the new-user flag lasts 12 hours from the first visit. */
const NEW_USER_SECONDS = 12 * 60 * 60;

export interface ContextOptions {
  /** Source of new ids (injectable for tests). */
  newId?: () => string;
}

const cookieSecret = (env: Bindings): string => signingSecret(env, "VISITOR_COOKIE_SECRET");

function geoFrom(req: Request): Geo {
  const cf = (req as Request & { cf?: IncomingRequestCfProperties }).cf;
  const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);
  return {
    countryCode: str(cf?.country),
    regionCode: str(cf?.regionCode),
    city: str(cf?.city),
    postalCode: str(cf?.postalCode),
  };
}

/** Appends Set-Cookie headers to the response the handler produced (copying it when its headers are immutable). */
export function appendSetCookies(c: Context, cookies: string[]): void {
  try {
    for (const cookie of cookies) c.res.headers.append("Set-Cookie", cookie);
  } catch {
    // A response passed through from elsewhere (an upstream's) has immutable headers.
    const copy = new Response(c.res.body, c.res);
    for (const cookie of cookies) copy.headers.append("Set-Cookie", cookie);
    // Hono's setter would merge the old response's headers (and their cookies) over the copy's: clear it first.
    c.res = undefined as unknown as Response;
    c.res = copy;
  }
}

/**
 * Request context: request id (`x-request-id`), the signed visitor-id cookie (365 days), the new-user
 * cookie, geo from `request.cf`, device platform, search-engine referrer and the theme preference.
 */
export function requestContext(options: ContextOptions = {}) {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const withRequestId = requestId({ generator: newId, headerName: "x-request-id" });
  const context = createMiddleware<{ Bindings: Bindings; Variables: ContextVariables }>(async (c, next) => {
    const secret = cookieSecret(c.env);
    const secure = new URL(c.req.url).protocol === "https:";
    const existing = await getSignedCookie(c, secret, VISITOR_COOKIE);
    const visitorId = typeof existing === "string" && existing.length > 0 ? existing : newId();
    const visitorCreated = visitorId !== existing;
    // Set on the final response after the handler (below): a page is a Response built by the SSR handler,
    // and headers staged on the context before it exists would not reach it.
    const cookies: string[] = [];
    if (visitorCreated) {
      cookies.push(await generateSignedCookie(VISITOR_COOKIE, visitorId, secret, { path: "/", maxAge: YEAR_SECONDS, httpOnly: true, secure, sameSite: "Lax" }));
      cookies.push(generateCookie(NEW_USER_COOKIE, "1", { path: "/", maxAge: NEW_USER_SECONDS, secure, sameSite: "Lax" }));
    }
    const ua = c.req.header("user-agent");
    c.set("visitorId", visitorId);
    c.set("visitorCreated", visitorCreated);
    c.set("isNewUser", visitorCreated || getCookie(c, NEW_USER_COOKIE) === "1");
    c.set("geo", geoFrom(c.req.raw));
    c.set("platform", devicePlatform(ua, c.req.header("sec-ch-ua-mobile")));
    c.set("fromSearchEngine", isSearchEngineReferrer(c.req.header("referer")) || isCrawler(ua));
    c.set("theme", getCookie(c, THEME_COOKIE) === "dark" ? "dark" : "light");
    await next();
    if (cookies.length) appendSetCookies(c, cookies);
  });
  return [withRequestId, context] as const;
}
