/**
 * Click logging and the public aggregates of the site's own views and clicks (shared/api/analytics.ts; D1
 * tables of migrations 0002 and 0020). Counters only: one row per diamond or setting, never who clicked. The
 * aggregates are cached per isolate for 300 s (the content cache of §9), bounded, with an injectable clock.
 */
import type { AggregateItem, AnalyticsAbout, AnalyticsFaq, ClickAggregate, ClickMetric, DiamondInterest } from "#shared/api/analytics.ts";
import { SHAPES } from "#shared/enums.ts";
import { type IpLimit, reserveForIp } from "../lib/ip-limit";
import { TimedCache } from "../lib/timed-cache";

/** The per-visitor limit of logged clicks: 60 a minute (a person browsing results stays far below it); old rows go as clicks come in. */
export const CLICK_LIMIT: IpLimit = {
  table: "click_requests",
  column: "visitor",
  max: 60,
  windowMs: 60_000,
  message: "Too many clicks logged from this visitor; try again shortly",
  pruneOnReserve: true,
};

/** How long an aggregate is reused (§9 content cache default, 300 s). */
export const AGGREGATE_TTL_MS = 300_000;

/** The isolate's aggregates (each metric, each diamond asked for): at most 256 entries. */
export const aggregateCache = new TimedCache<unknown>({ ttlMs: AGGREGATE_TTL_MS, maxEntries: 256 });

const shapeLabel = (code: number): string => SHAPES.find((s) => s.code === code)?.label ?? `Shape ${code}`;
const shapeSlug = (code: number): string => SHAPES.find((s) => s.code === code)?.slug ?? String(code);

/** The key the rate limit counts by: a SHA-256 of the visitor id (or address), so no identifier is stored. */
export async function visitorKey(raw: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`loupe-clicks:${raw}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Reserves one logged click for the visitor or refuses (rate_limited, with the seconds until one is allowed). */
export function reserveClick(db: D1Database, visitor: string, now: number): Promise<void> {
  return reserveForIp(db, CLICK_LIMIT, visitor, now);
}

/** Counts one click on a diamond; false when there is no such diamond. */
export async function logDiamondClick(db: D1Database, diamondId: number, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO diamond_clicks (diamond_id, clicks, last_clicked_at) SELECT id, 1, ?1 FROM diamonds WHERE id = ?2
       ON CONFLICT (diamond_id) DO UPDATE SET clicks = clicks + 1, last_clicked_at = ?1 RETURNING diamond_id`,
    )
    .bind(now, diamondId)
    .first();
  return row !== null;
}

