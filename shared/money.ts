/** Money is integer cents everywhere; these are the only places it becomes dollars for people. */

/** Whole US dollars, rounded up (§9: "Prices shown in whole USD, rounded up"). */
export function wholeUsd(cents: number): number {
  if (!Number.isFinite(cents)) throw new RangeError("price must be a finite number of cents");
  return Math.ceil(cents / 100);
}

/** "$12,345" — whole USD rounded up, with thousands separators (no Intl: identical on server and client). */
export function formatUsd(cents: number): string {
  const dollars = wholeUsd(cents);
  const sign = dollars < 0 ? "-" : "";
  const digits = String(Math.abs(dollars));
  return `${sign}$${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/** Dollars (as typed in a filter) to cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
