import { describe, expect, it } from "vitest";
import { SHARED_RENDER_HEADER } from "#shared/flags.ts";
import { PageCache } from "#worker/page-cache.ts";

const url = new URL("https://loupe.test/diamond-search/s?shape=oval");
const parts = { theme: "light", fromSearchEngine: false, variants: { Lock_Price: 1 } };

function rendered(nonce: string, shareable = true): Response {
  const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
  if (shareable) headers.set(SHARED_RENDER_HEADER, "1");
  return new Response(`<html><script nonce="${nonce}">1</script><p>page</p></html>`, { status: 200, headers });
}

describe("shared page renders", () => {
  it("reuses a marked page with each response's own nonce, and drops the internal marker", async () => {
    const cache = new PageCache();
    const key = PageCache.key(url, parts);
    const first = await cache.offer(key, rendered("n0nceAAAAAAAAAAAAAAAAA"), "n0nceAAAAAAAAAAAAAAAAA");
    expect(first.headers.has(SHARED_RENDER_HEADER)).toBe(false);
    expect(await first.text()).toContain('nonce="n0nceAAAAAAAAAAAAAAAAA"');
    const hit = cache.get(key, "n0nceBBBBBBBBBBBBBBBBB")!;
    expect(hit.status).toBe(200);
    expect(hit.headers.get("content-type")).toMatch(/text\/html/);
    const html = await hit.text();
    expect(html).toContain('nonce="n0nceBBBBBBBBBBBBBBBBB"');
    expect(html).not.toContain("n0nceAAAAAAAAAAAAAAAAA");
  });

  it("never shares across themes, referrals, variants or URLs, nor an unmarked page, nor after 30 s", async () => {
    let now = 0;
    const cache = new PageCache(() => now);
    const key = PageCache.key(url, parts);
    await cache.offer(key, rendered("x"), "x");
    for (const other of [
      PageCache.key(url, { ...parts, theme: "dark" }),
      PageCache.key(url, { ...parts, fromSearchEngine: true }),
      PageCache.key(url, { ...parts, variants: { Lock_Price: 0 } }),
      PageCache.key(new URL("https://loupe.test/diamond-search/s?shape=pear"), parts),
    ]) expect(cache.get(other, "y")).toBeNull();
    const unmarkedKey = PageCache.key(new URL("https://loupe.test/cart"), parts);
    await cache.offer(unmarkedKey, rendered("x", false), "x");
    expect(cache.get(unmarkedKey, "y")).toBeNull();
    now = 29_999;
    expect(cache.get(key, "y")).not.toBeNull();
    now = 30_000;
    expect(cache.get(key, "y")).toBeNull();
  });
});
