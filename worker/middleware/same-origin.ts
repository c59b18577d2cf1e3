/**
 * Every state-changing request must come from this site (docs/security.md): form, text and JSON bodies, with or
 * without a cookie, customer and operator alike — a cross-site `POST /login` can no longer sign a victim in as the
 * attacker, and an operator's post no longer relies on `SameSite` alone. The provider webhooks and Google's
 * sign-in post are exempt: they prove themselves by signatures and a one-time state.
 *
 * A browser names the page a request came from: `Origin` on every POST, PUT, PATCH and DELETE (and
 * `Sec-Fetch-Site`). So: an `Origin` must be this site's (the request's own origin or `SITE_ORIGIN`); without one, a
 * `Sec-Fetch-Site` must say `same-origin` (or `none`, typed by the user); a request with neither comes from no
 * browser (an API client, a mail provider's one-click unsubscribe) and passes — unless it carries the session or
 * admin cookie, which only a browser holds, and then it is refused.
 */
import { createMiddleware } from "hono/factory";
import type { Bindings } from "../env";
import { errorResponse } from "../http/errors";
import { CREDENTIAL_COOKIES, cookieNames } from "../platform/anonymous";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Posts that come from another site by design and prove themselves otherwise: the signed provider webhooks, and
 * Google's sign-in, which posts its ID token from accounts.google.com (form_post) and is checked against the
 * one-time state of the browser's own cookie and the token's nonce (worker/accounts/social-pages.ts).
 */
const EXEMPT = /^\/api\/webhooks\/|^\/login\/google\/callback$/;

export const CROSS_SITE_MESSAGE = "This request came from another site and was refused. Go back to the page and try again.";

const carriesCredentialCookie = (request: Request) => cookieNames(request.headers).some((name) => CREDENTIAL_COOKIES.includes(name));

/** Whether `request` (a state change) may proceed: it came from this site, or from no browser at all. */
export function fromThisSite(request: Request, siteOrigin: string | undefined): boolean {
  const url = new URL(request.url);
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === url.origin || (!!siteOrigin && origin === siteOrigin.replace(/\/$/, ""));
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  return !carriesCredentialCookie(request);
}

/** Refuses (403) a state-changing request that came from another site. */
export function sameOriginWrites() {
  return createMiddleware<{ Bindings: Bindings }>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const path = new URL(c.req.url).pathname;
    if (EXEMPT.test(path) || fromThisSite(c.req.raw, c.env.SITE_ORIGIN)) return next();
    if (path.startsWith("/api/")) return errorResponse(c, 403, "forbidden", CROSS_SITE_MESSAGE);
    return c.text(CROSS_SITE_MESSAGE, 403, { "Cache-Control": "no-store" });
  });
}
