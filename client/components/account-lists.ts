/**
 * The email lists a shopper can leave (§7 unsubscribe calls) as the unsubscribe pages name them, and how an
 * emailed link's `list` or `type` parameter names one.
 */
import type { UnsubscribeList } from "../account-context";

/** What the shopper stops receiving, per list ("You will no longer receive …"). */
export const LIST_LABEL: Record<UnsubscribeList, string> = {
  marketing: "offers and news from Loupe",
  partialAccount: "reminders to complete your account",
  insurance: "jewelry insurance emails",
  orderReviews: "requests to review your orders",
  alerts: "alerts about new diamonds for your saved searches and price drops on your favourites",
};

const ALIASES: Record<string, UnsubscribeList> = {
  marketing: "marketing",
  newsletter: "marketing",
  partialaccount: "partialAccount",
  partial: "partialAccount",
  insurance: "insurance",
  orderreviews: "orderReviews",
  orderreview: "orderReviews",
  reviews: "orderReviews",
  alerts: "alerts",
  alert: "alerts",
};

/** The list an emailed link names (case-insensitive, a few spellings); `fallback` when none is given; null when unknown. */
export function listOf(raw: string | null | undefined, fallback: UnsubscribeList | null = null): UnsubscribeList | null {
  const key = (raw ?? "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  if (key === "") return fallback;
  return ALIASES[key] ?? null;
}

/** A user guid as emailed links carry it (checked before asking the server). */
export function isGuid(raw: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw);
}
