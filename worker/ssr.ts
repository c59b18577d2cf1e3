import { createMiddleware } from "hono/factory";
import { type RouteObject, RouterContextProvider, createRequestHandler, matchRoutes } from "react-router";
import * as build from "virtual:react-router/server-build";
import { DiamondSearchRequest } from "#shared/schemas.ts";
import { catalogueContext, nonceContext, visitorContext } from "#client/context.ts";
import * as v from "valibot";
import { getDiamond, searchDiamonds } from "./catalogue/diamonds";
import type { AppEnv } from "./env";

/** Built once per isolate, not per request. */
const handleRequest = createRequestHandler(build, import.meta.env.MODE);

/** The route tree of the server build, for telling unknown page paths from known ones. */
function routeTree(): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const list = byParent.get(r.parentId) ?? [];
    list.push({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive } as RouteObject);
    byParent.set(r.parentId, list);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((n) => (n.index ? n : { ...n, children: attach(byParent.get(n.id) ?? []) }));
  return attach(byParent.get(undefined) ?? []);
}
const ROUTES = routeTree();
/** Where the client asks for route manifest patches (lazy route discovery). */
const MANIFEST_PATH = build.routeDiscovery.mode === "lazy" ? build.routeDiscovery.manifestPath : "/__manifest";
/** Id of the router's final catch-all route (client/routes.ts). */
const CATCH_ALL_ID = "catch-all";

/** True when no page route other than the final catch-all matches `pathname`. */
export function isUnknownPage(pathname: string): boolean {
  const matches = matchRoutes(ROUTES, pathname);
  return !matches || matches[matches.length - 1]!.route.id === CATCH_ALL_ID;
}

/**
 * The React Router SSR handler, last in the chain. Unknown page paths get a 301 to / (§2); everything
 * else is rendered with the visitor's context and the catalogue services in the router context.
 */
export function ssr() {
  return createMiddleware<AppEnv>(async (c) => {
    const url = new URL(c.req.url);
    // Single-fetch data requests and lazy route discovery are the router's own; only page paths are checked.
    const isRouterRequest = url.pathname.endsWith(".data") || url.pathname === MANIFEST_PATH;
    if (!isRouterRequest && (c.req.method === "GET" || c.req.method === "HEAD") && isUnknownPage(url.pathname)) {
      // A path with a file extension is a missing asset, not a page: answer 404 instead of sending it home.
      if (/\.[a-z0-9]{1,8}$/i.test(url.pathname)) return c.text("Not found", 404);
      return c.redirect(`/${url.search}`, 301);
    }
    const db = c.env.DB;
    const ctx = new RouterContextProvider();
    ctx.set(visitorContext, {
      requestId: c.get("requestId"),
      visitorId: c.get("visitorId"),
      isNewUser: c.get("isNewUser"),
      fromSearchEngine: c.get("fromSearchEngine"),
      theme: c.get("theme"),
      platform: c.get("platform"),
      countryCode: c.get("geo").countryCode,
      regionCode: c.get("geo").regionCode,
      variants: c.get("variants"),
    });
    ctx.set(catalogueContext, {
      searchDiamonds: (req) => searchDiamonds(db, v.parse(DiamondSearchRequest, req)),
      getDiamond: (id) => getDiamond(db, id),
    });
    ctx.set(nonceContext, c.get("secureHeadersNonce") ?? "");
    const response = await handleRequest(c.req.raw, ctx);
    // Pages carry the visitor's theme and experiment variants: never share them from a cache.
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
    return response;
  });
}
