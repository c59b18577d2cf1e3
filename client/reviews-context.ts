/**
 * Reviews as the `/reviews` page's loader reads them on the server (issue 20 point 4): the counts per provider
 * and the first pages of the interleaved reviews. worker/loaders/reviews.ts provides it from worker/reviews/store.ts;
 * in the browser the page fetches further pages from `GET /api/reviews/{page}/9`.
 */
import { createContext } from "react-router";
import type { VerifiedReviewPage } from "#shared/orders/reviews.ts";
import type { ReviewCounts, ReviewPage } from "#shared/reviews.ts";

export interface ReviewsService {
  /**
   * The counts, pages 1..`pages` of `size` reviews with at least `min` stars (-1: all), interleaved, and the
   * shop's verified-purchase reviews (decision 037), the first `verifiedCount` of them.
   */
  reviews(pages: number, size: number, min: number, verifiedCount: number): Promise<{ counts: ReviewCounts; page: ReviewPage; verified: VerifiedReviewPage }>;
}

export const reviewsContext = createContext<ReviewsService>();
