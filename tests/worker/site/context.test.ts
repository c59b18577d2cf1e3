import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { Hono } from "hono";
import { requestContext } from "#worker/middleware/context.ts";
import type { AppEnv } from "#worker/env.ts";

/** The request-context middleware on its own, with an injected id source. */
function app() {
  let n = 0;
  return new Hono<AppEnv>().use(...requestContext({ newId: () => `id-${++n}` })).get("/ctx", (c) =>
    c.json({
      requestId: c.get("requestId"),
      visitorId: c.get("visitorId"),
      visitorCreated: c.get("visitorCreated"),
      isNewUser: c.get("isNewUser"),
      geo: c.get("geo"),
      platform: c.get("platform"),
      fromSearchEngine: c.get("fromSearchEngine"),
      theme: c.get("theme"),
    }),
  );
}

type Ctx = {
  requestId: string;
  visitorId: string;
  visitorCreated: boolean;
  isNewUser: boolean;
  geo: Record<string, string | null>;
  platform: string;
  fromSearchEngine: boolean;
  theme: string;
};

async function ctx(a: ReturnType<typeof app>, init: RequestInit & { cf?: Record<string, unknown> } = {}) {
  const res = await a.fetch(new Request("https://loupe.test/ctx", init), env);
  return { res, body: (await res.json()) as Ctx, cookies: res.headers.getSetCookie() };
}

const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

describe("request context middleware", () => {
  it("issues a signed visitor id and the new-user flag on the first request, and keeps them after", async () => {
    const a = app();
    const first = await ctx(a);
    expect(first.body).toMatchObject({ visitorCreated: true, isNewUser: true });
    expect(first.res.headers.get("x-request-id")).toBe(first.body.requestId);
    const again = await ctx(a, { headers: { cookie: cookieHeader(first.cookies) } });
    expect(again.body.visitorId).toBe(first.body.visitorId);
    expect(again.body.visitorCreated).toBe(false);
    expect(again.body.isNewUser).toBe(true);
    expect(again.cookies.join("")).not.toContain("loupe_vid=");
    // Once the 12-hour new-user cookie is gone, the visitor is returning.
    const vid = first.cookies.find((c) => c.startsWith("loupe_vid="))!.split(";")[0];
    const returning = await ctx(a, { headers: { cookie: vid! } });
    expect(returning.body).toMatchObject({ visitorId: first.body.visitorId, isNewUser: false });
  });

  it("refuses a visitor cookie whose signature does not match and issues a new id", async () => {
    const a = app();
    const forged = await ctx(a, { headers: { cookie: "loupe_vid=someone-else.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D" } });
    expect(forged.body.visitorId).not.toBe("someone-else");
    expect(forged.body.visitorCreated).toBe(true);
  });

  it("reads geo from request.cf, the device platform and a search-engine referrer", async () => {
    const a = app();
    const { body } = await ctx(a, {
      cf: { country: "US", regionCode: "CA", city: "San Francisco", postalCode: "94103" },
      headers: {
        "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148",
        referer: "https://www.google.com/search?q=oval+diamond",
      },
    });
    expect(body.geo).toEqual({ countryCode: "US", regionCode: "CA", city: "San Francisco", postalCode: "94103" });
    expect(body.platform).toBe("mobile");
    expect(body.fromSearchEngine).toBe(true);
    const plain = await ctx(a, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/150" } });
    expect(plain.body.geo).toEqual({ countryCode: null, regionCode: null, city: null, postalCode: null });
    expect(plain.body.platform).toBe("desktop");
    expect(plain.body.fromSearchEngine).toBe(false);
  });

  it("takes a valid incoming x-request-id and reads the theme cookie", async () => {
    const a = app();
    const { body, res } = await ctx(a, { headers: { "x-request-id": "edge-abc-123", cookie: "loupe_theme=dark" } });
    expect(body.requestId).toBe("edge-abc-123");
    expect(res.headers.get("x-request-id")).toBe("edge-abc-123");
    expect(body.theme).toBe("dark");
  });
});
