/**
 * Reviews as the `/reviews` page's loader reads them on the server (issue 20 point 4): the counts per provider
 * and the first pages of the interleaved reviews. worker/loaders/reviews.ts provides it from worker/reviews/store.ts;
 * in the browser the page fetches further pages from `GET /api/reviews/{page}/9`.
 */
import { createContext } from "react-router";
import type { ReviewCounts, ReviewPage } from "#shared/reviews.ts";

export interface ReviewsService {
  /** The counts, and pages 1..`pages` of `size` reviews with at least `min` stars (-1: all), interleaved. */
  reviews(pages: number, size: number, min: number): Promise<{ counts: ReviewCounts; page: ReviewPage }>;
}

export const reviewsContext = createContext<ReviewsService>();
