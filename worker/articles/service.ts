/**
 * The article pages' data (§2 blog layout): list pages 12 at a time (§5, §9), one article with its Markdown rendered on
 * the server (worker/content/markdown.ts), the authors and an author's articles. Read from the configured source
 * (./source.ts); a source failure is already swallowed there, so these answer empty or null (the not-found page).
 */
import {
  ARTICLES_PAGE_SIZE,
  type ArticleAnswer,
  type ArticleListView,
  type ArticleSummary,
  type Author,
  type AuthorDetail,
  articlePath,
  authorPath,
  type CategoryView,
  type CmsArticle,
  type CmsCategory,
  listPath,
  pageCountOf,
  type TopCategory,
} from "#shared/articles.ts";
import { renderMarkdown } from "../content/markdown";
import type { Bindings } from "../env";
import { cmsSource } from "./cms";
import type { ArticleSource } from "./source";
import { type AuthorRow, storedAuthor, storedAuthors, storedSource } from "./store";

/** The pages' source: the upstream CMS when `BLOG_CMS_URL` is set, else the embedded one (D1); either way failures are swallowed (§8). */
export function articleSource(env: Pick<Bindings, "DB" | "BLOG_CMS_URL">): ArticleSource {
  return swallowing(env.BLOG_CMS_URL ? cmsSource({ baseUrl: env.BLOG_CMS_URL }) : storedSource(env.DB));
}

/**
 * §8 "article failures are logged and swallowed": a source whose every read that fails is logged and answers empty
 * (no categories, no articles, null), so the page shows its empty or not-found state instead of an error.
 */
export function swallowing(source: ArticleSource, log: (message: string, error: unknown) => void = console.error): ArticleSource {
  function guard<A extends unknown[], R>(name: string, read: (...args: A) => Promise<R>, empty: R): (...args: A) => Promise<R> {
    return async (...args) => {
      try {
        return await read(...args);
      } catch (e) {
        log(`articles: ${name} failed (shown as empty)`, e instanceof Error ? e.message : e);
        return empty;
      }
    };
  }
  return {
    categories: guard("categories", source.categories, []),
    list: guard("list", source.list, { articles: [], total: 0 }),
    bySlug: guard("bySlug", source.bySlug, null),
    byAuthor: guard("byAuthor", source.byAuthor, []),
    all: guard("all", source.all, []),
  };
}

/** The top category's name when the source has none to give (its categories failed to load). */
const TOP_NAMES: Record<TopCategory, string> = { blog: "Blog", education: "Education", jewelry: "Jewelry" };

/** The article's subcategory: its first category under a top category. */
function subcategoryOf(a: CmsArticle): CmsCategory | null {
  return a.Categories.find((c) => c.ParentCategory !== null) ?? null;
}

/** An article as a list shows it; null when it has no subcategory (it has no address). */
export function summaryOf(a: CmsArticle): ArticleSummary | null {
  const sub = subcategoryOf(a);
  if (!sub?.ParentCategory) return null;
  const at = { category: sub.ParentCategory, subcategory: sub.SlugUrl, slug: a.SlugUrl };
  return {
    slug: a.SlugUrl,
    title: a.Title,
    description: a.Description,
    category: sub.ParentCategory,
    subcategory: sub.SlugUrl,
    subcategoryName: sub.Name,
    path: articlePath(at),
    published: a.published_at.slice(0, 10),
    updated: a.updated_at.slice(0, 10),
    author: { id: a.Author.id, name: a.Author.Name },
  };
}

const summaries = (list: readonly CmsArticle[]) => list.map(summaryOf).filter((s): s is ArticleSummary => s !== null);

const viewOf = (c: CmsCategory, top: TopCategory): CategoryView => ({
  slug: c.SlugUrl,
  name: c.Name,
  description: c.Description,
  path: c.ParentCategory ? listPath(top, c.SlugUrl) : listPath(top, null),
});

/**
 * A list page: the top category (and subcategory) with page `page` of its articles. Null for an unknown
 * subcategory or a page past the last (the first page of an empty category still renders, empty).
 */
