import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { diamondSlug } from "#shared/slug.ts";
import { call } from "../helpers";

async function anyDiamond(where = "is_sold = 0") {
  const row = await env.DB.prepare(
    `SELECT id, carat, color, clarity, cut, shape, is_lab_grown, price_cents, paired_diamond_id FROM diamonds WHERE ${where} ORDER BY id LIMIT 1`,
  ).first<{
    id: number;
    carat: number;
    color: number;
    clarity: number;
    cut: number;
    shape: number;
    is_lab_grown: number;
    price_cents: number;
    paired_diamond_id: number | null;
  }>();
  if (!row) throw new Error(`no diamond where ${where}`);
  return { ...row, slug: diamondSlug({ ...row, isLabGrown: row.is_lab_grown === 1 }) };
}

describe("server-rendered pages", () => {
  it("renders the home page with search by shape, the natural/lab switch and every search area", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("cache-control")).toMatch(/private/);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    const html = await res.text();
    expect(html).toMatch(/<h2 id="by-shape">Search by shape<\/h2>/);
    for (const shape of ["Round", "Princess", "Marquise", "Emerald", "Pear", "Oval", "Heart", "Radiant", "Asscher", "Cushion"])
      expect(html).toContain(`<span>${shape}</span>`);
    expect(html).toContain('value="lab"');
    for (const href of ["/diamond-search", "/setting-search", "/wedding-rings", "/mens-wedding-bands", "/earrings", "/jewelry-search"])
      expect(html).toContain(`href="${href}"`);
  });

  it("serves a repeated search page as one shared render whose inline scripts the CSP allows by hash", async () => {
    const bodies: string[] = [];
    for (let i = 0; i < 2; i++) {
      // Two visitors with the same variants of the page's experiments (Hide_Tariff_Alert_V2, Deal_Score_Badge) share one render.
      const res = await call("/diamond-search/s?shape=oval", { headers: { cookie: "Hide_Tariff_Alert_V2=1; Deal_Score_Badge=0" } });
      expect(res.status).toBe(200);
      expect(res.headers.has("x-loupe-shared-render")).toBe(false);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).not.toContain("nonce");
      const html = await res.text();
      expect(html).not.toContain("nonce=");
      // Every inline script (the hydration data) is allowed by its SHA-256, so the browser runs it.
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline.length).toBeGreaterThan(0);
      for (const text of inline) {
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
        expect(csp).toContain(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
      }
      bodies.push(html);
    }
    expect(bodies[1]).toBe(bodies[0]);
    // The server HTML and the hydration data carry the same variant (and so the same alert).
    expect(bodies[0]).toContain('data-alert-id="holiday-shipping-2026"');
    expect(bodies[0]).toContain('\\"variants\\":{\\"Hide_Tariff_Alert_V2\\":1,\\"Deal_Score_Badge\\":0}');
  });

  it("gives a new visitor its signed visitor cookie on pages too, shared renders included, and never the same one twice", async () => {
    const ids = new Set<string>();
    for (const path of ["/", "/diamond-search", "/diamond-search", "/cart"]) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      const vid = res.headers.getSetCookie().find((c) => c.startsWith("loupe_vid="));
      expect(vid, path).toMatch(/; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax/);
      ids.add(vid!.split(";")[0]!);
      await res.arrayBuffer();
    }
    expect(ids.size).toBe(4);
    const returning = await call("/diamond-search", { headers: { cookie: [...ids][0]! } });
    expect(returning.headers.getSetCookie().some((c) => c.startsWith("loupe_vid="))).toBe(false);
  });

  it("renders /diamond-search results in the HTML with the §9 defaults", async () => {
    const res = await call("/diamond-search");
    expect(res.status).toBe(200);
    const html = await res.text();
    const total = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM diamonds WHERE is_sold = 0 AND is_lab_grown = 0 AND price_cents BETWEEN 65000 AND 2000000",
    ).first<{ n: number }>();
    // The range is a span of its own (hidden on phones, where the sticky bar keeps only the count).
    expect(html).toContain(`${total!.n.toLocaleString("en-US")} diamonds<span class="count-range"> · showing 1–16</span>`);
    expect(html.match(/class="diamond-card"/g)).toHaveLength(16);
    expect(html).toMatch(/name="priceMin"[^>]*value="650"/);
    expect(html).toMatch(/name="priceMax"[^>]*value="20000"/);
    expect(html).toContain('rel="next"');
  });

  it("applies URL filters on the server (works without JavaScript)", async () => {
    // A plain form submits field by field; the server answers with the canonical semantic URL.
    const form = await call("/diamond-search/s?origin=lab&shape=oval&color=e&color=f&sort=price&order=asc&priceMin=100&priceMax=100000");
    expect(form.status).toBe(301);
    expect(form.headers.get("location")).toBe("/diamond-search/s?origin=lab&shape=oval&color=e,f&price=100-100000&sort=price");
    // A campaign's parameters are not filters: they ride along (the page view records them), and stay put.
    const landing = await call("/diamond-search/s?origin=lab&utm_source=mail&shape=oval&color=e&color=f&utm_campaign=fall%20sale&gclid=G1");
    expect(landing.status).toBe(301);
    expect(landing.headers.get("location")).toBe("/diamond-search/s?origin=lab&shape=oval&color=e,f&utm_source=mail&utm_campaign=fall%20sale&gclid=G1");
    expect((await call(landing.headers.get("location")!)).status).toBe(200);
    const html = await (await call(form.headers.get("location")!)).text();
    const cards = [...html.matchAll(/<li class="diamond-card">.*?<\/li>/gs)].map((m) => m[0]);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card).toMatch(/Oval Lab-Grown Diamond/);
      expect(card).toMatch(/>(E|F) · /);
    }
    expect(html).toMatch(/<input type="checkbox" name="shape" checked="" value="oval"\/>/);
    expect(html).not.toMatch(/<input type="checkbox" name="shape" checked="" value="round"\/>/);
  });

  it("shows a clear message for a search with no results and for unknown filter values", async () => {
    const html = await (await call("/diamond-search?priceMin=1&priceMax=2&shape=blob")).text();
    expect(html).toContain("No diamonds match these filters.");
    expect(html).toContain("Ignored unknown filter values: shape=blob");
  });

  it("renders a diamond with every grading fact, price rounded up and availability", async () => {
    const d = await anyDiamond();
    const res = await call(`/diamond/${d.id}/${d.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const label of [
      "Available",
      "Shape",
      "Carat",
      "Colour",
      "Clarity",
      "Cut",
      "Polish",
      "Symmetry",
      "Fluorescence",
      "Depth",
      "Table",
      "Measurements",
      "Length/width ratio",
      "Eye clean",
      "Certificate",
      "Retailer",
    ]) {
      expect(html).toContain(`<dt>${label}</dt>`);
    }
    expect(html).toContain(`$${Math.ceil(d.price_cents / 100).toLocaleString("en-US")}`);
    expect(html).toMatch(/<dt>Available<\/dt><dd>Yes<\/dd>/);
    expect(html).toContain(`<link rel="canonical" href="https://loupe.test/diamond/${d.id}/${d.slug}">`);
  });

  it("shows the stone's own price history and its change since first listed", async () => {
    const pick = await env.DB.prepare(
      `SELECT h.diamond_id AS id FROM diamond_price_history h JOIN diamonds d ON d.id = h.diamond_id WHERE d.is_sold = 0
       GROUP BY h.diamond_id HAVING COUNT(*) >= 3 ORDER BY h.diamond_id LIMIT 1`,
    ).first<{ id: number }>();
    const history = (
      await env.DB.prepare("SELECT at, price_cents FROM diamond_price_history WHERE diamond_id = ? ORDER BY at")
        .bind(pick!.id)
        .all<{ at: number; price_cents: number }>()
    ).results;
    const d = await anyDiamond(`id = ${pick!.id}`);
    const html = await (await call(`/diamond/${d.id}/${d.slug}`)).text();
    const first = history[0]!.price_cents;
    const last = history[history.length - 1]!.price_cents;
    expect(last).toBe(d.price_cents);
    const dollars = (c: number) => `$${Math.ceil(c / 100).toLocaleString("en-US")}`;
    const word = last < first ? "Down" : last > first ? "Up" : "Unchanged";
    expect(html).toContain("<strong>Price history</strong>");
    expect(html).toContain(word === "Unchanged" ? `Unchanged at ${dollars(last)}` : `${word} ${dollars(Math.abs(last - first))}`);
    const chart = /<figure class="price-history">.*?<\/figure>/s.exec(html)![0];
    expect(chart.match(/<circle /g)).toHaveLength(history.length);
  });

  it("compares the diamond with up to five similar ones and offers the concierge for expensive stones", async () => {
    const cheap = await anyDiamond("is_sold = 0 AND is_lab_grown = 0 AND price_cents < 1500000 AND shape = 1");
    const cheapHtml = await (await call(`/diamond/${cheap.id}/${cheap.slug}`)).text();
    expect(cheapHtml).toContain("Compare with similar diamonds");
    const header = /<thead>.*?<\/thead>/s.exec(cheapHtml)![0];
    const columns = header.match(/<th scope="col">/g)!.length - 2;
    expect(columns).toBeGreaterThan(0);
    expect(columns).toBeLessThanOrEqual(5);
    expect(cheapHtml).not.toContain("Concierge service.");
    const natural = await anyDiamond("is_sold = 0 AND is_lab_grown = 0 AND price_cents >= 1500000");
    expect(await (await call(`/diamond/${natural.id}/${natural.slug}`)).text()).toContain("Concierge service.");
    const lab = await anyDiamond("is_sold = 0 AND is_lab_grown = 1 AND price_cents >= 650000");
    expect(await (await call(`/diamond/${lab.id}/${lab.slug}`)).text()).toContain("Concierge service.");
    const labBelow = await anyDiamond("is_sold = 0 AND is_lab_grown = 1 AND price_cents < 650000");
    expect(await (await call(`/diamond/${labBelow.id}/${labBelow.slug}`)).text()).not.toContain("Concierge service.");
  });

  it("shows a sold diamond as not available", async () => {
    const d = await anyDiamond("is_sold = 1");
    const html = await (await call(`/diamond/${d.id}/${d.slug}`)).text();
    expect(html).toMatch(/<dt>Available<\/dt><dd>Sold<\/dd>/);
  });

  it("redirects a missing or wrong slug to the canonical URL, keeping the query", async () => {
    const d = await anyDiamond();
    for (const path of [`/diamond/${d.id}`, `/diamond/${d.id}/wrong-slug`, `/product/${d.id}`]) {
      const res = await call(`${path}?utm_source=mail`);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location")).toBe(`/diamond/${d.id}/${d.slug}?utm_source=mail`);
    }
  });

  it("serves the /product alias as the same page", async () => {
    const d = await anyDiamond();
    const res = await call(`/product/${d.id}/${d.slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<link rel="canonical" href="https://loupe.test/diamond/${d.id}/${d.slug}">`);
  });

  it("keeps a correct pair id and drops a wrong one", async () => {
    const d = await anyDiamond("paired_diamond_id IS NOT NULL");
    expect((await call(`/diamond/${d.id}/${d.slug}/${d.paired_diamond_id}`)).status).toBe(200);
    const wrong = await call(`/diamond/${d.id}/${d.slug}/1`);
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get("location")).toBe(`/diamond/${d.id}/${d.slug}`);
  });

  it("renders the not-found page with 404 for /404 and for unknown diamonds", async () => {
    for (const path of ["/404", "/diamond/999999999", "/diamond/999999999/some-slug", "/diamond/abc"]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("Page not found");
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });
});

describe("redirects at the edge", () => {
  it.each([
    ["/testimonials", "/reviews"],
    ["/relationship-insurance", "/"],
    ["/diamond", "/diamonds"],
    ["/diamonds/abc", "/diamond-search/abc"],
    ["/complete-order/1/2/3?x=1", "/cart/1/2/3?x=1"],
    ["/diamond-search/?shape=oval", "/diamond-search?shape=oval"],
  ])("%s → 301 %s", async (from, to) => {
    const res = await call(from);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(to);
  });

  it("sends unknown page paths home with a 301, keeping the query", async () => {
    const res = await call("/no-such-page/at-all?ref=ad");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/?ref=ad");
  });

  it("answers a missing asset with 404, not a redirect", async () => {
    expect((await call("/assets/missing-file.js")).status).toBe(404);
  });

  it("follows the data-driven legacy content map", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO legacy_redirects (from_path, to_path, status) VALUES (?, ?, 301)")
      .bind("/blog/old-ring-guide", "/blog/rings/ring-guide")
      .run();
    const res = await call("/blog/Old-Ring-Guide?utm=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/blog/rings/ring-guide?utm=1");
  });
});

describe("theme and request context", () => {
  it("renders dark mode for a visitor who chose it, on a route that supports it", async () => {
    const html = await (await call("/diamond-search", { headers: { cookie: "loupe_theme=dark" } })).text();
    expect(html).toContain('<html lang="en" data-theme="dark">');
  });

  it("keeps the light theme for visitors from a search engine and on routes without dark theme support", async () => {
    const fromGoogle = await (await call("/diamond-search", { headers: { cookie: "loupe_theme=dark", referer: "https://www.google.com/" } })).text();
    expect(fromGoogle).toContain('data-theme="light"');
    const notFound = await (await call("/404", { headers: { cookie: "loupe_theme=dark" } })).text();
    expect(notFound).toContain('data-theme="light"');
  });

  it("reads geo from request.cf without failing when it is absent", async () => {
    const res = await call("/", { cf: { country: "US", regionCode: "CA", city: "San Francisco" } });
    expect(res.status).toBe(200);
  });

  it("serves generated SVG images for every shape", async () => {
    for (const shape of ["round", "princess", "marquise", "emerald", "pear", "oval", "heart", "radiant", "asscher", "cushion"]) {
      const res = await call(`/images/diamonds/${shape}.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/image\/svg\+xml/);
      expect(await res.text()).toMatch(/^<svg/);
    }
  });

  it("serves the icon and images to every visitor alike: publicly cacheable, no cookie, with the security headers", async () => {
    for (const path of ["/favicon.svg", "/images/diamonds/round.svg", "/images/retailers/aldergate-diamonds.svg"]) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("public, max-age=86400");
      expect(res.headers.get("set-cookie"), path).toBeNull();
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});
