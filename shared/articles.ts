/**
 * Articles, categories and authors (issue 20 point 2; §2 blog layout, §3 Articles, §7 blog CMS, §9 paging): the wire
 * schemas of the embedded blog CMS (Strapi-style field names, as §3/§7 name them: `SlugUrl`, `Categories` with
 * `ParentCategory`), the authors' calls, the admin edit, and the pages' view types. Pure: no I/O.
 */
import * as v from "valibot";

/** §5/§9: articles are paged 12 at a time. */
export const ARTICLES_PAGE_SIZE = 12;
/** §9: a blog CMS read asks for at most 10,000 articles (`_limit`). */
export const ARTICLES_LIMIT = 10_000;
/** The default `_limit` of `GET /api/articles` (Strapi's default page). */
export const ARTICLES_DEFAULT_LIMIT = 100;

/** The three top categories of §2's blog layout. */
export const TOP_CATEGORIES = ["blog", "education", "jewelry"] as const;
export type TopCategory = (typeof TOP_CATEGORIES)[number];
export const isTopCategory = (s: string): s is TopCategory => (TOP_CATEGORIES as readonly string[]).includes(s);

export const ARTICLE_STATUSES = ["draft", "published"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** A URL slug: lower-case words joined by single hyphens. */
export const Slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug (letters, digits, hyphens)"), v.maxLength(120));

const count = (name: string, max: number, min: number) =>
  v.pipe(
    v.string(),
    v.maxLength(6),
    v.regex(/^\d{1,6}$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max.toLocaleString("en-US")}`),
  );

/** §7 blog CMS: `GET articles` with `Categories.ParentCategory`, `_limit` (≤ 10,000), `_start`, optional `Categories.SlugUrl` or `SlugUrl`. */
export const ArticlesQuery = v.object({
  "Categories.ParentCategory": v.optional(v.picklist(TOP_CATEGORIES, "Categories.ParentCategory must be blog, education or jewelry")),
  "Categories.SlugUrl": v.optional(Slug),
  SlugUrl: v.optional(Slug),
  _limit: v.optional(count("_limit", ARTICLES_LIMIT, 1), String(ARTICLES_DEFAULT_LIMIT)),
  _start: v.optional(count("_start", 999_999, 0), "0"),
});
export type ArticlesQuery = v.InferOutput<typeof ArticlesQuery>;

/** A category as the blog CMS answers it: a top category has no ParentCategory. */
export const CmsCategory = v.object({
  id: v.number(),
  Name: v.string(),
  SlugUrl: v.string(),
  Description: v.string(),
  ParentCategory: v.nullable(v.picklist(TOP_CATEGORIES)),
});
export type CmsCategory = v.InferOutput<typeof CmsCategory>;

/** An article as the blog CMS answers it: Markdown `Content`, its author and its (sub)categories. */
export const CmsArticle = v.object({
  id: v.number(),
  Title: v.string(),
  SlugUrl: v.string(),
  Description: v.string(),
  Content: v.string(),
  published_at: v.string(),
  updated_at: v.string(),
  Author: v.object({ id: v.string(), Name: v.string(), Role: v.string() }),
  Categories: v.array(CmsCategory),
});
export type CmsArticle = v.InferOutput<typeof CmsArticle>;

export const CmsCategories = v.array(CmsCategory);
export const CmsArticles = v.array(CmsArticle);

/** An author (`GET /api/authors`): the bio in Markdown and rendered. */
export const Author = v.object({
  id: v.string(),
  name: v.string(),
  role: v.string(),
  bio: v.string(),
  bioHtml: v.string(),
  path: v.string(),
  articleCount: v.number(),
});
export type Author = v.InferOutput<typeof Author>;

/** An article in a list: no body. */
export const ArticleSummary = v.object({
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  category: v.picklist(TOP_CATEGORIES),
  subcategory: v.string(),
  subcategoryName: v.string(),
  path: v.string(),
  published: v.string(),
  updated: v.string(),
  author: v.object({ id: v.string(), name: v.string() }),
});
export type ArticleSummary = v.InferOutput<typeof ArticleSummary>;

/** `GET /api/authors/{id}`: the author and their published articles, newest first. */
export const AuthorDetail = v.object({ ...Author.entries, articles: v.array(ArticleSummary) });
export type AuthorDetail = v.InferOutput<typeof AuthorDetail>;

export const AuthorIdParam = v.object({ id: Slug });
export const ArticleSlugParam = v.object({ slug: Slug });

/** The operator's edit of an article (admin): every field is checked and each problem named. */
export const ArticleEdit = v.object({
  title: v.pipe(
    v.string("title is required"),
    v.trim(),
    v.minLength(3, "title must be at least 3 characters"),
    v.maxLength(200, "title must be at most 200 characters"),
  ),
  description: v.pipe(
    v.string("description is required"),
    v.trim(),
    v.minLength(20, "description must be at least 20 characters"),
    v.maxLength(300, "description must be at most 300 characters"),
  ),
  body: v.pipe(v.string("body is required"), v.minLength(1, "body must not be empty"), v.maxLength(60_000, "body must be at most 60,000 characters")),
  status: v.picklist(ARTICLE_STATUSES, "status must be draft or published"),
});
export type ArticleEdit = v.InferOutput<typeof ArticleEdit>;

/** An article as the operator sees it (drafts included). */
export const AdminArticle = v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  body: v.string(),
  status: v.picklist(ARTICLE_STATUSES),
  category: v.picklist(TOP_CATEGORIES),
  subcategory: v.string(),
  path: v.string(),
  published: v.string(),
  updatedAt: v.number(),
});
export type AdminArticle = v.InferOutput<typeof AdminArticle>;
export const AdminArticles = v.array(AdminArticle);

/** A category on a page: its list page's path. */
export interface CategoryView {
  slug: string;
  name: string;
  description: string;
  path: string;
}

/** A list page: `/{category}` or `/{category}/{subcategory}`, 12 a page. */
export interface ArticleListView {
  category: CategoryView;
  subcategory: CategoryView | null;
  /** The top category's subcategories (the page's navigation). */
  subcategories: CategoryView[];
  articles: ArticleSummary[];
  page: number;
  pageCount: number;
  total: number;
}

/** An article page: the body rendered on the server. */
export interface ArticleView extends ArticleSummary {
  html: string;
  categoryName: string;
  authorRole: string;
}

/** What an article address answers: the article, a 301 to its right address, or nothing (404). */
export type ArticleAnswer = { article: ArticleView } | { redirect: string } | null;

/** The path of an article: /{category}/{subcategory}/{slug}. */
export const articlePath = (a: { category: string; subcategory: string; slug: string }) => `/${a.category}/${a.subcategory}/${a.slug}`;
/** The path of an author's page. */
export const authorPath = (id: string) => `/author/${id}`;
/** The path of a list page (`sub` null for the top category), page n > 1 as `?page=n`. */
export function listPath(category: string, sub: string | null, page = 1): string {
  const base = sub ? `/${category}/${sub}` : `/${category}`;
  return page > 1 ? `${base}?page=${page}` : base;
}
/** The number of list pages for `total` articles (at least 1: an empty category still has its page). */
export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / ARTICLES_PAGE_SIZE));
