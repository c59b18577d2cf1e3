/** The `/reviews` page's service (client/reviews-context.ts `ReviewsService`) from the reviews store in D1. */
import type { ReviewsService } from "#client/reviews-context.ts";
import { reviewCounts, reviewPages } from "../reviews/store";
import { verifiedReviewPage } from "../reviews/verified";

/** The server's reviews service for one page request. */
export function serverReviews(db: D1Database): ReviewsService {
  return {
    async reviews(pages, size, min, verifiedCount) {
      const [counts, page, verified] = await Promise.all([reviewCounts(db), reviewPages(db, pages, size, min), verifiedReviewPage(db, 1, verifiedCount, min)]);
      return { counts, page, verified };
    },
  };
}
