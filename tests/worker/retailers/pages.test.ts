/**
 * The retailer pages rendered on the server (no JavaScript needed): `/our-retailers` with the postal-code form,
 * `/our-retailers/{name}` with its JSON-LD, `/metro/{name}`; unknown, hidden and logo-less retailers and unknown
 * metros are 404 pages.
 */
import { describe, expect, it } from "vitest";
import { call } from "../helpers";

/** The page's HTML without React's text separators (`<!-- -->`). */
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

const cardNames = (html: string) =>
  [...html.matchAll(/<h2 id="retailer-[^"]+"><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&"));

describe("/our-retailers", () => {
  it("lists the shown retailers by name with logos, what they sell and ratings, and a postal-code form", async () => {
    const res = await call("/our-retailers");
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("<h1>Our retailers</h1>");
    const names = cardNames(html);
    expect(names).toHaveLength(21);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).not.toContain("Wrenfield Brothers");
    expect(names).not.toContain("Solenne Lab Jewels");
    expect(html).toContain('src="/images/retailers/aldergate-diamonds.svg"');
    expect(html).toContain("Natural and lab-grown diamonds");
    expect(html).toMatch(/<dt>Google<\/dt>/);
    expect(html).toContain('<form method="get" action="/our-retailers"');
    expect(html).toContain('name="postalCode"');
    expect(html).toContain('href="/metro/new-york"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain('<link rel="canonical" href="https://loupe.test/our-retailers"');
  });

  it("orders them nearest first to the postal code, with miles", async () => {
    const html = await text(await call("/our-retailers?postalCode=60601"));
    const names = cardNames(html);
    expect(names[0]).toBe("Copperbeech Jewellers");
    expect(html).toContain("Nearest first to 60601");
    expect(html).toMatch(/miles away/);
  });

  it("says so when the postal code is not a US ZIP, and still lists everyone", async () => {
    const res = await call("/our-retailers?postalCode=abc");
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('role="alert"');
    expect(cardNames(html)).toHaveLength(0);
  });
});

describe("/our-retailers/{name}", () => {
  it("shows the retailer: about, features, ratings, social links, a link to its stones and JewelryStore JSON-LD", async () => {
    const res = await call("/our-retailers/tidewell-diamond-co");
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('<h1 id="retailer-name">Tidewell Diamond Co</h1>');
    expect(html).toContain("About Tidewell Diamond Co");
    expect(html).toContain("What they offer");
    expect(html).toContain("Free insured shipping");
    expect(html).toMatch(/Miami, FL 33132/);
    expect(html).toMatch(/href="\/diamond-search\/s\?retailer=12"/);
    expect(html).toMatch(/href="\/diamond-search\/s\?origin=lab&amp;labRetailer=12"/);
    expect(html).toContain('"@type":"JewelryStore"');
    expect(html).toContain('"addressLocality":"Miami"');
    expect(html).toContain('"@type":"BreadcrumbList"');
  });

  it.each(["no-such-shop", "wrenfield-brothers", "solenne-lab-jewels"])("404s %s", async (slug) => {
    const res = await call(`/our-retailers/${slug}`);
    expect(res.status).toBe(404);
    expect(await text(res)).toContain("Page not found");
  });
});

describe("/metro/{name}", () => {
  it("lists the retailers near the metro nearest first with their stones, and links to the search", async () => {
    const res = await call("/metro/chicago");
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("<h1>Diamond retailers near Chicago</h1>");
    expect(cardNames(html)[0]).toBe("Copperbeech Jewellers");
    expect(html).toMatch(/stones listed on Loupe/);
    expect(html).toMatch(/href="\/diamond-search\/s\?retailer=[\d,]+"[^>]*>Search their diamonds/);
    expect(html).toContain('"@type":"BreadcrumbList"');
  });

  it("is a 404 page for an unknown metro", async () => {
    const res = await call("/metro/atlantis");
    expect(res.status).toBe(404);
    expect(await text(res)).toContain("Page not found");
  });
});