export async function articleList(source: ArticleSource, category: TopCategory, sub: string | null, page: number): Promise<ArticleListView | null> {
  const categories = await source.categories();
  const top = categories.find((c) => c.ParentCategory === null && c.SlugUrl === category);
  const subs = categories.filter((c) => c.ParentCategory === category);
  const subcategory = sub ? subs.find((c) => c.SlugUrl === sub) : null;
  if (sub && !subcategory) return null;
  const { articles, total } = await source.list({ parent: category, sub, start: (page - 1) * ARTICLES_PAGE_SIZE, limit: ARTICLES_PAGE_SIZE });
  const pageCount = pageCountOf(total);
  if (page > pageCount) return null;
  return {
    category: top ? viewOf(top, category) : { slug: category, name: TOP_NAMES[category], description: "", path: listPath(category, null) },
    subcategory: subcategory ? viewOf(subcategory, category) : null,
    subcategories: subs.map((c) => viewOf(c, category)),
    articles: summaries(articles),
    page,
    pageCount,
    total,
  };
}

/** The article at /{category}/{sub}/{slug}: rendered, or where it really is when the address names another category. */
export async function articleAt(source: ArticleSource, category: TopCategory, sub: string, slug: string): Promise<ArticleAnswer> {
  const a = await source.bySlug(slug);
  const summary = a && summaryOf(a);
  if (!a || !summary) return null;
  if (summary.category !== category || summary.subcategory !== sub) return { redirect: summary.path };
  return {
    article: { ...summary, html: renderMarkdown(a.Content), categoryName: TOP_NAMES[summary.category], authorRole: a.Author.Role },
  };
}

function authorOf(row: AuthorRow, articleCount: number): Author {
  return { id: row.id, name: row.name, role: row.role, bio: row.bio, bioHtml: renderMarkdown(row.bio), path: authorPath(row.id), articleCount };
}

/** Every author with how many published articles each has. */
export async function authorList(db: D1Database, source: ArticleSource): Promise<Author[]> {
  const [rows, all] = await Promise.all([storedAuthors(db), source.all()]);
  const counts = new Map<string, number>();
  for (const a of all) counts.set(a.Author.id, (counts.get(a.Author.id) ?? 0) + 1);
  return rows.map((r) => authorOf(r, counts.get(r.id) ?? 0));
}

/** One author with their published articles, newest first; null for an unknown id. */
export async function authorDetail(db: D1Database, source: ArticleSource, id: string): Promise<AuthorDetail | null> {
  const row = await storedAuthor(db, id);
  if (!row) return null;
  const articles = summaries(await source.byAuthor(id));
  return { ...authorOf(row, articles.length), articles };
}

/** Every published article's page, every list page (with its pages past the first), /authors and each author's page, for the sitemap. */
export async function articleSitemap(db: D1Database, source: ArticleSource): Promise<{ path: string; lastmod?: string }[]> {
  const [categories, all, authors] = await Promise.all([source.categories(), source.all(), storedAuthors(db)]);
  const list = summaries(all);
  const newest = (match: (s: ArticleSummary) => boolean) =>
    list.filter(match).reduce<string | undefined>((m, s) => (!m || s.updated > m ? s.updated : m), undefined);
  const out: { path: string; lastmod?: string }[] = [];
  const lists: { category: TopCategory; sub: string | null }[] = [
    ...(["blog", "education", "jewelry"] as const).map((category) => ({ category, sub: null })),
    ...categories.filter((c) => c.ParentCategory).map((c) => ({ category: c.ParentCategory as TopCategory, sub: c.SlugUrl })),
  ];
  for (const l of lists) {
    const match = (s: ArticleSummary) => s.category === l.category && (l.sub === null || s.subcategory === l.sub);
    const pages = pageCountOf(list.filter(match).length);
    const lastmod = newest(match);
    for (let p = 1; p <= pages; p++) out.push({ path: listPath(l.category, l.sub, p), ...(lastmod ? { lastmod } : {}) });
  }
  for (const s of list) out.push({ path: s.path, lastmod: s.updated });
  out.push({ path: "/authors" }, ...authors.map((a) => ({ path: authorPath(a.id) })));
  return out;
}
