/**
 * Amounts to the cent, for wherever amounts are added up (cart, checkout, order pages, emails:
 * docs/decisions/059-one-money-rule.md). A module of its own so that pages that show only single prices
 * (shared/money.ts formatUsd) do not carry it in their first-load JavaScript.
 */
import { formatCount } from "./money";

/** "$12,345.67" — to the cent: every amount of a breakdown and its total. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError("an amount must be a whole number of cents");
  const abs = Math.abs(cents);
  const text = `$${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
  return cents < 0 ? `-${text}` : text;
}
