/**
 * The upstream blog CMS client (worker/articles/cms.ts) against the loopback Strapi-style fake (tests/fakes/blog-cms.ts):
 * the parameters §7 names, the 300-s content cache on an injected clock, failures logged and swallowed (§8), and the
 * pages reading it when `BLOG_CMS_URL` is set — a failing CMS gives the empty or not-found page, never a 500.
 */
import { describe, expect, inject, it } from "vitest";
import type { CmsArticle, CmsCategory } from "#shared/articles.ts";
import { cmsCaches, cmsSource } from "#worker/articles/cms.ts";
import { articleAt, articleList, swallowing } from "#worker/articles/service.ts";
import type { ArticleSource } from "#worker/articles/source.ts";
import { call } from "../helpers";

const origin = inject("fakesOrigin");

async function control(action: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${origin}/__control/blog-cms/${action}`, { method: "POST", body: JSON.stringify(body) });
  return res.json();
}

const CATEGORIES: CmsCategory[] = [
  { id: 1, Name: "Education", SlugUrl: "education", Description: "Learn.", ParentCategory: null },
  { id: 2, Name: "Shapes", SlugUrl: "shapes", Description: "Every diamond shape.", ParentCategory: "education" },
  { id: 3, Name: "Metals", SlugUrl: "metals", Description: "Gold and platinum.", ParentCategory: "jewelry" },
];

const upstreamArticle = (id: number, slug: string, sub: CmsCategory, day: string): CmsArticle => ({
  id,
  Title: `Upstream ${slug}`,
  SlugUrl: slug,
  Description: `An upstream article about ${slug} for the tests.`,
  Content: `## From the CMS\n\nUpstream text about ${slug}.`,
  published_at: day,
  updated_at: `${day}T09:00:00.000Z`,
  Author: { id: "upstream-writer", Name: "Upstream Writer", Role: "Editor" },
  Categories: [sub],
});

const ARTICLES = [
  upstreamArticle(11, "oval-diamonds", CATEGORIES[1]!, "2026-05-01"),
  upstreamArticle(12, "pear-diamonds", CATEGORIES[1]!, "2026-06-01"),
  upstreamArticle(13, "platinum-or-gold", CATEGORIES[2]!, "2026-04-01"),
];

/** A tenant of the fake with the content above; its base URL. */
async function tenant(name: string): Promise<string> {
  await control("setup", { tenant: name, categories: CATEGORIES, articles: ARTICLES });
  return `${origin}/blog-cms/${name}`;
}

const requests = (name: string) => control("requests", { tenant: name }) as Promise<string[]>;

describe("the blog CMS client", () => {
  it("asks for categories, a category's articles (ParentCategory, _limit 10,000, _start, SlugUrl) and one article by SlugUrl", async () => {
    const base = await tenant("params");
    const source = cmsSource({ baseUrl: base, caches: cmsCaches(() => 0) });
    expect((await source.categories()).map((c) => c.SlugUrl)).toEqual(["education", "shapes", "metals"]);
    const page = await source.list({ parent: "education", sub: "shapes", start: 0, limit: 12 });
    expect(page).toMatchObject({ total: 2 });
    expect(page.articles.map((a) => a.SlugUrl)).toEqual(["pear-diamonds", "oval-diamonds"]);
    expect((await source.list({ parent: "jewelry", sub: null, start: 0, limit: 12 })).articles.map((a) => a.SlugUrl)).toEqual(["platinum-or-gold"]);
    expect((await source.bySlug("oval-diamonds"))?.Title).toBe("Upstream oval-diamonds");
    expect(await source.bySlug("no-such-article")).toBeNull();
    expect(await requests("params")).toEqual([
      "/categories",
      "/articles?Categories.ParentCategory=education&_limit=10000&_start=0&Categories.SlugUrl=shapes",
      "/articles?Categories.ParentCategory=jewelry&_limit=10000&_start=0",
      "/articles?SlugUrl=oval-diamonds",
      "/articles?SlugUrl=no-such-article",
    ]);
  });

  it("keeps answers 300 s on its clock: no request inside the window, a fresh one after it", async () => {
    const base = await tenant("cache");
    let now = 1_000_000;
    const source = cmsSource({ baseUrl: base, caches: cmsCaches(() => now) });
    await source.categories();
    await source.bySlug("pear-diamonds");
    now += 299_999;
    await source.categories();
    await source.bySlug("pear-diamonds");
    expect(await requests("cache")).toHaveLength(2);
    now += 1;
    await source.categories();
    await source.bySlug("pear-diamonds");
    expect(await requests("cache")).toEqual(["/categories", "/articles?SlugUrl=pear-diamonds", "/categories", "/articles?SlugUrl=pear-diamonds"]);
  });

  it("logs and swallows a failing status or an answer of the wrong shape (empty, not cached), and a CMS that is not there", async () => {
    const base = await tenant("faults");
    const logged: string[] = [];
    const source = cmsSource({ baseUrl: base, caches: cmsCaches(() => 0), log: (m) => logged.push(m) });
    await control("fail", { tenant: "faults", count: 2, status: 503 });
    expect(await source.categories()).toEqual([]);
    expect(await source.bySlug("oval-diamonds")).toBeNull();
    await control("fail", { tenant: "faults", count: 1, status: 0 });
    expect(await source.list({ parent: "education", sub: null, start: 0, limit: 12 })).toEqual({ articles: [], total: 0 });
    expect(logged).toHaveLength(3);
    expect(logged[0]).toContain("GET categories failed");
    // Failures are not cached: the CMS answers again and so does the client.
    expect(await source.categories()).toHaveLength(3);
    expect((await source.bySlug("oval-diamonds"))?.SlugUrl).toBe("oval-diamonds");
    const gone = cmsSource({ baseUrl: "http://127.0.0.1:9/cms", caches: cmsCaches(() => 0), log: (m) => logged.push(m) });
    expect(await gone.all()).toEqual([]);
  });
});

