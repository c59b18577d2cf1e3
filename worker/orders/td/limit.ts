/**
 * The limits of TD account number lookups (orders/GetTdAccountNumber, /financing-account-lookup;
 * docs/decisions/052-order-ownership.md), each over 15 minutes and counting every try (found or not): 5 per
 * order, 5 per signed-in customer, and 10 per client address (as the order lookup's,
 * worker/orders/lookup/limit.ts). The order's limit is reserved first, then the customer's, then the address's:
 * a try refused by a later limit has still used the earlier ones. Each is exact under concurrency
 * (worker/lib/ip-limit.ts): of 20 simultaneous tries for one order exactly 5 pass, the others answer 429 with
 * Retry-After. Tries older than the window are forgotten with each reservation.
 */
import { type IpLimit, reserveForIp } from "../../lib/ip-limit";

export const ACCOUNT_LOOKUP_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ACCOUNT_LOOKUPS_PER_IP = 10;
export const MAX_ACCOUNT_LOOKUPS_PER_IDENTITY = 5;

const MESSAGE = "Too many account lookups. Please try again later, or call TD at the number on your statement.";

const PER_ADDRESS: IpLimit = {
  table: "td_account_lookups",
  max: MAX_ACCOUNT_LOOKUPS_PER_IP,
  windowMs: ACCOUNT_LOOKUP_WINDOW_MS,
  message: MESSAGE,
  pruneOnReserve: true,
};

const PER_IDENTITY: IpLimit = {
  table: "td_account_lookup_identities",
  column: "identity",
  max: MAX_ACCOUNT_LOOKUPS_PER_IDENTITY,
  windowMs: ACCOUNT_LOOKUP_WINDOW_MS,
  message: MESSAGE,
  pruneOnReserve: true,
};

/** Who a lookup counts against: the order it is for, the signed-in customer (if any) and the client address. */
export interface LookupIdentity {
  orderNumber: string;
  userId: number | null;
  ip: string;
}

/** Reserves one account lookup for the order, the customer and the address, or refuses (rate_limited) with the seconds until one is allowed. */
export async function reserveAccountLookup(db: D1Database, who: LookupIdentity, now: number): Promise<void> {
  await reserveForIp(db, PER_IDENTITY, `order:${who.orderNumber}`, now);
  if (who.userId !== null) await reserveForIp(db, PER_IDENTITY, `user:${who.userId}`, now);
  await reserveForIp(db, PER_ADDRESS, who.ip, now);
}
