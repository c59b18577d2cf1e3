/**
 * The deal score's selection and arithmetic on the search index (issue 21; docs/decisions/026-deal-score-and-reports.md).
 *
 * Comparable stones: available, same origin and shape, carat within ±5 % of the subject's, colour and clarity
 * within one grade, cut within one grade (the house grade counts as Ideal; a subject without a cut grade compares
 * with every cut). They live in at most 3 × 3 × 5 leaves of the index (engine.ts), so a score reads those leaves'
 * rows only — no scan of the catalogue. Each comparable's price is adjusted to the subject's carat and grades by
 * the price model's own factors (shared/catalogue/price-model.ts), so a 1.04 ct H stone compares fairly with a
 * 1.00 ct G. The percentile is the share of comparables whose adjusted price is above the subject's (ties count
 * half); the score is that share out of 10, one decimal.
 */
import { FLUORESCENCE_FACTORS, LAB_FRACTION, PRICE_MODEL } from "#shared/catalogue/price-model.ts";
import { DEAL_SCORE_MAX, MIN_COMPARABLES, type DealStone } from "#shared/reports/schemas.ts";
import type { SearchIndex } from "./engine";
import { DIMS, leafOf } from "./layout";

/** Comparable carats lie within this fraction of the subject's. */
export const CARAT_TOLERANCE = 0.05;

/** A cut code's grade for "within one grade": the house grade (4) is Ideal (0), as in search. */
export const cutRank = (cut: number): number => (cut === 4 ? 0 : cut);

/** A stone as the adjustment reads it (fluorescence null: as the comparable's). */
export interface AdjustStone {
  isLabGrown: boolean;
  carat: number;
  color: number;
  clarity: number;
  cut: number | null;
  fluorescence: number | null;
}

/** ln of the price model's value of a stone, less the parts every comparable shares (shape, market drift). */
function logValue(s: AdjustStone, cut: number, fluorescence: number): number {
  const m = PRICE_MODEL;
  const lc = Math.log(s.carat);
  const lab = s.isLabGrown ? Math.log(LAB_FRACTION(s.carat)) : 0;
  return (
    m.logCarat * lc +
    m.logCarat2 * lc * lc +
    lc +
    lab +
    m.color[String(s.color)]! +
    m.clarity[String(s.clarity)]! +
    m.cut[String(cut)]! +
    Math.log(FLUORESCENCE_FACTORS[fluorescence]!)
  );
}

/** A comparable's price (cents, unrounded) adjusted to the subject's carat and grades. */
export function adjustedPrice(subject: AdjustStone, comparable: AdjustStone & { cut: number; fluorescence: number }, priceCents: number): number {
  const cut = subject.cut ?? comparable.cut;
  const fluorescence = subject.fluorescence ?? comparable.fluorescence;
  return priceCents * Math.exp(logValue(subject, cut, fluorescence) - logValue(comparable, comparable.cut, comparable.fluorescence));
}

/** Whether `c` is comparable to `s` by the rule above (ids are compared by the caller). */
export function isComparable(s: DealStone, c: { isLabGrown: boolean; shape: number; carat: number; color: number; clarity: number; cut: number }): boolean {
  return (
    c.isLabGrown === s.isLabGrown &&
    c.shape === s.shape &&
    c.carat >= s.carat * (1 - CARAT_TOLERANCE) &&
    c.carat <= s.carat * (1 + CARAT_TOLERANCE) &&
    Math.abs(c.color - s.color) <= 1 &&
    Math.abs(c.clarity - s.clarity) <= 1 &&
    (s.cut === null || Math.abs(cutRank(c.cut) - cutRank(s.cut)) <= 1)
  );
}

/** How near a comparable is (smaller is nearer): carat distance in tolerance units, then grade steps. */
export function nearness(s: DealStone, c: { carat: number; color: number; clarity: number; cut: number }): number {
  const cut = s.cut === null ? 0 : 0.1 * Math.abs(cutRank(c.cut) - cutRank(s.cut));
  return Math.abs(c.carat - s.carat) / (CARAT_TOLERANCE * s.carat) + 0.3 * Math.abs(c.color - s.color) + 0.3 * Math.abs(c.clarity - s.clarity) + cut;
}

