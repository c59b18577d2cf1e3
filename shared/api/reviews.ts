/**
 * §7 Reviews and retailer ratings (issue 20 point 4; docs/decisions/021-reviews.md): Loupe's reviews from two
 * providers interleaved 1, 2, 1, 2… (§4), paged 9 at a time from page 1 (§9: minimum 6); their counts; the best
 * ones; third-party product reviews by store and sku; visitors' ratings of retailers.
 */
import * as v from "valibot";
import { RetailerRatingRequest, RetailerRatingSample } from "../retailer-ratings";
import { ProductReviews, REVIEWS_DEFAULT_MIN, REVIEWS_MAX_PAGE_SIZE, REVIEWS_MIN_PAGE_SIZE, ReviewCounts, ReviewList, ReviewPage } from "../reviews";
import { empty, json, operation, refusal } from "./operation";

const whole = (name: string) => v.pipe(v.string(), v.maxLength(6), v.regex(/^\d{1,6}$/, `${name} must be a whole number`), v.transform(Number));

/** `?min=`: the least stars a review has (-1, the default, or 0: every review; 1–5). */
export const MinQuery = v.object({
  min: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(2),
      v.regex(/^-?\d$/, "min must be -1 or a number of stars 0 to 5"),
      v.transform(Number),
      v.minValue(-1, "min must be -1 or a number of stars 0 to 5"),
      v.maxValue(5, "min must be -1 or a number of stars 0 to 5"),
    ),
    String(REVIEWS_DEFAULT_MIN),
  ),
});

const PageParams = v.object({
  page: v.pipe(whole("page"), v.minValue(1, "page starts at 1")),
  size: v.pipe(
    whole("size"),
    v.minValue(REVIEWS_MIN_PAGE_SIZE, `size must be at least ${REVIEWS_MIN_PAGE_SIZE}`),
    v.maxValue(REVIEWS_MAX_PAGE_SIZE, `size must be at most ${REVIEWS_MAX_PAGE_SIZE}`),
  ),
});

const ProductParams = v.object({
  store: v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "store must be a store id (letters, digits, . _ -)")),
  sku: v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "sku must be a product sku (letters, digits, . _ -)")),
});

export const reviewOperations = {
  reviewPage: operation({
    method: "GET",
    path: "/reviews/{page}/{size}",
    operationId: "reviewPage",
    summary: `One page of the reviews, interleaved provider 1, 2, 1, 2… across pages (page from 1; size ${REVIEWS_MIN_PAGE_SIZE}–${REVIEWS_MAX_PAGE_SIZE}, 9 on the page); min filters by stars`,
    params: PageParams,
    query: MinQuery,
    responses: { 200: json("The page (empty past the last)", ReviewPage) },
  }),
  reviewCount: operation({
    method: "GET",
    path: "/reviews/count",
    operationId: "reviewCount",
    summary: "How many reviews each provider has (google, trustpilot) and in total, with their average stars",
    responses: { 200: json("Counts and averages", ReviewCounts) },
  }),
  topReviews: operation({
    method: "GET",
    path: "/top-Reviews/",
    operationId: "topReviews",
    summary: "The best reviews (at least min stars, default -1: all), best and newest first within each provider, interleaved 1, 2, 1, 2…",
    query: MinQuery,
    responses: { 200: json("Up to 6 reviews", ReviewList) },
  }),
  productReviews: operation({
    method: "GET",
    path: "/reviews/products/{store}/{sku}",
    operationId: "productReviews",
    summary: "A product's reviews from the third-party reviews service by store and sku (the embedded reviews when none is configured); empty when it fails",
    params: ProductParams,
    responses: { 200: json("The product's reviews, newest first", ProductReviews) },
  }),
  rateRetailer: operation({
    method: "POST",
    path: "/retailer-ratings",
    operationId: "rateRetailer",
    summary:
      "Rates a visible retailer 1–5 with an optional comment; the signed-in account or the email given is the rater (one rating per retailer, 5 retailers a day)",
    auth: "optional",
    body: RetailerRatingRequest,
    responses: {
      201: empty("Stored"),
      404: refusal("No such retailer (or not shown)"),
      409: refusal("This rater has already rated this retailer"),
      429: refusal("This rater (or address) has rated as many retailers as allowed today"),
    },
  }),
  ratingSample: operation({
    method: "GET",
    path: "/retailer-ratings/sample",
    operationId: "retailerRatingSample",
    summary: "The most recent ratings of shown retailers, with the retailers' names (never the raters' emails)",
    responses: { 200: json("Up to 12 ratings, newest first", RetailerRatingSample) },
  }),
} as const;
