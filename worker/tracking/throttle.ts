/**
 * Limits of the anonymous tracking writes (docs/decisions/055-abuse-limits-and-promotion-rules.md): the page events
 * a browser reports (`POST /api/tracking/*`, `/api/experiments/events`, `/api/logging/client-event`) and the
 * emails left in popups (`POST /api/accounts/email-capture`). Exact under concurrency (worker/lib/ip-limit.ts):
 * each request reserves its row in the one statement that counts the window; over a limit the answer is 429 with
 * Retry-After. Counted per visitor (the signed visitor cookie) and per client address (CF-Connecting-IP), so a
 * script that drops its cookie to get a new visitor each time still stops at the address's limit.
 */
import { type IpLimit, reserveForIp } from "../lib/ip-limit";

/** The page events' window. */
export const PAGE_EVENT_WINDOW_MS = 60_000;
/**
 * Page events per visitor a minute, all endpoints together. A page shows a page view, maybe a product viewed or a
 * search, and a few experiment exposures: a shopper opening a page every two seconds stays under it.
 */
export const PAGE_EVENTS_PER_VISITOR = 120;
/** Page events per client address a minute: five such shoppers behind one office or mobile-carrier address. */
export const PAGE_EVENTS_PER_IP = 600;
/** The email captures' window. */
export const EMAIL_CAPTURE_WINDOW_MS = 60 * 60_000;
/** Emails left in popups and forms per client address an hour (a household signs up once or twice). */
export const EMAIL_CAPTURES_PER_IP = 10;

const PAGE_EVENTS_MESSAGE = "Too many events from this browser; try again shortly";

export const PAGE_EVENT_VISITOR_LIMIT: IpLimit = {
  table: "tracking_requests",
  column: "visitor",
  max: PAGE_EVENTS_PER_VISITOR,
  windowMs: PAGE_EVENT_WINDOW_MS,
  message: PAGE_EVENTS_MESSAGE,
  // Both limits of the table share the window: pruning with either forgets only rows neither counts.
  pruneOnReserve: true,
};
export const PAGE_EVENT_IP_LIMIT: IpLimit = {
  table: "tracking_requests",
  column: "ip",
  max: PAGE_EVENTS_PER_IP,
  windowMs: PAGE_EVENT_WINDOW_MS,
  message: PAGE_EVENTS_MESSAGE,
};
export const EMAIL_CAPTURE_LIMIT: IpLimit = {
  table: "email_capture_requests",
  column: "ip",
  max: EMAIL_CAPTURES_PER_IP,
  windowMs: EMAIL_CAPTURE_WINDOW_MS,
  message: "Too many sign-ups from this connection; please try again later",
  pruneOnReserve: true,
};

/** Counts one page event for the visitor, then for the address; refuses (rate_limited, Retry-After) when either is spent. */
export async function throttlePageEvent(db: D1Database, visitorId: string, ip: string, now: number): Promise<void> {
  await reserveForIp(db, PAGE_EVENT_VISITOR_LIMIT, visitorId, now);
  await reserveForIp(db, PAGE_EVENT_IP_LIMIT, ip, now);
}

/** Counts one email capture for the address; refuses (rate_limited, Retry-After) past the hour's limit. */
export async function throttleEmailCapture(db: D1Database, ip: string, now: number): Promise<void> {
  await reserveForIp(db, EMAIL_CAPTURE_LIMIT, ip, now);
}
