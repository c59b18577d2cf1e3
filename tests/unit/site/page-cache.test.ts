import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SHARED_RENDER_HEADER } from "#shared/flags.ts";
import { PageCache, acceptsGzip, clientAcceptEncoding } from "#worker/ssr/page-cache.ts";

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

  it("weighs q-values: an explicit gzip entry wins over *, q=0 in any spelling refuses, x-gzip is gzip", () => {
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("gzip;q=0.001")).toBe(true);
    expect(acceptsGzip("gzip ; q=0.000")).toBe(false);
    expect(acceptsGzip("*;q=0.5, gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("*;q=0, gzip")).toBe(true);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("identity;q=1, *;q=0.1")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
  });

  it("reads what the client sent, not the edge's rewritten header", () => {
    // In Node a Request has no cf: the header is the client's.
    expect(clientAcceptEncoding(new Request("https://loupe.test/", { headers: { "accept-encoding": "gzip" } }))).toBe("gzip");
    expect(clientAcceptEncoding(new Request("https://loupe.test/"))).toBeNull();
    // As the edge delivers it: the header rewritten to "br, gzip", the client's own value in cf ("" for none).
    const withCf = (client: string) =>
      Object.assign(new Request("https://loupe.test/", { headers: { "accept-encoding": "br, gzip" } }), { cf: { clientAcceptEncoding: client } });
    expect(clientAcceptEncoding(withCf(""))).toBe("");
    expect(clientAcceptEncoding(withCf("gzip, deflate"))).toBe("gzip, deflate");
  });

  it("answers identity bytes to a client without gzip and gzip to one with it, whoever filled the cache", async () => {
    const cache = new PageCache();
    const key = PageCache.key(url, parts);
    const first = await cache.offer(key, rendered("n"), "n", "gzip, deflate, br");
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await first.arrayBuffer())).toString();
    expect(html).toBe("<html><script>1</script><p>page</p></html>");
    for (const refuses of [null, "", "identity", "gzip;q=0", "br"]) {
      const res = cache.get(key, refuses)!;
      expect(res.headers.get("content-encoding"), String(refuses)).toBeNull();
      expect(res.headers.get("vary"), String(refuses)).toBe("Accept-Encoding");
      expect(await res.text(), String(refuses)).toBe(html);
    }
    const zipped = cache.get(key, "gzip")!;
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(html);
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
    ])
      expect(cache.get(other, "y")).toBeNull();
    const unmarkedKey = PageCache.key(new URL("https://loupe.test/cart"), parts);
    await cache.offer(unmarkedKey, rendered("x", false), "x", null);
    expect(cache.get(unmarkedKey, "y")).toBeNull();
    now = 29_999;
    expect(cache.get(key, "y")).not.toBeNull();
    now = 30_000;
    expect(cache.get(key, "y")).toBeNull();
  });
});
