/**
 * The order lookup's limit (issue 18 point 7): 10 tries per 15 minutes per client address; the 11th answers
 * 429 with Retry-After until the oldest counted try leaves the window. Exact under concurrency, as
 * worker/accounts/throttle.ts: a try reserves its row in the one statement that counts the window (D1 runs
 * statements one at a time), so of 50 simultaneous tries exactly 10 are looked up.
 */
import { type IpLimit, pruneIpLimit, reserveForIp } from "../../lib/ip-limit";

export const LOOKUP_WINDOW_MS = 15 * 60 * 1000;
export const MAX_LOOKUPS_PER_IP = 10;

const LOOKUPS: IpLimit = {
  table: "order_lookups",
  max: MAX_LOOKUPS_PER_IP,
  windowMs: LOOKUP_WINDOW_MS,
  message: "Too many order lookups from your connection. Please try again later, or sign in to see your orders.",
};

/** Reserves one lookup for `ip`, or refuses (rate_limited) with the seconds until one is allowed. */
export function reserveLookup(db: D1Database, ip: string, now: number): Promise<void> {
  return reserveForIp(db, LOOKUPS, ip, now);
}

/** Forgets tries older than the window (the Cron Trigger's housekeeping). */
export function pruneLookups(db: D1Database, now: number): Promise<void> {
  return pruneIpLimit(db, LOOKUPS, now);
}
