/**
 * The seed articles (shared/content-seed/articles): what a reader and the page engineer rely on — enough articles for
 * a second list page, unique addresses, categories that nest, real authors, descriptions that fit a card, bodies of a
 * proper length with only h2/h3 headings, links that go somewhere, and a legacy map that redirects each old path once.
 */
import { describe, expect, it } from "vitest";
import { ARTICLES, AUTHORS, CATEGORIES } from "#shared/content-seed/articles/index.ts";
import { markdownText } from "#worker/content/markdown.ts";

const TOP = new Set(["blog", "education", "jewelry"]);
/** Site pages the articles may link to, besides the category lists and the articles themselves. */
const SITE_PATHS = [
  "/diamond-search",
  "/setting-search",
  "/lab-grown-diamonds",
  "/faq",
  "/our-data",
  "/cart",
  "/wedding-rings",
  "/mens-wedding-bands",
  "/jewelry-care-plan",
  "/my-stuff/alerts",
];
const categoryPaths = CATEGORIES.map((c) => (c.parent === null ? `/${c.slug}` : `/${c.parent}/${c.slug}`));
const articlePaths = ARTICLES.map((a) => `/${a.category}/${a.subcategory}/${a.slug}`);
const known = new Set([...SITE_PATHS, ...categoryPaths, ...articlePaths]);
const words = (markdown: string) => markdownText(markdown).split(/\s+/).filter(Boolean).length;

describe("seed categories and authors", () => {
  it("has the three top categories and 6 to 9 subcategories, each under a top category", () => {
    expect(CATEGORIES.filter((c) => c.parent === null).map((c) => c.slug)).toEqual(["blog", "education", "jewelry"]);
    const subs = CATEGORIES.filter((c) => c.parent !== null);
    expect(subs.length).toBeGreaterThanOrEqual(6);
    expect(subs.length).toBeLessThanOrEqual(9);
    for (const sub of subs) expect(TOP.has(sub.parent!), sub.slug).toBe(true);
    expect(new Set(CATEGORIES.map((c) => c.slug)).size).toBe(CATEGORIES.length);
    for (const slug of ["diamond-4cs", "buying-guides", "rings"])
      expect(
        subs.some((c) => c.slug === slug),
        slug,
      ).toBe(true);
  });

  it("has four authors with unique ids and bios of 60 to 150 words", () => {
    expect(AUTHORS).toHaveLength(4);
    expect(new Set(AUTHORS.map((a) => a.id)).size).toBe(4);
    for (const author of AUTHORS) {
      expect(author.id).toMatch(/^[a-z]+(-[a-z]+)+$/);
      const n = words(author.bio);
      expect(n, author.id).toBeGreaterThanOrEqual(60);
      expect(n, author.id).toBeLessThanOrEqual(150);
    }
  });
});

describe("seed articles", () => {
  it("has at least 26 articles, enough for a second list page of 12 in education", () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(26);
    expect(ARTICLES.filter((a) => a.category === "education").length).toBeGreaterThan(12);
    for (const top of TOP)
      expect(
        ARTICLES.some((a) => a.category === top),
        top,
      ).toBe(true);
  });

  it("has unique slugs, and every article sits in a subcategory of its own category, by a known author", () => {
    expect(new Set(ARTICLES.map((a) => a.slug)).size).toBe(ARTICLES.length);
    const authors = new Set(AUTHORS.map((a) => a.id));
    for (const article of ARTICLES) {
      expect(article.slug, article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const sub = CATEGORIES.find((c) => c.slug === article.subcategory);
      expect(sub?.parent, article.slug).toBe(article.category);
      expect(authors.has(article.author), article.slug).toBe(true);
    }
    for (const sub of CATEGORIES.filter((c) => c.parent !== null))
      expect(
        ARTICLES.some((a) => a.subcategory === sub.slug),
        sub.slug,
      ).toBe(true);
  });

  it("keeps the placeholder slugs the pages were built against", () => {
    expect(articlePaths).toContain("/education/diamond-4cs/diamond-cut-guide");
    expect(articlePaths).toContain("/blog/buying-guides/buying-a-diamond-online");
  });

  it("covers the 4Cs and every shape of the spec's enumeration", () => {
    const slugs = ARTICLES.map((a) => a.slug).join(" ");
    for (const c of ["cut", "color", "clarity", "carat"]) expect(slugs, c).toContain(`diamond-${c}`);
    for (const shape of ["round", "princess", "marquise", "emerald", "pear", "oval", "heart", "radiant", "asscher", "cushion"]) {
      expect(
        ARTICLES.some((a) => a.subcategory === "diamond-shapes" && a.slug.startsWith(`${shape}-`)),
        shape,
      ).toBe(true);
    }
  });

  it("has card descriptions of 120 to 160 characters and publication dates from 2025-01 to 2026-10", () => {
    for (const article of ARTICLES) {
      expect(article.description.length, article.slug).toBeGreaterThanOrEqual(120);
      expect(article.description.length, article.slug).toBeLessThanOrEqual(160);
      expect(article.published, article.slug).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(article.published >= "2025-01-01" && article.published <= "2026-10-31", article.slug).toBe(true);
      expect(Number.isNaN(Date.parse(article.published)), article.slug).toBe(false);
    }
  });

  it("has bodies of 400 to 900 words with only ## and ### headings (the page has the h1)", () => {
    for (const article of ARTICLES) {
      const n = words(article.body);
      expect(n, article.slug).toBeGreaterThanOrEqual(400);
      expect(n, article.slug).toBeLessThanOrEqual(900);
      const headings = article.body.split("\n").filter((line) => /^#/.test(line));
      expect(headings.length, article.slug).toBeGreaterThan(2);
      for (const heading of headings) expect(heading, article.slug).toMatch(/^#{2,3} \S/);
    }
  });

  it("links only to known site paths, category lists and other articles", () => {
    for (const article of ARTICLES) {
      const links = [...article.body.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
      expect(links.length, article.slug).toBeGreaterThan(1);
      for (const href of links) {
        expect(href, article.slug).toMatch(/^\//);
        expect(known.has(href), `${article.slug} → ${href}`).toBe(true);
        expect(href, article.slug).not.toBe(`/${article.category}/${article.subcategory}/${article.slug}`);
      }
    }
  });

  it("maps each old /blog/{slug} and /education/diamond-{topic} path to exactly one article", () => {
    const legacy = ARTICLES.flatMap((a) => a.legacy);
    expect(legacy.length).toBeGreaterThanOrEqual(ARTICLES.length);
    expect(new Set(legacy).size).toBe(legacy.length);
    for (const article of ARTICLES) expect(article.legacy.length, article.slug).toBeGreaterThan(0);
    for (const path of legacy) {
      expect(path).toMatch(/^\/(blog\/[a-z0-9]+(-[a-z0-9]+)*|education\/diamond-[a-z0-9]+(-[a-z0-9]+)*)$/);
      expect(known.has(path), `${path} must not shadow a live page`).toBe(false);
    }
    for (const topic of ["cut", "color", "clarity", "carat", "certificates", "fluorescence"]) {
      expect(legacy, topic).toContain(`/education/diamond-${topic}`);
    }
    // The old shapes overview keeps its address: it is the live list of the shape guides.
    expect(categoryPaths).toContain("/education/diamond-shapes");
  });
});
