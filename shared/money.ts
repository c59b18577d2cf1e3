/** Money is integer cents everywhere; these are the only places it becomes dollars for people. */

/** Whole US dollars, rounded up (§9: "Prices shown in whole USD, rounded up"). */
export function wholeUsd(cents: number): number {
  if (!Number.isFinite(cents)) throw new RangeError("price must be a finite number of cents");
  return Math.ceil(cents / 100);
}

/** "12,345" — an integer with thousands separators (no Intl: identical on server and client). */
export function formatCount(n: number): string {
  const sign = n < 0 ? "-" : "";
  return sign + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "$12,345" — whole USD rounded up, with thousands separators. */
export function formatUsd(cents: number): string {
  const dollars = wholeUsd(cents);
  return dollars < 0 ? `-$${formatCount(-dollars)}` : `$${formatCount(dollars)}`;
}

/** Dollars (as typed in a filter) to cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
