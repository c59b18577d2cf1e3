/**
 * The deal score in words and as a search (issue 21; docs/decisions/026-deal-score.md): shared by
 * the worker (reports, the report page) and the ρ check (scripts/deal-score-check.ts).
 */
import { DEFAULT_STATE, SEARCH_PATH, toSearchParams } from "../search-url";
import { MIN_COMPARABLES, type DealStone } from "./schemas";

/** The figures the explanation reads. */
export interface DealWords {
  comparableCount: number;
  differencePct: number | null;
}

const stones = (n: number) => `${n.toLocaleString("en-US")} comparable ${n === 1 ? "stone" : "stones"}`;

/** "12% below the median of 214 comparable stones", "at the median of …", or why there is no score. */
export function explainDealScore(d: DealWords): string {
  if (d.differencePct === null) {
    if (d.comparableCount === 0) return "No comparable stones are listed now, so there is nothing to compare this price with.";
    return `Only ${stones(d.comparableCount)} ${d.comparableCount === 1 ? "is" : "are"} listed now — too few for a fair score (we need ${MIN_COMPARABLES}).`;
  }
  const pct = Math.round(Math.abs(d.differencePct));
  if (pct === 0) return `At the median of ${stones(d.comparableCount)}`;
  return `${pct}% ${d.differencePct < 0 ? "below" : "above"} the median of ${stones(d.comparableCount)}`;
}

/** The comparison set as a diamond search: same shape and origin, carat ±5 %, grades within one step, any price. */
export function comparisonSearchUrl(s: DealStone): string {
  const steps = (code: number, lo: number, hi: number) => [code - 1, code, code + 1].filter((c) => c >= lo && c <= hi);
  // Search cut grades are 0-3 and Ideal (0) includes the house grade (4).
  const rank = s.cut === null ? null : s.cut === 4 ? 0 : s.cut;
  const params = toSearchParams({
    ...DEFAULT_STATE,
    isLabGrown: s.isLabGrown,
    diamondShapes: [s.shape],
    colors: steps(s.color, 1, 8),
    clarities: steps(s.clarity, 1, 8),
    cuts: rank === null ? [] : steps(rank, 0, 3),
    caratMin: Math.ceil(s.carat * 95 - 1e-9) / 100,
    caratMax: Math.floor(s.carat * 105 + 1e-9) / 100,
    priceMin: 0,
    priceMax: 100_000_000,
    sortBy: "price",
    sortOrder: "asc",
  });
  return `${SEARCH_PATH}?${params.toString()}`;
}
