/**
 * The embedded blog CMS's calls, the authors and the operator's article edit (shared/api/articles.ts) as a client
 * sees them: Strapi-style filters and paging, every refusal, drafts hidden, admin calls invisible without the token.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle, AuthorDetail, CmsArticle, CmsCategory } from "#shared/articles.ts";
import { ARTICLES, AUTHORS, CATEGORIES } from "#shared/content-seed/articles/index.ts";
import { call, type ErrorBody } from "../helpers";
import { ADMIN, articles } from "./fixtures";

const getJson = async <T>(path: string, init: RequestInit = {}) => {
  const res = await call(path, init);
  return { res, body: (await res.json()) as T };
};

const put = (slug: string, body: unknown, headers: Record<string, string> = ADMIN) =>
  call(`/api/articles/${slug}`, { method: "PUT", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

let paged: string[] = [];

beforeAll(async () => {
  paged = await articles("jewelry", "api-paging", "api-paging", 5);
});

describe("GET /api/categories", () => {
  it("answers every seeded category, the three top ones without a parent", async () => {
    const { res, body } = await getJson<CmsCategory[]>("/api/categories");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    for (const c of CATEGORIES) expect(body).toContainEqual(expect.objectContaining({ SlugUrl: c.slug, Name: c.name, ParentCategory: c.parent }));
    expect(
      body
        .filter((c) => c.ParentCategory === null)
        .map((c) => c.SlugUrl)
        .sort(),
    ).toEqual(["blog", "education", "jewelry"]);
  });
});

describe("GET /api/articles", () => {
  it("filters by Categories.ParentCategory and Categories.SlugUrl, newest first, paged by _limit and _start", async () => {
    const all = await getJson<CmsArticle[]>("/api/articles?Categories.ParentCategory=jewelry&Categories.SlugUrl=api-paging");
    expect(all.body.map((a) => a.SlugUrl)).toEqual(paged);
    const page = await getJson<CmsArticle[]>("/api/articles?Categories.ParentCategory=jewelry&Categories.SlugUrl=api-paging&_limit=2&_start=2");
    expect(page.body.map((a) => a.SlugUrl)).toEqual(paged.slice(2, 4));
    expect(page.body[0]).toMatchObject({ Author: { id: AUTHORS[0]!.id }, Categories: [{ SlugUrl: "api-paging", ParentCategory: "jewelry" }] });
    expect(page.body[0]!.Content).toContain("## About");
  });

  it("finds one article by SlugUrl with its Markdown; an unknown slug is an empty list", async () => {
    const seed = ARTICLES[0]!;
    const { body } = await getJson<CmsArticle[]>(`/api/articles?SlugUrl=${seed.slug}`);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ SlugUrl: seed.slug, Title: seed.title, Content: seed.body, published_at: seed.published });
    expect((await getJson<CmsArticle[]>("/api/articles?SlugUrl=no-such-article")).body).toEqual([]);
  });

  it("refuses a _limit above 10,000 or below 1, a negative _start and an unknown parent category, naming the field", async () => {
    for (const [q, field] of [
      ["_limit=10001", "_limit"],
      ["_limit=0", "_limit"],
      ["_start=-1", "_start"],
      ["Categories.ParentCategory=news", "Categories.ParentCategory"],
      ["SlugUrl=Not%20A%20Slug", "SlugUrl"],
    ] as const) {
      const { res, body } = await getJson<ErrorBody>(`/api/articles?${q}`);
      expect(res.status, q).toBe(400);
      expect(
        body.error.details?.map((d) => d.path),
        q,
      ).toContain(field);
    }
    expect((await call("/api/articles?_limit=10000")).status).toBe(200);
  });
});

describe("GET /api/authors and /api/authors/{id}", () => {
  it("lists every author with a rendered bio and their article count", async () => {
    const { res, body } = await getJson<{ id: string; bioHtml: string; articleCount: number; path: string }[]>("/api/authors");
    expect(res.status).toBe(200);
    for (const a of AUTHORS) {
      const found = body.find((b) => b.id === a.id)!;
      expect(found.path).toBe(`/author/${a.id}`);
      expect(found.bioHtml).toMatch(/^<p>/);
      expect(found.articleCount).toBeGreaterThanOrEqual(ARTICLES.filter((x) => x.author === a.id).length);
    }
  });

  it("answers one author with their published articles, newest first", async () => {
    const id = AUTHORS[0]!.id;
    const { res, body } = await getJson<AuthorDetail>(`/api/authors/${id}`);
    expect(res.status).toBe(200);
    expect(body.articles.map((a) => a.slug)).toEqual(expect.arrayContaining(paged));
    const days = body.articles.map((a) => a.published);
    expect([...days].sort().reverse()).toEqual(days);
    expect(body.articleCount).toBe(body.articles.length);
  });

  it("answers 404 for an unknown author and 400 for an id that cannot be one", async () => {
    expect((await call("/api/authors/nobody-here")).status).toBe(404);
    expect((await call("/api/authors/Bad%20Id")).status).toBe(400);
  });
});

describe("the operator's article calls (admin token)", () => {
  const edit = {
    title: "A new title for the test",
    description: "A description long enough for the form's rule.",
    body: "## Edited\n\nNew text.",
    status: "published",
  };

  it("do not exist without the admin token", async () => {
    expect((await call("/api/articles/admin")).status).toBe(404);
    expect((await put(paged[0]!, edit, {})).status).toBe(404);
    expect((await put(paged[0]!, edit, { authorization: "Bearer wrong" })).status).toBe(404);
  });

  it("list every article, drafts included, privately", async () => {
    await articles("jewelry", "api-drafts", "api-draft", 1, "draft");
    const { res, body } = await getJson<AdminArticle[]>("/api/articles/admin", { headers: ADMIN });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(body.find((a) => a.slug === "api-draft-1")).toMatchObject({ status: "draft", path: "/jewelry/api-drafts/api-draft-1" });
    expect(body.find((a) => a.slug === ARTICLES[0]!.slug)?.status).toBeDefined();
  });

  it("edit an article; a draft disappears from the public calls and comes back when published", async () => {
    const slug = paged[4]!;
    const res = await put(slug, { ...edit, status: "draft" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ slug, title: edit.title, description: edit.description, body: edit.body, status: "draft" });
    expect((await getJson<CmsArticle[]>(`/api/articles?SlugUrl=${slug}`)).body).toEqual([]);
    expect((await put(slug, edit)).status).toBe(200);
    expect((await getJson<CmsArticle[]>(`/api/articles?SlugUrl=${slug}`)).body[0]).toMatchObject({ Title: edit.title, Content: edit.body });
  });

  it("refuse bad fields one by one, and an unknown article", async () => {
    const res = await put(paged[3]!, { title: "", description: "short", body: "", status: "hidden" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.details?.map((d) => d.path).sort()).toEqual(["body", "description", "status", "title"]);
    expect((await put("no-such-article", edit)).status).toBe(404);
  });
});
