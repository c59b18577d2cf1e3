import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { Hono } from "hono";
import { apiProxy } from "#worker/middleware/api-proxy.ts";
import { requestContext } from "#worker/middleware/context.ts";
import type { AppEnv } from "#worker/env.ts";

/** An app with the proxy in front of a local route, and a fake upstream that records what it receives. */
function setup(upstream: string, answer: (req: Request) => Promise<Response> | Response) {
  const seen: { method: string; url: string; headers: Headers; body: string }[] = [];
  const app = new Hono<AppEnv>()
    .use(...requestContext({ newId: () => "req-1" }))
    .use(
      "/api/*",
      apiProxy({
        upstream: () => upstream,
        fetch: async (input, init) => {
          const req = new Request(input as RequestInfo, init as RequestInit);
          seen.push({ method: req.method, url: req.url, headers: req.headers, body: await req.clone().text() });
          return answer(req);
        },
      }),
    )
    .get("/api/local", (c) => c.text("served here"));
  return { app, seen };
}

describe("API upstream proxy", () => {
  it("serves the API locally when no upstream is configured", async () => {
    const { app, seen } = setup("", () => new Response("upstream"));
    const res = await app.fetch(new Request("https://loupe.test/api/local"), env);
    expect(await res.text()).toBe("served here");
    expect(seen).toHaveLength(0);
  });

  it("forwards method, path below /api, query, body and the request id", async () => {
    const { app, seen } = setup("https://api.upstream.test/v2", () => Response.json({ total: 3 }, { status: 201 }));
    const res = await app.fetch(
      new Request("https://loupe.test/api/diamonds2?promoCodeVariation=1", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"pageNumber":2}',
      }),
      env,
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ total: 3 });
    const req = seen[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("https://api.upstream.test/v2/diamonds2?promoCodeVariation=1");
    expect(req.headers.get("x-request-id")).toBe("req-1");
    expect(req.headers.get("content-type")).toBe("application/json");
    expect(req.body).toBe('{"pageNumber":2}');
  });

  it("answers 502 in the error envelope when the upstream cannot be reached", async () => {
    const { app } = setup("https://api.upstream.test", () => Promise.reject(new TypeError("connection refused")));
    const res = await app.fetch(new Request("https://loupe.test/api/diamonds/1"), env);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: "bad_gateway", message: "The catalogue service is unavailable. Please try again." } });
  });
});
