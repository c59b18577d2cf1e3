/**
 * Price-lock rules (§4, §5, §9): a lock holds the cart total for 72 hours; a new lock is added only when
 * fewer than 4 are stored and the total differs from every stored one; at most 3 are made per calendar
 * day, the UTC day (docs/decisions/008-cart-and-price-locks.md). Pure: the CartObject calls it between
 * reading and writing its tables, with no I/O in between.
 */
import { MAX_PRICE_LOCKS_PER_DAY, MAX_STORED_PRICE_LOCKS, PRICE_LOCK_MS, type PriceLock } from "./model";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Start (epoch ms) of the UTC calendar day holding `t`. */
export function utcDayStart(t: number): number {
  return Math.floor(t / DAY_MS) * DAY_MS;
}

export type LockDecision =
  | { action: "add"; expiresAt: number }
  /** The total is already locked: that lock answers (nothing is added). */
  | { action: "existing"; lock: PriceLock }
  | { action: "daily-limit" }
  | { action: "stored-limit" };

/**
 * What a lock request for `totalCents` at `now` does, given the unexpired locks stored and the times of
 * the locks made (kept for the daily count even after a lock expires).
 */
export function decideLock(stored: readonly PriceLock[], madeAt: readonly number[], totalCents: number, now: number): LockDecision {
  const live = stored.filter((l) => l.expiresAt > now);
  const same = live.find((l) => l.totalCents === totalCents);
  if (same) return { action: "existing", lock: same };
  const today = utcDayStart(now);
  if (madeAt.filter((t) => t >= today && t < today + DAY_MS).length >= MAX_PRICE_LOCKS_PER_DAY) return { action: "daily-limit" };
  if (live.length >= MAX_STORED_PRICE_LOCKS) return { action: "stored-limit" };
  return { action: "add", expiresAt: now + PRICE_LOCK_MS };
}

/** The lock honoured for a cart: the lowest unexpired lock made for this same cart link, if any. */
export function honouredLock(stored: readonly PriceLock[], cartLink: string, now: number): PriceLock | null {
  let best: PriceLock | null = null;
  for (const l of stored) {
    if (l.expiresAt <= now || l.cartLink !== cartLink) continue;
    if (!best || l.totalCents < best.totalCents) best = l;
  }
  return best;
}
