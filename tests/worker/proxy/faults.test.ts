/**
 * The API proxy against the loopback upstream with injected faults (tests/fakes/api-upstream.ts), counting the
 * attempts at the fake: idempotent calls retried 3 times (1 s, 2 s, 4 s through the injected sleep) on connection
 * errors and 502/503/504, never on a 4xx or a 500, never a POST; a hang answers 504 after the call's timeout, a slow
 * answer within it is passed on. Failures leave in the API's error envelope.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { attempts, bench, echoOf, fault, resetUpstream } from "./proxy-helpers";

beforeEach(() => resetUpstream());

const BAD_GATEWAY = { error: { code: "bad_gateway", message: "The catalogue service is unavailable. Please try again." } };
const TIMEOUT = { error: { code: "gateway_timeout", message: "The service took too long to answer. Please try again." } };

describe("retries of idempotent calls (§8, §9: 3 retries from 1,000 ms)", () => {
  it.each(["reset", "hangup"] as const)("a GET meeting %s every time is tried 4 times, then answers 502 in the envelope", async (kind) => {
    const b = bench();
    await fault({ kind, count: 10 });
    const res = await b.send("/api/diamonds/42");
    expect(res.status).toBe(502);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual(BAD_GATEWAY);
    expect(await attempts("/diamonds/42")).toBe(4);
    expect(b.slept).toEqual([1000, 2000, 4000]);
    expect(b.logged).toMatchObject([{ event: "api_upstream_unreachable", attempts: 4, requestId: "req-1" }]);
  });

  it("recovers when a retry gets through, having waited only the delays used", async () => {
    const b = bench();
    await fault({ kind: "reset", count: 2 });
    const res = await b.send("/api/diamonds/42?embed=report");
    expect(res.status).toBe(200);
    expect(await echoOf(res)).toMatchObject({ method: "GET", path: "/diamonds/42", query: "?embed=report" });
    expect(await attempts("/diamonds/42")).toBe(3);
    expect(b.slept).toEqual([1000, 2000]);
  });

  it.each(["PUT", "DELETE", "OPTIONS"])("retries a %s with its body sent again each time", async (method) => {
    const b = bench();
    await fault({ kind: "reset", count: 3 });
    const body = method === "OPTIONS" ? undefined : '{"PostalCode":"10036"}';
    const res = await b.send("/api/orders/payment-order-update/LP-1", { method, body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect(await echoOf(res)).toMatchObject({ method, body: body ?? "" });
    expect(await attempts("/orders/payment-order-update/LP-1")).toBe(4);
    expect(b.slept).toEqual([1000, 2000, 4000]);
  });

  it.each([502, 503, 504])("counts a %s from the upstream's gateway as not reached: 4 attempts, then 502", async (status) => {
    const b = bench();
    await fault({ kind: "status", status, count: 10 });
    const res = await b.send("/api/content/item/Timer");
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(BAD_GATEWAY);
    expect(await attempts("/content/item/Timer")).toBe(4);
    expect(b.slept).toEqual([1000, 2000, 4000]);
  });

  it("passes a 500 (the API's own answer) through after one attempt", async () => {
    const b = bench();
    await fault({ kind: "status", status: 500, count: 10 });
    const res = await b.send("/api/diamonds/42");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: "upstream_500", message: "The upstream answered 500" } });
    expect(await attempts("/diamonds/42")).toBe(1);
  });

  it.each([400, 401, 404, 409, 429])("never retries a %s: one attempt, passed through as the upstream answered it", async (status) => {
    const b = bench();
    await fault({ kind: "status", status, count: 10 });
    const res = await b.send("/api/orders/LP-1", { method: "PUT", body: "{}" });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error: { code: `upstream_${status}`, message: `The upstream answered ${status}` } });
    expect(await attempts("/orders/LP-1")).toBe(1);
    expect(b.slept).toEqual([]);
  });
});

describe("POST is never retried", () => {
  it("a POST whose connection is reset answers 502 after one attempt", async () => {
    const b = bench();
    await fault({ kind: "reset", count: 10 });
    const res = await b.send("/api/orders/draft", { method: "POST", body: '{"items":[]}', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(BAD_GATEWAY);
    expect(await attempts("/orders/draft")).toBe(1);
    expect(b.slept).toEqual([]);
  });

  it("a POST answered 503 is passed through after one attempt", async () => {
    const b = bench();
    await fault({ kind: "status", status: 503, count: 10 });
    const res = await b.send("/api/orders", { method: "POST", body: "{}" });
    expect(res.status).toBe(503);
    expect(await attempts("/orders")).toBe(1);
  });

  it("a PATCH is not retried either", async () => {
    const b = bench();
    await fault({ kind: "reset", count: 10 });
    const res = await b.send("/api/orders/LP-1", { method: "PATCH", body: "{}" });
    expect(res.status).toBe(502);
    expect(await attempts("/orders/LP-1")).toBe(1);
  });
});

describe("timeouts (§9: 30,000 ms; tracking and essential calls 3,000 ms)", () => {
  it("a hanging upstream answers 504 in the envelope after the call's timeout, without a retry", async () => {
    const b = bench();
    await fault({ kind: "hang", count: 10 });
    const started = performance.now();
    const res = await b.send("/api/diamonds/42");
    const waited = performance.now() - started;
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual(TIMEOUT);
    expect(await attempts("/diamonds/42")).toBe(1);
    expect(b.slept).toEqual([]);
    expect(waited).toBeGreaterThanOrEqual(2400);
    expect(b.logged).toMatchObject([{ event: "api_upstream_timeout", timeoutMs: 2500 }]);
  });

  it("a slow answer within the timeout is passed on", async () => {
    const b = bench();
    await fault({ kind: "slow", ms: 300, count: 1 });
    const res = await b.send("/api/diamonds/42");
    expect(res.status).toBe(200);
    expect(await echoOf(res)).toMatchObject({ path: "/diamonds/42" });
    expect(await attempts("/diamonds/42")).toBe(1);
  });

  it("the same slowness is too slow for a tracking call (the essential timeout)", async () => {
    const b = bench();
    await fault({ kind: "slow", ms: 300, count: 1 });
    const res = await b.send("/api/tracking/add_to_cart", { method: "POST", body: "{}" });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual(TIMEOUT);
    expect(b.logged).toMatchObject([{ event: "api_upstream_timeout", timeoutMs: 150 }]);
  });
});
