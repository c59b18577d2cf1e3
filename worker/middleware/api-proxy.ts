import { createMiddleware } from "hono/factory";
import { errorResponse } from "../http/errors";
import type { AppEnv } from "../env";

export interface ApiProxyOptions {
  /** The upstream origin (and optional base path) for this request, or "" to serve the API here. */
  upstream: (env: AppEnv["Bindings"]) => string;
  /** Injectable for tests; the global `fetch` otherwise. */
  fetch?: typeof fetch;
}

/**
 * Proxies `/api/*` to an upstream API when one is configured (`API_UPSTREAM`): same method, path below
 * `/api`, query, headers and body, plus our `x-request-id`. An unreachable upstream answers 502 in the
 * API's error envelope.
 */
export function apiProxy({ upstream, fetch: doFetch = (input, init) => fetch(input, init) }: ApiProxyOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const base = upstream(c.env);
    if (!base) return next();
    const url = new URL(c.req.url);
    const target = new URL(url.pathname.replace(/^\/api\/?/, "") + url.search, base.endsWith("/") ? base : `${base}/`);
    const headers = new Headers(c.req.raw.headers);
    headers.set("x-request-id", c.get("requestId"));
    headers.delete("host");
    const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD";
    try {
      return await doFetch(target, { method: c.req.method, headers, body: hasBody ? c.req.raw.body : undefined, redirect: "manual" });
    } catch (err) {
      console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), message: `API upstream unreachable: ${String(err)}` }));
      return errorResponse(c, 502, "bad_gateway", "The catalogue service is unavailable. Please try again.");
    }
  });
}
