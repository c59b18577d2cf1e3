/**
 * Retailer ratings on the wire (§7 Reviews: `POST retailer-ratings`, `GET retailer-ratings/sample`): a visitor rates
 * a visible retailer 1–5 with an optional comment. One rating per rater and retailer; a rater rates at most
 * {@link RATINGS_PER_RATER_PER_DAY} retailers a day (docs/decisions/021-reviews.md).
 */
import * as v from "valibot";

/** A comment is at most this many characters. */
export const MAX_RATING_COMMENT = 1000;
/** A rater (a signed-in customer, or an email address) rates at most this many retailers in 24 hours. */
export const RATINGS_PER_RATER_PER_DAY = 5;
/** One client address stores at most this many ratings in 24 hours (whatever emails it gives). */
export const RATINGS_PER_ADDRESS_PER_DAY = 20;
/** `GET retailer-ratings/sample` answers at most this many. */
export const RATINGS_SAMPLE_SIZE = 12;

const Email = v.pipe(v.string("email must be text"), v.trim(), v.maxLength(254, "email is too long"), v.email("email must be an email address"));

/** `POST retailer-ratings`: `email` is required unless the rater is signed in (then the account rates). */
export const RetailerRatingRequest = v.object({
  retailerId: v.pipe(v.number("retailerId must be a number"), v.integer("retailerId must be an integer"), v.minValue(1, "retailerId must be positive")),
  rating: v.pipe(
    v.number("rating must be a number"),
    v.integer("rating must be a whole number of stars"),
    v.minValue(1, "rating must be 1 to 5"),
    v.maxValue(5, "rating must be 1 to 5"),
  ),
  comment: v.optional(
    v.pipe(v.string("comment must be text"), v.trim(), v.maxLength(MAX_RATING_COMMENT, `comment is at most ${MAX_RATING_COMMENT} characters`)),
    "",
  ),
  email: v.optional(Email),
});
export type RetailerRatingRequest = v.InferOutput<typeof RetailerRatingRequest>;

/** A stored rating as the public sees it (never the rater's email). */
export const RetailerRating = v.object({
  id: v.number(),
  retailerId: v.number(),
  retailerName: v.string(),
  retailerSlug: v.string(),
  rating: v.number(),
  comment: v.string(),
  /** ISO date-time. */
  createdAt: v.string(),
});
export type RetailerRating = v.InferOutput<typeof RetailerRating>;

export const RetailerRatingSample = v.object({ ratings: v.array(RetailerRating) });

/** A retailer's own rating from Loupe's visitors, in the shape of `retailers.ratings` entries. */
export interface RetailerRatingSummary {
  provider: "loupe";
  /** Average stars, one decimal (0 when nobody rated yet). */
  rating: number;
  count: number;
}
