/**
 * `?token=…` on an admin page (`/experiments`, `/content`, `/content/articles`): the operator's way in from a
 * browser. A valid admin token starts an admin session (a 12-hour HttpOnly cookie) and redirects to the page
 * without the token in the URL (so it stays out of history, logs and referrers); a wrong one is simply not
 * found, like the page itself.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { startAdminSession } from "../middleware/admin";

/** The login for the admin page at `to`. */
export function adminPageLogin(to: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = c.req.query("token");
    if (c.req.method !== "GET" || token === undefined) return next();
    c.header("Cache-Control", "no-store");
    if (await startAdminSession(c, token)) return c.redirect(to, 303);
    return next();
  });
}
