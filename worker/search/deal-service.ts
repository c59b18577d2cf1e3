/**
 * The deal score as reports and pages use it (issue 21; docs/decisions/026-deal-score.md): the index object's
 * figures and nearest comparables, with the explanation in words and the whole set as a search.
 */
import { comparisonSearchUrl, explainDealScore } from "#shared/reports/deal-score.ts";
import { COMPARABLES_SHOWN, DEAL_SCORE_MAX, type DealScore, type DealStone } from "#shared/reports/schemas.ts";
import type { DiamondSummary } from "#shared/schemas.ts";
import { TimedCache } from "../lib/timed-cache";
import type { Timings } from "../lib/timings";
import type { DealFigures } from "./deal-score";
import { searchIndex, type SearchBindings } from "./service";

type Found = DealFigures & { comparables: { diamond: DiamondSummary; adjustedPrice: number }[] };

function dealScore(stone: DealStone, found: Found, now: number): DealScore {
  return {
    score: found.score,
    maxScore: DEAL_SCORE_MAX,
    percentile: found.percentile,
    medianPrice: found.medianCents,
    differencePct: found.differencePct,
    comparableCount: found.count,
    price: stone.priceCents,
    explanation: explainDealScore({ comparableCount: found.count, differencePct: found.differencePct }),
    computedAt: now,
    comparables: found.comparables,
    searchUrl: comparisonSearchUrl(stone),
  };
}

/** The deal score of `stone` against the live inventory now. */
export async function dealScoreOf(env: SearchBindings, stone: DealStone, now: number, limit = COMPARABLES_SHOWN): Promise<DealScore> {
  return dealScore(stone, await searchIndex(env).dealScore(stone, limit), now);
}

/** Recent deal scores of inventory diamonds in this isolate, by id (60 s like search results; lib/timed-cache.ts). */
export const dealScoreCache = new TimedCache<DealScore | null>({ ttlMs: 60_000, maxEntries: 1024 });

/**
 * The deal score of available inventory diamond `id` (`GET /api/diamonds/{id}/deal-score`), or null when the
 * index does not hold it (unknown or sold). `timings` gets the index object's call and its own work.
 */
export function dealScoreOfDiamond(env: SearchBindings, id: number, now: number, timings?: Timings): Promise<DealScore | null> {
  return dealScoreCache.get(String(id), async () => {
    const t = performance.now();
    const found = await searchIndex(env).dealScoreOfId(id, COMPARABLES_SHOWN);
    if (timings) {
      timings.index = performance.now() - t;
      if (found) timings.engine = found.engineMs;
    }
    return found && dealScore(found.stone, found, now);
  });
}
