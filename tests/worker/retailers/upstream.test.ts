/**
 * The upstream retailer directory (§8) against the loopback fault-injecting fake (tests/fakes/retailer-directory.ts):
 * a reset connection, a hang-up mid-answer and a stalled read are retried 3 times (1 s, 2 s, 4 s through the injected
 * sleep) and then fall back (an empty list, a null retailer, a skipped logo) with a marker; a 500 or invalid JSON is
 * not retried and the API answers 502. Attempts are counted at the fake.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import type { MetroAreaAnswer, RetailerAnswer, RetailerDirectory } from "#shared/retailers/schemas.ts";
import { type DirectoryFault, UPSTREAM_RETAILERS } from "../../fakes/retailer-directory";
import { RETRY_DELAYS_MS, retailerDirectoryClient, UpstreamError, upstreamTiming } from "#worker/retailers/upstream.ts";
import { call, type ErrorBody } from "../helpers";

const origin = () => inject("retailerDirectoryOrigin");
const control = async (action: string, body?: unknown) =>
  (await fetch(`${origin()}/__control/${action}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) })).json();
const fault = (kind: DirectoryFault, count: number, path?: string) => control("fault", { kind, count, path });
const attempts = async (path: string) => ((await control("attempts")) as Record<string, number>)[path] ?? 0;

let slept: number[] = [];
let logged: Record<string, unknown>[] = [];
const client = () =>
  retailerDirectoryClient({
    baseUrl: origin(),
    sleep: async (ms) => void slept.push(ms),
    timeoutMs: 300,
    log: (e) => void logged.push(e),
  });

const original = { ...upstreamTiming };
beforeEach(async () => {
  slept = [];
  logged = [];
  await control("reset-state");
  upstreamTiming.sleep = async (ms) => void slept.push(ms);
  upstreamTiming.timeoutMs = 300;
});
afterEach(() => Object.assign(upstreamTiming, original));

const transient: DirectoryFault[] = ["reset", "hangup", "stall"];

describe("the upstream directory client (§8)", () => {
  it("reads the list, one retailer and a logo when the upstream answers", async () => {
    const c = client();
    expect((await c.list()).retailers.map((r) => r.slugurl)).toEqual(UPSTREAM_RETAILERS.map((r) => r.slugurl));
    expect(await c.get("remote-carats")).toMatchObject({ retailer: { name: "Remote Carats", city: "Los Angeles" }, fallback: false });
    expect(await c.get("nobody")).toEqual({ retailer: null, fallback: false });
    expect(await c.logo("/logos/upstream-gems.svg")).toContain("<svg");
    expect(slept).toEqual([]);
  });

  it.each(transient)("retries the list 3 times on %s (1 s, 2 s, 4 s), then falls back to an empty list", async (kind) => {
    await fault(kind, 10);
    expect(await client().list()).toEqual({ retailers: [], fallback: true });
    expect(await attempts("/retailers")).toBe(4);
    expect(slept).toEqual([...RETRY_DELAYS_MS]);
    expect(slept).toEqual([1000, 2000, 4000]);
    expect(logged).toMatchObject([{ event: "retailer_directory_fallback", attempts: 4 }]);
  });

  it.each(transient)("retries one retailer 3 times on %s, then falls back to null", async (kind) => {
    await fault(kind, 10);
    expect(await client().get("upstream-gems")).toEqual({ retailer: null, fallback: true });
    expect(await attempts("/retailers/upstream-gems")).toBe(4);
    expect(slept).toEqual([1000, 2000, 4000]);
  });

  it.each(transient)("skips a logo after 3 retries on %s", async (kind) => {
    await fault(kind, 10);
    expect(await client().logo("/logos/upstream-gems.svg")).toBeNull();
    expect(await attempts("/logos/upstream-gems.svg")).toBe(4);
  });

  it("recovers when a retry succeeds, having waited only the delays used", async () => {
    await fault("reset", 2);
    expect((await client().list()).retailers).toHaveLength(4);
    expect(await attempts("/retailers")).toBe(3);
    expect(slept).toEqual([1000, 2000]);
  });

  it.each(["500", "garbage"] as const)("does not retry a %s answer: logged and rethrown", async (kind) => {
    await fault(kind, 10);
    await expect(client().list()).rejects.toBeInstanceOf(UpstreamError);
    expect(await attempts("/retailers")).toBe(1);
    expect(slept).toEqual([]);
    expect(logged).toMatchObject([{ event: "retailer_directory_failed", what: "list" }]);
    await expect(client().logo("/logos/upstream-gems.svg")).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe("the API with RETAILER_DIRECTORY_URL set", () => {
  const upstreamEnv = () => ({ env: { RETAILER_DIRECTORY_URL: origin() } });

  it("lists the upstream's shown retailers (not the hidden one, nor the one without a logo)", async () => {
    const res = await call("/api/retailers?type=all&fields=slugurl", upstreamEnv());
    expect(res.status).toBe(200);
    expect(((await res.json()) as RetailerDirectory).retailers.map((r) => r.slugurl)).toEqual(["remote-carats", "upstream-gems"]);
    expect(res.headers.get("x-retailer-fallback")).toBeNull();
    const one = await call("/api/retailers/hidden-upstream", upstreamEnv());
    expect(one.status).toBe(404);
  });

  it("marks the fallback after the retries: an empty list, a null retailer, a metro without retailers", async () => {
    await fault("reset", 100);
    const list = await call("/api/retailers?type=all", upstreamEnv());
    expect(list.status).toBe(200);
    expect(list.headers.get("x-retailer-fallback")).toBe("true");
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(await list.json()).toEqual({ retailers: [], fallback: true });
    const one = await call("/api/retailers/upstream-gems", upstreamEnv());
    expect(await one.json()).toEqual({ retailer: null, fallback: true });
    const metro = (await (await call("/api/metro-areas/new-york", upstreamEnv())).json()) as MetroAreaAnswer;
    expect(metro).toMatchObject({ retailers: [], fallback: true });
    expect(slept).toEqual([1000, 2000, 4000, 1000, 2000, 4000, 1000, 2000, 4000]);
  });

  it("answers 502 in the error envelope when the upstream answers 500, without retrying", async () => {
    await fault("500", 1);
    const res = await call("/api/retailers/upstream-gems", upstreamEnv());
    expect(res.status).toBe(502);
    expect(((await res.json()) as ErrorBody).error.code).toBe("bad_gateway");
    expect(await attempts("/retailers/upstream-gems")).toBe(1);
    const ok = (await (await call("/api/retailers/upstream-gems?fields=name", upstreamEnv())).json()) as RetailerAnswer;
    expect(ok.retailer).toEqual({ name: "Upstream Gems" });
  });

  it("serves the upstream logos from this site; a logo failing transiently is skipped (404), a 500 is a 502", async () => {
    const list = (await (await call("/api/retailers?fields=slugurl,logoUrl", upstreamEnv())).json()) as RetailerDirectory;
    expect(list.retailers).toContainEqual({ slugurl: "upstream-gems", logoUrl: "/images/retailer-logos/upstream-gems.svg" });
    const ok = await call("/images/retailer-logos/upstream-gems.svg", upstreamEnv());
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("image/svg+xml");
    expect(await ok.text()).toContain("<svg");

    await fault("hangup", 10, "/logos/upstream-gems.svg");
    const skipped = await call("/images/retailer-logos/upstream-gems.svg", upstreamEnv());
    expect(skipped.status).toBe(404);
    expect(await attempts("/logos/upstream-gems.svg")).toBe(5); // 1 above + 4 here
    expect(slept).toEqual([1000, 2000, 4000]);

    await control("reset-state");
    await fault("500", 1, "/logos/upstream-gems.svg");
    expect((await call("/images/retailer-logos/upstream-gems.svg", upstreamEnv())).status).toBe(502);
    expect((await call("/images/retailer-logos/hidden-upstream.svg", upstreamEnv())).status).toBe(404);
    expect((await call("/images/retailer-logos/upstream-gems.svg")).status).toBe(404); // no upstream configured
  });
});
