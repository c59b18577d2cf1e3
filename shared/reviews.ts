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

/** `GET reviews/count`: per provider and in total (average rounded to one decimal). */
export const ReviewCounts = v.object({ google: ProviderCount, trustpilot: ProviderCount, total: ProviderCount });
export type ReviewCounts = v.InferOutput<typeof ReviewCounts>;
