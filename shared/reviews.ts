/**
 * Reviews (§3 Review, §4 "reviews interleaved", §7 Reviews): shoppers' reviews of Loupe from two providers —
 * provider 1 Google, provider 2 Trustpilot — shown interleaved 1, 2, 1, 2…; counts per provider with totals.
 */
import * as v from "valibot";

/** Provider 1 is Google's reviews, provider 2 Trustpilot's. */
export const REVIEW_PROVIDERS = { 1: "google", 2: "trustpilot" } as const;

/** §9: all-reviews default page size 9, minimum 6, starting at page 1. */
export const REVIEWS_PAGE_SIZE = 9;
export const REVIEWS_MIN_PAGE_SIZE = 6;
/** `min` (a minimum star rating) when not given: -1, every review. */
export const REVIEWS_DEFAULT_MIN = -1;

export const Review = v.object({
  id: v.number(),
  provider: v.picklist([1, 2]),
  author: v.string(),
  /** 1–5 stars. */
  rating: v.number(),
  title: v.string(),
  body: v.string(),
  /** ISO date of the review. */
  date: v.string(),
  /** The reviewer's city or state, when they gave one. */
  location: v.nullable(v.string()),
});
export type Review = v.InferOutput<typeof Review>;

const ProviderCount = v.object({ count: v.number(), average: v.number() });

/**
 * `GET reviews/count`: per provider, the shop's own verified-purchase reviews (decision 037), and in total
 * (averages rounded to one decimal).
 */
export const ReviewCounts = v.object({ google: ProviderCount, trustpilot: ProviderCount, verified: ProviderCount, total: ProviderCount });
export type ReviewCounts = v.InferOutput<typeof ReviewCounts>;

/** The most reviews one `GET reviews/{page}/{size}` answers (a larger size is refused: 400). */
export const REVIEWS_MAX_PAGE_SIZE = 50;
/** The most pages `/reviews?page=n` renders without JavaScript (pages 1..n, so at most 50 × 9 reviews). */
export const REVIEWS_MAX_RENDERED_PAGES = 50;

/** Which of each provider's lists (newest first) one window of the interleaved sequence takes. */
export interface InterleavedWindow {
  /** Provider 1's reviews from `offset`, `limit` of them; likewise provider 2's. */
  first: { offset: number; limit: number };
  second: { offset: number; limit: number };
  /** Whether the window's first review is provider 1's (pass it to {@link interleave}). */
  firstStarts: boolean;
}

/**
 * The interleaved sequence is provider 1, provider 2, 1, 2… while both have reviews; when one runs out, the
 * rest of the other follows in its own order. Given how many each provider has (`a`, `b`), the window of
 * positions `[start, start + size)` takes these ranges of the two lists — so page n can be read without the
 * pages before it, and page 2 continues the alternation where page 1 left it.
 */
export function interleavedWindow(a: number, b: number, start: number, size: number): InterleavedWindow {
  const count = (n: number, end: number) => {
    // How many of one provider's reviews come before position `end` (0-based, exclusive).
    const pairs = Math.min(a, b);
    if (end <= 2 * pairs) return n === 1 ? Math.ceil(end / 2) : Math.floor(end / 2);
    const rest = end - 2 * pairs;
    return n === 1 ? (a > b ? pairs + Math.min(rest, a - pairs) : pairs) : b > a ? pairs + Math.min(rest, b - pairs) : pairs;
  };
  const end = Math.min(start + size, a + b);
  const from = Math.min(start, a + b);
  const f = { offset: count(1, from), limit: count(1, end) - count(1, from) };
  const s = { offset: count(2, from), limit: count(2, end) - count(2, from) };
  return { first: f, second: s, firstStarts: from % 2 === 0 };
}

/**
 * Merges two lists alternately, starting with `first`, then the rest of whichever is longer. With the ranges of
 * {@link interleavedWindow}, `firstStarts` says whether the window begins with provider 1 (true at an even
 * position while both providers still have reviews).
 */
export function interleave<T>(first: readonly T[], second: readonly T[], firstStarts = true): T[] {
  const out: T[] = [];
  const [x, y] = firstStarts ? [first, second] : [second, first];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (i < x.length) out.push(x[i] as T);
    if (i < y.length) out.push(y[i] as T);
  }
  return out;
}

/** `GET reviews/{page}/{size}?min=`: one page of the interleaved reviews and how many match in all. */
export const ReviewPage = v.object({
  page: v.number(),
  size: v.number(),
  min: v.number(),
  /** Reviews matching `min` in all (the page after the last is empty). */
  total: v.number(),
  reviews: v.array(Review),
});
export type ReviewPage = v.InferOutput<typeof ReviewPage>;

export const ReviewList = v.object({ reviews: v.array(Review) });

/** A store's and sku's review as a third-party reviews service answers it (§7 "Reviews … by store and sku"). */
export const ProductReview = v.object({
  id: v.string(),
  author: v.string(),
  /** 1–5 stars. */
  rating: v.number(),
  body: v.string(),
  /** ISO date or date-time. */
  date: v.string(),
});
export type ProductReview = v.InferOutput<typeof ProductReview>;

/** `GET reviews/products/{store}/{sku}`: the reviews (empty when the service failed: logged, §8). */
export const ProductReviews = v.object({ store: v.string(), sku: v.string(), reviews: v.array(ProductReview) });
export type ProductReviews = v.InferOutput<typeof ProductReviews>;
