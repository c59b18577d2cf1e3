/**
 * One search over the index, last part (docs/decisions/007-search-index.md): the counting pass over the
 * leaves that marks the matches and yields the exact total, the facet counts and the price histogram,
 * then the page (page.ts).
 */
import { addHistogram, copyRange, countLabs, countRange, lowerBound, setRange, upperBound } from "./bits";
import type { SearchIndex } from "./engine";
import { FACET_DIMS, FACET_OFFSET, FACET_SLOT, FACET_SLOTS, LEAF_DIMS } from "./facets";
import { HIST_BUCKETS, LABS, LEAF_COUNT } from "./layout";
import { QueryPage } from "./page";
import type { EngineResult, FacetCounts } from "./types";

/** One search over an index: filter compilation (filters.ts), the counting pass, then the page (page.ts). */
export class Query extends QueryPage {
  /**
   * Rows to check one by one instead of the leaves (an alert run's new listings, computed once for many
   * queries: see alerts.ts); null for the usual pass (or the certificate search's rows).
   */
  presetRows: Uint32Array | null = null;

  run(): EngineResult {
    const { ix, q, s } = this;
    const fails = this.computeFails();
    const pMin = q.priceMinCents;
    const pMax = q.priceMaxCents;
    const priceBounded = pMin > ix.minPrice || pMax < ix.maxPrice;
    const facets = q.facets;
    const hist = facets ? new Float64Array(HIST_BUCKETS) : null;
    const { count, lo: los, hi: his, matches, passes, passesAnyLab } = s;
    // Lab facet counts: rows in leaves failing no facet filter that pass every other filter, by lab.
    const labFacet = facets ? new Float64Array(LABS) : null;
    matches.fill(0);
    const leafStart = ix.leafStart;
    const price = ix.price;
    const bucket = ix.bucket;
    // Leaves whose counts feed the facets: failing no facet filter, or (with facets) exactly one.
    const counted: number[] = [];
    let total = 0;
    let done = 0; // words of `passes` filled so far

    const certRows = this.presetRows ?? (this.q.onlyIds ? rowsOfIds(ix, this.q.onlyIds) : null);
    if (certRows) {
      // Certificate search (or an alert's new rows): a handful of rows, checked one by one.
      const seen = new Set<number>();
      for (let i = 0; i < certRows.length; i++) {
        const r = certRows[i]!;
        const k = ix.leaf[r]!;
        const fail = fails[k]!;
        if (!(fail === 0 || (facets && (fail & (fail - 1)) === 0))) continue;
        if (!seen.has(k)) {
          seen.add(k);
          count[k] = 0;
          counted.push(k);
        }
        if (this.rowFilters && ((this.passWord(r >>> 5) >>> (r & 31)) & 1) === 0) continue;
        const p = price[r]!;
        const lab = this.labOf(r);
        if (labFacet && fail === 0 && p >= pMin && p <= pMax) labFacet[lab]!++;
        if (this.labMask !== 0 && ((this.labMask >> lab) & 1) === 0) continue;
        if (hist && fail === 0) hist[bucket[r]!]!++;
        if (p < pMin || p > pMax) continue;
        count[k]!++;
        if (fail === 0) matches[r >>> 5]! |= 1 << (r & 31);
      }
      counted.sort((a, b) => a - b);
      for (const k of counted) {
        los[k] = leafStart[k]!;
        his[k] = leafStart[k + 1]!;
      }
    } else {
      const live = ix.liveLeaves;
      for (let i = 0; i < live.length; i++) {
        const k = live[i]!;
        const fail = fails[k]!;
        if (fail !== 0 && !(facets && (fail & (fail - 1)) === 0)) continue;
        const start = leafStart[k]!;
        const end = leafStart[k + 1]!;
        let lo = start;
        let hi = end;
        if (priceBounded) {
          // Leaves are sorted by price: most lie wholly inside or outside the range.
          if (price[start]! < pMin) lo = price[end - 1]! < pMin ? end : lowerBound(price, pMin, start, end);
          if (price[end - 1]! > pMax) hi = lo === end || price[lo]! > pMax ? lo : upperBound(price, pMax, lo, end);
        }
        los[k] = lo;
        his[k] = hi;
        counted.push(k);
        let c: number;
        if (!this.rowFilters) {
          c = hi - lo;
          if (fail === 0) {
            setRange(matches, lo, hi);
            if (labFacet) countLabs(null, ix.labBits, lo, hi, labFacet);
            // The leaf's rows run by price, so its buckets are those from its first row's to its last's.
            if (hist) for (let b = bucket[start]!, last = bucket[end - 1]!, base = k * HIST_BUCKETS; b <= last; b++) hist[b]! += ix.leafHist[base + b]!;
          }
        } else if (fail === 0 && hist) {
          done = this.fillPasses(start, end, done);
          addHistogram(passes, bucket, start, end, hist);
          c = copyRange(passes, matches, lo, hi);
          if (labFacet) countLabs(this.splitLab ? passesAnyLab : passes, ix.labBits, lo, hi, labFacet);
        } else if (lo < hi) {
          done = this.fillPasses(lo, hi, done);
          c = fail === 0 ? copyRange(passes, matches, lo, hi) : countRange(passes, lo, hi);
        } else c = 0;
        count[k] = c;
      }
    }
    // Facet counts, one flat array: dimension d's values start at FACET_OFFSET[d].
    const facetTotals = facets ? new Float64Array(FACET_SLOTS) : null;
    for (let i = 0; i < counted.length; i++) {
      const k = counted[i]!;
      const c = count[k]!;
      if (c === 0) continue;
      const fail = fails[k]!;
      if (fail === 0) {
        total += c;
        this.okLeaves.push(k);
        if (k < LEAF_COUNT / 2) this.naturalMatches += c;
        else this.labMatches += c;
        if (facetTotals) for (let d = 0; d < LEAF_DIMS; d++) facetTotals[FACET_SLOT[d]![k]!]! += c;
      } else if (facetTotals) facetTotals[FACET_SLOT[31 - Math.clz32(fail)]![k]!]! += c;
    }
    if (facetTotals && labFacet) for (let v = 0; v < LABS; v++) facetTotals[FACET_OFFSET[LEAF_DIMS]! + v] = labFacet[v]!;

    const rows = this.page(total);
    const result: EngineResult = { ids: rows.map((r) => ix.id[r]!), rows, total };
    if (facetTotals && hist) {
      const out = {} as Record<string, Record<string, number>>;
      FACET_DIMS.forEach((d, i) => {
        const counts: Record<string, number> = {};
        d.values.forEach((value, b) => (counts[value] = facetTotals[FACET_OFFSET[i]! + b]!));
        out[d.name] = counts;
      });
      result.facets = out as unknown as FacetCounts;
      result.priceHistogram = Array.from(hist);
    }
    return result;
  }
}

function rowsOfIds(ix: SearchIndex, ids: readonly number[]): Uint32Array {
  const wanted = new Set(ids);
  const rows: number[] = [];
  if (wanted.size) for (let r = 0; r < ix.size; r++) if (wanted.has(ix.id[r]!)) rows.push(r);
  return Uint32Array.from(rows);
}
