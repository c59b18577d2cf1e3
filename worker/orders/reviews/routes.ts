/** The survey and the shop's own reviews under /api (shared/api/order-reviews.ts; decision 037). */
import { orderReviewOperations as ops } from "#shared/api/order-reviews.ts";
import { refused } from "#shared/refusal.ts";
import { ApiError } from "../../http/errors";
import { handle } from "../../http/routes";
import { operatorActor } from "../../middleware/admin";
import { verifiedReviewPage } from "../../reviews/verified";
import { keyedRequest } from "./access";
import { heldReviews, moderateReview, productReviewOf, submitOrderReview, submitProductReview, unsubscribeOrderReview } from "./submit";
import { SurveyUnavailable, submitSurvey } from "./survey";

export const orderReviewRoutes = [
  handle(ops.postPurchaseSurvey, async ({ body }, c) => {
    c.header("Cache-Control", "private, no-store");
    try {
      return { status: 201, body: await submitSurvey(c.env, body, Date.now()) };
    } catch (e) {
      if (e instanceof SurveyUnavailable) throw new ApiError(502, e.message);
      throw e;
    }
  }),
  handle(ops.orderReviewSubmit, async ({ body }, c) => {
    c.header("Cache-Control", "private, no-store");
    return { status: 200, body: await submitOrderReview(c.env, body, Date.now()) };
  }),
  handle(ops.orderProductReviewSubmit, async ({ body }, c) => {
    c.header("Cache-Control", "private, no-store");
    return { status: 200, body: await submitProductReview(c.env, body, Date.now()) };
  }),
  handle(ops.orderProductReview, async ({ query }, c) => {
    c.header("Cache-Control", "private, no-store");
    const request = await keyedRequest(c.env, query.reviewId, query.key);
    return {
      status: 200,
      body: { reviewId: request.id, orderNumber: request.orderNumber, product: request.name, review: await productReviewOf(c.env.DB, request.id) },
    };
  }),
  handle(ops.unsubscribeOrderReview, async ({ body }, c) => {
    c.header("Cache-Control", "private, no-store");
    return { status: 200, body: await unsubscribeOrderReview(c.env, body.orderNumber, body.key) };
  }),
  handle(ops.verifiedReviews, async ({ params, query }, c) => {
    c.header("Cache-Control", "public, max-age=60");
    return { status: 200, body: await verifiedReviewPage(c.env.DB, params.page, params.size, query.min) };
  }),
  handle(ops.heldReviews, async (_input, c) => {
    c.header("Cache-Control", "private, no-store");
    return { status: 200, body: { reviews: await heldReviews(c.env.DB) } };
  }),
  handle(ops.moderateReview, async ({ params, body }, c) => {
    c.header("Cache-Control", "private, no-store");
    const review = await moderateReview(c.env.DB, params.id, body.decision, await operatorActor(c), Date.now());
    return { status: 200, body: review ?? refused("not_found", "No such review with words") };
  }),
];
