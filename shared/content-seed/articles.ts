/**
 * The embedded blog CMS's seed (migration 0017): categories, authors and articles from the writer's collection
 * (./articles/index.ts), and each article's legacy paths (§2 legacy map) as 301s in `legacy_redirects`. Every
 * statement is `INSERT OR IGNORE`, keyed by a unique path, slug or id, so an operator's edits survive a re-seed.
 */
import { articlePath, listPath } from "../articles";
import { insertStatements } from "../catalogue/sql";
import { isLegacyContentPath, legacyKey } from "../redirects";
import { ARTICLES, AUTHORS, CATEGORIES } from "./articles/index";

/** The seed's clock for `updated_at` (an article's `published` day at noon UTC). */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`);

/**
 * The legacy map's rows: each article's old paths that the redirect middleware consults (`/blog/{slug}`,
 * `/education/diamond-{topic}`), minus any that is itself a page of the blog layout (a list page must not move).
 */
export function legacyRows(): { from_path: string; to_path: string; status: number }[] {
  const pages = new Set(CATEGORIES.map((c) => (c.parent ? listPath(c.parent, c.slug) : listPath(c.slug, null))));
  const rows = new Map<string, { from_path: string; to_path: string; status: number }>();
  for (const a of ARTICLES) {
    for (const old of a.legacy) {
      const key = legacyKey(old);
      if (!isLegacyContentPath(key) || pages.has(key) || rows.has(key)) continue;
      rows.set(key, { from_path: key, to_path: articlePath(a), status: 301 });
    }
  }
  return [...rows.values()];
}

/** The seed statements of the articles store. Articles go one per statement (a body is a few KB; a statement stays far under 100 KB). */
export function articlesSeedStatements(): string[] {
  const categories = CATEGORIES.map((c) => ({
    path: c.parent ? listPath(c.parent, c.slug) : listPath(c.slug, null),
    slug: c.slug,
    name: c.name,
    description: c.description,
    parent: c.parent,
  }));
  const authors = AUTHORS.map((a) => ({ id: a.id, name: a.name, role: a.role, bio: a.bio }));
  const articles = ARTICLES.map((a) => ({
    slug: a.slug,
    title: a.title,
    description: a.description,
    category: a.category,
    subcategory: a.subcategory,
    author_id: a.author,
    body: a.body,
    status: "published",
    published_at: a.published,
    updated_at: noonOf(a.published),
  }));
  return [
    ...insertStatements("article_categories", categories, 100, "INSERT OR IGNORE"),
    ...insertStatements("article_authors", authors, 20, "INSERT OR IGNORE"),
    ...insertStatements("articles", articles, 1, "INSERT OR IGNORE"),
    ...insertStatements("legacy_redirects", legacyRows(), 100, "INSERT OR IGNORE"),
  ];
}
