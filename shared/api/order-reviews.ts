/**
 * §7 the post-purchase survey and the shop's own reviews (issue 22 point 5; decision 037): the survey's answers,
 * a review of the order and of each of its products (from the links of the email sent when it was delivered),
 * leaving those emails, the published verified-purchase reviews, and the operators' moderation of held ones.
 */
import * as v from "valibot";
import {
  HeldReviews,
  ModerationRequest,
  OrderReviewRequest,
  ProductReviewQuery,
  ProductReviewRequest,
  ProductReviewRequestView,
  ShopReviewView,
  SurveyRequest,
  SurveyStored,
  UnsubscribeOrderReviewRequest,
  UnsubscribedOrderReview,
  VerifiedReviewPage,
} from "../orders/reviews";
import { REVIEWS_MAX_PAGE_SIZE } from "../reviews";
import { json, operation, refusal } from "./operation";
import { MinQuery } from "./reviews";

const wrongLink = refusal("No such order (or review request), or the key is not the emailed link's");
const notDelivered = refusal("The order has not been delivered yet");
const whole = (name: string) => v.pipe(v.string(), v.maxLength(6), v.regex(/^\d{1,6}$/, `${name} must be a whole number`), v.transform(Number));

export const orderReviewOperations = {
  postPurchaseSurvey: operation({
    method: "POST",
    path: "/orders/post-purchase-survey",
    operationId: "postPurchaseSurvey",
    credentials: ["orderKey"],
    summary: "Answers the post-purchase survey of a delivered order (the questions of content/tree/SurveyQuestions), once per order",
    description:
      "Each answer names a question of the survey and has its kind: one option (single), a list of options (multiple), words (text), a rating among its options. A follow-up is answered only when its parent's answer asks it. A second submission answers 409.",
    body: SurveyRequest,
    responses: {
      201: json("Stored", SurveyStored),
      404: wrongLink,
      409: refusal("Already answered, or the order has not been delivered yet"),
      502: refusal("The survey's questions cannot be read right now (the content source failed); nothing was stored"),
    },
  }),
  orderReviewSubmit: operation({
    method: "POST",
    path: "/orders/order-review/submit",
    operationId: "orderReviewSubmit",
    credentials: ["orderKey"],
    summary: "Reviews a delivered order as a whole (1–5 stars, an optional title, words); a second submission edits the review",
    description: "Published at once when it has words without a link; words with a link wait for an operator; stars alone are kept but not shown.",
    body: OrderReviewRequest,
    responses: { 200: json("The review as stored", ShopReviewView), 404: wrongLink, 409: notDelivered },
  }),
  orderProductReviewSubmit: operation({
    method: "POST",
    path: "/orders/order-product-review/submit",
    operationId: "orderProductReviewSubmit",
    credentials: ["reviewKey"],
    summary: "Reviews one product of a delivered order (its review request from the email's star links); a second submission edits it",
    body: ProductReviewRequest,
    responses: { 200: json("The review as stored", ShopReviewView), 404: wrongLink },
  }),
  orderProductReview: operation({
    method: "GET",
    path: "/orders/order-product-review",
    operationId: "orderProductReview",
    credentials: ["reviewKey"],
    summary: "The product an emailed review link is for (reviewId and its key), and the review written for it so far",
    query: ProductReviewQuery,
    responses: { 200: json("The review request", ProductReviewRequestView), 404: wrongLink },
  }),
  unsubscribeOrderReview: operation({
    method: "POST",
    path: "/orders/unsubscribe-order-review",
    operationId: "unsubscribeOrderReview",
    credentials: ["orderKey"],
    summary: "No more review emails for this order, nor for this address's later orders (idempotent)",
    body: UnsubscribeOrderReviewRequest,
    responses: { 200: json("Unsubscribed", UnsubscribedOrderReview), 404: wrongLink },
  }),
  verifiedReviews: operation({
    method: "GET",
    path: "/reviews/verified/{page}/{size}",
    operationId: "verifiedReviews",
    summary: "The shop's published verified-purchase reviews, newest first (page from 1; size 1–50); min filters by stars",
    params: v.object({
      page: v.pipe(whole("page"), v.minValue(1, "page starts at 1")),
      size: v.pipe(whole("size"), v.minValue(1, "size must be at least 1"), v.maxValue(REVIEWS_MAX_PAGE_SIZE, `size must be at most ${REVIEWS_MAX_PAGE_SIZE}`)),
    }),
    query: MinQuery,
    responses: { 200: json("The page (empty past the last)", VerifiedReviewPage) },
  }),
  heldReviews: operation({
    method: "GET",
    path: "/orders/reviews/held",
    operationId: "heldReviews",
    summary: "Reviews waiting for an operator (their words have a link), oldest first",
    admin: true,
    responses: { 200: json("Up to 200 held reviews", HeldReviews) },
  }),
  moderateReview: operation({
    method: "POST",
    path: "/orders/reviews/{id}/moderate",
    operationId: "moderateReview",
    summary: "Publishes or rejects a review (a rejection stands through the author's later edits)",
    admin: true,
    params: v.object({ id: whole("id") }),
    body: ModerationRequest,
    responses: { 200: json("The review now", ShopReviewView), 404: refusal("No such review with words") },
  }),
} as const;
