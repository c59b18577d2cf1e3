/**
 * Loupe's reviews in D1 (issue 20 point 4, §4 "reviews interleaved", §9 paging): each provider's published
 * reviews newest first, merged alternately provider 1, provider 2, starting with 1 — when one provider runs
 * out, the rest of the other follows. A page is read without the pages before it: `interleavedWindow` says
 * which ranges of the two lists it takes, so page 2 continues the alternation where page 1 ended.
 */
import { interleave, interleavedWindow, type Review, type ReviewCounts, type ReviewPage } from "#shared/reviews.ts";
import { verifiedTally } from "./verified";

interface ReviewRow {
  id: number;
  provider: 1 | 2;
  author: string;
  rating: number;
  title: string;
  body: string;
  date: string;
  location: string | null;
}

const COLUMNS = "id, provider, author, rating, title, body, date, location";
const NEWEST = "date DESC, id DESC";
const BEST = "rating DESC, date DESC, id DESC";

const toReview = (r: ReviewRow): Review => ({ ...r });

/** `min` -1 or 0 means every review; otherwise reviews of at least `min` stars. */
const floorOf = (min: number) => (min > 0 ? min : 0);

/** Published reviews of one provider with at least `min` stars, in `order`, `limit` of them from `offset`. */
async function providerReviews(db: D1Database, provider: 1 | 2, min: number, order: string, offset: number, limit: number): Promise<Review[]> {
  if (limit <= 0) return [];
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM reviews WHERE status = 1 AND provider = ? AND rating >= ? ORDER BY ${order} LIMIT ? OFFSET ?`)
    .bind(provider, floorOf(min), limit, offset)
    .all<ReviewRow>();
  return results.map(toReview);
}

/** How many published reviews each provider has with at least `min` stars. */
async function providerCounts(db: D1Database, min: number): Promise<{ a: number; b: number }> {
  const row = await db
    .prepare("SELECT SUM(provider = 1) AS a, SUM(provider = 2) AS b FROM reviews WHERE status = 1 AND rating >= ?")
    .bind(floorOf(min))
    .first<{ a: number | null; b: number | null }>();
  return { a: row?.a ?? 0, b: row?.b ?? 0 };
}

/** Page `page` (from 1) of `size` interleaved reviews with at least `min` stars, and how many match in all. */
export async function reviewPage(db: D1Database, page: number, size: number, min: number): Promise<ReviewPage> {
  const { a, b } = await providerCounts(db, min);
  const w = interleavedWindow(a, b, (page - 1) * size, size);
  const [first, second] = await Promise.all([
    providerReviews(db, 1, min, NEWEST, w.first.offset, w.first.limit),
    providerReviews(db, 2, min, NEWEST, w.second.offset, w.second.limit),
  ]);
  return { page, size, min, total: a + b, reviews: interleave(first, second, w.firstStarts) };
}

/** The first `pages` pages of `size` at once (the `/reviews?page=n` render without JavaScript). */
export async function reviewPages(db: D1Database, pages: number, size: number, min: number): Promise<ReviewPage> {
  const all = await reviewPage(db, 1, pages * size, min);
  return { ...all, page: pages, size };
}

/** The best reviews (rating ≥ min; min -1 = all), newest first within rating, interleaved by provider starting with 1; at most `limit`. */
export async function topReviews(db: D1Database, min: number, limit = 6): Promise<Review[]> {
  const [first, second] = await Promise.all([providerReviews(db, 1, min, BEST, 0, limit), providerReviews(db, 2, min, BEST, 0, limit)]);
  return interleave(first, second).slice(0, limit);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Review counts and averages per provider, of the shop's verified purchases (decision 037), and in total. */
export async function reviewCounts(db: D1Database): Promise<ReviewCounts> {
  const [{ results }, v] = await Promise.all([
    db
      .prepare("SELECT provider, COUNT(*) AS count, SUM(rating) AS stars FROM reviews WHERE status = 1 GROUP BY provider")
      .all<{ provider: number; count: number; stars: number }>(),
    verifiedTally(db),
  ]);
  const of = (p: number) => results.find((r) => r.provider === p) ?? { count: 0, stars: 0 };
  const summary = (count: number, stars: number) => ({ count, average: count ? round1(stars / count) : 0 });
  const g = of(1);
  const t = of(2);
  return {
    google: summary(g.count, g.stars),
    trustpilot: summary(t.count, t.stars),
    verified: summary(v.count, v.stars),
    total: summary(g.count + t.count + v.count, g.stars + t.stars + v.stars),
  };
}
