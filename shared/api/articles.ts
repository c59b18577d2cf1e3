/**
 * The embedded blog CMS (§7 "Blog CMS", Strapi-style: `GET categories`; `GET articles` with
 * `Categories.ParentCategory`, `_limit` ≤ 10,000, `_start`, optional `Categories.SlugUrl`; `GET articles?SlugUrl=`),
 * the authors (§7 `GET authors`, `GET authors/{id}`) and the operator's article edit (admin token).
 */
import {
  AdminArticle,
  AdminArticles,
  ArticleEdit,
  ArticleSlugParam,
  ArticlesQuery,
  Author,
  AuthorDetail,
  AuthorIdParam,
  CmsArticles,
  CmsCategories,
} from "../articles";
import * as v from "valibot";
import { json, operation, refusal } from "./operation";

export const articleOperations = {
  articleCategories: operation({
    method: "GET",
    path: "/categories",
    operationId: "articleCategories",
    summary: "The blog CMS's categories: blog, education and jewelry (ParentCategory null) and their subcategories",
    responses: { 200: json("Categories", CmsCategories) },
  }),
  articles: operation({
    method: "GET",
    path: "/articles",
    operationId: "articles",
    summary:
      "Published articles, newest first: filtered by Categories.ParentCategory, Categories.SlugUrl or SlugUrl; _limit (1–10,000, default 100) from _start (default 0). Markdown in Content.",
    query: ArticlesQuery,
    responses: { 200: json("Articles (an empty array when none match)", CmsArticles) },
  }),
  authors: operation({
    method: "GET",
    path: "/authors",
    operationId: "authors",
    summary: "Every author with their bio (Markdown and rendered) and how many published articles they wrote",
    responses: { 200: json("Authors", v.array(Author)) },
  }),
  author: operation({
    method: "GET",
    path: "/authors/{id}",
    operationId: "author",
    summary: "One author with their published articles, newest first",
    params: AuthorIdParam,
    responses: { 200: json("The author", AuthorDetail), 404: refusal("No such author") },
  }),
  adminArticles: operation({
    method: "GET",
    path: "/articles/admin",
    operationId: "adminArticles",
    summary: "Admin (Authorization: Bearer ADMIN_TOKEN): every article of the embedded CMS, drafts included, with its Markdown",
    admin: true,
    responses: { 200: json("Articles", AdminArticles), 404: refusal("Without the admin token") },
  }),
  editArticle: operation({
    method: "PUT",
    path: "/articles/{slug}",
    operationId: "editArticle",
    summary: "Admin: sets an article's title, description, Markdown body and status (draft hides it from the site)",
    admin: true,
    params: ArticleSlugParam,
    body: ArticleEdit,
    responses: { 200: json("The article as stored", AdminArticle), 404: refusal("No such article, or without the admin token") },
  }),
} as const;
