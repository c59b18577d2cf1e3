/** Visitor display preferences (shared/api/content.ts). The theme form works without JavaScript (POST, then 303 back). */
import { setCookie } from "hono/cookie";
import { contentOperations as ops } from "#shared/api/content.ts";
import { safePath } from "#shared/safe-path.ts";
import { handle } from "../http/routes";
import { THEME_COOKIE, YEAR_SECONDS } from "../middleware/context";

export const preferenceRoutes = [
  handle(ops.setTheme, ({ body }, c) => {
    setCookie(c, THEME_COOKIE, body.theme, { path: "/", maxAge: YEAR_SECONDS, sameSite: "Lax", secure: new URL(c.req.url).protocol === "https:" });
    if (/^application\/(?:[\w.+-]+\+)?json/i.test(c.req.header("content-type") ?? "")) return { status: 200, body: { theme: body.theme } };
    return c.redirect(safePath(body.returnTo), 303);
  }),
];
