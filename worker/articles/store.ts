/**
 * The embedded blog CMS in D1 (migration 0017): categories, authors and articles read in the CMS's own shape
 * (shared/articles.ts `CmsArticle`), so the pages read it and an upstream CMS (./cms.ts) through one interface; the
 * operator's list and edit of articles (drafts included).
 */
import type { AdminArticle, ArticleEdit, ArticleStatus, CmsArticle, CmsCategory, TopCategory } from "#shared/articles.ts";
import { articlePath } from "#shared/articles.ts";
import { refused } from "#shared/refusal.ts";
import type { ArticleFilter, ArticleSource } from "./source";

interface CategoryRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  parent: TopCategory | null;
}

const toCategory = (r: CategoryRow): CmsCategory => ({ id: r.id, Name: r.name, SlugUrl: r.slug, Description: r.description, ParentCategory: r.parent });

/** Every category, top categories first, then by name. */
export async function storedCategories(db: D1Database): Promise<CmsCategory[]> {
  const { results } = await db
    .prepare("SELECT id, slug, name, description, parent FROM article_categories ORDER BY parent IS NOT NULL, parent, name")
    .all<CategoryRow>();
  return results.map(toCategory);
}

interface ArticleRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  body: string;
  category: TopCategory;
  subcategory: string;
  published_at: string;
  updated_at: number;
  author_id: string;
  author_name: string;
  author_role: string;
  category_id: number | null;
  category_name: string | null;
  category_description: string | null;
  total: number;
}

function toArticle(r: ArticleRow): CmsArticle {
  return {
    id: r.id,
    Title: r.title,
    SlugUrl: r.slug,
    Description: r.description,
    Content: r.body,
    published_at: r.published_at,
    updated_at: new Date(r.updated_at).toISOString(),
    Author: { id: r.author_id, Name: r.author_name, Role: r.author_role },
    Categories: [
      {
        id: r.category_id ?? 0,
        Name: r.category_name ?? r.subcategory,
        SlugUrl: r.subcategory,
        Description: r.category_description ?? "",
        ParentCategory: r.category,
      },
    ],
  };
}

/**
 * Published articles matching the filter (every part optional), newest first, `limit` from `start`, with the total
 * that match (a window count: one statement). Without `withBody` the Markdown is left out (lists, sitemaps).
 */
export async function storedArticles(db: D1Database, f: ArticleFilter & { withBody?: boolean }): Promise<{ articles: CmsArticle[]; total: number }> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.slug, a.title, a.description, ${f.withBody ? "a.body" : "'' AS body"}, a.category, a.subcategory, a.published_at, a.updated_at,
         au.id AS author_id, au.name AS author_name, au.role AS author_role,
         c.id AS category_id, c.name AS category_name, c.description AS category_description, COUNT(*) OVER () AS total
       FROM articles a JOIN article_authors au ON au.id = a.author_id
       LEFT JOIN article_categories c ON c.path = '/' || a.category || '/' || a.subcategory
       WHERE a.status = 'published' AND (?1 IS NULL OR a.category = ?1) AND (?2 IS NULL OR a.subcategory = ?2)
         AND (?3 IS NULL OR a.slug = ?3) AND (?4 IS NULL OR a.author_id = ?4)
       ORDER BY a.published_at DESC, a.id DESC LIMIT ?5 OFFSET ?6`,
    )
    .bind(f.parent ?? null, f.sub ?? null, f.slug ?? null, f.author ?? null, f.limit, f.start)
    .all<ArticleRow>();
  if (results.length === 0 && f.start > 0) {
    // Past the end: the window count is not there to read, so count alone.
    const n = await db
      .prepare(
        `SELECT COUNT(*) AS n FROM articles a WHERE a.status = 'published' AND (?1 IS NULL OR a.category = ?1) AND (?2 IS NULL OR a.subcategory = ?2)
           AND (?3 IS NULL OR a.slug = ?3) AND (?4 IS NULL OR a.author_id = ?4)`,
      )
      .bind(f.parent ?? null, f.sub ?? null, f.slug ?? null, f.author ?? null)
      .first<{ n: number }>();
    return { articles: [], total: n?.n ?? 0 };
  }
  return { articles: results.map(toArticle), total: results[0]?.total ?? 0 };
}

/** The embedded blog CMS as an article source (the pages' default when no upstream CMS is configured). */
export function storedSource(db: D1Database): ArticleSource {
  return {
    categories: () => storedCategories(db),
    list: (f) => storedArticles(db, { parent: f.parent, sub: f.sub, start: f.start, limit: f.limit }),
    bySlug: async (slug) => (await storedArticles(db, { slug, start: 0, limit: 1, withBody: true })).articles[0] ?? null,
    byAuthor: async (id) => (await storedArticles(db, { author: id, start: 0, limit: 10_000 })).articles,
    all: async () => (await storedArticles(db, { start: 0, limit: 10_000 })).articles,
  };
}

/** An author row. */
export interface AuthorRow {
  id: string;
  name: string;
  role: string;
  bio: string;
}

/** Every author, by name. */
export async function storedAuthors(db: D1Database): Promise<AuthorRow[]> {
  return (await db.prepare("SELECT id, name, role, bio FROM article_authors ORDER BY name").all<AuthorRow>()).results;
}

/** One author, or null. */
export async function storedAuthor(db: D1Database, id: string): Promise<AuthorRow | null> {
  return db.prepare("SELECT id, name, role, bio FROM article_authors WHERE id = ?").bind(id).first<AuthorRow>();
}

interface AdminRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  body: string;
  status: ArticleStatus;
  category: TopCategory;
  subcategory: string;
  published_at: string;
  updated_at: number;
}

const toAdmin = (r: AdminRow): AdminArticle => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  description: r.description,
  body: r.body,
  status: r.status,
  category: r.category,
  subcategory: r.subcategory,
  path: articlePath(r),
  published: r.published_at,
  updatedAt: r.updated_at,
});

const ADMIN_COLUMNS = "id, slug, title, description, body, status, category, subcategory, published_at, updated_at";

/** Every article, drafts included, newest first (the operator's list). */
export async function adminArticles(db: D1Database): Promise<AdminArticle[]> {
  const { results } = await db.prepare(`SELECT ${ADMIN_COLUMNS} FROM articles ORDER BY published_at DESC, id DESC`).all<AdminRow>();
  return results.map(toAdmin);
}

/** One article for the operator, or null. */
export async function adminArticle(db: D1Database, slug: string): Promise<AdminArticle | null> {
  const row = await db.prepare(`SELECT ${ADMIN_COLUMNS} FROM articles WHERE slug = ?`).bind(slug).first<AdminRow>();
  return row ? toAdmin(row) : null;
}

/** Writes the operator's edit (title, description, Markdown body, status); refuses an unknown slug (not_found). */
export async function updateArticle(db: D1Database, slug: string, edit: ArticleEdit, now: number): Promise<AdminArticle> {
  const row = await db
    .prepare(`UPDATE articles SET title = ?1, description = ?2, body = ?3, status = ?4, updated_at = ?5 WHERE slug = ?6 RETURNING ${ADMIN_COLUMNS}`)
    .bind(edit.title, edit.description, edit.body, edit.status, now, slug)
    .first<AdminRow>();
  return row ? toAdmin(row) : refused("not_found", `No article ${slug}`);
}
