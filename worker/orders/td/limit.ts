/**
 * The limit of TD account number lookups (orders/GetTdAccountNumber, /financing-account-lookup): as the order
 * lookup's (worker/orders/lookup/limit.ts), 10 tries per 15 minutes per client address, every try counted (found
 * or not); the 11th answers 429 with Retry-After. Exact under concurrency (worker/lib/ip-limit.ts); tries older
 * than the window are forgotten with each reservation.
 */
import { type IpLimit, reserveForIp } from "../../lib/ip-limit";

export const ACCOUNT_LOOKUP_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ACCOUNT_LOOKUPS_PER_IP = 10;

const ACCOUNT_LOOKUPS: IpLimit = {
  table: "td_account_lookups",
  max: MAX_ACCOUNT_LOOKUPS_PER_IP,
  windowMs: ACCOUNT_LOOKUP_WINDOW_MS,
  message: "Too many account lookups from your connection. Please try again later, or call TD at the number on your statement.",
  pruneOnReserve: true,
};

/** Reserves one account lookup for `ip`, or refuses (rate_limited) with the seconds until one is allowed. */
export function reserveAccountLookup(db: D1Database, ip: string, now: number): Promise<void> {
  return reserveForIp(db, ACCOUNT_LOOKUPS, ip, now);
}
