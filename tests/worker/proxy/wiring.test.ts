/**
 * The proxy in the real worker (worker/http/api.ts), configured by its vars: `API_UPSTREAMS` sends some groups to the
 * loopback upstream while the others are served here; `API_UPSTREAM` is every other group's default; an invalid
 * table is logged once and ignored (the API keeps answering, never a 500); the real edge cache (caches.default)
 * answers a repeated content GET.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "#worker/env.ts";
import worker from "#worker/index.ts";
import { configuredUpstreams } from "#worker/middleware/api-proxy.ts";
import { attempts, echoOf, resetUpstream, upstreamOrigin } from "./proxy-helpers";

beforeEach(() => resetUpstream());
afterEach(() => vi.restoreAllMocks());

/** A request to the worker with some vars replaced, its background work awaited. */
async function send(path: string, vars: Partial<Bindings>, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(new URL(path, "https://loupe.test"), init);
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ...vars } as typeof env, ctx);
  const body = await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, { status: res.status, headers: res.headers });
}

describe("the proxy configured by API_UPSTREAM and API_UPSTREAMS", () => {
  it("sends the table's groups upstream and serves the others here", async () => {
    const vars = { API_UPSTREAMS: JSON.stringify({ tracking: upstreamOrigin() }) };
    const tracked = await send("/api/tracking/pageview", vars, { method: "POST", headers: { "content-type": "application/json" }, body: '{"url":"/"}' });
    expect(tracked.status).toBe(200);
    expect(await echoOf(tracked)).toMatchObject({ method: "POST", path: "/tracking/pageview", body: '{"url":"/"}' });
    const version = await send("/api/version", vars);
    expect(version.status).toBe(200);
    expect(await version.json()).toHaveProperty("version");
    expect(await attempts("/version")).toBe(0);
  });

  it('takes API_UPSTREAM as every other group\'s upstream, and "" in the table as served here', async () => {
    const vars = { API_UPSTREAM: upstreamOrigin(), API_UPSTREAMS: '{"version": ""}' };
    expect(await echoOf(await send("/api/media-mentions", vars))).toMatchObject({ path: "/media-mentions" });
    expect(await (await send("/api/version", vars)).json()).toHaveProperty("version");
    expect(await attempts("/version")).toBe(0);
  });

  it("logs an invalid table once and ignores it: the API is served here, never a 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const vars = { API_UPSTREAMS: '{"content": "ftp://files.example", "orders": 42' };
    for (let i = 0; i < 3; i++) expect((await send("/api/version", vars)).status).toBe(200);
    const problems = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("api_upstreams_invalid"));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("API_UPSTREAMS is not JSON");
    expect(problems[1]).toContain("ignored as a whole");
  });

  it("answers a repeated anonymous content GET from caches.default", async () => {
    const vars = { API_UPSTREAMS: JSON.stringify({ content: upstreamOrigin() }) };
    const path = `/api/content/item/Wiring-${crypto.randomUUID()}`;
    expect((await send(path, vars)).headers.get("x-cache")).toBe("miss");
    const second = await send(path, vars);
    expect(second.status).toBe(200);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(await attempts(path.slice(4))).toBe(1);
  });
});

describe("configuredUpstreams", () => {
  it("parses once per configuration and logs the table in effect", () => {
    const logged: Record<string, unknown>[] = [];
    const vars = { API_UPSTREAM: "https://api.example/", API_UPSTREAMS: '{"Content": "https://content.example", "version": ""}' };
    const table = configuredUpstreams(vars, (e) => void logged.push(e));
    expect(configuredUpstreams(vars, (e) => void logged.push(e))).toBe(table);
    expect(logged).toEqual([
      { level: "info", event: "api_upstreams", groups: { content: "https://content.example", version: "" }, otherGroups: "https://api.example" },
    ]);
  });
});
