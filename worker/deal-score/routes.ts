/** `GET /api/diamonds/{id}/deal-score` (shared/api/deal-score.ts): an inventory diamond's deal score from the search index. */
import { dealScoreOperations as ops } from "#shared/api/deal-score.ts";
import { refused } from "#shared/refusal.ts";
import { handle } from "../http/routes";
import { serverTiming, type Timings } from "../lib/timings";
import { dealScoreOfDiamond } from "../search/deal-service";

export const dealScoreRoutes = [
  handle(ops.diamondDealScore, async ({ params }, c) => {
    const timings: Timings = {};
    const score = (await dealScoreOfDiamond(c.env, params.id, Date.now(), timings)) ?? refused("not_found", "No such available diamond: it is unknown or sold");
    if (Object.keys(timings).length) c.header("Server-Timing", serverTiming(timings));
    c.header("Cache-Control", "no-store");
    return { status: 200, body: score };
  }),
];
