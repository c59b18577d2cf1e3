/**
 * The deal score as reports and pages use it (issue 21; docs/decisions/026-deal-score-and-reports.md): the
 * index object's figures and nearest comparables, with the explanation in words and the whole set as a search.
 */
import { comparisonSearchUrl, explainDealScore } from "#shared/reports/deal-score.ts";
import { COMPARABLES_SHOWN, DEAL_SCORE_MAX, type DealScore, type DealStone } from "#shared/reports/schemas.ts";
import { searchIndex, type SearchBindings } from "./service";

/** The deal score of `stone` against the live inventory now. */
export async function dealScoreOf(env: SearchBindings, stone: DealStone, now: number, limit = COMPARABLES_SHOWN): Promise<DealScore> {
  const found = await searchIndex(env).dealScore(stone, limit);
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
