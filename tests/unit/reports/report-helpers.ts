/**
 * Shared by the report section tests of this folder: a stone with every figure given (override what a test is
 * about), a deal score and a retailer.
 */
import type { DealScore, ReportStone } from "#shared/reports/schemas.ts";
import type { RetailerFacts } from "#shared/reports/sections.ts";

/** A 1.01 ct round G VS2, Excellent cut, ideal proportions, GIA, no fluorescence, natural. */
export function stone(over: Partial<ReportStone> = {}): ReportStone {
  return {
    isLabGrown: false,
    shape: 1,
    carat: 1.01,
    color: 4,
    clarity: 6,
    cut: 1,
    polish: 1,
    symmetry: 1,
    fluorescence: 0,
    certificateLab: 0,
    depthPct: 61.5,
    tablePct: 56,
    lwRatio: 1.01,
    growthMethod: null,
    treated: null,
    ...over,
  };
}

/** A deal score of `score` of 10 over 120 comparable stones. */
export function deal(score: number | null, over: Partial<DealScore> = {}): DealScore {
  return {
    score,
    maxScore: 10,
    percentile: score === null ? null : score * 10,
    medianPrice: score === null ? null : 650_000,
    differencePct: score === null ? null : -12,
    comparableCount: 120,
    price: 572_000,
    explanation: score === null ? "Only 3 comparable stones are listed now" : "12% below the median of 120 comparable stones",
    computedAt: 0,
    comparables: [],
    searchUrl: "/diamond-search",
    ...over,
  };
}

export const RETAILER: RetailerFacts = { id: 3, name: "Brilliant Co", slugurl: "brilliant-co", rating: 4.7, ratingCount: 1250, shippingDays: 3 };
