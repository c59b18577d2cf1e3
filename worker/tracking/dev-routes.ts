/**
 * `/dev/events` (dev-events.ts), answered only when APP_ENV is `local`; elsewhere the handler steps aside and the
 * request goes on to the pages (staging and production show nothing of it), like /dev/outbox.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { newestDeliveries } from "./deliveries";
import { devEvent, devEventsHtml } from "./dev-events";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/** Mounted at `/dev/events` before the pages. */
export const devEvents = new Hono<AppEnv>().get("/", async (c, next) => {
  if (c.env.APP_ENV !== "local") return next();
  const filter = { event: c.req.query("event")?.trim() || undefined, visitor: c.req.query("visitor")?.trim() || undefined };
  const rows = await newestDeliveries(c.env.DB, filter);
  if (c.req.query("format") === "json") return c.json({ events: rows.map(devEvent) }, 200, PRIVATE);
  return c.body(devEventsHtml(rows, filter), 200, { ...PRIVATE, "Content-Type": "text/html; charset=utf-8" });
});
