/**
 * The API proxy's test bench: an app with the proxy in front of a local route, its groups sent to the loopback
 * fault-injecting upstream (tests/fakes/api-upstream.ts), with an injected sleep (the delays are recorded, never
 * waited), short timeouts, a Map-backed cache and a clock the test moves.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { inject } from "vitest";
import type { AppEnv } from "#worker/env.ts";
import { apiProxy } from "#worker/middleware/api-proxy.ts";
import { requestContext } from "#worker/middleware/context.ts";
import type { TimeoutPolicy } from "#worker/proxy/config.ts";
import type { ProxyCache } from "#worker/proxy/proxy.ts";
import type { Echo, UpstreamFault } from "../../fakes/api-upstream";

export const upstreamOrigin = () => inject("apiUpstreamOrigin");

const control = async (action: string, body?: unknown) =>
  (await fetch(`${upstreamOrigin()}/__control/${action}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) })).json();
/** Injects a fault at the fake. */
export const fault = (f: UpstreamFault) => control("fault", f);
/** How many requests the fake received at `path`. */
export const attempts = async (path: string) => ((await control("attempts")) as Record<string, number>)[path] ?? 0;
/** No faults, no counted attempts. */
export const resetUpstream = () => control("reset-state");

/** A cache in memory, with the Cache API's match/put/delete. */
export function memoryCache(): ProxyCache & { size: () => number } {
  const entries = new Map<string, { status: number; headers: [string, string][]; body: ArrayBuffer }>();
  return {
    async match(req) {
      const e = entries.get(req.url);
      return e ? new Response(e.body, { status: e.status, headers: e.headers }) : undefined;
    },
    async put(req, res) {
      const headers: [string, string][] = [];
      res.headers.forEach((value, name) => void headers.push([name, value]));
      entries.set(req.url, { status: res.status, headers, body: await res.arrayBuffer() });
    },
    async delete(req) {
      return entries.delete(req.url);
    },
    size: () => entries.size,
  };
}

/** The short timeouts of the tests (the spec's are 30 s, 3 s and 5 s). */
export const TEST_TIMEOUTS: TimeoutPolicy = { standardMs: 2500, essentialMs: 150, marketingConfigurationsMs: 600 };

/** The bench: `groups` (default content, orders, tracking, info) proxied to the fake, `/api/local` served here. */
export function bench(options: { groups?: string[]; base?: string; timeouts?: TimeoutPolicy } = {}) {
  const slept: number[] = [];
  const logged: Record<string, unknown>[] = [];
  const cache = memoryCache();
  let clock = Date.parse("2026-11-28T08:00:00Z");
  const base = options.base ?? upstreamOrigin();
  const groups = new Map((options.groups ?? ["content", "orders", "tracking", "info", "diamonds", "version"]).map((g) => [g, base]));
  const app = new Hono<AppEnv>()
    .use(...requestContext({ newId: () => "req-1" }))
    .use(
      "/api/*",
      apiProxy({
        table: () => ({ groups, fallback: "" }),
        sleep: async (ms) => void slept.push(ms),
        timeouts: options.timeouts ?? TEST_TIMEOUTS,
        cache: () => cache,
        now: () => clock,
        log: (e) => void logged.push(e),
      }),
    )
    .get("/api/local", (c) => c.text("served here"));
  /** Sends a request through the app and waits for its background work (the cache write). */
  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(new URL(path, "https://loupe.test"), init), env, ctx);
    const body = await res.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return new Response(body, { status: res.status, headers: res.headers });
  }
  return { app, send, slept, logged, cache, advance: (ms: number) => void (clock += ms) };
}

/** The fake's echo of what it received. */
export const echoOf = async (res: Response) => (await res.json()) as Echo;
