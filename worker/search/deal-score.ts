/**
 * The deal score's selection and arithmetic on the search index (issue 21; docs/decisions/026-deal-score.md).
 *
 * Comparable stones: available, same origin and shape, carat within ±5 % of the subject's (both edges included),
 * colour and clarity within one grade, cut within one grade (the house grade counts as Ideal; a subject without a
 * cut grade compares with every cut). They live in at most 3 × 3 × 5 leaves of the index (engine.ts), so a score
 * reads those leaves' rows only — no scan of the catalogue. Each comparable's price is adjusted to the subject's
 * carat and grades by the price model's own factors (shared/catalogue/price-model.ts), so a 1.04 ct H stone
 * compares fairly with a 1.00 ct G. The percentile is the share of comparables whose adjusted price is above the
 * subject's (ties count half); the score is that share out of 10, one decimal.
 *
 * Speed (1,000,000 diamonds): the model's carat term is computed once per distinct centi-carat of the range, the
 * grade terms once per leaf, the fluorescence terms once per code; a row costs a carat test, a bitset probe and
 * one `exp`, and allocates nothing (adjusted prices go to a reused buffer; the median is found by sorting it).
 */
import { FLUORESCENCE_FACTORS, LAB_FRACTION, PRICE_MODEL } from "#shared/catalogue/price-model.ts";
import { DEAL_SCORE_MAX, MIN_COMPARABLES, type DealStone } from "#shared/reports/schemas.ts";
import type { SearchIndex } from "./engine";
import { DIMS, leafOf } from "./layout";

/** Comparable carats lie within this fraction of the subject's. */
export const CARAT_TOLERANCE = 0.05;
/** Slack on the carat edges, so a stone exactly 5 % away counts whatever the floating-point rounding. */
const CARAT_SLACK = 1e-9;

/** A cut code's grade for "within one grade": the house grade (4) is Ideal (0), as in search. */
export const cutRank = (cut: number): number => (cut === 4 ? 0 : cut);

/** The carats comparable with `carat`: [lo, hi], both included. */
export function caratRange(carat: number): { lo: number; hi: number } {
  return { lo: carat * (1 - CARAT_TOLERANCE) - CARAT_SLACK, hi: carat * (1 + CARAT_TOLERANCE) + CARAT_SLACK };
}

/** A stone as the adjustment reads it (fluorescence null: as the comparable's). */
export interface AdjustStone {
  isLabGrown: boolean;
  carat: number;
  color: number;
  clarity: number;
  cut: number | null;
  fluorescence: number | null;
}

const table = (t: Record<string, number>, n: number) => Float64Array.from({ length: n }, (_, i) => t[String(i)] ?? 0);
const COLOR_TERM = table(PRICE_MODEL.color, DIMS.color + 1);
const CLARITY_TERM = table(PRICE_MODEL.clarity, DIMS.clarity + 1);
const CUT_TERM = table(PRICE_MODEL.cut, DIMS.cut);
/** ln of the fluorescence factor by code 0-7 (codes the model does not price: no adjustment). */
const FLUORESCENCE_TERM = Float64Array.from({ length: 8 }, (_, f) => Math.log(FLUORESCENCE_FACTORS[f] ?? 1));

/** The carat part of ln(model value): the fitted carat curve, times carat, times the lab fraction for lab-grown. */
function caratTerm(carat: number, isLabGrown: boolean): number {
  const m = PRICE_MODEL;
  const lc = Math.log(carat);
  return m.logCarat * lc + m.logCarat2 * lc * lc + lc + (isLabGrown ? Math.log(LAB_FRACTION(carat)) : 0);
}

const gradeTerm = (color: number, clarity: number, cut: number) => COLOR_TERM[color]! + CLARITY_TERM[clarity]! + CUT_TERM[cut]!;

/** ln of the price model's value of a stone, less the parts every comparable shares (shape, market drift). */
const logValue = (carat: number, grades: number, fluorescence: number) => carat + grades + FLUORESCENCE_TERM[fluorescence]!;

/** A comparable's price (cents, unrounded) adjusted to the subject's carat and grades. */
export function adjustedPrice(subject: AdjustStone, comparable: AdjustStone & { cut: number; fluorescence: number }, priceCents: number): number {
  const cut = subject.cut ?? comparable.cut;
  const fluorescence = subject.fluorescence ?? comparable.fluorescence;
  const s = logValue(caratTerm(subject.carat, subject.isLabGrown), gradeTerm(subject.color, subject.clarity, cut), fluorescence);
  const c = logValue(
    caratTerm(comparable.carat, comparable.isLabGrown),
    gradeTerm(comparable.color, comparable.clarity, comparable.cut),
    comparable.fluorescence,
  );
  return priceCents * Math.exp(s - c);
}

