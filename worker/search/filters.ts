/**
 * One search over the index, first part (docs/decisions/007-search-index.md): the filters compiled to
 * bitsets, range plans and allow lists, the per-row pass over 32 rows at a time, and which facet filters
 * each leaf fails. The page (page.ts) and the counting pass (query.ts) build on it.
 */
import { FLAG_EYE_CLEAN, FLAG_IDEAL, FLAG_IMAGE, FLAG_VIDEO, DIMS, LABS } from "./layout";
import { DIM_SIZES } from "./facets";
import type { SearchIndex, Scratch } from "./engine";
import type { KeyFn } from "./perms";
import type { RangeBitmaps } from "./ranges";
import type { EngineQuery } from "./types";

export const scaleMin = (v: number | undefined): number => (v === undefined ? 0 : Math.max(0, Math.ceil(v * 100 - 1e-7)));
export const scaleMax = (v: number | undefined): number => (v === undefined ? 0xffff : Math.min(0xffff, Math.floor(v * 100 + 1e-7)));

/** Bit mask of a code list (codes < 31); 0 means "any". */
function maskOf(codes: readonly number[]): number {
  let m = 0;
  for (const c of codes) m |= 1 << c;
  return m;
}

function allowList(ids: readonly number[]): Uint8Array | null {
  if (!ids.length) return null;
  const allow = new Uint8Array(0x10000);
  for (const id of ids) if (id >= 0 && id < 0x10000) allow[id] = 1;
  return allow;
}

/** One search over an index: filter compilation and the per-row pass (extended by QueryPage, then Query). */
export class QueryFilters {
  protected readonly s: Scratch;
  /** Categorical filters: per filter, the bitsets of its allowed values (a row must be in one of them). */
  protected readonly categorical: Uint32Array[][] = [];
  protected readonly ranges = { and: [] as Uint32Array[], andNot: [] as Uint32Array[], ambiguous: [] as Uint32Array[] };
  protected readonly rowFilters: boolean;
  protected readonly exact: { col: Uint16Array; lo: number; hi: number }[] = [];
  protected readonly naturalRetailers: Uint8Array | null;
  protected readonly labRetailers: Uint8Array | null;
  /** Bitsets of the allowed certificate labs, or null for any; and the same as a code mask. */
  protected readonly labs: Uint32Array[] | null;
  protected readonly labMask: number;
  /** Whether lab facet counts need the rows that pass every filter but the lab one. */
  protected readonly splitLab: boolean;
  /** Leaves that fail no facet filter and hold matches, ascending. */
  protected readonly okLeaves: number[] = [];
  protected naturalMatches = 0;
  protected labMatches = 0;
  protected readonly before: (a: number, b: number) => number;
  /** The sort key, negated for a descending order: `before` compares it first. */
  protected readonly rank: KeyFn;
  /** (sortingOrder, id) ascending, and its first criterion: the order inside a group of equal keys. */
  protected readonly tieBefore: (a: number, b: number) => number;
  protected readonly tieRank: KeyFn;

  constructor(
    protected readonly ix: SearchIndex,
    protected readonly q: EngineQuery,
  ) {
    this.s = ix.scratch;
    const flagMask = (q.hasImage ? FLAG_IMAGE : 0) | (q.hasVideo ? FLAG_VIDEO : 0) | (q.loupeIdeal ? FLAG_IDEAL : 0) | (q.eyeClean ? FLAG_EYE_CLEAN : 0);
    for (let i = 0; i < 4; i++) if (flagMask & (1 << i)) this.categorical.push([ix.flagBits[i]!]);
    const pick = (codes: readonly number[], bits: Uint32Array[]) => {
      if (codes.length) this.categorical.push([...new Set(codes)].filter((c) => c >= 0 && c < bits.length).map((c) => bits[c]!));
    };
    pick(q.polishes, ix.polishBits);
    pick(q.symmetries, ix.symmetryBits);
    pick(q.fluorescences, ix.fluorescenceBits);
    const range = (col: Uint16Array, bitmaps: RangeBitmaps, lo: number, hi: number) => {
      bitmaps.plan(lo, hi, this.ranges);
      this.exact.push({ col, lo, hi });
    };
    if (q.caratMin !== undefined || q.caratMax !== undefined) range(ix.carat, ix.ranges.carat, scaleMin(q.caratMin), scaleMax(q.caratMax));
    if (q.depthMin !== undefined || q.depthMax !== undefined) range(ix.depth, ix.ranges.depth, scaleMin(q.depthMin), scaleMax(q.depthMax));
    if (q.tableMin !== undefined || q.tableMax !== undefined) range(ix.table, ix.ranges.table, scaleMin(q.tableMin), scaleMax(q.tableMax));
    if (q.ratioMin !== undefined || q.ratioMax !== undefined) range(ix.ratio, ix.ranges.ratio, scaleMin(q.ratioMin), scaleMax(q.ratioMax));
    if (q.maxShippingDays !== null) range(ix.ship, ix.ranges.ship, 0, Math.min(0xffff, q.maxShippingDays));
    this.naturalRetailers = allowList(q.naturalRetailers);
    this.labRetailers = allowList(q.labRetailers);
    const labCodes = [...new Set(q.certificateLabs)];
    this.labs = labCodes.length ? labCodes.filter((c) => c >= 0 && c < LABS).map((c) => ix.labBits[c]!) : null;
    this.labMask = maskOf(labCodes);
    this.splitLab = this.labs !== null && q.facets;
    // Stones held or sold by an order are left out (docs/decisions/058-inventory-holds.md).
    if (ix.hidden) this.ranges.andNot.push(ix.hidden);
    this.rowFilters =
      this.categorical.length > 0 ||
      this.exact.length > 0 ||
      this.naturalRetailers !== null ||
      this.labRetailers !== null ||
      this.labs !== null ||
      ix.hidden !== null;
    const key = ix.keyFn(q.sortBy);
    const sign = q.sortOrder === "desc" ? -1 : 1;
    const { sorting, id } = ix;
    // Negative when row a comes first: key in the asked direction, then sortingOrder, then id.
    this.before = (a, b) => sign * (key(a) - key(b)) || sorting[a]! - sorting[b]! || id[a]! - id[b]!;
    this.rank = sign === 1 ? key : (r) => -key(r);
    this.tieBefore = (a, b) => sorting[a]! - sorting[b]! || id[a]! - id[b]!;
    this.tieRank = (r) => sorting[r]!;
  }

