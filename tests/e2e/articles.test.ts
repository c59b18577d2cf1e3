/**
 * Articles in the browser (issue 20 point 10): open a category list, go to page 2 through the pager, open an article
 * from it and follow its author link — rendered by the server (a client navigation becomes a document load), with no
 * page or console error. The list gets 14 articles of its own, written into the browser tests' local D1.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { insertStatements } from "#shared/catalogue/sql.ts";
import { AUTHORS } from "#shared/content-seed/articles/index.ts";
import { launch, openPage, shopperContext, url } from "./pages/browser";

const SUB = "e2e-paging";
const COUNT = 14;
const author = AUTHORS[0]!;

/** The list's own subcategory and 14 articles (newest first: e2e-paging-1 … -14), written with wrangler's local D1 access. */
async function seedArticles(): Promise<void> {
  const category = [
    { path: `/education/${SUB}`, slug: SUB, name: "Browser paging", description: "Articles the browser test pages through.", parent: "education" },
  ];
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    slug: `${SUB}-${i + 1}`,
    title: `Paging test article ${i + 1}`,
    description: `Article ${i + 1} of the browser test's list, written to fill two pages of twelve.`,
    category: "education",
    subcategory: SUB,
    author_id: author.id,
    body: `## Article ${i + 1}\n\nA short body.`,
    status: "published",
    published_at: new Date(Date.UTC(2026, 8, 30 - i)).toISOString().slice(0, 10),
    updated_at: Date.UTC(2026, 8, 30 - i),
  }));
  const sql = [...insertStatements("article_categories", category, 1, "INSERT OR IGNORE"), ...insertStatements("articles", rows, 20, "INSERT OR IGNORE")].join(
    "\n",
  );
  const dir = await mkdtemp(join(tmpdir(), "loupe-e2e-articles-"));
  try {
    await writeFile(join(dir, "articles.sql"), sql);
    const args = ["d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", ".wrangler/e2e", "--file", join(dir, "articles.sql")];
    await promisify(execFile)("node_modules/.bin/wrangler", args, { env: { ...process.env, NO_COLOR: "1", CI: "1" } });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let browser: Browser;
beforeAll(async () => {
  await seedArticles();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, path: string) {
  await page.goto(url(path));
  await page.waitForSelector("body[data-hydrated=true]");
}

describe("articles", () => {
  it("category list → page 2 by the pager → an article → its author's page, without a page error", async () => {
    const { page, errors } = await openPage(await shopperContext(browser));
    await open(page, `/education/${SUB}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Browser paging — Education");
    const articles = page.getByRole("list", { name: "Articles" }).getByRole("listitem");
    expect(await articles.count()).toBe(12);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(url(`/education/${SUB}?page=2`));
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await articles.count()).toBe(COUNT - 12);
    expect(await page.getByRole("navigation", { name: "Pages" }).locator('[aria-current="page"]').textContent()).toBe("2");

    await articles.first().getByRole("link", { name: "Paging test article 13" }).click();
    await page.waitForURL(url(`/education/${SUB}/${SUB}-13`));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Paging test article 13");
    expect(await page.locator(".article-body h2").textContent()).toBe("Article 13");
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Browser paging" }).getAttribute("href")).toBe(
      `/education/${SUB}`,
    );

    await page.locator(".article-header").getByRole("link", { name: author.name }).click();
    await page.waitForURL(url(`/author/${author.id}`));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(author.name);
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await page.getByRole("link", { name: "Paging test article 13" }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
