/** The tracking queue's dead letters under /api (shared/api/tracking-admin.ts; admin token). */
import { trackingAdminOperations as ops } from "#shared/api/tracking-admin.ts";
import { ApiError } from "../http/errors";
import { handle } from "../http/routes";
import { listDeadLetters, QueueUnavailable, replayDeadLetter } from "./dead-letters";

export const trackingAdminRoutes = [
  handle(ops.trackingDeadLetters, async ({ query }, c) => ({ status: 200, body: await listDeadLetters(c.env.DB, query) })),
  handle(ops.replayTrackingDeadLetter, async ({ params }, c) => {
    try {
      return { status: 200, body: await replayDeadLetter(c.env.DB, c.env.TRACKING_QUEUE, params.id, Date.now()) };
    } catch (e) {
      if (e instanceof QueueUnavailable) throw new ApiError(502, e.message);
      throw e;
    }
  }),
];
