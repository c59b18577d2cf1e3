/**
 * The live catalogue figures of the landing pages and `/our-data` (shared/landing/figures.ts): the index's size and
 * load time (the search index object's status) and, from D1, unsold diamonds per origin and shape with their price
 * ranges (one grouped read that the covering index `diamonds_search` answers without touching the table) and the
 * visible retailers. The index's count and load time are read live on every view (the object answers from memory, so
 * /our-data always says what the search says); the D1 figures are cached 300 s per isolate.
 */
import type { CatalogueFigures, OriginFigures } from "#shared/landing/figures.ts";
import { TimedCache } from "../lib/timed-cache";
import { type SearchBindings, searchIndex } from "../search/service";

export const FIGURES_TTL_MS = 300_000;

type D1Figures = Omit<CatalogueFigures, "listed" | "indexLoadedAt">;

/** The isolate's D1 figures (one entry). */
export const figuresCache = new TimedCache<D1Figures>({ ttlMs: FIGURES_TTL_MS, maxEntries: 1 });

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

/** The figures: the index's live, D1's at most 300 s old. */
export async function catalogueFigures(env: SearchBindings, now = Date.now(), cache = figuresCache): Promise<CatalogueFigures> {
  const [status, d1] = await Promise.all([searchIndex(env).describe(), d1Figures(env, now, cache)]);
  return { ...d1, listed: status.diamonds, indexLoadedAt: status.loadedAt };
}

function d1Figures(env: SearchBindings, now: number, cache: TimedCache<D1Figures>): Promise<D1Figures> {
  return cache.get("figures", async () => {
    const [groups, retailers] = await env.DB.batch([
      env.DB.prepare(
        "SELECT is_lab_grown AS lab, shape, COUNT(*) AS n, MIN(price_cents) AS lo, MAX(price_cents) AS hi FROM diamonds WHERE is_lab_grown IN (0, 1) AND is_sold = 0 GROUP BY is_lab_grown, shape",
      ),
      env.DB.prepare("SELECT COUNT(*) AS n FROM retailers WHERE status = 2"),
    ]);
    const rows = groups!.results as { lab: number; shape: number; n: number; lo: number; hi: number }[];
    return {
      natural: origin(rows.filter((r) => r.lab === 0)),
      lab: origin(rows.filter((r) => r.lab === 1)),
      retailers: (retailers!.results[0] as { n: number }).n,
      readAt: now,
    };
  });
}
