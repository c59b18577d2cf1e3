import { createMiddleware } from "hono/factory";
import { matchLegacyRedirect, matchRedirect } from "#shared/redirects.ts";
import type { Bindings } from "../env";

/** Reads one entry of the legacy content map (D1 `legacy_redirects`). */
async function lookupLegacy(db: D1Database, key: string): Promise<{ to: string; status: number } | null> {
  return db.prepare('SELECT to_path AS "to", status FROM legacy_redirects WHERE from_path = ?').bind(key).first<{ to: string; status: number }>();
}

/**
 * The redirect table (shared/redirects.ts) and the data-driven legacy content map, for page requests.
 * API and asset paths are never redirected.
 */
export function redirects() {
  return createMiddleware<{ Bindings: Bindings }>(async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.startsWith("/api/") || url.pathname === "/api" || (c.req.method !== "GET" && c.req.method !== "HEAD")) {
      return next();
    }
    const hit = matchRedirect(url.pathname, url.search) ?? (await matchLegacyRedirect(url.pathname, url.search, (key) => lookupLegacy(c.env.DB, key)));
    if (hit) {
      c.header("Cache-Control", "public, max-age=3600");
      return c.redirect(hit.location, hit.status);
    }
    return next();
  });
}
