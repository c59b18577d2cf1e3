/**
 * The article pages' service (issue 20 point 2): list pages, an article, the authors, and the operator's article
 * editor. Only the server reads it (client/server-page.ts: a client navigation to these pages is a document load);
 * worker/loaders/articles.ts provides it from worker/articles/.
 */
import { createContext } from "react-router";
import type { AdminArticle, ArticleAnswer, ArticleListView, Author, AuthorDetail, TopCategory } from "#shared/articles.ts";
import type { Outcome } from "#shared/refusal.ts";

/** The operator's article editor (the embedded CMS in D1). */
export interface ArticleAdmin {
  list(): Promise<AdminArticle[]>;
  get(slug: string): Promise<AdminArticle | null>;
  /** Checks and stores the form's fields (title, description, body, status); the refusal names each bad field. */
  save(slug: string, fields: Record<string, unknown>): Promise<Outcome<{ article: AdminArticle }>>;
  /** Whether the pages read an upstream CMS (`BLOG_CMS_URL`), so edits here do not show on the site. */
  upstream: boolean;
}

export interface ArticlesService {
  /** A list page; null for an unknown subcategory or a page past the last. */
  list(category: TopCategory, sub: string | null, page: number): Promise<ArticleListView | null>;
  /** An article, a redirect to its right address, or null. */
  article(category: TopCategory, sub: string, slug: string): Promise<ArticleAnswer>;
  authors(): Promise<Author[]>;
  author(id: string): Promise<AuthorDetail | null>;
  /** The editor, or null when the request does not prove the admin token. */
  admin(): Promise<ArticleAdmin | null>;
}

export const articlesContext = createContext<ArticlesService>();
