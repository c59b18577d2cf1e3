import { env as startupEnv } from "cloudflare:workers";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { errorResponse } from "../http/errors";
import { groupOf, type ParsedUpstreams, parseUpstreams, type ProxyBindings, type UpstreamTable, upstreamFor } from "../proxy/config";
import { DEFAULT_DEPS, type ProxyCache, type ProxyDeps, proxyRequest } from "../proxy/proxy";
import { ADMIN_COOKIE } from "./admin";
import { SESSION_COOKIE_NAMES } from "./session";

/** Everything the proxy takes from outside, each replaceable by a test. */
export interface ApiProxyOptions extends Partial<Omit<ProxyDeps, "cache" | "waitUntil">> {
  /** The group → upstream table (default: `API_UPSTREAM` and `API_UPSTREAMS`, parsed once per isolate and logged). */
  table?: (env: AppEnv["Bindings"]) => UpstreamTable;
  /** The edge cache (default caches.default; null: nothing cached). */
  cache?: () => ProxyCache | null;
}

let parsed: { key: string; result: ParsedUpstreams } | null = null;

/**
 * The configured table, parsed and validated once per configuration and logged once: the table in effect, and each
 * problem (an invalid table is ignored, never a 500). `apiProxy()` calls it when the worker starts (the isolate's
 * env from cloudflare:workers), so a bad table shows in the logs before any `/api` request.
 */
export function configuredUpstreams(env: ProxyBindings, log: (event: Record<string, unknown>) => void = DEFAULT_DEPS.log): UpstreamTable {
  const key = `${env.API_UPSTREAM ?? ""}\n${env.API_UPSTREAMS ?? ""}`;
  if (parsed?.key === key) return parsed.result.table;
  const result = parseUpstreams(env);
  parsed = { key, result };
  for (const problem of result.problems) log({ level: "error", event: "api_upstreams_invalid", message: problem });
  const { groups, fallback } = result.table;
  if (groups.size || fallback) {
    log({ level: "info", event: "api_upstreams", groups: Object.fromEntries(groups), otherGroups: fallback || "served here" });
  }
  return result.table;
}

const edgeCache = (): ProxyCache | null => (typeof caches === "undefined" ? null : (caches as unknown as { default: ProxyCache }).default);

/**
 * Proxies each `/api` group its table sends upstream (worker/proxy/; docs/decisions/045-api-proxy.md) and lets the
 * others through to the routes served here. A call that times out answers 504 and one that never got an answer
 * (after the retries of an idempotent call) 502, both in the API's error envelope.
 */
export function apiProxy(options: ApiProxyOptions = {}) {
  const { table = (env) => configuredUpstreams(env, options.log), cache = edgeCache, ...rest } = options;
  if (!options.table) {
    try {
      configuredUpstreams(startupEnv as ProxyBindings, options.log);
    } catch {
      // No env at startup (an older runtime): the first /api request validates it.
    }
  }
  return createMiddleware<AppEnv>(async (c, next) => {
    const base = upstreamFor(table(c.env), groupOf(new URL(c.req.url).pathname));
    if (!base) return next();
    const deps: ProxyDeps = {
      ...DEFAULT_DEPS,
      fetch: (input, init) => fetch(input, init),
      credentialCookies: [...SESSION_COOKIE_NAMES, ADMIN_COOKIE],
      ...rest,
      cache: cache(),
      waitUntil: (work) => {
        try {
          c.executionCtx.waitUntil(work);
        } catch {
          // No execution context (an app called directly): the write finishes on its own.
          work.catch(() => {});
        }
      },
    };
    const outcome = await proxyRequest(c.req.raw, base, c.get("requestId"), deps);
    if (outcome.kind === "response") return outcome.response;
    if (outcome.kind === "timeout") return errorResponse(c, 504, "gateway_timeout", "The service took too long to answer. Please try again.");
    return errorResponse(c, 502, "bad_gateway", "The catalogue service is unavailable. Please try again.");
  });
}
