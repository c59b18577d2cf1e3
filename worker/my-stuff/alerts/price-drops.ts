// PLACEHOLDER: helper H2 replaces this file
/** Price drops of the customer's favourite diamonds (helper H2 writes the real one). */
import type { PriceDrop } from "#shared/my-stuff/alerts.ts";

/** The customer's favourites now cheaper by the alert threshold (placeholder: none). */
export async function priceDrops(_db: D1Database, _userId: number): Promise<PriceDrop[]> {
  return [];
}
