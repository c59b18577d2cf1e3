/** The operators' gemologist review calls under /api (shared/api/gemologist-reviews.ts; admin token). */
import { gemologistReviewOperations as ops } from "#shared/api/gemologist-reviews.ts";
import { handle } from "../http/routes";
import { answerReview, reviewQueue } from "./service";
import { siteOrigin } from "../platform/config";

export const gemologistReviewRoutes = [
  handle(ops.queue, async ({ query }, c) => {
    c.header("Cache-Control", "private, no-store");
    return { status: 200, body: { reviews: await reviewQueue(c.env.DB, query.status) } };
  }),
  handle(ops.answer, async ({ params, body }, c) => {
    c.header("Cache-Control", "private, no-store");
    const origin = siteOrigin(c.env);
    return { status: 200, body: await answerReview(c.env, params.id, body, { origin, now: Date.now(), waitUntil: (p) => c.executionCtx.waitUntil(p) }) };
  }),
];
