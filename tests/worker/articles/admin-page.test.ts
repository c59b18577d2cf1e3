/**
 * `/content/articles` as an operator uses it without JavaScript: the admin session from the local login form, the
 * list with drafts, the edit form posted as a document, problems shown beside each field, and invisible to others.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, operatorCookie } from "../helpers";
import { articles } from "./fixtures";

let cookie = "";
let slugs: string[] = [];

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (slug: string, fields: Record<string, string>, headers: Record<string, string> = { cookie }) =>
  call(`/content/articles/${slug}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", ...headers },
    body: form(fields),
  });

beforeAll(async () => {
  slugs = await articles("blog", "admin-page", "admin-page", 2);
  cookie = await operatorCookie("/experiments");
});

describe("/content/articles", () => {
  it("is the not-found page without the admin session, for the list, an article and a post", async () => {
    expect((await call("/content/articles")).status).toBe(404);
    expect((await call(`/content/articles/${slugs[0]}`)).status).toBe(404);
    expect((await call(`/content/articles/${slugs[0]}`, { headers: { cookie: "loupe_admin=forged" } })).status).toBe(404);
    expect((await post(slugs[0]!, { title: "x" }, {})).status).toBe(404);
  });

  it("shows the login form to anyone else, ?token= included (never a session from the address); the form starts the session", async () => {
    for (const path of ["/content/articles", "/content/articles?token=test-admin-token"]) {
      const res = await call(path);
      expect(res.status).toBe(404);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("loupe_admin="))).toBe(false);
      expect(await res.text()).toContain('<input type="hidden" name="to" value="/content/articles">');
    }
    expect((await call("/content/articles", { headers: { cookie: await operatorCookie("/content/articles") } })).status).toBe(200);
  });

  it("lists every article with its status and a link to edit it", async () => {
    await articles("blog", "admin-page", "admin-draft", 1, "draft");
    const res = await call("/content/articles", { headers: { cookie } });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/<h1[^>]*>Articles<\/h1>/);
    expect(page).toContain(`href="/content/articles/${slugs[0]}"`);
    expect(page).toMatch(/data-article="admin-draft-1"[\s\S]*?<td>Draft<\/td>/);
    expect(page).toContain('<meta name="robots" content="noindex');
  });

  it("shows the edit form filled with the article; an unknown article is a 404", async () => {
    const page = await (await call(`/content/articles/${slugs[0]}`, { headers: { cookie } })).text();
    expect(page).toMatch(/<input id="article-title-field" name="title" value="Test article admin-page-1"/);
    expect(page).toContain("## About admin-page-1");
    expect((await call("/content/articles/no-such-article", { headers: { cookie } })).status).toBe(404);
  });

  it("names each bad field beside it and keeps what was typed", async () => {
    const res = await post(slugs[0]!, { title: "ok title", description: "too short", body: "", status: "published" });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toMatch(/<textarea[^>]*name="description"[^>]*aria-invalid="true"[^>]*aria-describedby="article-description-error"/);
    expect(page).toContain('<p class="field-error" id="article-description-error">description must be at least 20 characters</p>');
    expect(page).toContain('<p class="field-error" id="article-body-error">body must not be empty</p>');
    expect(page).not.toContain('id="article-title-error"');
    expect(page).toMatch(/name="title" value="ok title"/);
  });

  it("saves a valid edit (303 back to the form, saved) and the article page shows it; a draft leaves the site", async () => {
    const slug = slugs[1]!;
    const edit = {
      title: "Edited by the operator",
      description: "A new description for the edited test article.",
      body: "## New heading\n\nNew words.",
      status: "published",
    };
    const res = await post(slug, edit);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/content/articles/${slug}?saved=1`);
    expect(await (await call(`/content/articles/${slug}?saved=1`, { headers: { cookie } })).text()).toContain("Saved.");
    const article = await (await call(`/blog/admin-page/${slug}?after=edit`)).text();
    expect(article).toContain('<h1 id="article-title">Edited by the operator</h1>');
    expect(article).toContain('<h2 id="new-heading">New heading</h2>');
    expect((await post(slug, { ...edit, status: "draft" })).status).toBe(303);
    expect((await call(`/blog/admin-page/${slug}?after=draft`)).status).toBe(404);
  });
});
