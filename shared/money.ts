/**
 * Money is integer cents everywhere; these are the only places it becomes dollars for people, and the one
 * rule for a share of an amount (docs/decisions/059-one-money-rule.md):
 * - catalogue prices are whole dollars (in cents), so a price shown alone in whole dollars is exact;
 * - wherever amounts are added up (cart, checkout, order pages, emails) every part and the total are shown to
 *   the cent (`formatCents`), from one breakdown (shared/cart/breakdown.ts), so the parts always sum to the total;
 * - a percentage of an amount (promotion, sales tax, the bank-wire saving) is `percentOf`: rounded to the
 *   nearest cent, half a cent up.
 */

/** Whole US dollars, rounded up, as prices are shown (docs/decisions/059-one-money-rule.md); exact for catalogue prices. */
export function wholeUsd(cents: number): number {
  if (!Number.isFinite(cents)) throw new RangeError("price must be a finite number of cents");
  return Math.ceil(cents / 100);
}

/** A catalogue price in whole dollars (cents rounded up to the next dollar): how a price enters the catalogue. */
export function wholeDollarCents(cents: number): number {
  return wholeUsd(cents) * 100;
}

/** "12,345" — an integer with thousands separators (no Intl: identical on server and client). */
export function formatCount(n: number): string {
  const sign = n < 0 ? "-" : "";
  return sign + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "$12,345" — whole USD rounded up, with thousands separators: a single price (catalogue prices are whole dollars). */
export function formatUsd(cents: number): string {
  const dollars = wholeUsd(cents);
  return dollars < 0 ? `-$${formatCount(-dollars)}` : `$${formatCount(dollars)}`;
}

/**
 * `percent` % of `cents`, to the nearest cent, half a cent rounded up — the one rule for every share of an
 * amount. `percent` may have up to four decimals (a 6.875 % tax rate); the arithmetic is in integers.
 */
export function percentOf(cents: number, percent: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError("an amount must be a non-negative whole number of cents");
  const perMillion = Math.round(percent * 10_000);
  if (perMillion < 0 || perMillion > 1_000_000) throw new RangeError("a percentage must be between 0 and 100");
  const product = cents * perMillion;
  if (!Number.isSafeInteger(product)) throw new RangeError("amount too large");
  return Math.floor((product + 500_000) / 1_000_000);
}

/** Dollars (as typed in a filter) to cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
