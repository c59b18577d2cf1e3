/**
 * robots.txt and the sitemaps (worker/seo/) as a crawler reads them: the rules, the index, each child file
 * against D1, every address a page that answers, and 404 for files that do not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { diamondPath } from "#shared/slug.ts";
import { FOOTER_SECTIONS } from "#shared/public-pages.ts";
import { call } from "../helpers";
import { expectWellFormedXml } from "../../unit/catalogue/xml";
import { deployedBindings } from "../deployed-env";

const ORIGIN = "https://loupe.test";
/** The diamond file holding an id (file k: ids k·50,000+1 … (k+1)·50,000). */
const fileOf = (id: number) => Math.floor((id - 1) / 50_000);

/** The seeded diamonds' files, and a file three above them that holds two added diamonds: one listed, one sold. */
let seededFile = 0;
let farFile = 0;
let farListed = 0;
let farSold = 0;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

async function xmlOf(path: string): Promise<string> {
  const res = await call(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
  expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  const body = await res.text();
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  expect(body.startsWith(declaration)).toBe(true);
  expectWellFormedXml(body.slice(declaration.length));
  return body;
}

async function copyDiamond(fromId: number, id: number, isSold: number, updatedAt: number) {
  await env.DB.prepare(
    `INSERT INTO diamonds (id, retailer_id, certificate_lab, certificate_id, is_lab_grown, shape, carat, cut, color, clarity, polish, symmetry, fluorescence,
       depth_pct, table_pct, length_mm, width_mm, depth_mm, lw_ratio, eye_clean, shipping_days, price_cents, is_sold, image_url, sorting_order, updated_at)
     SELECT ?1, retailer_id, certificate_lab, 'SEO-' || ?1, is_lab_grown, shape, carat, cut, color, clarity, polish, symmetry, fluorescence,
       depth_pct, table_pct, length_mm, width_mm, depth_mm, lw_ratio, eye_clean, shipping_days, price_cents, ?2, image_url, sorting_order, ?3 FROM diamonds WHERE id = ?4`,
  )
    .bind(id, isSold, updatedAt, fromId)
    .run();
}

beforeAll(async () => {
  const { lo, hi } = (await env.DB.prepare("SELECT MIN(id) AS lo, MAX(id) AS hi FROM diamonds").first<{ lo: number; hi: number }>())!;
  expect(fileOf(lo)).toBe(fileOf(hi));
  seededFile = fileOf(lo);
  farFile = seededFile + 3;
  farListed = farFile * 50_000 + 123;
  farSold = farListed + 1;
  await copyDiamond(lo, farListed, 0, Date.UTC(2026, 10, 2, 23, 59));
  await copyDiamond(lo, farSold, 1, Date.UTC(2026, 10, 2));
});
afterAll(async () => {
  await env.DB.prepare("DELETE FROM diamonds WHERE id IN (?, ?)").bind(farListed, farSold).run();
});

describe("robots.txt", () => {
  it("lets crawlers in, keeps them out of private and transactional pages, and names the sitemap index", async () => {
    const res = await call("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const lines = (await res.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const p of [
      "/api/",
      "/dev/",
      "/my-stuff",
      "/cart",
      "/checkout",
      "/orders",
      "/order/td",
      "/financing-account-lookup",
      "/recover",
      "/unsubscribe-user-review",
      "/login",
      "/register",
      "/experiments",
      "/operator",
      "/gemologist-reviews",
      "/viewer",
      "/compare",
    ])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("names the sitemap on the site's own origin, whatever host the request named", async () => {
    const res = await call("http://shop.example:8787/robots.txt");
    expect(await res.text()).toContain("Sitemap: https://loupe.test/sitemap.xml");
  });

  it("keeps every crawler off a staging site", async () => {
    const res = await call("/robots.txt", { env: deployedBindings("staging") });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("User-agent: *\nDisallow: /\n");
  });
});

describe("sitemaps", () => {
  it("the index lists the pages, the settings and one file per 50,000 diamond ids", async () => {
    const index = await xmlOf("/sitemap.xml");
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [0, 1, 2, 3].map((i) => `${ORIGIN}/sitemaps/diamonds-${seededFile + i}.xml`);
    expect(locs(index)).toEqual([`${ORIGIN}/sitemaps/pages.xml`, `${ORIGIN}/sitemaps/settings.xml`, `${ORIGIN}/sitemaps/articles.xml`, ...files]);
  });

  it("the pages file lists the home page, the search pages and every content page (the footer's among them), each of which answers 200", async () => {
    const pages = locs(await xmlOf("/sitemaps/pages.xml"));
    for (const p of [
      "/",
      "/diamond-search",
      "/setting-search",
      "/wedding-rings",
      "/mens-wedding-bands",
      "/earrings",
      "/jewelry-search",
      "/setting-search/collections/halo",
      "/faq",
      "/reviews",
      "/our-retailers",
      "/education/diamond-4cs",
      "/diamonds/slp/emerald-cut-diamonds",
      "/military-first-responder-discounts",
      "/metro/new-york",
      ...FOOTER_SECTIONS.flatMap((s) => s.links.map((l) => l.to)),
    ])
      expect(pages).toContain(ORIGIN + p);
    expect(new Set(pages).size).toBe(pages.length);
    // Every shown retailer's page (status 2 with a logo), and no other.
    const { results: shown } = await env.DB.prepare("SELECT slugurl FROM retailers WHERE status = 2 AND logo_url != ''").all<{ slugurl: string }>();
    expect(pages.filter((u) => u.includes("/our-retailers/")).sort()).toEqual(shown.map((r) => `${ORIGIN}/our-retailers/${r.slugurl}`).sort());
    expect(pages.some((u) => /\/(my-stuff|cart|checkout|orders|login|register)/.test(u))).toBe(false);
    for (const url of pages) expect((await call(url)).status, url).toBe(200);
  });

  it("a diamond file lists exactly the listed diamonds of its id range, with the day each changed", async () => {
    const body = await xmlOf(`/sitemaps/diamonds-${seededFile}.xml`);
    const [first, last] = [seededFile * 50_000 + 1, (seededFile + 1) * 50_000];
    const { results } = await env.DB.prepare(
      "SELECT id, carat, color, clarity, cut, shape, is_lab_grown FROM diamonds WHERE id BETWEEN ? AND ? AND is_sold = 0 ORDER BY id",
    )
      .bind(first, last)
      .all<{ id: number; carat: number; color: number; clarity: number; cut: number; shape: number; is_lab_grown: number }>();
    expect(results.length).toBeGreaterThan(100);
    expect(locs(body)).toEqual(results.map((d) => ORIGIN + diamondPath({ ...d, isLabGrown: d.is_lab_grown === 1 })));
    const sold = await env.DB.prepare("SELECT id FROM diamonds WHERE id BETWEEN ? AND ? AND is_sold = 1").bind(first, last).all<{ id: number }>();
    expect(sold.results.length).toBeGreaterThan(0);
    for (const { id } of sold.results) expect(body).not.toContain(`/diamond/${id}/`);
    expect(body.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)?.length).toBe(results.length);

    const far = await xmlOf(`/sitemaps/diamonds-${farFile}.xml`);
    expect(far).toContain(`/diamond/${farListed}/`);
    expect(far).toContain("<lastmod>2026-11-02</lastmod>");
    expect(far).not.toContain(`/diamond/${farSold}/`);
    expect(locs(far)).toHaveLength(1);
    // A file between the two holds no listed diamond: an empty but valid urlset.
    expect(locs(await xmlOf(`/sitemaps/diamonds-${seededFile + 1}.xml`))).toEqual([]);
  });

  it("a listed diamond's address is its page", async () => {
    const [first] = locs(await xmlOf(`/sitemaps/diamonds-${seededFile}.xml`));
    expect((await call(first!)).status).toBe(200);
  });

  it("the settings file lists every listed setting, band and jewellery piece at its page", async () => {
    const urls = locs(await xmlOf("/sitemaps/settings.xml"));
    const listed = await env.DB.prepare("SELECT COUNT(DISTINCT setting_id) AS n FROM setting_variants WHERE is_sold = 0").first<{ n: number }>();
    expect(urls).toHaveLength(listed!.n);
    expect(new Set(urls).size).toBe(urls.length);
    for (const page of ["setting", "wedding-ring", "fine-jewelry"])
      expect(
        urls.some((u) => u.startsWith(`${ORIGIN}/${page}/`)),
        page,
      ).toBe(true);
    for (const url of [urls[0]!, urls.find((u) => u.includes("/wedding-ring/"))!, urls.find((u) => u.includes("/fine-jewelry/"))!])
      expect((await call(url)).status, url).toBe(200);
  });

  it("answers every visitor alike: no cookie on these shared, cacheable answers, with the security headers", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/sitemaps/pages.xml", `/sitemaps/diamonds-${seededFile}.xml`, "/sitemaps/other.xml"]) {
      const res = await call(path);
      expect(res.headers.get("set-cookie"), path).toBeNull();
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("answers 404 for an unknown or malformed file and a diamond file outside the id range", async () => {
    const outside = [seededFile - 1, farFile + 1].map((k) => `/sitemaps/diamonds-${k}.xml`);
    for (const path of [
      ...outside,
      "/sitemaps/diamonds-999.xml",
      `/sitemaps/diamonds-0${seededFile}.xml`,
      "/sitemaps/diamonds-20.5.xml",
      "/sitemaps/diamonds--1.xml",
      "/sitemaps/diamonds-x.xml",
      "/sitemaps/other.xml",
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
    }
  });
});
