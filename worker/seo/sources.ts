/**
 * What the sitemaps list, read from D1 with only the columns they need: the diamond id range (MIN/MAX on the
 * primary key, no scan), one file's listed diamonds (a rowid range), each listed setting's first metal, and the articles.
 */
import { diamondPath } from "#shared/slug.ts";
import { settingPath } from "#shared/settings/search.ts";
import { articleSitemap } from "../articles/service";
import type { ArticleSource } from "../articles/source";
import { dayOf, diamondFileIds, type SitemapUrl } from "./sitemap";

/**
 * The lowest and highest diamond id, sold or not (both read from the primary key's ends), or nulls when the
 * catalogue is empty. A file in this range may hold no listed diamond: it is then an empty, valid urlset.
 */
export async function diamondIdRange(db: D1Database): Promise<{ minId: number | null; maxId: number | null }> {
  const [lo, hi] = await db.batch<{ id: number }>([
    db.prepare("SELECT id FROM diamonds ORDER BY id ASC LIMIT 1"),
    db.prepare("SELECT id FROM diamonds ORDER BY id DESC LIMIT 1"),
  ]);
  return { minId: lo!.results[0]?.id ?? null, maxId: hi!.results[0]?.id ?? null };
}

type DiamondRow = [id: number, carat: number, color: number, clarity: number, cut: number, shape: number, isLab: number, updatedAt: number];

/** The listed (unsold) diamonds of file `k`, in id order: their pages at `origin` and the day each last changed. */
export async function diamondUrls(db: D1Database, origin: string, k: number): Promise<SitemapUrl[]> {
  const { first, last } = diamondFileIds(k);
  const rows = await db
    .prepare("SELECT id, carat, color, clarity, cut, shape, is_lab_grown, updated_at FROM diamonds WHERE id BETWEEN ? AND ? AND is_sold = 0 ORDER BY id")
    .bind(first, last)
    .raw<DiamondRow>();
  return rows.map(([id, carat, color, clarity, cut, shape, isLab, updatedAt]) => ({
    loc: origin + diamondPath({ id, carat, color, clarity, cut, shape, isLabGrown: isLab === 1 }),
    lastmod: dayOf(updatedAt),
  }));
}

/** Every listed setting, band and jewellery piece (one with a metal not sold): its page at `origin` in its first such metal. */
export async function settingUrls(db: D1Database, origin: string): Promise<SitemapUrl[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.item_type, s.item_type_name, MIN(v.metal) AS metal FROM settings s JOIN setting_variants v ON v.setting_id = s.id AND v.is_sold = 0
       GROUP BY s.id ORDER BY s.id`,
    )
    .all<{ id: number; item_type: number; item_type_name: string; metal: number }>();
  return results.map((s) => ({ loc: origin + settingPath(s, s.metal) }));
}

/** Every published article and article list page (from the pages' article source) with the day it last changed, and the authors' pages. */
export async function articleUrls(db: D1Database, source: ArticleSource, origin: string): Promise<SitemapUrl[]> {
  return (await articleSitemap(db, source)).map((u) => ({ loc: origin + u.path, ...(u.lastmod ? { lastmod: u.lastmod } : {}) }));
}

/** The shown retailers' pages (status 2 with a logo, §4) and every metro area's page, by name. */
export async function directoryPaths(db: D1Database): Promise<string[]> {
  const [retailers, metros] = await db.batch<{ path: string }>([
    db.prepare("SELECT '/our-retailers/' || slugurl AS path FROM retailers WHERE status = 2 AND TRIM(logo_url) != '' ORDER BY name"),
    db.prepare("SELECT '/metro/' || name AS path FROM metro_areas ORDER BY name"),
  ]);
  return [...retailers!.results, ...metros!.results].map((r) => r.path);
}
