/**
 * The live catalogue figures of the landing pages and `/our-data` (shared/landing/figures.ts): the index's size and
 * load time (the search index object's status) and, from D1, unsold diamonds per origin and shape with their price
 * ranges (one grouped read that the covering index `diamonds_search` answers without touching the table) and the
 * visible retailers. Cached 300 s per isolate, so a page view costs no read at all most of the time.
 */
import type { CatalogueFigures, OriginFigures } from "#shared/landing/figures.ts";
import { TimedCache } from "../lib/timed-cache";
import { type SearchBindings, searchIndex } from "../search/service";

export const FIGURES_TTL_MS = 300_000;

/** The isolate's figures (one entry). */
export const figuresCache = new TimedCache<CatalogueFigures>({ ttlMs: FIGURES_TTL_MS, maxEntries: 1 });

const dollars = (cents: number) => Math.ceil(cents / 100);

function origin(rows: readonly { shape: number; n: number; lo: number; hi: number }[]): OriginFigures {
  const byShape = rows.map((r) => ({ shape: r.shape, count: r.n, minPrice: dollars(r.lo), maxPrice: dollars(r.hi) })).sort((a, b) => a.shape - b.shape);
  return {
    count: byShape.reduce((a, s) => a + s.count, 0),
    minPrice: byShape.length ? Math.min(...byShape.map((s) => s.minPrice)) : null,
    maxPrice: byShape.length ? Math.max(...byShape.map((s) => s.maxPrice)) : null,
    byShape,
  };
}

/** The figures, at most 300 s old. */
export function catalogueFigures(env: SearchBindings, now = Date.now(), cache = figuresCache): Promise<CatalogueFigures> {
  return cache.get("figures", async () => {
    const [status, [groups, retailers]] = await Promise.all([
      searchIndex(env).describe(),
      env.DB.batch([
        env.DB.prepare(
          "SELECT is_lab_grown AS lab, shape, COUNT(*) AS n, MIN(price_cents) AS lo, MAX(price_cents) AS hi FROM diamonds WHERE is_lab_grown IN (0, 1) AND is_sold = 0 GROUP BY is_lab_grown, shape",
        ),
        env.DB.prepare("SELECT COUNT(*) AS n FROM retailers WHERE status = 2"),
      ]),
    ]);
    const rows = groups!.results as { lab: number; shape: number; n: number; lo: number; hi: number }[];
    return {
      listed: status.diamonds,
      natural: origin(rows.filter((r) => r.lab === 0)),
      lab: origin(rows.filter((r) => r.lab === 1)),
      retailers: (retailers!.results[0] as { n: number }).n,
      indexLoadedAt: status.loadedAt,
      readAt: now,
    };
  });
}
