/**
 * The operator pages' login on a developer's machine (`APP_ENV=local` with `ADMIN_TOKEN`;
 * docs/decisions/056-operator-access.md): an operator page asked for without the admin session answers its 404
 * with a small form; the form posts the token to `/operator/login`, which starts the 12-hour session cookie and
 * goes back to the page (303). The token never travels in an address. A wrong token shows the form again (401);
 * too many from one address, 429 for every token. In staging and production Cloudflare Access signs operators in:
 * these routes step aside (the pages' own 404 for anyone else).
 */
import { type Context, Hono } from "hono";
import { setCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { clientIp, isAdmin, operatorClock } from "../middleware/admin";
import { ADMIN_COOKIE, ADMIN_SESSION_MS, checkToken, LOCAL_OPERATOR, sessionValue } from "./token";

/** The operator pages a login leads to. */
export const OPERATOR_PAGES = ["/experiments", "/content", "/content/articles", "/gemologist-reviews", "/operator/orders", "/operator/conversations"];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function loginPage(c: Context<AppEnv>, to: string, status: ContentfulStatusCode, problem: string | null) {
  c.header("Cache-Control", "no-store");
  const alert = problem ? `\n<p role="alert">${escapeHtml(problem)}</p>` : "";
  return c.html(
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Operators — Loupe</title></head>
<body>
<main>
<h1>Operators</h1>
<p>This page is for operators. On this machine, sign in with the admin token (ADMIN_TOKEN).</p>${alert}
<form method="post" action="/operator/login" aria-label="Operator sign-in">
<input type="hidden" name="to" value="${escapeHtml(to)}">
<p><label for="admin-token">Admin token</label> <input id="admin-token" name="token" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form>
</main>
</body>
</html>
`,
    status,
  );
}

/** The form again with 429 for an address with too many wrong tokens; any other failure is thrown on. */
function throttled(c: Context<AppEnv>, to: string, e: unknown) {
  if (!(e instanceof DomainError) || e.refusal.kind !== "rate_limited") throw e;
  c.header("Retry-After", String(e.refusal.retryAfter ?? 60));
  return loginPage(c, to, 429, e.refusal.message);
}

const localLogin = (c: Context<AppEnv>) => c.env.APP_ENV === "local" && Boolean(c.env.ADMIN_TOKEN);

export const operatorLogin = new Hono<AppEnv>();

for (const page of OPERATOR_PAGES) {
  operatorLogin.get(page, async (c, next) => {
    if (!localLogin(c)) return next();
    try {
      if (await isAdmin(c)) return next();
    } catch (e) {
      return throttled(c, page, e);
    }
    return loginPage(c, page, 404, null);
  });
}

operatorLogin.post("/operator/login", async (c, next) => {
  if (!localLogin(c)) return next();
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const to = typeof form.to === "string" && OPERATOR_PAGES.includes(form.to) ? form.to : "/operator/orders";
  const token = typeof form.token === "string" ? form.token : "";
  const now = operatorClock.now();
  try {
    if (!(await checkToken(c.env.DB, clientIp(c), token, c.env.ADMIN_TOKEN!, now))) return loginPage(c, to, 401, "That is not the admin token.");
  } catch (e) {
    return throttled(c, to, e);
  }
  setCookie(c, ADMIN_COOKIE, await sessionValue(c.env.ADMIN_TOKEN!, now), {
    path: "/",
    httpOnly: true,
    secure: new URL(c.req.url).protocol === "https:",
    sameSite: "Strict",
    maxAge: ADMIN_SESSION_MS / 1000,
  });
  // The login is the operator's first action: the audit records it.
  c.set("operator", Promise.resolve(LOCAL_OPERATOR));
  c.header("Cache-Control", "no-store");
  return c.redirect(to, 303);
});
