/**
 * The embedded blog CMS's calls and the authors (shared/api/articles.ts), read from D1 whatever `BLOG_CMS_URL` says
 * (they are this site's CMS; the pages may read an upstream one). Public answers may be cached for 300 s (§9 content
 * cache); the admin calls are private (worker/http/routes.ts). Also the editor's way in from a browser,
 * `/content/articles?token=…` (like `/experiments?token=…`).
 */
import { createMiddleware } from "hono/factory";
import { articleOperations as ops } from "#shared/api/articles.ts";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { startAdminSession } from "../middleware/admin";
import { authorDetail, authorList } from "./service";
import { adminArticles, storedArticles, storedCategories, storedSource, updateArticle } from "./store";

const CACHE = "public, max-age=300";

export const articleRoutes = [
  handle(ops.articleCategories, async (_, c) => {
    c.header("Cache-Control", CACHE);
    return { status: 200, body: await storedCategories(c.env.DB) };
  }),
  handle(ops.articles, async ({ query }, c) => {
    c.header("Cache-Control", CACHE);
    const { articles } = await storedArticles(c.env.DB, {
      parent: query["Categories.ParentCategory"],
      sub: query["Categories.SlugUrl"],
      slug: query.SlugUrl,
      limit: query._limit,
      start: query._start,
      withBody: true,
    });
    return { status: 200, body: articles };
  }),
  handle(ops.authors, async (_, c) => {
    c.header("Cache-Control", CACHE);
    return { status: 200, body: await authorList(c.env.DB, storedSource(c.env.DB)) };
  }),
  handle(ops.author, async ({ params }, c) => {
    const author = (await authorDetail(c.env.DB, storedSource(c.env.DB), params.id)) ?? refused("not_found", `No author ${params.id}`);
    c.header("Cache-Control", CACHE);
    return { status: 200, body: author };
  }),
  handle(ops.adminArticles, async (_, c) => ({ status: 200, body: await adminArticles(c.env.DB) })),
  handle(ops.editArticle, async ({ params, body }, c) => ({ status: 200, body: await updateArticle(c.env.DB, params.slug, body, Date.now()) })),
];

/**
 * `/content/articles?token=…`: a valid admin token starts the admin session (worker/middleware/admin.ts) and redirects
 * to `/content/articles` without the token in the URL; a wrong one falls through to the page, which is then not found.
 */
export function articlesAdminLogin() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = c.req.query("token");
    if (c.req.method !== "GET" || token === undefined) return next();
    c.header("Cache-Control", "no-store");
    if (await startAdminSession(c, token)) return c.redirect("/content/articles", 303);
    return next();
  });
}