/** Whether `c` is comparable to `s` by the rule above (ids are compared by the caller). */
export function isComparable(s: DealStone, c: { isLabGrown: boolean; shape: number; carat: number; color: number; clarity: number; cut: number }): boolean {
  const { lo, hi } = caratRange(s.carat);
  return (
    c.isLabGrown === s.isLabGrown &&
    c.shape === s.shape &&
    c.carat >= lo &&
    c.carat <= hi &&
    Math.abs(c.color - s.color) <= 1 &&
    Math.abs(c.clarity - s.clarity) <= 1 &&
    (s.cut === null || Math.abs(cutRank(c.cut) - cutRank(s.cut)) <= 1)
  );
}

/** The grade part of nearness: 0.3 a colour or clarity step, 0.1 a cut step (none for a subject without cut). */
const gradeDistance = (s: DealStone, color: number, clarity: number, cut: number) =>
  0.3 * Math.abs(color - s.color) + 0.3 * Math.abs(clarity - s.clarity) + (s.cut === null ? 0 : 0.1 * Math.abs(cutRank(cut) - cutRank(s.cut)));

/**
 * Nearness from its two parts, rounded to a millionth so that equal distances tie exactly whichever way the sum
 * was rounded (0.6 of the carat tolerance ties with one colour and one clarity step; ties go to the lower id).
 */
const nearOf = (caratPart: number, gradePart: number) => Math.round((caratPart + gradePart) * 1e6) / 1e6;

/** How near a comparable is (smaller is nearer): carat distance in tolerance units plus grade steps. */
export function nearness(s: DealStone, c: { carat: number; color: number; clarity: number; cut: number }): number {
  return nearOf(Math.abs(c.carat - s.carat) / (CARAT_TOLERANCE * s.carat), gradeDistance(s, c.color, c.clarity, c.cut));
}

/** The score's figures from the comparables' adjusted prices (any order). */
export interface DealFigures {
  count: number;
  score: number | null;
  percentile: number | null;
  medianCents: number | null;
  differencePct: number | null;
}

/** Percentile, score, median and difference of `priceCents` against the adjusted prices (`adjusted` is reordered). */
export function dealFigures(priceCents: number, adjusted: Float64Array | number[]): DealFigures {
  const count = adjusted.length;
  if (count < MIN_COMPARABLES) return { count, score: null, percentile: null, medianCents: null, differencePct: null };
  let above = 0;
  let equal = 0;
  for (let i = 0; i < count; i++) {
    const a = adjusted[i]!;
    if (a > priceCents) above++;
    else if (a === priceCents) equal++;
  }
  const sorted = adjusted instanceof Float64Array ? adjusted.sort() : Float64Array.from(adjusted).sort();
  const mid = count >> 1;
  const median = count % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  // In half-stones (ties count half) over integers, so an exact half rounds up in both figures: the score is
  // always the percentile's own rounding (13 of 23 cheaper: 56.5 %, 5.7 — not 5.6 from rounding 56.5 again).
  const halves = 2 * above + equal;
  const percentile = Math.round((halves * 500) / count) / 10;
  return {
    count,
    score: Math.round((halves * 5 * DEAL_SCORE_MAX) / count) / 10,
    percentile,
    medianCents: Math.round(median),
    differencePct: median > 0 ? Math.round(((priceCents - median) / median) * 1000) / 10 : null,
  };
}

/** What the index answers for one stone: the figures and the nearest comparables (rows, adjusted cents). */
export interface DealRows extends DealFigures {
  rows: number[];
  adjusted: number[];
}

/** The adjusted prices of one score (grown as needed; scores run one at a time in an isolate). */
let buffer = new Float64Array(4096);

/**
 * The deal score of `s` on the index: reads only the leaves its grades allow, keeps the `limit` nearest
 * comparables (nearness, then id).
 */
