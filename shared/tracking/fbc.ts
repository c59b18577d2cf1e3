/**
 * The ad-click cookie (§5, §9): Meta's `_fbc`, `fb.1.{creation time in ms, 13 digits}.{fbclid}`. A value of any
 * other form is removed (§5); a landing URL's `fbclid` parameter sets it for 90 days (§9 "click id 90 days").
 * Pure: the worker's middleware (worker/middleware/ad-click.ts) and the event builders use it.
 */

export const FBC_COOKIE = "_fbc";
/** §9: the click id cookie lasts 90 days. */
export const FBC_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** A click id: Meta's fbclid is URL-safe base64-like text; anything longer than this is not one. */
const CLICK_ID = /^[A-Za-z0-9_-]{1,500}$/;
const FBC = /^fb\.1\.(\d{13})\.([A-Za-z0-9_-]{1,500})$/;

/** Whether `value` is a well-formed ad-click cookie (`fb.1.{13 digits}.{id}`). */
export function isValidFbc(value: string | null | undefined): value is string {
  return typeof value === "string" && FBC.test(value);
}

/** The cookie's value for a click id seen at `nowMs`, or null when the click id or the time is not usable. */
export function fbcFromClickId(fbclid: string | null | undefined, nowMs: number): string | null {
  if (!fbclid || !CLICK_ID.test(fbclid)) return null;
  const ms = String(Math.trunc(nowMs));
  if (!/^\d{13}$/.test(ms)) return null;
  return `fb.1.${ms}.${fbclid}`;
}

/** The click id of a well-formed cookie, else null. */
export function clickIdOf(cookie: string | null | undefined): string | null {
  return isValidFbc(cookie) ? (FBC.exec(cookie)?.[2] ?? null) : null;
}

export type FbcDecision = { action: "set"; value: string } | { action: "remove" } | { action: "keep" };

/**
 * What the middleware does with a request's ad-click state: `set` a new cookie for a click id in the URL (unless
 * the cookie already holds that click: its creation time stays), `remove` a malformed cookie, else `keep`.
 */
export function fbcDecision(cookie: string | undefined, fbclid: string | null | undefined, nowMs: number): FbcDecision {
  const fresh = fbcFromClickId(fbclid, nowMs);
  if (fresh && clickIdOf(cookie) !== fbclid) return { action: "set", value: fresh };
  if (cookie !== undefined && !isValidFbc(cookie)) return { action: "remove" };
  return { action: "keep" };
}
