/**
 * The upstream content service (CONTENT_SERVICE_URL) against the loopback fake (tests/fakes/content.ts): reads by
 * name with the bearer token, trees, missing items, failures swallowed to null (the page still 200), timeouts.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { seededContentItems } from "#shared/content-seed/content.ts";
import type { Bindings } from "#worker/env.ts";
import { contentItem } from "#worker/content/store.ts";
import { CONTENT_TIMEOUT_MS, MARKETING_TIMEOUT_MS, upstreamSource } from "#worker/content/upstream.ts";
import { call } from "../helpers";
import { freshCaches, restoreContent } from "./content-helpers";

beforeEach(freshCaches);
afterEach(restoreContent);

const TOKEN = "content-test-token";
let n = 0;
/** A fresh tenant of the fake for each test (its own items and behaviours, its own cache keys). */
async function tenant(items: Record<string, unknown> = seededContentItems()) {
  const name = `upstream-${Date.now()}-${n++}`;
  await control("set", { tenant: name, items, token: TOKEN });
  const base = `${inject("fakesOrigin")}/content-service/${name}`;
  const tenantEnv: Bindings = { ...env, CONTENT_SERVICE_URL: base, CONTENT_SERVICE_TOKEN: TOKEN };
  return { name, base, env: tenantEnv };
}
async function control<T>(action: string, body: unknown): Promise<T> {
  return (await (await fetch(`${inject("fakesOrigin")}/__control/content-service/${action}`, { method: "POST", body: JSON.stringify(body) })).json()) as T;
}
const requests = (name: string) => control<{ path: string; authorization: string | null }[]>("requests", { tenant: name });

describe("the upstream content service (CONTENT_SERVICE_URL)", () => {
  it("reads items by name with the bearer token instead of D1", async () => {
    const home = { ...(seededContentItems().home as object), users: "2 million" };
    const up = await tenant({ ...seededContentItems(), home });
    const res = await call("/api/info/home", { env: up.env });
    expect(((await res.json()) as { users: string }).users).toBe("2 million");
    expect(await requests(up.name)).toEqual([{ path: `/${up.name}/content/item/home`, authorization: `Bearer ${TOKEN}` }]);
  });

  it("reads the survey as a tree: GET {base}/content/tree/SurveyQuestions?tree=1", async () => {
    const up = await tenant();
    const res = await call("/api/content/tree/SurveyQuestions?tree=1", { env: up.env });
    expect(res.status).toBe(200);
    expect((await requests(up.name)).map((r) => r.path)).toEqual([`/${up.name}/content/tree/SurveyQuestions?tree=1`]);
  });

  it("an item the service does not have answers null", async () => {
    const up = await tenant({ home: seededContentItems().home });
    const res = await call("/api/content/item/Timer", { env: up.env });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
  });

  it("a failing service is swallowed to null: the home page still answers 200 without the banners, the call answers null", async () => {
    const up = await tenant();
    await control("behave", { tenant: up.name, name: "home", mode: "fail" });
    const api = await call("/api/info/home", { env: up.env });
    expect(api.status).toBe(200);
    expect(await api.json()).toBeNull();
    expect(api.headers.get("cache-control")).toBe("no-store");
    const page = await call("/", { env: up.env });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Search by shape");
    expect(html).not.toContain('class="home-banners"');
    expect(html).toContain("Join 14 million shoppers");
  });

  it("an answer that is not JSON, or a wrong token, is a failure too (null)", async () => {
    const up = await tenant();
    await control("behave", { tenant: up.name, name: "cartnotice", mode: "garbage" });
    expect(await (await call("/api/content/item/cartnotice", { env: up.env })).json()).toBeNull();
    const wrong = await call("/api/faq-sections", { env: { ...up.env, CONTENT_SERVICE_TOKEN: "wrong" } });
    expect(wrong.status).toBe(200);
    expect(await wrong.json()).toBeNull();
  });

  it("times out MarketingConfigurations after 5 s and every other item after 30 s (§7, §9)", async () => {
    const up = await tenant();
    const asked: [string, number][] = [];
    const source = upstreamSource({
      baseUrl: up.base,
      token: TOKEN,
      timeout: (ms, name) => {
        asked.push([name, ms]);
        return AbortSignal.timeout(ms);
      },
    });
    await source.item("MarketingConfigurations");
    await source.item("Timer");
    await source.tree("SurveyQuestions");
    expect(asked).toEqual([
      ["MarketingConfigurations", MARKETING_TIMEOUT_MS],
      ["Timer", CONTENT_TIMEOUT_MS],
      ["SurveyQuestions", CONTENT_TIMEOUT_MS],
    ]);
    expect(MARKETING_TIMEOUT_MS).toBe(5_000);
    expect(CONTENT_TIMEOUT_MS).toBe(30_000);
  });

  it("a slow answer past the timeout fails the read, and the store gives null (here a 100-ms timeout for a 2-s answer)", async () => {
    const up = await tenant();
    await control("behave", { tenant: up.name, name: "MarketingConfigurations", mode: "slow", ms: 2000 });
    const source = upstreamSource({ baseUrl: up.base, token: TOKEN, timeout: () => AbortSignal.timeout(100) });
    const started = Date.now();
    await expect(source.item("MarketingConfigurations")).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await contentItem(up.env, "MarketingConfigurations", { source })).toBeNull();
    // A fast item of the same service still reads.
    expect(await contentItem(up.env, "Timer", { source })).not.toBeNull();
  });

  it("the operator's edits are refused (409) while the content lives upstream", async () => {
    const up = await tenant();
    const res = await call("/api/content/admin/faqs/NewFAQ/entries", {
      method: "POST",
      env: up.env,
      headers: { authorization: "Bearer test-admin-token", "content-type": "application/json" },
      body: JSON.stringify({ header: "Q?", description: "A." }),
    });
    expect(res.status).toBe(409);
  });
});
