/**
 * The proxy's edge cache (§9 "Home cache 1 hour; content cache default 300 s"): an anonymous GET of the content group
 * or the home data is answered from the cache the second time, without reaching the upstream (`x-cache: hit`), until
 * its time is up by the injected clock; a request with a credential, an answer the upstream keeps private, a POST
 * and other groups are never cached.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { attempts, bench, echoOf, fault, resetUpstream } from "./proxy-helpers";

beforeEach(() => resetUpstream());

describe("caching of cacheable GETs", () => {
  it("answers the second GET of a content item from the cache, with no upstream attempt", async () => {
    const b = bench();
    const first = await b.send("/api/content/item/Timer");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("miss");
    const second = await b.send("/api/content/item/Timer");
    expect(second.status).toBe(200);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(await echoOf(second)).toMatchObject({ path: "/content/item/Timer" });
    expect(second.headers.get("cache-control")).toBe("public");
    expect(second.headers.has("x-proxy-expires")).toBe(false);
    expect(await attempts("/content/item/Timer")).toBe(1);
  });

  it("keeps content 300 s: a hit at 299 s, a miss (and a new attempt) at 301 s", async () => {
    const b = bench();
    await b.send("/api/content/item/Timer");
    b.advance(299_000);
    expect((await b.send("/api/content/item/Timer")).headers.get("x-cache")).toBe("hit");
    b.advance(2_000);
    expect((await b.send("/api/content/item/Timer")).headers.get("x-cache")).toBe("miss");
    expect(await attempts("/content/item/Timer")).toBe(2);
  });

  it("keeps the home data 1 hour", async () => {
    const b = bench();
    await b.send("/api/info/home");
    b.advance(3_599_000);
    expect((await b.send("/api/info/home")).headers.get("x-cache")).toBe("hit");
    b.advance(2_000);
    expect((await b.send("/api/info/home")).headers.get("x-cache")).toBe("miss");
    expect(await attempts("/info/home")).toBe(2);
  });

  it("keeps an answer no longer than the upstream's max-age", async () => {
    const b = bench();
    await b.send("/api/content/item/short");
    b.advance(61_000);
    expect((await b.send("/api/content/item/short")).headers.get("x-cache")).toBe("miss");
    expect(await attempts("/content/item/short")).toBe(2);
  });

  it.each([
    ["a bearer token", { authorization: "Bearer abcdefghijklmnopqrstuvwxyz" }],
    ["the session cookie", { cookie: "loupe_vid=v1; loupe_session=s3cr3t" }],
    ["a session header", { "x-session-id": "sess-9" }],
    ["the admin token", { "x-admin-token": "test-admin-token" }],
  ])("never caches a GET with %s", async (_, headers) => {
    const b = bench();
    await b.send("/api/content/item/Timer", { headers });
    const again = await b.send("/api/content/item/Timer", { headers });
    expect(again.headers.has("x-cache")).toBe(false);
    expect(await attempts("/content/item/Timer")).toBe(2);
    expect(b.cache.size()).toBe(0);
  });

  it("caches for visitors whose only cookies are not credentials", async () => {
    const b = bench();
    await b.send("/api/content/item/Timer", { headers: { cookie: "loupe_vid=v1" } });
    expect((await b.send("/api/content/item/Timer", { headers: { cookie: "loupe_vid=v2" } })).headers.get("x-cache")).toBe("hit");
  });

  it("does not store what the upstream keeps private, nor an error", async () => {
    const b = bench();
    await b.send("/api/content/item/private");
    expect((await b.send("/api/content/item/private")).headers.get("x-cache")).toBe("miss");
    await fault({ kind: "status", status: 404, count: 2 });
    expect((await b.send("/api/content/item/gone")).status).toBe(404);
    const again = await b.send("/api/content/item/gone");
    expect(again.status).toBe(404);
    expect(again.headers.get("x-cache")).toBe("miss");
    expect(b.cache.size()).toBe(0);
  });

  it("never caches other groups, content/admin, or a POST", async () => {
    const b = bench();
    for (const path of ["/api/diamonds/42", "/api/content/admin", "/api/info/user"]) {
      await b.send(path);
      expect((await b.send(path)).headers.has("x-cache"), path).toBe(false);
    }
    await b.send("/api/info/index", { method: "POST", body: "{}" });
    expect((await b.send("/api/info/index", { method: "POST", body: "{}" })).headers.has("x-cache")).toBe(false);
    expect(await attempts("/info/index")).toBe(2);
    expect(b.cache.size()).toBe(0);
  });

  it("serves a fresh copy while the upstream is down", async () => {
    const b = bench();
    await b.send("/api/content/tree/SurveyQuestions?tree=1");
    await fault({ kind: "reset", count: 10 });
    const res = await b.send("/api/content/tree/SurveyQuestions?tree=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache")).toBe("hit");
    expect(await attempts("/content/tree/SurveyQuestions")).toBe(1);
  });
});
