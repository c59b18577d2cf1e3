/**
 * The one answer to "may this request's response be shared with strangers?" (docs/security.md), used by the
 * shared page cache (worker/ssr/render.ts) and the API proxy's edge cache (worker/proxy/proxy.ts) alike. A request
 * is anonymous only when it reads (GET or HEAD) and carries no credential at all: no `Authorization` (a customer's
 * bearer token, an operator's token), no Cloudflare Access assertion, no session or admin cookie, and no key in
 * its URL (an order's or a report's emailed key, an emailed link's token). Everything else is rendered for its
 * caller alone.
 */

/** Cookies that carry a credential: the customer's session (plain and `__Host-` names) and the operator's. */
export const CREDENTIAL_COOKIES: readonly string[] = ["loupe_session", "__Host-loupe_session", "loupe_admin", "__Host-loupe_admin"];

/** Headers that carry a credential. */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "x-admin-token", "cf-access-jwt-assertion", "cf-access-client-secret"];

/** Query parameters that carry a key or token (emailed links). */
const KEY_PARAMETERS = ["key", "token", "orderKey", "reportKey", "code", "nonce", "sig", "signature"];

/** An order's emailed landing `/orders/{orderNumber}-{key}`: the key is in the path. */
const ORDER_KEY_PATH = /^\/orders\/[^/]*-[\w-]{16,}(?:\/|$)/i;

/** The names of the cookies a request carries. */
export function cookieNames(headers: Headers): string[] {
  return (headers.get("cookie") ?? "")
    .split(";")
    .map((c) => c.trim().split("=")[0]?.trim() ?? "")
    .filter(Boolean);
}

/** Whether the request carries any credential (header, cookie or URL key): its answer is personal. */
export function carriesCredential(request: Request): boolean {
  if (CREDENTIAL_HEADERS.some((h) => request.headers.has(h))) return true;
  let sessionHeader = false;
  request.headers.forEach((_, name) => {
    if (name.startsWith("x-session")) sessionHeader = true;
  });
  if (sessionHeader) return true;
  if (cookieNames(request.headers).some((name) => CREDENTIAL_COOKIES.includes(name))) return true;
  const url = new URL(request.url);
  if (KEY_PARAMETERS.some((p) => url.searchParams.has(p))) return true;
  return ORDER_KEY_PATH.test(url.pathname);
}

/** Whether the request's answer may be kept in a cache shared by every visitor. */
export function isAnonymousRequest(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !carriesCredential(request);
}