/** The score's figures from the comparables' adjusted prices (any order). */
export interface DealFigures {
  count: number;
  score: number | null;
  percentile: number | null;
  medianCents: number | null;
  differencePct: number | null;
}

/** Percentile, score, median and difference of `priceCents` against the adjusted prices. */
export function dealFigures(priceCents: number, adjusted: Float64Array | number[]): DealFigures {
  const count = adjusted.length;
  if (count < MIN_COMPARABLES) return { count, score: null, percentile: null, medianCents: null, differencePct: null };
  const sorted = Float64Array.from(adjusted).sort();
  const mid = count >> 1;
  const median = count % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  let above = 0;
  let equal = 0;
  for (let i = 0; i < count; i++) {
    const a = sorted[i]!;
    if (a > priceCents) above++;
    else if (a === priceCents) equal++;
  }
  const percentile = Math.round(((above + equal / 2) / count) * 1000) / 10;
  return {
    count,
    score: Math.round((percentile / 100) * DEAL_SCORE_MAX * 10) / 10,
    percentile,
    medianCents: Math.round(median),
    differencePct: Math.round(((priceCents - median) / median) * 1000) / 10,
  };
}

/** What the index answers for one stone: the figures and the nearest comparables (rows, adjusted cents). */
export interface DealRows extends DealFigures {
  rows: number[];
  adjusted: number[];
}

/**
 * The deal score of `s` on the index: reads only the leaves its grades allow, keeps the `limit` nearest
 * comparables (nearness, then id).
 */
export function dealScoreRows(index: SearchIndex, s: DealStone, limit: number): DealRows {
  const lo = s.carat * (1 - CARAT_TOLERANCE);
  const hi = s.carat * (1 + CARAT_TOLERANCE);
  const adjusted: number[] = [];
  const best: { row: number; near: number; id: number; adjusted: number }[] = [];
  const origin = s.isLabGrown ? 1 : 0;
  const fluoSets = index.fluorescenceBits;
  for (let color = Math.max(1, s.color - 1); color <= Math.min(DIMS.color, s.color + 1); color++) {
    for (let clarity = Math.max(1, s.clarity - 1); clarity <= Math.min(DIMS.clarity, s.clarity + 1); clarity++) {
      for (let cut = 0; cut < DIMS.cut; cut++) {
        if (s.cut !== null && Math.abs(cutRank(cut) - cutRank(s.cut)) > 1) continue;
        const k = leafOf(origin, s.shape, color, clarity, cut);
        for (let r = index.leafStart[k]!, end = index.leafStart[k + 1]!; r < end; r++) {
          const id = index.id[r]!;
          if (id === s.id) continue;
          const carat = index.exactCarat(r);
          if (carat < lo || carat > hi) continue;
          const w = r >>> 5;
          const bit = 1 << (r & 31);
          let fluorescence = 0;
          for (let f = 0; f < fluoSets.length; f++)
            if (fluoSets[f]![w]! & bit) {
              fluorescence = f;
              break;
            }
          const c = { isLabGrown: s.isLabGrown, carat, color, clarity, cut, fluorescence };
          const a = adjustedPrice(s, c, index.price[r]!);
          adjusted.push(a);
          const near = nearness(s, c);
          if (best.length === limit) {
            const worst = best[limit - 1]!;
            if (near > worst.near || (near === worst.near && id > worst.id)) continue;
            best.pop();
          }
          let at = best.length;
          while (at > 0 && (best[at - 1]!.near > near || (best[at - 1]!.near === near && best[at - 1]!.id > id))) at--;
          best.splice(at, 0, { row: r, near, id, adjusted: a });
        }
      }
    }
  }
  return { ...dealFigures(s.priceCents, adjusted), rows: best.map((b) => b.row), adjusted: best.map((b) => Math.round(b.adjusted)) };
}
