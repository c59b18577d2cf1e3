import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SHARED_RENDER_HEADER } from "#shared/flags.ts";
import { PageCache, acceptsGzip } from "#worker/ssr/page-cache.ts";

const url = new URL("https://loupe.test/diamond-search/s?shape=oval");
const parts = { theme: "light", fromSearchEngine: false, variants: { Lock_Price: 1 } };

function rendered(nonce: string, shareable = true): Response {
  const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
  if (shareable) headers.set(SHARED_RENDER_HEADER, "1");
  return new Response(`<html><script nonce="${nonce}">1</script><p>page</p></html>`, { status: 200, headers });
}

describe("shared page renders", () => {
  it("keeps a marked page byte-identical for everyone: no nonce, inline scripts allowed by hash, gzip once", async () => {
    const cache = new PageCache();
    const key = PageCache.key(url, parts);
    const first = await cache.offer(key, rendered("n0nceAAAAAAAAAAAAAAAAA"), "n0nceAAAAAAAAAAAAAAAAA", null);
    expect(first.headers.has(SHARED_RENDER_HEADER)).toBe(false);
    const html = await first.text();
    expect(html).toBe("<html><script>1</script><p>page</p></html>");
    // The policy allows exactly the page's inline script, by its SHA-256.
    const hash = createHash("sha256").update("1").digest("base64");
    const csp = first.headers.get("content-security-policy")!;
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("nonce");
    expect(first.headers.get("vary")).toBe("Accept-Encoding");

    const plain = cache.get(key, "identity")!;
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toMatch(/text\/html/);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
    const zipped = cache.get(key, "br, gzip, deflate")!;
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(html);
  });

  it("reads Accept-Encoding the way HTTP defines it", () => {
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("deflate, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
  });

  it("never shares across themes, referrals, variants or URLs, nor an unmarked page, nor after 30 s", async () => {
    let now = 0;
    const cache = new PageCache(() => now);
    const key = PageCache.key(url, parts);
    await cache.offer(key, rendered("x"), "x", null);
    for (const other of [
      PageCache.key(url, { ...parts, theme: "dark" }),
      PageCache.key(url, { ...parts, fromSearchEngine: true }),
      PageCache.key(url, { ...parts, variants: { Lock_Price: 0 } }),
      PageCache.key(new URL("https://loupe.test/diamond-search/s?shape=pear"), parts),
    ]) expect(cache.get(other, "y")).toBeNull();
    const unmarkedKey = PageCache.key(new URL("https://loupe.test/cart"), parts);
    await cache.offer(unmarkedKey, rendered("x", false), "x", null);
    expect(cache.get(unmarkedKey, "y")).toBeNull();
    now = 29_999;
    expect(cache.get(key, "y")).not.toBeNull();
    now = 30_000;
    expect(cache.get(key, "y")).toBeNull();
  });
});
