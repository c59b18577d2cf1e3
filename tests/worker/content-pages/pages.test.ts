/**
 * Loupe's own pages (issue 20 point 3): every page of shared/content/pages.ts answers 200, server-rendered from the
 * content store with its h1, canonical and breadcrumbs; the care plan's gemologist contact; the welcome offer's
 * terms from the promotions table; the team with portraits; a page missing from the store is not found.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONTENT_PAGES, contentPagePath } from "#shared/content/pages.ts";
import { FOOTER_SECTIONS, publicContentPaths } from "#shared/public-pages.ts";
import { PAGE_TEXTS, pagesSeedStatements } from "#shared/content-seed/pages.ts";
import { call } from "../helpers";

const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

/** The text of the page's one h1. */
function h1Of(html: string): string[] {
  return [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
}

describe("content pages", () => {
  it("every page answers 200 with its own h1, title, description, canonical and breadcrumbs, and over 200 words", async () => {
    for (const p of CONTENT_PAGES) {
      const res = await call(`/${p.slug}`);
      expect(res.status, p.slug).toBe(200);
      const html = await res.text();
      const text = PAGE_TEXTS[p.slug]!;
      const h1 = h1Of(html);
      expect(h1.length, p.slug).toBe(1);
      expect(h1[0]).toBe(escapeHtml(text.title).replaceAll("&#x27;", "'"));
      expect(html, p.slug).toMatch(new RegExp(`<link rel="canonical" href="https://loupe\\.test/${p.slug}"`));
      expect(html, p.slug).toContain("<title>");
      expect(html, p.slug).toContain('"@type":"BreadcrumbList"');
      const words = (html.match(/<div class="content-body">([\s\S]*?)<\/div>/)?.[1] ?? "")
        .replace(/<[^>]+>/g, " ")
        .split(/\s+/)
        .filter(Boolean);
      expect(words.length, p.slug).toBeGreaterThanOrEqual(200);
    }
  });

  it("renders the Markdown on the server: headings with ids, links to site paths, no Markdown syntax left", async () => {
    const html = await (await call("/about")).text();
    expect(html).toMatch(/<h2 id="how-loupe-works">How Loupe works<\/h2>/);
    expect(html).toContain('<a href="/privacy">privacy policy</a>');
    expect(html).not.toContain("**");
    expect(html).not.toContain("markdown-it");
  });

  it("dates the policies and links the other pages of their section", async () => {
    const html = await (await call("/privacy")).text();
    expect(html).toContain("Last updated November 1, 2026");
    expect(html).toContain("privacy@loupe.example");
    expect(html).toMatch(/<nav class="content-more" aria-label="More from Policies">/);
    expect(html).toContain('href="/terms-of-service"');
    expect(html).toContain('"name":"Policies"');
  });

  it("the optional segment of /jewelry-care-plan opens the gemologist contact (no live chat: an email)", async () => {
    const plain = await (await call("/jewelry-care-plan")).text();
    expect(plain).toContain('href="/jewelry-care-plan/chat"');
    expect(plain).not.toContain("Talk to a gemologist</h2>");
    const res = await call("/jewelry-care-plan/chat");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h2 id="talk-to-a-gemologist">Talk to a gemologist</h2>');
    expect(html).toContain('href="mailto:gemologists@loupe.example?subject=Care%20plan%20question"');
    expect(html).toContain("Priya Raman");
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/loupe\.test\/jewelry-care-plan"/);
  });

  it("/welcome-offer shows WELCOME100's terms as the promotions table holds them", async () => {
    const html = await (await call("/welcome-offer")).text();
    expect(html).toMatch(/<h2 id="offer-terms">The offer today<\/h2>/);
    expect(html).toContain("<code>WELCOME100</code>");
    expect(html).toContain("$100");
    expect(html).toContain("$1,500 before tax");
  });

  it("/team lists the gemologists with their generated portraits", async () => {
    const html = await (await call("/team")).text();
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM gemologists").first<{ n: number }>())!;
    expect(n).toBeGreaterThanOrEqual(4);
    expect([...html.matchAll(/<img src="\/images\/team\/[a-z-]+\.svg"/g)].length).toBe(n);
    expect(html).toContain("<h3>Daniel Whitcombe</h3>");
  });

  it("a content path that is not a page is not one of ours; a page missing from the store is not found", async () => {
    // Unknown top-level paths leave the router: the server sends them home (§2).
    expect((await call("/privacy/extra")).status).toBe(301);
    await env.DB.prepare("DELETE FROM content_pages WHERE slug = 'sell'").run();
    try {
      // A URL not rendered before in this isolate (a page's shared render is kept 30 s per URL).
      const res = await call("/sell?removed=1");
      expect(res.status).toBe(404);
      expect(h1Of(await res.text())).toEqual(["Page not found"]);
    } finally {
      for (const sql of pagesSeedStatements()) await env.DB.prepare(sql).run();
    }
    expect((await call("/sell?restored=1")).status).toBe(200);
  });

  it("every content page is a public page (so the sitemaps list it), and the footer leaves out the hidden one", () => {
    const publicPaths = publicContentPaths();
    for (const page of CONTENT_PAGES) expect(publicPaths).toContain(contentPagePath(page.slug));
    const footer = FOOTER_SECTIONS.flatMap((s) => s.links.map((l) => l.to));
    expect(footer).toContain("/privacy");
    expect(footer).not.toContain("/military-first-responder-discounts");
  });
});
