/**
 * A loopback fake of a Strapi-style blog CMS (§7 "Blog CMS"; Strapi v3's REST filters): `GET {tenant}/categories`
 * answers the categories; `GET {tenant}/articles` filters by `Categories.ParentCategory`, `Categories.SlugUrl` and
 * `SlugUrl`, then applies `_start` and `_limit` (Strapi's default limit 100). Each test file uses its own tenant (the
 * first path segment), so files running in parallel do not share state.
 *
 * Control (`POST /__control/blog-cms/{action}`, JSON `{tenant, …}`):
 * - `setup` `{tenant, categories, articles}`: the tenant's content (and forgets its requests and faults);
 * - `fail` `{tenant, count, status}`: the next `count` requests answer `status`, or with `status: 0` a body that is not
 *   the CMS's shape;
 * - `requests` `{tenant}`: every request's path and query, in order.
 */
import type { Fake } from "./server";

interface Tenant {
  categories: unknown[];
  articles: Record<string, unknown>[];
  requests: string[];
  fail: { count: number; status: number };
}

const tenants = new Map<string, Tenant>();

function tenantOf(name: string): Tenant {
  let t = tenants.get(name);
  if (!t) tenants.set(name, (t = { categories: [], articles: [], requests: [], fail: { count: 0, status: 500 } }));
  return t;
}

type Cat = { SlugUrl?: string; ParentCategory?: string | null };
const categoriesOf = (a: Record<string, unknown>) => (Array.isArray(a.Categories) ? (a.Categories as Cat[]) : []);

function articles(t: Tenant, q: URLSearchParams): unknown[] {
  const parent = q.get("Categories.ParentCategory");
  const sub = q.get("Categories.SlugUrl");
  const slug = q.get("SlugUrl");
  const start = Number(q.get("_start") ?? 0);
  const limit = Number(q.get("_limit") ?? 100);
  return t.articles
    .filter(
      (a) => (parent === null || categoriesOf(a).some((c) => c.ParentCategory === parent)) && (sub === null || categoriesOf(a).some((c) => c.SlugUrl === sub)),
    )
    .filter((a) => slug === null || a.SlugUrl === slug)
    .slice(start, limit < 0 ? undefined : start + limit);
}

export const blogCmsFake: Fake = {
  prefix: "/blog-cms",
  handle(request) {
    const url = new URL(request.url);
    const [, tenantName = "", resource = ""] = url.pathname.split("/");
    const t = tenantOf(tenantName);
    t.requests.push(`/${resource}${url.search}`);
    if (t.fail.count > 0) {
      t.fail.count--;
      return t.fail.status === 0
        ? Response.json({ data: "not a list" })
        : Response.json({ statusCode: t.fail.status, error: "Fault" }, { status: t.fail.status });
    }
    if (request.method !== "GET") return Response.json({ statusCode: 405 }, { status: 405 });
    if (resource === "categories") return Response.json(t.categories);
    if (resource === "articles") return Response.json(articles(t, url.searchParams));
    return Response.json({ statusCode: 404, error: "Not Found" }, { status: 404 });
  },
  control(action, body) {
    const b = (body ?? {}) as { tenant: string; categories?: unknown[]; articles?: Record<string, unknown>[]; count?: number; status?: number };
    const t = tenantOf(b.tenant);
    if (action === "setup") {
      tenants.set(b.tenant, { categories: b.categories ?? [], articles: b.articles ?? [], requests: [], fail: { count: 0, status: 500 } });
      return { ok: true };
    }
    if (action === "fail") {
      t.fail = { count: b.count ?? 1, status: b.status ?? 500 };
      return { ok: true };
    }
    if (action === "requests") return t.requests;
    return { error: `unknown action ${action}` };
  },
};