  /** Per-row filter bits of word w: categorical bitsets and range bitmaps word-wise, then the rows left to check one by one. */
  protected passWord(w: number): number {
    let bits = -1;
    const cat = this.categorical;
    for (let i = 0; i < cat.length; i++) {
      const alts = cat[i]!;
      if (alts.length === 1) bits &= alts[0]![w]!;
      else {
        let any = 0;
        for (let j = 0; j < alts.length; j++) any |= alts[j]![w]!;
        bits &= any;
      }
    }
    const { and, andNot, ambiguous } = this.ranges;
    for (let i = 0; i < and.length; i++) bits &= and[i]![w]!;
    for (let i = 0; i < andNot.length; i++) bits &= ~andNot[i]![w]!;
    if (bits === 0) return 0;
    if (ambiguous.length) {
      let amb = 0;
      for (let i = 0; i < ambiguous.length; i += 2) amb |= ambiguous[i]![w]! & ~ambiguous[i + 1]![w]!;
      amb &= bits;
      const exact = this.exact;
      for (; amb !== 0; amb &= amb - 1) {
        const low = amb & -amb;
        const r = (w << 5) + 31 - Math.clz32(low);
        for (let i = 0; i < exact.length; i++) {
          const e = exact[i]!;
          const v = e.col[r]!;
          if (v < e.lo || v > e.hi) {
            bits &= ~low;
            break;
          }
        }
      }
    }
    if (bits !== 0 && (this.naturalRetailers || this.labRetailers)) {
      const { retailer, labStart } = this.ix;
      for (let x = bits; x !== 0; x &= x - 1) {
        const low = x & -x;
        const r = (w << 5) + 31 - Math.clz32(low);
        const allow = r < labStart ? this.naturalRetailers : this.labRetailers;
        if (allow !== null && allow[retailer[r]!] !== 1) bits &= ~low;
      }
    }
    return bits;
  }

  /** Fills `passes` (and `passesAnyLab`) for every word of rows [a, b) not filled yet; returns the new high-water word. */
  protected fillPasses(a: number, b: number, done: number): number {
    const { passes, passesAnyLab } = this.s;
    const labs = this.labs;
    const last = (b - 1) >>> 5;
    for (let w = Math.max(done, a >>> 5); w <= last; w++) {
      const x = this.passWord(w);
      if (labs === null) passes[w] = x;
      else {
        let any = 0;
        for (let i = 0; i < labs.length; i++) any |= labs[i]![w]!;
        passes[w] = x & any;
        if (this.splitLab) passesAnyLab[w] = x;
      }
    }
    return Math.max(done, last + 1);
  }

  /** The certificate lab of row r. */
  protected labOf(r: number): number {
    const w = r >>> 5;
    const bit = 1 << (r & 31);
    for (let v = 0; v < LABS; v++) if (this.ix.labBits[v]![w]! & bit) return v;
    return 0;
  }

  /** Which facet filters each live leaf fails, as a bit set (bit d: dimension d of FACET_DIMS). */
  protected computeFails(): Uint8Array {
    const q = this.q;
    const allowed = [
      q.isLabGrown === null ? 0 : 1 << (q.isLabGrown ? 1 : 0),
      maskOf(q.shapes.map((s) => s - 1)),
      maskOf(q.colors.map((c) => c - 1)),
      maskOf(q.clarities.map((c) => c - 1)),
      // Ideal (0) includes the house grade (4).
      maskOf(q.cuts.includes(0) ? [...q.cuts, 4] : q.cuts),
    ];
    // Per dimension and value: the dimension's fail bit, or 0.
    const bit = DIM_SIZES.map((size, d) => Array.from({ length: size }, (_, v) => (allowed[d] !== 0 && ((allowed[d]! >> v) & 1) === 0 ? 1 << d : 0)));
    const fails = this.s.fails;
    let k = 0;
    for (let o = 0; o < DIMS.origin; o++) {
      const fo = bit[0]![o]!;
      for (let sh = 0; sh < DIMS.shape; sh++) {
        const fs = fo | bit[1]![sh]!;
        for (let c = 0; c < DIMS.color; c++) {
          const fc = fs | bit[2]![c]!;
          for (let cl = 0; cl < DIMS.clarity; cl++) {
            const fl = fc | bit[3]![cl]!;
            for (let cu = 0; cu < DIMS.cut; cu++) fails[k++] = fl | bit[4]![cu]!;
          }
        }
      }
    }
    return fails;
  }
}
