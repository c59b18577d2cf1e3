// PLACEHOLDER: helper H2 replaces this file
/** The customer's saved searches with their alerts (helper H2 writes the real one). */
import type { SavedSearchEntry } from "#shared/my-stuff/alerts.ts";

/** The customer's saved searches, newest first (placeholder: none). */
export async function savedSearches(_db: D1Database, _userId: number): Promise<SavedSearchEntry[]> {
  return [];
}
