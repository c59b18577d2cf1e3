import { describe, expect, it } from "vitest";
import { call } from "../helpers";

/**
 * A request as Cloudflare's edge and `wrangler dev` hand it to the worker: Accept-Encoding rewritten to
 * "br, gzip", the client's own value ("" when it sent none) in cf.clientAcceptEncoding.
 */
const fromClient = (acceptEncoding: string) =>
  call("/diamond-search/s?shape=pear", {
    headers: { "accept-encoding": "br, gzip", cookie: "Hide_Tariff_Alert_V2=1; Deal_Score_Badge=0" },
    cf: { clientAcceptEncoding: acceptEncoding },
  });

async function gunzip(res: Response): Promise<string> {
  return new Response(res.body!.pipeThrough(new DecompressionStream("gzip"))).text();
}

describe("shared page encoding", () => {
  it("sends readable HTML to a client without gzip, from the render and from the cache, and gzip to one with it", async () => {
    const pages: string[] = [];
    for (const client of ["", "", "gzip;q=0, br", "identity"]) {
      const res = await fromClient(client);
      expect(res.status, client).toBe(200);
      expect(res.headers.get("content-encoding"), client).toBeNull();
      expect(res.headers.get("vary"), client).toMatch(/accept-encoding/i);
      const html = await res.text();
      expect(html, client).toMatch(/^<!DOCTYPE html>/i);
      pages.push(html);
    }
    const zipped = await fromClient("gzip, deflate, br");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    pages.push(await gunzip(zipped));
    for (const html of pages) expect(html).toBe(pages[0]);
  });

  it("sends gzip to a gzip client that fills the cache, and identity to the next client without it", async () => {
    const first = await call("/diamond-search/s?shape=heart", { headers: { "accept-encoding": "gzip", cookie: "Hide_Tariff_Alert_V2=1; Deal_Score_Badge=0" } });
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const html = await gunzip(first);
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    const plain = await call("/diamond-search/s?shape=heart", { headers: { cookie: "Hide_Tariff_Alert_V2=1; Deal_Score_Badge=0" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(html);
  });
});
