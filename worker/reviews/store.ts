/**
 * STUB (replaced by the reviews work): the reviews the home page and `POST info/index` read. Signatures are fixed.
 */
import type { Review, ReviewCounts } from "#shared/reviews.ts";

/** The best reviews (rating ≥ min; min -1 = all), newest first within rating, interleaved by provider starting with 1; at most `limit`. */
export async function topReviews(_db: D1Database, _min: number, _limit = 6): Promise<Review[]> {
  return [];
}

/** Review counts and averages per provider and in total. */
export async function reviewCounts(_db: D1Database): Promise<ReviewCounts> {
  const none = { count: 0, average: 0 };
  return { google: none, trustpilot: none, total: none };
}
