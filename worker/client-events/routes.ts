/**
 * `POST /api/logging/client-event` (shared/api/client-events.ts): the browser's own reports, logged as one
 * structured line each (Workers Logs keeps them); nothing is stored but the request counted against the page events'
 * limits (worker/tracking/throttle.ts). The body schema bounds every field, so a
 * line is small whatever a client sends.
 */
import { clientEventOperations as ops } from "#shared/api/client-events.ts";
import { handle } from "../http/routes";
import { limitPageEvents } from "../middleware/tracking";
import { clientEventLine } from "./log";

export const clientEventRoutes = [
  handle(ops.logClientEvent, async ({ body }, c) => {
    await limitPageEvents(c);
    console.warn(JSON.stringify(clientEventLine(body, new Date(), c.req.header("user-agent") ?? null)));
    c.header("Cache-Control", "no-store");
    return { status: 204, body: null };
  }),
];
