/**
 * The sitemaps (https://www.sitemaps.org/protocol.html) as plain strings (no Hono, no D1): the index at
 * /sitemap.xml names the child files; /sitemaps/pages.xml (home and the search pages), /sitemaps/settings.xml
 * (every listed setting, band and jewellery piece), /sitemaps/articles.xml (every published article and article list page)
 * and /sitemaps/diamonds-{k}.xml (the listed diamonds with
 * ids k·50,000+1 … (k+1)·50,000, so no file exceeds the protocol's 50,000 URLs). Every URL is XML-escaped.
 */
import { COLLECTIONS, SEARCH_PAGES } from "#shared/settings/pages.ts";
import { siteSections } from "#shared/site-sections.ts";

/** Diamond ids per diamond sitemap file (the protocol's limit of URLs per file). */
export const DIAMONDS_PER_FILE = 50_000;

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Escapes text for an XML element or attribute. */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** One `<url>` of a urlset: its absolute address and, optionally, the day it last changed. */
export interface SitemapUrl {
  loc: string;
  /** YYYY-MM-DD. */
  lastmod?: string;
}

/** A sitemap index naming the child sitemaps at these absolute addresses. */
export function sitemapIndex(locs: readonly string[]): string {
  const parts = [HEAD, `<sitemapindex xmlns="${NS}">\n`];
  for (const loc of locs) parts.push(`<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`);
  parts.push("</sitemapindex>\n");
  return parts.join("");
}

/** A urlset (one child sitemap), built as one array join however many URLs it holds. */
export function urlset(urls: Iterable<SitemapUrl>): string {
  const parts = [HEAD, `<urlset xmlns="${NS}">\n`];
  for (const u of urls)
    parts.push(u.lastmod ? `<url><loc>${xmlEscape(u.loc)}</loc><lastmod>${u.lastmod}</lastmod></url>\n` : `<url><loc>${xmlEscape(u.loc)}</loc></url>\n`);
  parts.push("</urlset>\n");
  return parts.join("");
}

/** The day (UTC, YYYY-MM-DD) of an epoch-ms instant, for `<lastmod>`. */
export function dayOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The public pages' paths: home, the diamond search, every setting/band/jewellery search page and collection, every content page (once each). */
export function publicPagePaths(): string[] {
  const paths = [
    "/",
    "/diamond-search",
    ...SEARCH_PAGES.map((p) => p.base),
    ...Object.entries(COLLECTIONS).flatMap(([family, list]) => list.map((c) => `/${family}/collections/${c.name}`)),
    ...siteSections().flatMap((s) => s.links.map((l) => l.path)),
  ];
  return [...new Set(paths)];
}

/** The diamond file that holds an id: file k holds ids k·50,000+1 … (k+1)·50,000 (ids start at 1). */
export const diamondFileOf = (id: number): number => Math.max(0, Math.floor((id - 1) / DIAMONDS_PER_FILE));

/** The diamond files' numbers for ids between `minId` and `maxId` (none when there are no diamonds). */
export function diamondFileNumbers(range: { minId: number | null; maxId: number | null }): number[] {
  if (range.minId === null || range.maxId === null) return [];
  const out: number[] = [];
  for (let k = diamondFileOf(range.minId); k <= diamondFileOf(range.maxId); k++) out.push(k);
  return out;
}

/** The id range (inclusive) of diamond file `k`. */
export function diamondFileIds(k: number): { first: number; last: number } {
  return { first: k * DIAMONDS_PER_FILE + 1, last: (k + 1) * DIAMONDS_PER_FILE };
}

/** Which child sitemap a file name is (`pages.xml`, `settings.xml`, `articles.xml`, `diamonds-{k}.xml`), or null for anything else. */
export function childSitemap(file: string): { kind: "pages" } | { kind: "settings" } | { kind: "articles" } | { kind: "diamonds"; k: number } | null {
  if (file === "pages.xml") return { kind: "pages" };
  if (file === "settings.xml") return { kind: "settings" };
  if (file === "articles.xml") return { kind: "articles" };
  const m = /^diamonds-(0|[1-9]\d{0,8})\.xml$/.exec(file);
  return m ? { kind: "diamonds", k: Number(m[1]) } : null;
}
