/**
 * Analytics and click logging (shared/api/analytics.ts): validation, 404s, the aggregates moving after logged
 * clicks, the 300-second cache with an injected clock, the per-visitor limit, and `GET /api/version`.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { AGGREGATE_TTL_MS, aggregateCache, clickAggregate, CLICK_LIMIT } from "#worker/analytics/store.ts";
import { TimedCache } from "#worker/lib/timed-cache.ts";
import { call, postJson, type ErrorBody } from "../helpers";

let ip = 0;
/** A fresh address per test: each counts as a new visitor for the rate limit. */
const freshIp = () => `198.51.100.${++ip}`;

async function someDiamonds(n: number): Promise<{ id: number; shape: number; is_lab_grown: number }[]> {
  const { results } = await env.DB.prepare("SELECT id, shape, is_lab_grown FROM diamonds WHERE is_sold = 0 ORDER BY id LIMIT ?").bind(n).all();
  return results as { id: number; shape: number; is_lab_grown: number }[];
}

const clickDiamond = (diamondId: unknown, from = freshIp()) => postJson("/api/logging/diamonds/clicks", { diamondId }, { "cf-connecting-ip": from });

describe("click logging", () => {
  beforeEach(() => aggregateCache.clear());

  it("refuses a malformed click with 400 naming the field, and an unknown diamond or setting with 404", async () => {
    const bad = await clickDiamond("12");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.details?.[0]?.path).toBe("diamondId");
    expect((await clickDiamond(-3)).status).toBe(400);
    expect((await postJson("/api/logging/diamonds/clicks", { diamondId: 1, source: "<script>" })).status).toBe(400);
    expect((await clickDiamond(999_999_999)).status).toBe(404);
    expect((await postJson("/api/logging/settings/click", { settingId: 999_999_999 }, { "cf-connecting-ip": freshIp() })).status).toBe(404);
    expect((await postJson("/api/logging/settings/click", {}, { "cf-connecting-ip": freshIp() })).status).toBe(400);
  });

  it("answers 204 and moves the shape, diamond and origin aggregates", async () => {
    const [d] = await someDiamonds(1);
    const before = (await (await call("/api/analytics/clicks?metric=shapes")).json()) as { total: number };
    const one = (await (await call(`/api/analytics/clicks/${d!.id}`)).json()) as { clicks: number };
    const res = await clickDiamond(d!.id);
    expect(res.status).toBe(204);
    expect(await clickDiamond(d!.id)).toHaveProperty("status", 204);
    aggregateCache.clear(); // the isolate's 300-second cache (tested below with a clock)
    const after = (await (await call("/api/analytics/clicks?metric=shapes")).json()) as { total: number; items: { label: string }[] };
    expect(after.total).toBe(before.total + 2);
    const interest = (await (await call(`/api/analytics/clicks/${d!.id}`)).json()) as { clicks: number };
    expect(interest.clicks).toBe(one.clicks + 2);
    const clicked = (await (await call("/api/analytics/clicks?metric=clicked-diamonds")).json()) as { items: { key: string; path: string }[] };
    expect(clicked.items.map((i) => i.key)).toContain(String(d!.id));
    const origins = (await (await call("/api/analytics/clicks?metric=origins")).json()) as { items: { key: string }[] };
    expect(origins.items.map((i) => i.key)).toContain(d!.is_lab_grown ? "lab" : "natural");
    const about = (await (await call("/api/analytics/about/")).json()) as { diamondClicks: number; topShape: string | null };
    expect(about.diamondClicks).toBeGreaterThanOrEqual(2);
    expect(about.topShape).not.toBeNull();
    const faq = (await (await call("/api/analytics/faq")).json()) as { mostClickedShape: string | null; medianClickedPrice: number | null };
    expect(faq.mostClickedShape).not.toBeNull();
    expect(faq.medianClickedPrice).toBeGreaterThan(0);
  });

  it("counts setting clicks in the settings aggregate", async () => {
    const s = await env.DB.prepare("SELECT id FROM settings WHERE item_type = 1 ORDER BY id LIMIT 1").first<{ id: number }>();
    expect((await postJson("/api/logging/settings/click", { settingId: s!.id, metal: 2 }, { "cf-connecting-ip": freshIp() })).status).toBe(204);
    aggregateCache.clear();
    const settings = (await (await call("/api/analytics/clicks?metric=settings")).json()) as { items: { key: string; path: string | null }[] };
    expect(settings.items.find((i) => i.key === String(s!.id))?.path).toBe(`/setting/${s!.id}`);
  });

  it("serves a cached aggregate for 300 s, then reads it again (injected clock)", async () => {
    let now = 1_800_000_000_000;
    const cache = new TimedCache<unknown>({ ttlMs: AGGREGATE_TTL_MS, now: () => now });
    const [d] = await someDiamonds(1);
    const first = await clickAggregate(env.DB, "clicked-diamonds", now, cache);
    expect((await clickDiamond(d!.id)).status).toBe(204);
    now += AGGREGATE_TTL_MS - 1;
    expect(await clickAggregate(env.DB, "clicked-diamonds", now, cache)).toEqual(first);
    now += 1;
    const fresh = await clickAggregate(env.DB, "clicked-diamonds", now, cache);
    expect(fresh.total).toBe(first.total + 1);
    expect(fresh.generatedAt).toBe(now);
  });

  it("limits one visitor to 60 clicks a minute (429 with Retry-After), others unaffected", async () => {
    const [d] = await someDiamonds(1);
    const visitor = freshIp();
    for (let i = 0; i < CLICK_LIMIT.max; i++) expect((await clickDiamond(d!.id, visitor)).status).toBe(204);
    const limited = await clickDiamond(d!.id, visitor);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await clickDiamond(d!.id)).status).toBe(204);
  });

  it("rejects an unknown metric and unknown diamond id", async () => {
    expect((await call("/api/analytics/clicks?metric=emails")).status).toBe(400);
    expect((await call("/api/analytics/clicks/abc")).status).toBe(400);
    expect((await call("/api/analytics/clicks/999999999")).status).toBe(404);
    const viewed = await call("/api/analytics/clicks?metric=viewed-diamonds");
    expect(viewed.status).toBe(200);
    expect(viewed.headers.get("cache-control")).toBe("public, max-age=300");
  });
});

describe("GET /api/version", () => {
  it("answers the app version and environment, never cached", async () => {
    const res = await call("/api/version");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ version: "1.3.98", environment: env.APP_ENV });
  });
});
