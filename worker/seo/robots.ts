/**
 * robots.txt as plain text (no Hono): what crawlers may index. Private, per-visitor and transactional pages
 * (My stuff, cart, checkout, orders and their financing and review links, accounts, the operators' views, tools)
 * and the API are disallowed; the
 * sitemap index is named with the request's origin. A staging site is never indexed.
 */

/** Path prefixes crawlers are asked to leave alone (robots.txt prefixes: `/cart` covers `/cart/…` too). */
export const DISALLOWED_PATHS: readonly string[] = [
  "/api/",
  "/dev/",
  "/my-stuff",
  "/cart",
  "/checkout",
  "/orders",
  "/order/td",
  "/financing-account-lookup",
  "/recover",
  "/unsubscribe-user-review",
  "/login",
  "/register",
  "/experiments",
  "/operator",
  "/gemologist-reviews",
  "/viewer",
  "/compare",
];

/** The robots.txt body for a site at `origin` (e.g. `https://loupe.example`); `appEnv` "staging" disallows everything. */
export function robotsTxt(origin: string, appEnv: string): string {
  if (appEnv === "staging") return "User-agent: *\nDisallow: /\n";
  return ["User-agent: *", "Allow: /", ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