export function dealScoreRows(index: SearchIndex, s: DealStone, limit: number): DealRows {
  const { lo, hi } = caratRange(s.carat);
  // Centi-carats that may hold a comparable (a row's exact carat lies within half a centi-carat of its column).
  const ccLo = Math.max(0, Math.floor(lo * 100) - 1);
  const ccHi = Math.ceil(hi * 100) + 1;
  const caratTerms = new Float64Array(ccHi - ccLo + 1).fill(Number.NaN);
  const sCarat = caratTerm(s.carat, s.isLabGrown);
  const sFluorescence = s.fluorescence;
  const origin = s.isLabGrown ? 1 : 0;
  const fluoSets = index.fluorescenceBits;
  const { id: ids, carat: carats, price, leafStart } = index;
  const nearRow: number[] = [];
  const nearDist: number[] = [];
  const nearAdj: number[] = [];
  let n = 0;
  const subjectValue = new Float64Array(8);
  for (let color = Math.max(1, s.color - 1); color <= Math.min(DIMS.color, s.color + 1); color++) {
    for (let clarity = Math.max(1, s.clarity - 1); clarity <= Math.min(DIMS.clarity, s.clarity + 1); clarity++) {
      for (let cut = 0; cut < DIMS.cut; cut++) {
        if (s.cut !== null && Math.abs(cutRank(cut) - cutRank(s.cut)) > 1) continue;
        const k = leafOf(origin, s.shape, color, clarity, cut);
        const start = leafStart[k]!;
        const end = leafStart[k + 1]!;
        if (start === end) continue;
        const grades = gradeTerm(color, clarity, cut);
        const sGrades = sCarat + gradeTerm(s.color, s.clarity, s.cut ?? cut);
        for (let f = 0; f < 8; f++) subjectValue[f] = sGrades + FLUORESCENCE_TERM[sFluorescence ?? f]!;
        const gradeNear = gradeDistance(s, color, clarity, cut);
        for (let r = start; r < end; r++) {
          const cc = carats[r]!;
          if (cc < ccLo || cc > ccHi) continue;
          const id = ids[r]!;
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
          let ct: number;
          if (carat === cc / 100) {
            ct = caratTerms[cc - ccLo]!;
            if (Number.isNaN(ct)) ct = caratTerms[cc - ccLo] = caratTerm(carat, s.isLabGrown);
          } else ct = caratTerm(carat, s.isLabGrown);
          const a = price[r]! * Math.exp(subjectValue[fluorescence]! - logValue(ct, grades, fluorescence));
          if (n === buffer.length) {
            const grown = new Float64Array(buffer.length * 2);
            grown.set(buffer);
            buffer = grown;
          }
          buffer[n++] = a;
          if (limit <= 0) continue;
          const near = nearOf(Math.abs(carat - s.carat) / (CARAT_TOLERANCE * s.carat), gradeNear);
          let at = nearRow.length;
          if (at === limit) {
            const worst = nearDist[limit - 1]!;
            if (near > worst || (near === worst && id > ids[nearRow[limit - 1]!]!)) continue;
            at--;
            nearRow.pop();
            nearDist.pop();
            nearAdj.pop();
          }
          while (at > 0 && (nearDist[at - 1]! > near || (nearDist[at - 1]! === near && ids[nearRow[at - 1]!]! > id))) at--;
          nearRow.splice(at, 0, r);
          nearDist.splice(at, 0, near);
          nearAdj.splice(at, 0, a);
        }
      }
    }
  }
  return { ...dealFigures(s.priceCents, buffer.subarray(0, n)), rows: nearRow, adjusted: nearAdj.map(Math.round) };
}

/** Rows of each index ordered by diamond id (built on first use, 4 bytes a row), for finding a stone by id. */
const rowsById = new WeakMap<SearchIndex, Uint32Array>();

/** The row of available diamond `id` in the index, or -1 (unknown, or sold: the index holds available stones only). */
export function rowOfId(index: SearchIndex, id: number): number {
  const ids = index.id;
  let order = rowsById.get(index);
  if (!order) {
    order = new Uint32Array(index.size);
    if (index.size <= 2 ** 21) {
      // id · 2^21 + row is exact below 2^53 (ids are 32-bit, rows at most 2^21), so one native sort orders both.
      const keys = new Float64Array(index.size);
      for (let r = 0; r < index.size; r++) keys[r] = ids[r]! * 2 ** 21 + r;
      keys.sort();
      for (let i = 0; i < index.size; i++) order[i] = keys[i]! % 2 ** 21;
    } else {
      for (let r = 0; r < index.size; r++) order[r] = r;
      order.sort((a, b) => ids[a]! - ids[b]!);
    }
    rowsById.set(index, order);
  }
  let lo = 0;
  let hi = order.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = ids[order[mid]!]!;
    if (at === id) return order[mid]!;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The deal stone of row `r`: its grades from its leaf, its exact carat, fluorescence and price. */
export function dealStoneOfRow(index: SearchIndex, r: number): DealStone {
  const d = index.display([r])[0]!;
  return {
    id: index.id[r]!,
    isLabGrown: d.is_lab_grown === 1,
    shape: d.shape,
    carat: index.exactCarat(r),
    color: d.color,
    clarity: d.clarity,
    cut: d.cut,
    fluorescence: d.fluorescence,
    priceCents: index.price[r]!,
  };
}
