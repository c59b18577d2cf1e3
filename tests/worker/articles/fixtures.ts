/** Test articles written straight into the embedded CMS (D1), in a subcategory of the test's own, and admin headers. */
import { env } from "cloudflare:test";
import { AUTHORS } from "#shared/content-seed/articles/index.ts";
import type { TopCategory } from "#shared/articles.ts";

export const ADMIN = { authorization: "Bearer test-admin-token" };

/** Creates the subcategory `sub` under `parent` (once). */
export async function subcategory(parent: TopCategory, sub: string, name = `Test ${sub}`): Promise<void> {
  await env.DB.prepare("INSERT OR IGNORE INTO article_categories (path, slug, name, description, parent) VALUES (?, ?, ?, ?, ?)")
    .bind(`/${parent}/${sub}`, sub, name, `Articles written by the tests in ${sub}.`, parent)
    .run();
}

/** Creates `n` published articles `{prefix}-1 … {prefix}-n` in `/{parent}/{sub}`, the first the newest; answers their slugs, newest first. */
export async function articles(parent: TopCategory, sub: string, prefix: string, n: number, status = "published"): Promise<string[]> {
  await subcategory(parent, sub);
  const author = AUTHORS[0]!.id;
  const slugs = Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);
  await env.DB.batch(
    slugs.map((slug, i) =>
      env.DB.prepare(
        `INSERT OR IGNORE INTO articles (slug, title, description, category, subcategory, author_id, body, status, published_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
      ).bind(
        slug,
        `Test article ${slug}`,
        `A test article about ${slug}, long enough to be a description.`,
        parent,
        sub,
        author,
        `## About ${slug}\n\nA paragraph with a [link](/diamond-search) and <script>alert(1)</script>.`,
        status,
        // Newest first: article 1 in 2026-10, the others a day earlier each.
        new Date(Date.UTC(2026, 9, 28 - i)).toISOString().slice(0, 10),
        Date.UTC(2026, 9, 28 - i),
      ),
    ),
  );
  return slugs;
}
