/**
 * The wizard's candidate stones, from the search index (worker/search/service.ts, like every catalogue search):
 * a few searches of the shape and origin within the stone's budget and the shopper's limits, each sorted by
 * carat (largest first) over the grades one pick trades for — near colourless and eye-clean grades for the
 * biggest, each of D, E and F for the whitest, FL–IF, VVS1 and VVS2 for the cleanest, G/VS2 for the balanced
 * pick, and any grade when the budget buys nothing better. The rules (shared/search-wizard/recommend.ts)
 * choose among them.
 */
import { FILTER_DEFAULTS, type DiamondSearchRequest, type DiamondSummary } from "#shared/schemas.ts";
import type { WizardLimits } from "#shared/search-wizard/recommend.ts";
import { searchDiamonds, type SearchBindings } from "../search/service";

/** What the candidates are searched for. */
export interface CandidateQuery {
  shape: number | null;
  isLabGrown: boolean | null;
  budgetCents: number;
  limits: WizardLimits;
}

/** One search: the colours and clarities (codes, best first) it covers and how many of the largest it reads. */
interface Pool {
  colors: readonly number[];
  clarities: readonly number[];
  size: number;
}

const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const POOLS: readonly Pool[] = [
  { colors: upTo(5), clarities: upTo(7), size: 60 },
  { colors: upTo(4), clarities: upTo(6), size: 30 },
  { colors: [1], clarities: upTo(7), size: 20 },
  { colors: [2], clarities: upTo(7), size: 20 },
  { colors: [3], clarities: upTo(7), size: 20 },
  { colors: upTo(5), clarities: [1, 2], size: 20 },
  { colors: upTo(5), clarities: [3], size: 20 },
  { colors: upTo(5), clarities: [4], size: 20 },
  { colors: upTo(8), clarities: upTo(8), size: 20 },
];

/** The search request of a pool within the query's limits, or null when the limits leave it no grade. */
export function poolRequest(pool: Pool, q: CandidateQuery): DiamondSearchRequest | null {
  const colors = pool.colors.filter((c) => q.limits.colorMax === null || c <= q.limits.colorMax);
  const clarities = pool.clarities.filter((c) => q.limits.clarityMax === null || c <= q.limits.clarityMax);
  if (!colors.length || !clarities.length) return null;
  return {
    ...FILTER_DEFAULTS,
    isLabGrown: q.isLabGrown,
    diamondShapes: q.shape === null ? [] : [q.shape],
    priceMin: 0,
    priceMax: Math.floor(q.budgetCents / 100),
    caratMax: q.limits.caratMax ?? undefined,
    colors: [...colors],
    clarities: [...clarities],
    sortBy: "carat",
    sortOrder: "desc",
    pageNumber: 1,
    pageSize: pool.size,
    includeFacets: false,
  };
}

/** Every candidate stone for the query (each once), from the index's searches run together. */
export async function candidatesFor(env: SearchBindings, q: CandidateQuery, now: number): Promise<DiamondSummary[]> {
  const requests = POOLS.map((p) => poolRequest(p, q)).filter((r): r is DiamondSearchRequest => r !== null);
  const pages = await Promise.all(requests.map((r) => searchDiamonds(env, r, now)));
  const byId = new Map<number, DiamondSummary>();
  for (const page of pages) for (const d of page.diamonds) if (!d.isSold && !byId.has(d.id)) byId.set(d.id, d);
  return [...byId.values()];
}

/** The largest stone of the grades up to `color`/`clarity` within the budget, and how many are within `share` of its carat. */
export async function largestOfGrades(
  env: SearchBindings,
  q: CandidateQuery,
  band: { color: number; clarity: number },
  share: number,
  now: number,
): Promise<{ carat: number | null; count: number }> {
  const req = poolRequest({ colors: upTo(band.color), clarities: upTo(band.clarity), size: 1 }, q)!;
  const top = (await searchDiamonds(env, req, now)).diamonds[0];
  if (!top) return { carat: null, count: 0 };
  const near = await searchDiamonds(env, { ...req, caratMin: Math.floor(top.carat * share * 100) / 100, caratMax: top.carat }, now);
  return { carat: top.carat, count: near.total };
}
