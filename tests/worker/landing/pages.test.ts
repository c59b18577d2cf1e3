/**
 * The landing, setting/jewellery landing and site information pages as the worker serves them (issue 20 point 3):
 * each a 200 with its heading, head (canonical, breadcrumbs JSON-LD) and live content; unknown slp pages 404.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { JEWELRY_LANDINGS, SETTING_LANDINGS } from "#shared/landing/setting-landings.ts";
import { SITEMAP_SECTIONS } from "#shared/landing/site.ts";
import { LANDING_DEFS } from "#shared/landing/pages/index.ts";
import { figuresCache } from "#worker/analytics/figures.ts";
import { call } from "../helpers";

async function page(path: string): Promise<{ status: number; html: string; res: Response }> {
  const res = await call(path);
  return { status: res.status, html: await res.text(), res };
}

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<!-- -->/g, "");
const ldTypes = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!)["@type"] as string);

describe("landing pages", () => {
  it("serves every landing page with its own heading, canonical and breadcrumbs", async () => {
    for (const def of LANDING_DEFS) {
      const { status, html } = await page(def.path);
      expect(status, def.path).toBe(200);
      expect(h1(html), def.path).toBe(def.h1);
      expect(html, def.path).toContain(`<link rel="canonical" href="https://loupe.test${def.path}"`);
      expect(ldTypes(html), def.path).toContain("BreadcrumbList");
    }
  });

  it("/diamonds links every shape into the search and shows live counts and price ranges", async () => {
    const { html } = await page("/diamonds");
    expect(html).toContain('href="/diamond-search/s?shape=oval&amp;origin=natural"');
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM diamonds WHERE is_lab_grown = 0 AND is_sold = 0 AND shape = 1").first<{ n: number }>();
    expect(html).toMatch(new RegExp(`${row!.n.toLocaleString("en-US")}(<!-- -->)? listed`));
    expect(html).toContain('href="/diamonds/slp/1-carat-natural-round-diamonds"');
  });

  it("/settings and /most-popular-engagement-rings list settings from the catalogue", async () => {
    for (const path of ["/settings", "/most-popular-engagement-rings", "/fine-jewelry"]) {
      const { html } = await page(path);
      expect(html, path).toMatch(/class="setting-card"/);
    }
  });

  it("/free-diamond-earrings quotes the $998 threshold; /financing promises no provider", async () => {
    expect((await page("/free-diamond-earrings")).html).toContain("$998");
    const financing = (await page("/financing")).html;
    expect(financing).toContain("does not offer its own financing plan yet");
  });
});

describe("setting and jewellery landing pages", () => {
  it("renders each named filter set with results and a link to the search with those filters", async () => {
    for (const [base, list] of [
      ["/settings/slp", SETTING_LANDINGS],
      ["/fine-jewelry/slp", JEWELRY_LANDINGS],
    ] as const) {
      for (const l of list) {
        const { status, html } = await page(`${base}/${l.slug}`);
        expect(status, l.slug).toBe(200);
        expect(h1(html)).toBe(l.title.replace("&", "&amp;"));
        expect(html, l.slug).toMatch(/See all [\d,]+ in the search|Open the search/);
      }
    }
    const { html } = await page("/settings/slp/halo-settings-in-rose-gold");
    expect(html).toContain('href="/setting-search/s?');
    expect(html).toMatch(/style=halo/);
  });

  it("answers 404 for an unknown landing page", async () => {
    expect((await page("/settings/slp/no-such-page")).status).toBe(404);
    expect((await page("/fine-jewelry/slp/no-such-page")).status).toBe(404);
  });
});

describe("site information pages", () => {
  it("/our-data shows the index's live count, the retailers and the origins", async () => {
    figuresCache.clear();
    const status = (await (await call("/api/search/status")).json()) as { diamonds: number };
    const { html } = await page("/our-data");
    expect(html).toContain(`<data id="listed-count" value="${status.diamonds}">`);
    const retailers = await env.DB.prepare("SELECT COUNT(*) AS n FROM retailers WHERE status = 2").first<{ n: number }>();
    expect(html).toMatch(new RegExp(`<strong>${retailers!.n}</strong>`));
    expect(html).toContain("Lab-grown");
  });

  it("/active-promotions lists the running codes offered to everyone, not ended ones", async () => {
    const { html } = await page("/active-promotions");
    expect(html).toContain("WELCOME100");
    expect(html).not.toContain("FALL25");
  });

  it("/version shows 1.3.98 and the environment", async () => {
    const { html } = await page("/version");
    expect(html).toMatch(/<dd id="app-version">1\.3\.98<\/dd>/);
    expect(html).toContain(`<dd id="app-environment">${env.APP_ENV}</dd>`);
  });

  it("/injector-test shows every tag slot and is not indexed", async () => {
    const { html, res } = await page("/injector-test");
    expect(html).toContain('data-tag-slot="body-end"');
    expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
  });

  it("/sitemap links every listed page", async () => {
    const { html } = await page("/sitemap");
    for (const s of SITEMAP_SECTIONS) for (const l of s.links) expect(html).toContain(`href="${l.path}"`);
  });
});
