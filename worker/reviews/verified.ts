/**
 * The shop's own verified-purchase reviews as the reviews pages show them (decision 037): the published rows of
 * `shop_reviews` (reviews of delivered orders and of their products; published by the moderation rule or an
 * operator), newest first, paged like the providers' reviews. They are their own list beside the two providers'
 * interleaved one (§4's alternation is between providers 1 and 2, and stays exact), and they count in the
 * totals. Never the order number, the email or the address: the author is "Ada S.".
 */
import type { VerifiedReview, VerifiedReviewPage } from "#shared/orders/reviews.ts";

interface Row {
  id: number;
  author: string;
  rating: number;
  title: string;
  body: string;
  created_at: number;
  product: string | null;
}

const floorOf = (min: number) => (min > 0 ? min : 0);

const toReview = (r: Row): VerifiedReview => ({
  id: r.id,
  author: r.author,
  rating: r.rating,
  title: r.title,
  body: r.body,
  date: new Date(r.created_at).toISOString().slice(0, 10),
  product: r.product,
  verifiedPurchase: true,
});

/** Page `page` (from 1) of `size` published verified reviews with at least `min` stars (-1, 0: all), and how many match. */
export async function verifiedReviewPage(db: D1Database, page: number, size: number, min: number): Promise<VerifiedReviewPage> {
  const [count, rows] = await db.batch([
    db.prepare("SELECT COUNT(*) AS n FROM shop_reviews WHERE status = 'published' AND rating >= ?").bind(floorOf(min)),
    db
      .prepare(
        `SELECT id, author, rating, title, body, created_at, product FROM shop_reviews WHERE status = 'published' AND rating >= ?
         ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .bind(floorOf(min), size, (page - 1) * size),
  ]);
  const total = (count!.results[0] as { n: number } | undefined)?.n ?? 0;
  return { page, size, min, total, reviews: (rows!.results as Row[]).map(toReview) };
}

/** The published verified reviews of a setting (its page), newest first, at most `limit`. */
export async function settingVerifiedReviews(db: D1Database, settingId: number, limit = 6): Promise<VerifiedReview[]> {
  const { results } = await db
    .prepare(
      `SELECT id, author, rating, title, body, created_at, product FROM shop_reviews WHERE setting_id = ? AND status = 'published'
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .bind(settingId, limit)
    .all<Row>();
  return results.map(toReview);
}

/** How many published verified reviews there are, and the sum of their stars. */
export async function verifiedTally(db: D1Database): Promise<{ count: number; stars: number }> {
  const row = await db
    .prepare("SELECT COUNT(*) AS count, COALESCE(SUM(rating), 0) AS stars FROM shop_reviews WHERE status = 'published'")
    .first<{ count: number; stars: number }>();
  return { count: row?.count ?? 0, stars: row?.stars ?? 0 };
}
