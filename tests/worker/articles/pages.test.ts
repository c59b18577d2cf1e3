/**
 * The article pages as a reader and a crawler get them (server-rendered): a category list paged 12 at a time with
 * its pager, an article with its rendered (sanitised) body, author link, breadcrumbs and JSON-LD, the 301 for a wrong
 * subcategory, 404s, the legacy map's 301s, the authors' pages and the articles sitemap.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { articlePath } from "#shared/articles.ts";
import { ARTICLES, AUTHORS } from "#shared/content-seed/articles/index.ts";
import { legacyRows } from "#shared/content-seed/articles.ts";
import { call } from "../helpers";
import { articles } from "./fixtures";

const html = async (path: string, status = 200) => {
  const res = await call(path);
  expect(res.status, path).toBe(status);
  return res.text();
};

/** The page's JSON-LD objects (each script must be valid JSON). */
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

/** The article links of a list page, in order. */
const cardLinks = (page: string) => [...page.matchAll(/<li class="article-card"><h2><a href="([^"]+)"/g)].map((m) => m[1]!);

let paged: string[] = [];

beforeAll(async () => {
  paged = await articles("education", "page-paging", "page-paging", 14);
});

describe("category lists", () => {
  it("lists a subcategory's articles 12 to a page, newest first, with a pager to page 2", async () => {
    const first = await html("/education/page-paging");
    expect(first).toMatch(/<h1[^>]*>Test page-paging — Education<\/h1>/);
    expect(cardLinks(first)).toEqual(paged.slice(0, 12).map((s) => `/education/page-paging/${s}`));
    expect(first).toContain('<link rel="canonical" href="https://loupe.test/education/page-paging"');
    expect(first).toMatch(/<nav class="pager" aria-label="Pages">[\s\S]*href="\/education\/page-paging\?page=2"/);
    const second = await html("/education/page-paging?page=2");
    expect(cardLinks(second)).toEqual(paged.slice(12).map((s) => `/education/page-paging/${s}`));
    expect(second).toContain("page 2");
  });

  it("answers 404 past the last page, for a page that is not a number and for an unknown subcategory", async () => {
    await html("/education/page-paging?page=3", 404);
    await html("/education/page-paging?page=0", 404);
    await html("/education/page-paging?page=two", 404);
    await html("/education/no-such-topic", 404);
  });

  it("lists a top category with every subcategory's articles and links to its topics", async () => {
    const page = await html("/education");
    expect(page).toMatch(/<h1[^>]*>Education<\/h1>/);
    expect(page).toContain('href="/education/page-paging"');
    expect(cardLinks(page)).toHaveLength(12);
    for (const top of ["/blog", "/jewelry"]) expect(await html(top)).toMatch(/<h1[^>]*>/);
  });

  it("leaves the other pages alone: the jewellery search and the diamond search still answer", async () => {
    expect((await call("/jewelry-search")).status).toBe(200);
    expect((await call("/diamond-search")).status).toBe(200);
  });
});

describe("an article", () => {
  const seed = ARTICLES[0]!;
  const path = articlePath(seed);

  it("renders the Markdown body on the server with the author link, the date and the breadcrumbs", async () => {
    const page = await html(path);
    expect(page).toContain(`<h1 id="article-title">${seed.title.replace(/&/g, "&amp;")}</h1>`);
    expect(page).toContain(`href="/author/${seed.author}"`);
    expect(page).toMatch(new RegExp(`<time datetime="${seed.published}">\\d{1,2} [A-Z][a-z]+ 20\\d\\d</time>`, "i"));
    expect(page).toMatch(/<nav class="breadcrumbs" aria-label="Breadcrumb">/);
    expect(page).toMatch(/<div class="article-body"><h2 id="[^"]+">/);
    expect(page).toContain('<meta property="og:type" content="article">');
  });

  it("escapes raw HTML in the Markdown (no script reaches the page)", async () => {
    const page = await html(`/education/page-paging/${paged[0]}`);
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("<script>alert(1)</script>");
  });

  it("carries valid JSON-LD: an Article with its author and dates, and the BreadcrumbList", async () => {
    const ld = jsonLd(await html(path));
    const art = ld.find((o) => o["@type"] === "Article")!;
    expect(art).toMatchObject({ headline: seed.title, datePublished: seed.published, mainEntityOfPage: `https://loupe.test${path}` });
    expect(art.author).toMatchObject({ "@type": "Person", url: `https://loupe.test/author/${seed.author}` });
    const crumbs = ld.find((o) => o["@type"] === "BreadcrumbList")!.itemListElement as { item: string }[];
    expect(crumbs.map((c) => c.item)).toEqual([
      "https://loupe.test/",
      `https://loupe.test/${seed.category}`,
      `https://loupe.test/${seed.category}/${seed.subcategory}`,
      `https://loupe.test${path}`,
    ]);
  });

  it("answers 301 to its address when the path names another subcategory or category, keeping the query", async () => {
    const res = await call(`/blog/elsewhere/${seed.slug}?utm_source=x`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`${path}?utm_source=x`);
  });

  it("answers 404 for an unknown article and for a draft", async () => {
    await html(`/${seed.category}/${seed.subcategory}/no-such-article`, 404);
    await articles("education", "page-drafts", "page-draft", 1, "draft");
    await html("/education/page-drafts/page-draft-1", 404);
  });
});

describe("the legacy map (§2)", () => {
  it("answers 301 from every old path to the article's address, keeping the query", async () => {
    const rows = legacyRows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const res = await call(`${row.from_path}?ref=old`);
      expect(res.status, row.from_path).toBe(301);
      expect(res.headers.get("location"), row.from_path).toBe(`${row.to_path}?ref=old`);
      expect((await call(row.to_path)).status, row.to_path).toBe(200);
    }
  });

  it("matches the old path whatever its case and trailing slash", async () => {
    const row = legacyRows()[0]!;
    const res = await call(`${row.from_path.toUpperCase()}/`);
    expect(res.status).toBe(301);
  });
});

describe("authors", () => {
  it("/authors lists every author with a link to their page", async () => {
    const page = await html("/authors");
    expect(page).toMatch(/<h1[^>]*>Our authors<\/h1>/);
    for (const a of AUTHORS) expect(page).toContain(`href="/author/${a.id}"`);
  });

  it("/author/{id} shows the bio and their articles; an unknown author is a 404", async () => {
    const a = AUTHORS[0]!;
    const page = await html(`/author/${a.id}`);
    expect(page).toContain(`<h1 id="author-title">${a.name}</h1>`);
    expect(page).toContain(`href="/education/page-paging/${paged[0]}"`);
    await html("/author/nobody-here", 404);
  });
});

describe("the articles sitemap", () => {
  it("lists every published article and list page with a lastmod and the authors' pages, and is named in the index", async () => {
    expect(await html("/sitemap.xml")).toContain("<loc>https://loupe.test/sitemaps/articles.xml</loc>");
    const xml = await html("/sitemaps/articles.xml");
    for (const a of ARTICLES) expect(xml).toContain(`<loc>https://loupe.test${articlePath(a)}</loc><lastmod>`);
    expect(xml).toContain("<loc>https://loupe.test/education/page-paging</loc><lastmod>2026-10-28</lastmod>");
    expect(xml).toContain("<loc>https://loupe.test/education/page-paging?page=2</loc>");
    expect(xml).not.toContain("page-draft-1");
    for (const a of AUTHORS) expect(xml).toContain(`<loc>https://loupe.test/author/${a.id}</loc>`);
    expect(xml).toContain("<loc>https://loupe.test/authors</loc>");
  });
});
