/** §7 Reviews under /api (shared/api/reviews.ts): the interleaved pages, counts, top reviews, product reviews, retailer ratings. */
import { reviewOperations as ops } from "#shared/api/reviews.ts";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { signedInUser } from "../middleware/session";
import { productReviews } from "./products";
import { addressHash, rateRetailer, raterOf, ratingIpKey, ratingSample } from "./ratings";
import { reviewCounts, reviewPage, topReviews } from "./store";

/** Reviews change when an operator edits them: shared caches may keep an answer a minute. */
const publicMinute = (c: Context<AppEnv>) => c.header("Cache-Control", "public, max-age=60");

export const reviewRoutes = [
  handle(ops.reviewPage, async ({ params, query }, c) => {
    publicMinute(c);
    return { status: 200, body: await reviewPage(c.env.DB, params.page, params.size, query.min) };
  }),
  handle(ops.reviewCount, async (_input, c) => {
    publicMinute(c);
    return { status: 200, body: await reviewCounts(c.env.DB) };
  }),
  handle(ops.topReviews, async ({ query }, c) => {
    publicMinute(c);
    return { status: 200, body: { reviews: await topReviews(c.env.DB, query.min) } };
  }),
  handle(ops.productReviews, async ({ params }, c) => {
    publicMinute(c);
    return { status: 200, body: { store: params.store, sku: params.sku, reviews: await productReviews(c.env, params.store, params.sku) } };
  }),
  handle(ops.rateRetailer, async ({ body }, c) => {
    c.header("Cache-Control", "private, no-store");
    const user = await signedInUser(c);
    const rater = raterOf(user?.id ?? null, body.email);
    await rateRetailer(c.env.DB, body, rater, await addressHash(c.req.header("cf-connecting-ip") ?? "unknown", ratingIpKey(c.env)), Date.now());
    return { status: 201, body: null };
  }),
  handle(ops.ratingSample, async (_input, c) => {
    publicMinute(c);
    return { status: 200, body: { ratings: await ratingSample(c.env.DB) } };
  }),
];
