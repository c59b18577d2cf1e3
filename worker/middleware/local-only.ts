/**
 * The local-only surface (`/dev/outbox`, `/dev/gateway`, `/dev/events`): it exists only when `APP_ENV` is `local`.
 * Anywhere else every `/dev/*` path answers 404 before any route can see it (docs/decisions/050-fail-closed.md).
 */
import { createMiddleware } from "hono/factory";
import type { Bindings } from "../env";
import { isLocal } from "../platform/config";

export function localOnly() {
  return createMiddleware<{ Bindings: Bindings }>(async (c, next) => {
    if (isLocal(c.env)) return next();
    return c.text("Not found", 404, { "Cache-Control": "no-store" });
  });
}
