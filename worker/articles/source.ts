/**
 * Where the article pages read from: the embedded blog CMS in D1 (./store.ts), or an upstream Strapi-style CMS when
 * `BLOG_CMS_URL` is set (./cms.ts). Both answer in the CMS's shape (shared/articles.ts); only published articles.
 */
import type { CmsArticle, CmsCategory, TopCategory } from "#shared/articles.ts";

/** Which published articles to read (each part optional), `limit` from `start`. */
export interface ArticleFilter {
  parent?: TopCategory | null;
  sub?: string | null;
  slug?: string | null;
  author?: string | null;
  start: number;
  limit: number;
}

export interface ArticleSource {
  /** Every category (top categories have no parent). */
  categories(): Promise<CmsCategory[]>;
  /** A top category's (or one subcategory's) articles, newest first, one page, with how many there are. */
  list(f: { parent: TopCategory; sub: string | null; start: number; limit: number }): Promise<{ articles: CmsArticle[]; total: number }>;
  /** One article with its Markdown, or null. */
  bySlug(slug: string): Promise<CmsArticle | null>;
  /** An author's articles, newest first (without bodies where the source can leave them out). */
  byAuthor(id: string): Promise<CmsArticle[]>;
  /** Every published article (the sitemap, the authors' counts). */
  all(): Promise<CmsArticle[]>;
}
