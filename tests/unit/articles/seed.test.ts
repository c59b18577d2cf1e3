/**
 * The articles seed (shared/content-seed/articles.ts) against whatever collection the writer provides: every
 * statement re-runnable and under D1's 100 KB, every article reachable (a known author, a subcategory of its
 * category), and the legacy map pointing old paths at articles without ever moving a list page.
 */
import { describe, expect, it } from "vitest";
import { ARTICLES_PAGE_SIZE, articlePath, listPath, pageCountOf } from "#shared/articles.ts";
import { articlesSeedStatements, legacyRows } from "#shared/content-seed/articles.ts";
import { ARTICLES, AUTHORS, CATEGORIES } from "#shared/content-seed/articles/index.ts";
import { isLegacyContentPath } from "#shared/redirects.ts";

describe("the articles seed", () => {
  it("only inserts what is missing, one statement well under 100 KB", () => {
    const statements = articlesSeedStatements();
    expect(statements.length).toBeGreaterThanOrEqual(ARTICLES.length);
    for (const s of statements) {
      expect(s.startsWith("INSERT OR IGNORE INTO ")).toBe(true);
      expect(new TextEncoder().encode(s).byteLength).toBeLessThan(100_000);
    }
  });

  it("gives every article a known author, a subcategory of its category and a unique slug", () => {
    const authors = new Set(AUTHORS.map((a) => a.id));
    const subs = new Set(CATEGORIES.filter((c) => c.parent).map((c) => `${c.parent}/${c.slug}`));
    for (const a of ARTICLES) {
      expect(authors.has(a.author), a.slug).toBe(true);
      expect(subs.has(`${a.category}/${a.subcategory}`), a.slug).toBe(true);
    }
    expect(new Set(ARTICLES.map((a) => a.slug)).size).toBe(ARTICLES.length);
  });

  it("maps each legacy path the middleware consults to its article, and never a list page", () => {
    const lists = new Set(CATEGORIES.map((c) => (c.parent ? listPath(c.parent, c.slug) : listPath(c.slug, null))));
    const targets = new Set(ARTICLES.map(articlePath));
    for (const row of legacyRows()) {
      expect(isLegacyContentPath(row.from_path), row.from_path).toBe(true);
      expect(lists.has(row.from_path), row.from_path).toBe(false);
      expect(targets.has(row.to_path), row.to_path).toBe(true);
      expect(row.status).toBe(301);
    }
  });
});

describe("list paths and pages", () => {
  it("pages 12 at a time, an empty category still one page; page 1 has no ?page", () => {
    expect(ARTICLES_PAGE_SIZE).toBe(12);
    expect([0, 1, 12, 13, 24, 25].map(pageCountOf)).toEqual([1, 1, 1, 2, 2, 3]);
    expect(listPath("blog", null)).toBe("/blog");
    expect(listPath("education", "diamond-4cs", 1)).toBe("/education/diamond-4cs");
    expect(listPath("education", "diamond-4cs", 2)).toBe("/education/diamond-4cs?page=2");
  });
});
