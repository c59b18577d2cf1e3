import { articleOperations as ops } from "#shared/api/articles.ts";
import { refused } from "#shared/refusal.ts";
import { handle } from "../http/routes";
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
