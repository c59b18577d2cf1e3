/**
 * The proxy's retry rules (worker/proxy/retry.ts) and header rules (worker/proxy/proxy.ts): the backoff (3 retries
 * from 1,000 ms), which methods and failures are retried, the hop-by-hop headers, the credential check and how long
 * an upstream lets an answer be shared.
 */
import { describe, expect, it } from "vitest";
import { endToEnd, sharedTtl } from "#worker/proxy/proxy.ts";
import { backoffDelays, isConnectionError, RETRY_DELAYS_MS } from "#worker/lib/retry.ts";
import { IDEMPOTENT_METHODS, isIdempotent, RETRIED_STATUSES } from "#worker/proxy/retry.ts";

describe("backoff", () => {
  it("waits 1 s, 2 s and 4 s: 3 retries doubling from 1,000 ms", () => {
    expect(RETRY_DELAYS_MS).toEqual([1000, 2000, 4000]);
    expect(backoffDelays(5, 250)).toEqual([250, 500, 1000, 2000, 4000]);
    expect(backoffDelays(0)).toEqual([]);
  });
});

describe("what is retried", () => {
  it("retries GET, HEAD, PUT, DELETE and OPTIONS; never POST or PATCH", () => {
    expect([...IDEMPOTENT_METHODS]).toEqual(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
    expect(isIdempotent("get")).toBe(true);
    expect(isIdempotent("POST")).toBe(false);
    expect(isIdempotent("PATCH")).toBe(false);
  });

  it("counts 502, 503 and 504 as not reached; never a 4xx or a 500", () => {
    expect([...RETRIED_STATUSES]).toEqual([502, 503, 504]);
    for (const status of [400, 404, 409, 429, 500]) expect(RETRIED_STATUSES.has(status)).toBe(false);
  });

  it.each([
    new TypeError("Network connection lost."),
    new TypeError("fetch failed"),
    Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
    new Error("socket hang up"),
    Object.assign(new Error("aborted"), { code: "ECONNABORTED" }),
  ])("treats %s as a connection error", (e) => expect(isConnectionError(e)).toBe(true));

  it("does not treat other failures as connection errors", () => {
    expect(isConnectionError(new SyntaxError("Unexpected token"))).toBe(false);
    expect(isConnectionError(new Error("Invalid URL"))).toBe(false);
    expect(isConnectionError("reset")).toBe(false);
  });
});

describe("headers", () => {
  it("drops the hop-by-hop headers, Host and those Connection names; keeps the rest", () => {
    const out = endToEnd(
      new Headers({
        connection: "close, X-Hop",
        "x-hop": "1",
        "keep-alive": "timeout=5",
        "proxy-authorization": "Basic x",
        "proxy-authenticate": "Basic",
        te: "trailers",
        trailer: "x-sum",
        "transfer-encoding": "chunked",
        upgrade: "h2c",
        host: "loupe.test",
        authorization: "Bearer t",
        cookie: "loupe_session=s",
        "content-type": "application/json",
        accept: "application/json",
      }),
    );
    const kept: Record<string, string> = {};
    out.forEach((value, name) => void (kept[name] = value));
    expect(kept).toEqual({
      authorization: "Bearer t",
      cookie: "loupe_session=s",
      "content-type": "application/json",
      accept: "application/json",
    });
  });

  it.each([
    [200, {}, 300],
    [200, { "cache-control": "public, max-age=60" }, 60],
    [200, { "cache-control": "max-age=600, s-maxage=30" }, 30],
    [200, { "cache-control": "public, max-age=3600" }, 300],
    [200, { "cache-control": "no-store" }, 0],
    [200, { "cache-control": "private, max-age=60" }, 0],
    [200, { "cache-control": "no-cache" }, 0],
    [200, { "cache-control": "max-age=0" }, 0],
    [200, { "set-cookie": "a=1" }, 0],
    [200, { vary: "Cookie" }, 0],
    [200, { vary: "*" }, 0],
    [200, { vary: "Accept-Encoding" }, 300],
    [404, {}, 0],
    [206, {}, 0],
  ])("a %i with %j may be shared %i s (of 300)", (status, headers, ttl) => {
    expect(sharedTtl(new Response(null, { status, headers }), 300)).toBe(ttl);
  });
});
