/** The article pages' service on the server (client/articles-context.ts), from worker/articles/. */
import * as v from "valibot";
import type { ArticleAdmin, ArticlesService } from "#client/articles-context.ts";
import { ArticleEdit } from "#shared/articles.ts";
import { refuse } from "#shared/refusal.ts";
import type { Bindings } from "../env";
import { articleAt, articleList, articleSource, authorDetail, authorList } from "../articles/service";
import { adminArticle, adminArticles, updateArticle } from "../articles/store";
import { outcome } from "./cart";

/** The editor over D1 (the embedded CMS). */
function articleAdmin(env: Bindings, now: () => number): ArticleAdmin {
  return {
    list: () => adminArticles(env.DB),
    get: (slug) => adminArticle(env.DB, slug),
    save: async (slug, fields) => {
      const parsed = v.safeParse(ArticleEdit, fields);
      if (!parsed.success) {
        const details = parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message }));
        return refuse("bad_request", "Some fields need a change", details);
      }
      return outcome(async () => ({ article: await updateArticle(env.DB, slug, parsed.output, now()) }));
    },
    upstream: Boolean(env.BLOG_CMS_URL),
  };
}

/** The service for one request; `admin` says whether it proves the admin token. */
export function serverArticles(env: Bindings, admin: () => Promise<boolean>, now: () => number = Date.now): ArticlesService {
  const source = articleSource(env);
  return {
    list: (category, sub, page) => articleList(source, category, sub, page),
    article: (category, sub, slug) => articleAt(source, category, sub, slug),
    authors: () => authorList(env.DB, source),
    author: (id) => authorDetail(env.DB, source, id),
    admin: async () => ((await admin()) ? articleAdmin(env, now) : null),
  };
}
