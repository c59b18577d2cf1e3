// PLACEHOLDER: helper H2 replaces this file
/** A customer's saved searches and deal alerts (issue 19). Placeholder until helper H2's version lands: empty lists. */
import type { DealAlerts, SavedSearchEntry } from "#shared/my-stuff/alerts.ts";

/** The customer's saved searches, with their news. */
export async function savedSearches(_db: D1Database, _userId: number): Promise<SavedSearchEntry[]> {
  return [];
}

/** The saved searches with their news and the favourites' price drops. */
export async function dealAlertsFor(_db: D1Database, _userId: number): Promise<DealAlerts> {
  return { searches: [], priceDrops: [] };
}

/** Marks the customer's alerts' news seen. */
export async function markAlertsSeen(_db: D1Database, _userId: number, _now: number): Promise<void> {}
