/**
 * The seed of Loupe's own pages (shared/content-seed/pages*.ts): every page of the route list has a text an
 * operator could have saved (the edit's limits), of at least 200 words, whose links lead to pages the site
 * serves; each statement stays under D1's 100 KB; the footer list and the routes come from the same list.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ContentPageEdit } from "#shared/content/page-schemas.ts";
import { CONTENT_PAGES, contentPageOf, contentPageRoutePaths } from "#shared/content/pages.ts";
import { PAGE_TEXTS, pagesSeedStatements } from "#shared/content-seed/pages.ts";
import { GEMOLOGISTS } from "#shared/content-seed/pages-team.ts";
import { gemologistPortraitSvg } from "#shared/content/portraits.ts";

/** Site paths the texts may link to besides the content pages (each served by its own route). */
const OTHER_PATHS = new Set(["/", "/diamond-search", "/compare", "/my-stuff/orders/login", "/jewelry-care-plan/chat"]);

const words = (markdown: string) =>
  markdown
    .replace(/[#*|`[\]()-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;

describe("content pages seed", () => {
  it("has a valid text of at least 200 words for every page, and no text without a page", () => {
    expect(Object.keys(PAGE_TEXTS).sort()).toEqual(CONTENT_PAGES.map((p) => p.slug).sort());
    for (const p of CONTENT_PAGES) {
      const text = PAGE_TEXTS[p.slug]!;
      const parsed = v.safeParse(ContentPageEdit, text);
      expect(parsed.issues?.map((i) => i.message) ?? [], p.slug).toEqual([]);
      expect(words(text.body), p.slug).toBeGreaterThanOrEqual(200);
    }
  });

  it("links only to pages the site serves", () => {
    for (const [slug, text] of Object.entries(PAGE_TEXTS)) {
      for (const [, href] of text.body.matchAll(/\]\(([^)]+)\)/g)) {
        const known = OTHER_PATHS.has(href!) || contentPageOf(href!) !== null;
        expect(known, `${slug} links to ${href}`).toBe(true);
      }
    }
  });

  it("writes one statement per page, each far under D1's 100 KB, inserting only what is missing", () => {
    const statements = pagesSeedStatements();
    expect(statements.length).toBe(CONTENT_PAGES.length + 1);
    for (const s of statements) {
      expect(s.startsWith("INSERT OR IGNORE INTO ")).toBe(true);
      expect(new TextEncoder().encode(s).byteLength).toBeLessThan(100_000);
    }
  });

  it("routes every page (the care plan with its optional segment) and finds the page of a path", () => {
    expect(contentPageRoutePaths()).toContain("jewelry-care-plan/:chatGemologist?");
    expect(contentPageOf("/jewelry-care-plan/chat")?.slug).toBe("jewelry-care-plan");
    expect(contentPageOf("/Privacy/")?.slug).toBe("privacy");
    expect(contentPageOf("/privacy/extra")).toBeNull();
    expect(contentPageOf("/nope")).toBeNull();
  });

  it("draws each gemologist's portrait the same way every time, and differently from the others", () => {
    const drawn = GEMOLOGISTS.map((g) => gemologistPortraitSvg(g.id));
    expect(GEMOLOGISTS.map((g) => gemologistPortraitSvg(g.id))).toEqual(drawn);
    expect(new Set(drawn).size).toBe(drawn.length);
    for (const svg of drawn) expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>$/);
  });
});