/** Counts one click on a setting or piece of jewellery; false when there is no such setting. */
export async function logSettingClick(db: D1Database, settingId: number, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO setting_clicks (setting_id, clicks, last_clicked_at) SELECT id, 1, ?1 FROM settings WHERE id = ?2
       ON CONFLICT (setting_id) DO UPDATE SET clicks = clicks + 1, last_clicked_at = ?1 RETURNING setting_id`,
    )
    .bind(now, settingId)
    .first();
  return row !== null;
}

function cached<T>(cache: TimedCache<unknown>, key: string, load: () => Promise<T>): Promise<T> {
  return cache.get(key, load) as Promise<T>;
}

interface StoneRow {
  id: number;
  n: number;
  shape: number;
  carat: number;
  is_lab_grown: number;
}

const stoneLabel = (r: StoneRow) => `${r.carat.toFixed(2)} ct ${shapeLabel(r.shape)} ${r.is_lab_grown ? "lab-grown" : "natural"} diamond`;

async function stones(db: D1Database, table: "diamond_views" | "diamond_clicks"): Promise<{ items: AggregateItem[]; total: number }> {
  const col = table === "diamond_views" ? "views" : "clicks";
  const [top, sum] = await db.batch([
    db.prepare(
      `SELECT t.diamond_id AS id, t.${col} AS n, d.shape, d.carat, d.is_lab_grown FROM ${table} t JOIN diamonds d ON d.id = t.diamond_id
       WHERE d.is_sold = 0 ORDER BY t.${col} DESC, t.diamond_id LIMIT 10`,
    ),
    db.prepare(`SELECT COALESCE(SUM(${col}), 0) AS total FROM ${table}`),
  ]);
  const items = (top!.results as unknown as StoneRow[]).map((r) => ({ key: String(r.id), label: stoneLabel(r), count: r.n, path: `/diamond/${r.id}` }));
  return { items, total: (sum!.results[0] as { total: number }).total };
}

async function byShape(db: D1Database): Promise<{ items: AggregateItem[]; total: number }> {
  const { results } = await db
    .prepare(
      "SELECT d.shape AS shape, SUM(c.clicks) AS n FROM diamond_clicks c JOIN diamonds d ON d.id = c.diamond_id GROUP BY d.shape ORDER BY n DESC, d.shape",
    )
    .all<{ shape: number; n: number }>();
  const items = results.map((r) => ({
    key: shapeSlug(r.shape),
    label: shapeLabel(r.shape),
    count: r.n,
    path: `/diamond-search/s?shape=${shapeSlug(r.shape)}`,
  }));
  return { items, total: items.reduce((a, i) => a + i.count, 0) };
}

async function byOrigin(db: D1Database): Promise<{ items: AggregateItem[]; total: number }> {
  const { results } = await db
    .prepare(
      "SELECT d.is_lab_grown AS lab, SUM(c.clicks) AS n FROM diamond_clicks c JOIN diamonds d ON d.id = c.diamond_id GROUP BY d.is_lab_grown ORDER BY n DESC",
    )
    .all<{ lab: number; n: number }>();
  const items = results.map((r) => ({
    key: r.lab ? "lab" : "natural",
    label: r.lab ? "Lab-grown" : "Natural",
    count: r.n,
    path: r.lab ? "/lab-grown-diamonds" : "/diamonds",
  }));
  return { items, total: items.reduce((a, i) => a + i.count, 0) };
}

async function bySetting(db: D1Database): Promise<{ items: AggregateItem[]; total: number }> {
  const [top, sum] = await db.batch([
    db.prepare(
      "SELECT s.id AS id, s.name AS name, s.item_type AS item_type, c.clicks AS n FROM setting_clicks c JOIN settings s ON s.id = c.setting_id ORDER BY c.clicks DESC, s.id LIMIT 10",
    ),
    db.prepare("SELECT COALESCE(SUM(clicks), 0) AS total FROM setting_clicks"),
  ]);
  const rows = top!.results as { id: number; name: string; item_type: number; n: number }[];
  const items = rows.map((r) => ({ key: String(r.id), label: r.name, count: r.n, path: r.item_type === 1 ? `/setting/${r.id}` : null }));
  return { items, total: (sum!.results[0] as { total: number }).total };
}

const METRICS: Record<ClickMetric, (db: D1Database) => Promise<{ items: AggregateItem[]; total: number }>> = {
  shapes: byShape,
  "viewed-diamonds": (db) => stones(db, "diamond_views"),
  "clicked-diamonds": (db) => stones(db, "diamond_clicks"),
  settings: bySetting,
  origins: byOrigin,
};

/** One aggregate (`GET analytics/clicks?metric=`), at most 300 s old. */
export function clickAggregate(db: D1Database, metric: ClickMetric, now: number, cache = aggregateCache): Promise<ClickAggregate> {
  return cached(cache, `metric:${metric}`, async () => ({ metric, ...(await METRICS[metric](db)), generatedAt: now }));
}

/** One diamond's views and clicks (`GET analytics/clicks/{id}`), or null when there is no such diamond. */
export function diamondInterest(db: D1Database, id: number, cache = aggregateCache): Promise<DiamondInterest | null> {
  return cached(cache, `diamond:${id}`, async () => {
    const row = await db
      .prepare(
        `SELECT d.id AS id, COALESCE((SELECT views FROM diamond_views WHERE diamond_id = d.id), 0) AS views,
         COALESCE((SELECT clicks FROM diamond_clicks WHERE diamond_id = d.id), 0) AS clicks FROM diamonds d WHERE d.id = ?`,
      )
      .bind(id)
      .first<{ id: number; views: number; clicks: number }>();
    return row ? { diamondId: row.id, views: row.views, clicks: row.clicks } : null;
  });
}

/** The site's totals (`GET analytics/about/`). */
export function analyticsAbout(db: D1Database, now: number, cache = aggregateCache): Promise<AnalyticsAbout> {
  return cached(cache, "about", async () => {
    const [views, clicks, settings] = await db.batch([
      db.prepare("SELECT COUNT(*) AS stones, COALESCE(SUM(views), 0) AS n FROM diamond_views"),
      db.prepare("SELECT COALESCE(SUM(clicks), 0) AS n FROM diamond_clicks"),
      db.prepare("SELECT COALESCE(SUM(clicks), 0) AS n FROM setting_clicks"),
    ]);
    const v = views!.results[0] as { stones: number; n: number };
    const shapes = await clickAggregate(db, "shapes", now, cache);
    return {
      diamondsViewed: v.stones,
      views: v.n,
      diamondClicks: (clicks!.results[0] as { n: number }).n,
      settingClicks: (settings!.results[0] as { n: number }).n,
      topShape: shapes.items[0]?.label ?? null,
      generatedAt: now,
    };
  });
}

/** The figures the FAQ quotes (`GET analytics/faq`). */
export function analyticsFaq(db: D1Database, now: number, cache = aggregateCache): Promise<AnalyticsFaq> {
  return cached(cache, "faq", async () => {
    const [origins, shapes] = await Promise.all([clickAggregate(db, "origins", now, cache), clickAggregate(db, "shapes", now, cache)]);
    const median = await db
      .prepare(
        `SELECT d.price_cents AS cents FROM diamond_clicks c JOIN diamonds d ON d.id = c.diamond_id ORDER BY d.price_cents
         LIMIT 1 OFFSET (SELECT COUNT(*) FROM diamond_clicks) / 2`,
      )
      .first<{ cents: number }>();
    const lab = origins.items.find((i) => i.key === "lab")?.count ?? 0;
    return {
      labGrownShareOfClicks: origins.total ? Math.round((lab / origins.total) * 1000) / 1000 : null,
      mostClickedShape: shapes.items[0]?.label ?? null,
      medianClickedPrice: median ? Math.ceil(median.cents / 100) : null,
      generatedAt: now,
    };
  });
}
