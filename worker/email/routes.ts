/**
 * The HTTP side of the email slice: `/dev/outbox` and `/dev/outbox/{id}` (dev-outbox.ts), answered only
 * when APP_ENV is `local`. Elsewhere the handlers step aside and the request goes on to the page handling,
 * which sends unknown paths home with a 301 — staging and production show nothing of the outbox.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { newestOutboxRows, outboxEmailHtml, outboxListHtml, outboxRow } from "./dev-outbox";

const PRIVATE_PAGE = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/** The local mailbox, mounted at `/dev/outbox` before the pages. */
export const devOutbox = new Hono<AppEnv>()
  .get("/", async (c, next) => {
    if (c.env.APP_ENV !== "local") return next();
    const to = c.req.query("to")?.trim() || undefined;
    return c.body(outboxListHtml(await newestOutboxRows(c.env.DB, to), to), 200, PRIVATE_PAGE);
  })
  .get("/:id{[0-9]{1,15}}", async (c, next) => {
    if (c.env.APP_ENV !== "local") return next();
    const row = await outboxRow(c.env.DB, Number(c.req.param("id")));
    return row ? c.body(outboxEmailHtml(row), 200, PRIVATE_PAGE) : c.body("<!doctype html><title>Not found</title><p>No such email.</p>", 404, PRIVATE_PAGE);
  });
