/**
 * The upstream blog CMS client (§7 "Blog CMS", Strapi-style; env `BLOG_CMS_URL`): `GET categories`, `GET articles`
 * with `Categories.ParentCategory`, `_limit` (§9: at most 10,000), `_start` and optional `Categories.SlugUrl`, and
 * `GET articles?SlugUrl={slug}`. Answers are validated (shared/articles.ts) and kept 300 s (§9 content cache) in a
 * bounded per-isolate cache with an injectable clock; a failure (network, timeout, status, shape) is logged and
 * swallowed (§8): the source answers empty, so the page shows its empty or not-found state, never a 500. Failures
 * are not cached: the next request asks again.
 */
import * as v from "valibot";
import { ARTICLES_LIMIT, type CmsArticle, CmsArticles, CmsCategories, type CmsCategory, TOP_CATEGORIES, type TopCategory } from "#shared/articles.ts";
import { TimedCache } from "../lib/timed-cache";
import type { ArticleSource } from "./source";

/** §9: the content cache's default lifetime, 300 s. */
export const CMS_CACHE_MS = 300_000;
/** §9: the HTTP timeout, 30,000 ms. */
export const CMS_TIMEOUT_MS = 30_000;

/** The client's caches: categories and article lists, each bounded. */
export interface CmsCaches {
  categories: TimedCache<CmsCategory[]>;
  articles: TimedCache<CmsArticle[]>;
}

/** Fresh caches on a clock (tests pass their own `now`; the worker shares one pair per isolate). */
export function cmsCaches(now: () => number = Date.now): CmsCaches {
  return {
    categories: new TimedCache({ ttlMs: CMS_CACHE_MS, maxEntries: 8, now }),
    articles: new TimedCache({ ttlMs: CMS_CACHE_MS, maxEntries: 200, now }),
  };
}

const isolateCaches = cmsCaches();

export interface CmsOptions {
  /** The CMS API's origin and base path, e.g. https://cms.example.com/api. */
  baseUrl: string;
  caches?: CmsCaches;
  fetch?: typeof fetch;
  /** Where failures are logged (default console.error). */
  log?: (message: string, error: unknown) => void;
  timeoutMs?: number;
}

/** The query string of a `GET articles` (keys in the order §7 names them). */
export function articlesQuery(q: { parent?: TopCategory; sub?: string | null; slug?: string; limit?: number; start?: number }): string {
  const p = new URLSearchParams();
  if (q.slug) p.set("SlugUrl", q.slug);
  if (q.parent) p.set("Categories.ParentCategory", q.parent);
  if (q.limit !== undefined) p.set("_limit", String(Math.min(q.limit, ARTICLES_LIMIT)));
  if (q.start !== undefined) p.set("_start", String(q.start));
  if (q.sub) p.set("Categories.SlugUrl", q.sub);
  return p.toString();
}

const byNewest = (a: CmsArticle, b: CmsArticle) => b.published_at.localeCompare(a.published_at) || b.id - a.id;

/** The upstream CMS as an article source. */
export function cmsSource(o: CmsOptions): ArticleSource {
  const base = o.baseUrl.replace(/\/+$/, "");
  const caches = o.caches ?? isolateCaches;
  const fetchFn = o.fetch ?? fetch;
  const log = o.log ?? ((message: string, error: unknown) => console.error(message, error instanceof Error ? error.message : error));
  const timeoutMs = o.timeoutMs ?? CMS_TIMEOUT_MS;

  async function read<S extends typeof CmsArticles | typeof CmsCategories>(path: string, schema: S): Promise<v.InferOutput<S>> {
    const res = await fetchFn(`${base}/${path}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`answered ${res.status}`);
    const parsed = v.safeParse(schema, await res.json());
    if (!parsed.success) throw new Error(`unexpected answer: ${parsed.issues[0]?.message ?? "invalid"}`);
    return parsed.output;
  }

  async function articles(query: string): Promise<CmsArticle[]> {
    const path = `articles?${query}`;
    try {
      return await caches.articles.get(`${base}/${path}`, () => read(path, CmsArticles));
    } catch (e) {
      log(`blog CMS: GET ${path} failed (shown as no articles)`, e);
      return [];
    }
  }

  /** A top category's (or subcategory's) whole list: §9's limit of 10,000, paged here (the CMS gives no count). */
  const whole = async (parent: TopCategory, sub: string | null) =>
    [...(await articles(articlesQuery({ parent, sub, limit: ARTICLES_LIMIT, start: 0 })))].sort(byNewest);

  async function all(): Promise<CmsArticle[]> {
    const lists = await Promise.all(TOP_CATEGORIES.map((parent) => whole(parent, null)));
    const seen = new Set<number>();
    return lists
      .flat()
      .filter((a) => !seen.has(a.id) && seen.add(a.id))
      .sort(byNewest);
  }

  return {
    async categories() {
      try {
        return await caches.categories.get(`${base}/categories`, () => read("categories", CmsCategories));
      } catch (e) {
        log("blog CMS: GET categories failed (shown as none)", e);
        return [];
      }
    },
    async list(f) {
      const list = await whole(f.parent, f.sub);
      return { articles: list.slice(f.start, f.start + f.limit), total: list.length };
    },
    async bySlug(slug) {
      return (await articles(articlesQuery({ slug }))).find((a) => a.SlugUrl === slug) ?? null;
    },
    async byAuthor(id) {
      return (await all()).filter((a) => a.Author.id === id);
    },
    all,
  };
}
