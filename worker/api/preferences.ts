import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import * as v from "valibot";
import { safeTarget } from "#shared/redirects.ts";
import { THEME_COOKIE } from "../middleware/context";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

const ThemeForm = v.object({ theme: v.picklist(["light", "dark"]), returnTo: v.optional(v.string(), "/") });

/** Visitor display preferences. The theme form works without JavaScript (POST, then 303 back). */
export const preferencesApi = new Hono<AppEnv>().post("/preferences/theme", async (c) => {
  const type = c.req.header("content-type") ?? "";
  let raw: unknown;
  if (type.startsWith("application/json")) raw = await c.req.json().catch(() => null);
  else if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) raw = await c.req.parseBody();
  else throw new ApiError(415, "Content-Type must be a form or application/json");
  const parsed = v.safeParse(ThemeForm, raw);
  if (!parsed.success) throw new ApiError(400, "theme must be light or dark", parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message })));
  setCookie(c, THEME_COOKIE, parsed.output.theme, {
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
  });
  if (type.startsWith("application/json")) return c.json({ theme: parsed.output.theme });
  return c.redirect(safeTarget(parsed.output.returnTo) ?? "/", 303);
});
