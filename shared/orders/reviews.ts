/**
 * The post-purchase survey and the shop's own reviews on the wire (issue 22 point 5; §2 user-product-review,
 * unsubscribe-user-review; §7 orders/post-purchase-survey, order-review/submit, order-product-review/submit,
 * unsubscribe-order-review). docs/decisions/037-survey-and-order-reviews.md
 */
import * as v from "valibot";
import { OrderNumber } from "./schemas";

import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, SURVEY_TEXT_MAX } from "./review-limits";

export { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, SURVEY_TEXT_MAX };

/** An emailed key: an HMAC in base64url (22 characters; a little slack for a longer secret's). */
const Key = v.pipe(v.string(), v.maxLength(64), v.regex(/^[\w-]{16,64}$/, "key must be the key of the emailed link"));

/** A review request's id (one per order line, made when the order was delivered). */
export const ReviewRequestId = v.pipe(v.string(), v.maxLength(18), v.regex(/^rr[0-9a-f]{16}$/, "reviewId must be a review request id"));

/** Stars: a whole number 1 to 5 (0 and 6 are refused, not clamped). */
export const Rating = v.pipe(
  v.number("rating must be a whole number of stars 1 to 5"),
  v.integer("rating must be a whole number of stars 1 to 5"),
  v.minValue(1, "rating must be 1 to 5 stars"),
  v.maxValue(5, "rating must be 1 to 5 stars"),
);

/** A text the shopper wrote: trimmed; control characters other than line breaks refused. */
const Text = (name: string, max: number) =>
  v.pipe(
    v.string(`${name} must be text`),
    v.trim(),
    v.maxLength(max, `${name} must be at most ${max} characters`),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refuses control characters but tab and line breaks.
    v.check((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), `${name} must not contain control characters`),
  );

const ReviewWords = {
  rating: Rating,
  title: v.optional(Text("title", REVIEW_TITLE_MAX), ""),
  /** May be empty: stars alone are kept but not shown. */
  text: Text("text", REVIEW_TEXT_MAX),
};

/** `POST orders/order-review/submit`: the shopper's review of the order as a whole (the shop). */
export const OrderReviewRequest = v.object({ orderNumber: OrderNumber, key: Key, ...ReviewWords });
export type OrderReviewRequest = v.InferOutput<typeof OrderReviewRequest>;

/** `POST orders/order-product-review/submit`: the review of one product of the order (its review request). */
export const ProductReviewRequest = v.object({ reviewId: ReviewRequestId, key: Key, ...ReviewWords });
export type ProductReviewRequest = v.InferOutput<typeof ProductReviewRequest>;

/** `POST orders/unsubscribe-order-review`: no more review emails for this order (and this address's later ones). */
export const UnsubscribeOrderReviewRequest = v.object({ orderNumber: OrderNumber, key: Key });

/** One answer: an option (single, rating), several options (multiple), words (text); a rating may be a number. */
export const SurveyAnswer = v.object({
  questionId: v.pipe(v.string(), v.maxLength(64, "questionId is too long")),
  answer: v.union(
    [v.pipe(v.string(), v.maxLength(SURVEY_TEXT_MAX)), v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(20)), v.number()],
    "answer must be an option, a list of options, words or a number of stars",
  ),
});
export type SurveyAnswer = v.InferOutput<typeof SurveyAnswer>;

/** `POST orders/post-purchase-survey`. */
export const SurveyRequest = v.object({
  orderNumber: OrderNumber,
  key: Key,
  answers: v.pipe(v.array(SurveyAnswer), v.minLength(1, "answer at least one question"), v.maxLength(50, "too many answers")),
});
export type SurveyRequest = v.InferOutput<typeof SurveyRequest>;

/** What a stored review is: shown, waiting for an operator (a link in it), stars alone (not shown), refused by an operator. */
export const SHOP_REVIEW_STATUSES = ["published", "held", "rating", "rejected"] as const;
export type ShopReviewStatus = (typeof SHOP_REVIEW_STATUSES)[number];

/** A stored review as its author and the operators see it. */
export const ShopReviewView = v.object({
  id: v.number(),
  orderNumber: v.string(),
  /** The product reviewed, or null for the order's own review. */
  product: v.nullable(v.string()),
  rating: v.number(),
  title: v.string(),
  text: v.string(),
  status: v.picklist(SHOP_REVIEW_STATUSES),
  /** True when this submission edited an earlier one. */
  edited: v.boolean(),
});
export type ShopReviewView = v.InferOutput<typeof ShopReviewView>;

/** §7 orders/order-product-review: the emailed link's review request, with what was written for it so far. */
export const ProductReviewQuery = v.object({ reviewId: ReviewRequestId, key: Key });
export const ProductReviewRequestView = v.object({
  reviewId: v.string(),
  orderNumber: v.string(),
  /** The product as it was ordered. */
  product: v.string(),
  /** The review written for it, or null before one. */
  review: v.nullable(ShopReviewView),
});
export type ProductReviewRequestView = v.InferOutput<typeof ProductReviewRequestView>;

export const SurveyStored = v.object({ orderNumber: v.string(), answered: v.number() });
export const UnsubscribedOrderReview = v.object({ orderNumber: v.string(), reviewEmails: v.literal(false) });

/** A published verified-purchase review as /reviews and the API show it (never the order number or email). */
export const VerifiedReview = v.object({
  id: v.number(),
  author: v.string(),
  rating: v.number(),
  title: v.string(),
  body: v.string(),
  /** ISO date it was last written. */
  date: v.string(),
  /** The product reviewed, or null: a review of the order as a whole. */
  product: v.nullable(v.string()),
  verifiedPurchase: v.literal(true),
});
export type VerifiedReview = v.InferOutput<typeof VerifiedReview>;

export const VerifiedReviewPage = v.object({ page: v.number(), size: v.number(), min: v.number(), total: v.number(), reviews: v.array(VerifiedReview) });
export type VerifiedReviewPage = v.InferOutput<typeof VerifiedReviewPage>;

export const HeldReviews = v.object({ reviews: v.array(ShopReviewView) });
export const ModerationRequest = v.object({ decision: v.picklist(["publish", "reject"], "decision must be publish or reject") });

/** A link, or what reads as one: `http(s)://`, `www.`, or a bare domain with a common ending. */
const LINKISH = /(https?:\/\/|\bwww\.|\b[a-z0-9-]{2,}\.(com|net|org|io|co|info|biz|ru|xyz|top|shop|store|site|online|ly|me|us)\b)/i;

/**
 * The moderation rule (decision 037): stars without words are kept but not shown; words with a link (or what
 * reads as one) wait for an operator; anything else is published at once. An operator's rejection stands
 * through later edits.
 */
export function moderationOf(text: string, previous: ShopReviewStatus | null = null): ShopReviewStatus {
  if (previous === "rejected") return "rejected";
  if (text.trim() === "") return "rating";
  return LINKISH.test(text) ? "held" : "published";
}

/** "Ada S." from a shipping name: the first name and the last name's initial (a single name stays as it is). */
export function reviewerName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "A Loupe customer";
  const first = parts[0]!;
  return parts.length > 1 ? `${first} ${parts.at(-1)!.charAt(0).toUpperCase()}.` : first;
}