describe("the pages on an upstream CMS (BLOG_CMS_URL)", () => {
  it("render the CMS's lists and articles, and move an article named under another category", async () => {
    const base = await tenant("pages");
    const env = { BLOG_CMS_URL: base };
    const list = await call("/education/shapes", { env });
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toMatch(/<h1[^>]*>Shapes — Education<\/h1>/);
    expect(html).toContain('href="/education/shapes/pear-diamonds"');
    const article = await call("/education/shapes/oval-diamonds", { env });
    expect(article.status).toBe(200);
    expect(await article.text()).toContain('<h2 id="from-the-cms">From the CMS</h2>');
    const moved = await call("/jewelry/metals/oval-diamonds", { env });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/education/shapes/oval-diamonds");
  });

  it("show the empty list and the not-found article when the CMS fails, never a 500", async () => {
    const base = await tenant("down");
    await control("fail", { tenant: "down", count: 100, status: 500 });
    const env = { BLOG_CMS_URL: base };
    // A query of their own: the 30-s shared page render must not answer from the test above.
    const list = await call("/blog?cms=down", { env });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("No articles here yet.");
    expect((await call("/education/shapes/oval-diamonds?cms=down", { env })).status).toBe(404);
    expect((await call("/education/shapes?cms=down", { env })).status).toBe(404);
    expect((await call("/sitemaps/articles.xml", { env })).status).toBe(200);
  });
});

describe("any article source's failure (§8)", () => {
  it("is logged and swallowed: the list is empty, the article not found", async () => {
    const broken: ArticleSource = {
      categories: () => Promise.reject(new Error("D1_ERROR: no such table")),
      list: () => Promise.reject(new Error("D1_ERROR")),
      bySlug: () => Promise.reject(new Error("D1_ERROR")),
      byAuthor: () => Promise.reject(new Error("D1_ERROR")),
      all: () => Promise.reject(new Error("D1_ERROR")),
    };
    const logged: string[] = [];
    const source = swallowing(broken, (m) => logged.push(m));
    expect(await articleList(source, "blog", null, 1)).toMatchObject({ articles: [], total: 0, pageCount: 1, category: { name: "Blog" } });
    expect(await articleList(source, "blog", null, 2)).toBeNull();
    expect(await articleAt(source, "blog", "news", "any-article")).toBeNull();
    expect(await source.all()).toEqual([]);
    expect(logged).toEqual([
      "articles: categories failed (shown as empty)",
      "articles: list failed (shown as empty)",
      "articles: categories failed (shown as empty)",
      "articles: list failed (shown as empty)",
      "articles: bySlug failed (shown as empty)",
      "articles: all failed (shown as empty)",
    ]);
  });
});
