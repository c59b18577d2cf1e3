/**
 * The in-memory diamond search index (docs/decisions/007-search-index.md). Pure TypeScript on typed arrays:
 * no Workers API, so the SearchIndexObject Durable Object holds it and unit tests exercise it directly.
 *
 * Layout. Every available diamond is one row; rows are stored in "leaf" order. A leaf is one combination
 * of five facet dimensions — origin, shape, colour, clarity and cut (2×10×8×8×5 = 6,400 leaves) — and
 * inside a leaf rows run by price. So:
 *  - a facet filter selects whole leaves (one check per leaf, not per row);
 *  - the price range is at most two binary searches per leaf (none for a leaf wholly inside or outside);
 *  - every other filter is a word operation on bitmaps, 32 rows at a time: one bitset per value of the
 *    categorical filters (certificate lab, polish, symmetry, fluorescence, and image, video, Loupe Ideal
 *    and eye-clean flags), and "at least" bitmaps over value bands for the numeric ones (carat, depth,
 *    table, ratio, shipping days); only rows in a band a bound cuts through, and the retailer filter,
 *    are checked one by one;
 *  - the exact total, the facet counts and the price histogram come from the same pass: a leaf that fails
 *    exactly one facet filter counts towards that facet's value, one that fails none towards every facet
 *    (the usual "other filters applied" rule); lab counts are popcounts of the lab bitsets;
 *  - the pass leaves a bitmap of the matching rows, and the page is read from it: price order merges the
 *    price-sorted leaves; grade orders (colour, clarity, cut) count matches per grade from the leaves and
 *    read only the grades the page falls in; the other orders walk a permutation (one per origin half)
 *    testing one bit per row, or select from the matches when that is cheaper.
 * Order is always (key in the asked direction, then sortingOrder ascending, then id ascending).
 */
import type { SummaryColumns } from "../diamonds/summary";
import type { SortField } from "#shared/schemas.ts";
import { arrange, type SparseColumn } from "./arrange";
import { ColumnBuilder, type DisplayExceptions, type IndexRow, type LoadedColumns } from "./columns";
import { DIMS, FLAG_EYE_CLEAN, FLAG_IDEAL, FLAG_IMAGE, FLAG_VIDEO, HIST_BUCKETS, LABS, LEAF_COUNT, leafOf } from "./layout";
import { PermScratch, byFloatKey, byIntegerKey, tieOrder, type KeyFn } from "./perms";

export type { DisplayExceptions, IndexRow, RowDisplay } from "./columns";
export { LEAF_COUNT } from "./layout";

/** One indexed diamond as a result list shows it, in `diamonds` column names (is_sold is always 0). */
export type DisplayRow = SummaryColumns;

/** A validated search, in index terms (see toEngineQuery in query-plan.ts). */
export interface EngineQuery {
  isLabGrown: boolean | null;
  shapes: readonly number[];
  colors: readonly number[];
  clarities: readonly number[];
  /** Search cut grades 0-3; Ideal (0) also matches the house grade (4). */
  cuts: readonly number[];
  certificateLabs: readonly number[];
  polishes: readonly number[];
  symmetries: readonly number[];
  fluorescences: readonly number[];
  naturalRetailers: readonly number[];
  labRetailers: readonly number[];
  priceMinCents: number;
  priceMaxCents: number;
  caratMin?: number;
  caratMax?: number;
  depthMin?: number;
  depthMax?: number;
  tableMin?: number;
  tableMax?: number;
  ratioMin?: number;
  ratioMax?: number;
  /** Ships within this many days; null for any. */
  maxShippingDays: number | null;
  eyeClean: boolean;
  hasImage: boolean;
  hasVideo: boolean;
  loupeIdeal: boolean;
  /** Restrict to these diamond ids (certificate-number search); null for no restriction. */
  onlyIds: readonly number[] | null;
  sortBy: SortField;
  sortOrder: "asc" | "desc";
  offset: number;
  limit: number;
  facets: boolean;
}

export interface FacetCounts {
  origin: Record<string, number>; // "natural" | "lab"
  shape: Record<string, number>;
  color: Record<string, number>;
  clarity: Record<string, number>;
  cut: Record<string, number>; // search grades 0-3 (0 includes the house grade)
  certificateLab: Record<string, number>;
}

export interface EngineResult {
  ids: number[];
  /** The page's rows in the index (for display()). */
  rows: number[];
  total: number;
  facets?: FacetCounts;
  /** Counts per PRICE_HISTOGRAM_EDGES_USD bucket, with every filter but price applied. */
  priceHistogram?: number[];
}

const scaleMin = (v: number | undefined): number => (v === undefined ? 0 : Math.max(0, Math.ceil(v * 100 - 1e-7)));
const scaleMax = (v: number | undefined): number => (v === undefined ? 0xffff : Math.min(0xffff, Math.floor(v * 100 + 1e-7)));

/** Bit mask of a code list (codes < 31); 0 means "any". */
function maskOf(codes: readonly number[]): number {
  let m = 0;
  for (const c of codes) m |= 1 << c;
  return m;
}

/** Collects rows into typed columns (columns.ts), then builds the index. */
export class IndexBuilder extends ColumnBuilder {
  build(version: string, tuning: EngineTuning = DEFAULT_TUNING): SearchIndex {
    return new SearchIndex(this.finish(), version, tuning, this.exceptions);
  }
}

/** Builds an index from row objects (tests and small catalogues). */
export function buildIndex(rows: Iterable<IndexRow>, version = "test", tuning: EngineTuning = DEFAULT_TUNING): SearchIndex {
  const b = new IndexBuilder();
  for (const r of rows) b.push(r);
  return b.build(version, tuning);
}

/** The diamond whose likes `SearchIndex.similar` finds (grades as codes: colour and clarity 1-8, cut 0-4). */
export interface SimilarTo {
  id: number;
  isLabGrown: boolean;
  shape: number;
  carat: number;
  color: number;
  clarity: number;
  cut: number;
}

/** Knobs of the page selection, exposed so tests can force every path on a small catalogue. */
export interface EngineTuning {
  /** Results up to this many are sorted outright. */
  smallTotal: number;
  /** Rows a permutation walk may visit (at least) before it gives way to selecting from the matches. */
  walkBudget: number;
  /** …and per match: a walk step (a bit test at a random row) costs about what a selection step does. */
  walkPerMatch: number;
  /** Most bands of the range bitmaps of carat, depth, table and ratio (shipping days: most distinct values). */
  bands: number;
}

export const DEFAULT_TUNING: EngineTuning = { smallTotal: 2048, walkBudget: 20_000, walkPerMatch: 1, bands: 24 };

/** Sort fields read from a permutation; price pages merge the price-sorted leaves, grade sorts use group counts. */
const PERM_FIELDS = ["sortingOrder", "carat", "pricePerCarat"] as const;
type PermField = (typeof PERM_FIELDS)[number];

/** The grade sorts: the facet dimension they follow (index into a leaf's values). */
const GROUP_DIM: Partial<Record<SortField, number>> = { color: 2, clarity: 3, cut: 4 };

/** Sort key of a grade value (zero-based) in a dimension: the house cut grade (4) ranks above Ideal. */
function groupKey(dim: number, v: number): number {
  return dim === 4 && v === 4 ? -1 : v;
}

/**
 * "At least t" bitmaps over one Uint16 column, for range filters as word operations. Values are cut into
 * bands [t_b, t_b+1) of about equal row counts (rounded to `round`, so everyday bounds like 0.5 ct or a
 * 60 % depth fall on a band edge), or one band per value when the column has few values. A bound inside a
 * band whose values straddle it leaves that band "ambiguous": its rows are checked one by one.
 */
class RangeBitmaps {
  /** Band of each column value. */
  private readonly bandOf: Uint8Array;
  /** geAt(b): rows whose value lies in band b or above; geAt(0) is every row, geAt(bands) none. */
  private readonly ge: Uint32Array[];
  private readonly bandMin: number[];
  private readonly bandMax: number[];
  readonly bands: number;
  readonly lowest: number;
  readonly highest: number;

  constructor(col: Uint16Array, words: number, maxBands: number, round: number, all: Uint32Array, none: Uint32Array) {
    const n = col.length;
    const hist = new Uint32Array(0x10000);
    for (let i = 0; i < n; i++) hist[col[i]!]!++;
    let distinct = 0;
    for (let v = 0; v < 0x10000; v++) if (hist[v]) distinct++;
    // Band starts (the first is 0).
    const starts = [0];
    if (distinct <= maxBands) {
      let first = true;
      for (let v = 0; v < 0x10000; v++) {
        if (!hist[v]) continue;
        if (!first) starts.push(v);
        first = false;
      }
    } else {
      const target = n / maxBands;
      let acc = 0;
      for (let v = 0; v < 0x10000; v++) {
        acc += hist[v]!;
        if (acc >= target * starts.length && v + 1 < 0x10000) {
          const t = Math.max(1, Math.round((v + 1) / round) * round);
          if (t > starts[starts.length - 1]! && t < 0x10000 && starts.length < maxBands) starts.push(t);
        }
      }
    }
    const bands = starts.length;
    this.bands = bands;
    this.bandOf = new Uint8Array(0x10000);
    for (let b = 0; b < bands; b++) this.bandOf.fill(b, starts[b]!, b + 1 < bands ? starts[b + 1]! : 0x10000);
    this.bandMin = new Array<number>(bands).fill(0x10000);
    this.bandMax = new Array<number>(bands).fill(-1);
    this.lowest = 0x10000;
    this.highest = -1;
    for (let v = 0; v < 0x10000; v++) {
      if (!hist[v]) continue;
      const b = this.bandOf[v]!;
      this.bandMin[b] = Math.min(this.bandMin[b]!, v);
      this.bandMax[b] = Math.max(this.bandMax[b]!, v);
      this.lowest = Math.min(this.lowest, v);
      this.highest = v;
    }
    // Band membership first, then suffix ORs: ge[b] = band b ∪ ge[b + 1].
    const own = Array.from({ length: bands - 1 }, () => new Uint32Array(words));
    for (let i = 0; i < n; i++) {
      const b = this.bandOf[col[i]!]!;
      if (b > 0) own[b - 1]![i >>> 5]! |= 1 << (i & 31);
    }
    for (let b = bands - 3; b >= 0; b--) {
      const mine = own[b]!;
      const above = own[b + 1]!;
      for (let w = 0; w < words; w++) mine[w]! |= above[w]!;
    }
    this.ge = [all, ...own, none];
  }

  /**
   * How to apply lo ≤ value ≤ hi: bitmaps rows must be in (`and`), must not be in (`andNot`), and the
   * ambiguous bands as (geAt(b), geAt(b + 1)) pairs.
   */
  plan(lo: number, hi: number, out: { and: Uint32Array[]; andNot: Uint32Array[]; ambiguous: Uint32Array[] }): void {
    if (lo > this.lowest) {
      const b = this.bandOf[Math.min(lo, 0xffff)]!;
      if (this.bandMax[b]! < 0 || this.bandMin[b]! >= lo) out.and.push(this.ge[b]!);
      else if (this.bandMax[b]! < lo) out.and.push(this.ge[b + 1]!);
      else {
        out.and.push(this.ge[b]!);
        out.ambiguous.push(this.ge[b]!, this.ge[b + 1]!);
      }
    }
    if (hi < this.highest) {
      if (hi < 0) {
        out.and.push(this.ge[this.bands]!);
        return;
      }
      const b = this.bandOf[hi]!;
      if (this.bandMax[b]! < 0 || this.bandMax[b]! <= hi) out.andNot.push(this.ge[b + 1]!);
      else if (this.bandMin[b]! > hi) out.andNot.push(this.ge[b]!);
      else {
        out.andNot.push(this.ge[b + 1]!);
        out.ambiguous.push(this.ge[b]!, this.ge[b + 1]!);
      }
    }
  }

  get byteLength(): number {
    let b = this.bandOf.byteLength;
    for (let i = 1; i < this.ge.length - 1; i++) b += this.ge[i]!.byteLength;
    return b;
  }
}

/** Per-search scratch arrays, kept by the index (searches run one at a time) so a search allocates little. */
class Scratch {
  /** Rows passing the per-row filters (valid inside the ranges the search computed). */
  readonly passes: Uint32Array;
  /** The same without the certificate-lab filter (for the lab facet counts). */
  readonly passesAnyLab: Uint32Array;
  /** Rows matching every filter. */
  readonly matches: Uint32Array;
  readonly count = new Uint32Array(LEAF_COUNT);
  readonly lo = new Uint32Array(LEAF_COUNT);
  readonly hi = new Uint32Array(LEAF_COUNT);
  readonly fails = new Uint8Array(LEAF_COUNT);
  constructor(words: number) {
    this.passes = new Uint32Array(words);
    this.passesAnyLab = new Uint32Array(words);
    this.matches = new Uint32Array(words);
  }
}

export class SearchIndex {
  readonly size: number;
  readonly version: string;
  readonly tuning: EngineTuning;
  // Row columns, in leaf order.
  readonly id: Uint32Array;
  readonly price: Uint32Array;
  readonly sorting: Uint32Array;
  readonly carat: Uint16Array;
  readonly depth: Uint16Array;
  readonly table: Uint16Array;
  readonly ratio: Uint16Array;
  readonly ship: Uint16Array;
  readonly retailer: Uint16Array;
  readonly leaf: Uint16Array;
  /** Price-histogram bucket of each row. */
  readonly bucket: Uint8Array;
  /** Display columns (see LoadedColumns in columns.ts) and what they cannot hold. */
  private readonly certHigh: Uint8Array;
  private readonly certLow: Uint32Array;
  private readonly imageCode: Uint16Array;
  /** Display columns most rows leave empty (about one stone in eight is discounted, one in fifty paired). */
  private readonly priceBefore: SparseColumn;
  private readonly discount: SparseColumn;
  private readonly paired: SparseColumn;
  private readonly exceptions: DisplayExceptions;
  readonly minPrice: number;
  readonly maxPrice: number;
  /** Rows [0, labStart) are natural diamonds, the rest lab-grown (origin leads the leaf order). */
  readonly labStart: number;
  readonly words: number;
  /**
   * One bit per row for each value of the categorical per-row filters: flags (image, video, Loupe Ideal,
   * eye-clean), polish, symmetry and fluorescence codes 0-7.
   */
  readonly flagBits: Uint32Array[];
  /** RC ideal (display only). */
  private readonly rcIdealBits: Uint32Array;
  readonly polishBits: Uint32Array[];
  readonly symmetryBits: Uint32Array[];
  readonly fluorescenceBits: Uint32Array[];
  /** Certificate lab 0-5. */
  readonly labBits: Uint32Array[];
  /** Range bitmaps of the numeric per-row filters. */
  readonly ranges: { carat: RangeBitmaps; depth: RangeBitmaps; table: RangeBitmaps; ratio: RangeBitmaps; ship: RangeBitmaps };
  // Leaves: rows [leafStart[k], leafStart[k + 1]).
  readonly leafStart: Uint32Array;
  readonly leafHist: Uint32Array;
  /** Leaves that hold at least one row, ascending. */
  readonly liveLeaves: Uint16Array;
  /**
   * Per sort field read from a permutation: rows in (key, sortingOrder, id) ascending order, natural rows
   * in [0, labStart) and lab rows after (each origin sorted on its own, so an origin filter walks only
   * its half and both halves merge otherwise).
   */
  private readonly perms = new Map<PermField, Uint32Array>();
  readonly scratch: Scratch;

  constructor(cols: LoadedColumns, version: string, tuning: EngineTuning = DEFAULT_TUNING, exceptions: DisplayExceptions = { images: [], byId: new Map() }) {
    const a = arrange(cols);
    this.size = a.size;
    this.version = version;
    this.tuning = tuning;
    ({ id: this.id, price: this.price, sorting: this.sorting, carat: this.carat, depth: this.depth, table: this.table, ratio: this.ratio } = a);
    ({ ship: this.ship, retailer: this.retailer, leaf: this.leaf, bucket: this.bucket, certHigh: this.certHigh, certLow: this.certLow } = a);
    ({ imageCode: this.imageCode, priceBefore: this.priceBefore, discount: this.discount, paired: this.paired } = a);
    ({ leafStart: this.leafStart, leafHist: this.leafHist, liveLeaves: this.liveLeaves, labStart: this.labStart, words: this.words } = a);
    ({ minPrice: this.minPrice, maxPrice: this.maxPrice, polishBits: this.polishBits, symmetryBits: this.symmetryBits } = a);
    ({ fluorescenceBits: this.fluorescenceBits, labBits: this.labBits } = a);
    this.flagBits = a.flagBits.slice(0, 4);
    this.rcIdealBits = a.flagBits[4]!;
    this.exceptions = exceptions;
    const words = a.words;
    const all = new Uint32Array(words).fill(0xffffffff);
    const none = new Uint32Array(words);
    const bands = Math.max(2, Math.min(250, tuning.bands));
    this.ranges = {
      carat: new RangeBitmaps(this.carat, words, bands, 10, all, none),
      depth: new RangeBitmaps(this.depth, words, bands, 10, all, none),
      table: new RangeBitmaps(this.table, words, bands, 10, all, none),
      ratio: new RangeBitmaps(this.ratio, words, Math.max(2, bands >> 1), 5, all, none),
      ship: new RangeBitmaps(this.ship, words, 32, 1, all, none),
    };
    this.scratch = new Scratch(words);
  }

  /** Bytes held by the index's arrays (sort permutations included once built). */
  get bytes(): number {
    let b = 0;
    for (const a of [this.id, this.bucket, this.price, this.sorting, this.carat, this.depth, this.table, this.ratio, this.ship, this.retailer, this.leaf, this.leafStart, this.leafHist, this.liveLeaves, this.certHigh, this.certLow, this.imageCode, this.rcIdealBits]) b += a.byteLength;
    b += this.priceBefore.byteLength + this.discount.byteLength + this.paired.byteLength;
    for (const p of this.perms.values()) b += p.byteLength;
    for (const set of [this.flagBits, this.polishBits, this.symmetryBits, this.fluorescenceBits, this.labBits]) for (const a of set) b += a.byteLength;
    for (const r of Object.values(this.ranges)) b += r.byteLength;
    b += 3 * this.words * 4 + 2 * this.words * 4; // scratch bitmaps and the all/none bitmaps
    return b;
  }

  /** The sort key of a row for a sort field. */
  keyFn(field: SortField): KeyFn {
    const { price, carat, sorting, leaf } = this;
    switch (field) {
      case "price":
        return (r) => price[r]!;
      case "carat":
        return (r) => carat[r]!;
      case "pricePerCarat":
        return (r) => price[r]! / carat[r]!;
      case "color":
      case "clarity":
      case "cut": {
        const dim = GROUP_DIM[field]!;
        const values = DIM_VALUES[dim]!;
        return (r) => groupKey(dim, values[leaf[r]!]!);
      }
      default:
        return (r) => sorting[r]!;
    }
  }

  /**
   * Rows of each origin in (key asc, sortingOrder asc, id asc) order (perms.ts); built on first use and
   * kept. `scratch` (for the larger origin) may be shared by several builds.
   */
  permutation(field: PermField, shared?: PermScratch): Uint32Array {
    let perm = this.perms.get(field);
    if (perm) return perm;
    const scratch = shared ?? new PermScratch(Math.max(this.labStart, this.size - this.labStart));
    const { sorting, id } = this;
    const ties = field === "sortingOrder" ? null : this.permutation("sortingOrder", scratch);
    const key = this.keyFn(field);
    perm = new Uint32Array(this.size);
    for (const [from, to] of [[0, this.labStart], [this.labStart, this.size]] as const) {
      const seg = perm.subarray(from, to);
      if (!ties) tieOrder(seg, from, sorting, id, scratch);
      else if (field === "pricePerCarat") byFloatKey(seg, from, ties.subarray(from, to), key, sorting, id, scratch);
      else byIntegerKey(seg, from, ties.subarray(from, to), key, sorting, id, scratch);
    }
    this.perms.set(field, perm);
    return perm;
  }

  /** Builds every sort permutation now (so no search pays for one), with one scratch for all. */
  prepareSorts(): void {
    const scratch = new PermScratch(Math.max(this.labStart, this.size - this.labStart));
    for (const f of PERM_FIELDS) this.permutation(f, scratch);
  }

  search(q: EngineQuery): EngineResult {
    return new Query(this, q).run();
  }

  /** Result rows (EngineResult.rows) as a result list shows them. */
  display(rows: readonly number[]): DisplayRow[] {
    return rows.map((r) => this.displayRow(r));
  }

  /**
   * Up to `limit` available diamonds like `d` (POST /api/diamonds/get-similar): same origin and shape, carat
   * within ±15 %, colour and clarity within one grade, `d` itself left out; closest first by
   * |Δcarat| / (0.15 · carat) + 0.3 · |Δcolour| + 0.3 · |Δclarity| + 0.1 · |Δcut|, then id. Reads only the
   * (at most 45) leaves those grades allow. Returns rows for `display`.
   */
  similar(d: SimilarTo, limit: number): number[] {
    const lo = d.carat * 0.85;
    const hi = d.carat * 1.15;
    const spread = d.carat * 0.15;
    const best: { row: number; score: number; id: number }[] = [];
    const byId = this.exceptions.byId;
    const exactCarats = byId.size > 0;
    for (let color = Math.max(1, d.color - 1); color <= Math.min(DIMS.color, d.color + 1); color++) {
      for (let clarity = Math.max(1, d.clarity - 1); clarity <= Math.min(DIMS.clarity, d.clarity + 1); clarity++) {
        for (let cut = 0; cut < DIMS.cut; cut++) {
          const k = leafOf(d.isLabGrown ? 1 : 0, d.shape, color, clarity, cut);
          const dColor = 0.3 * Math.abs(color - d.color);
          const dClarity = 0.3 * Math.abs(clarity - d.clarity);
          const dCut = 0.1 * Math.abs(cut - d.cut);
          for (let r = this.leafStart[k]!, end = this.leafStart[k + 1]!; r < end; r++) {
            const id = this.id[r]!;
            if (id === d.id) continue;
            let carat = this.carat[r]! / 100;
            if (exactCarats) carat = byId.get(id)?.carat ?? carat;
            if (carat < lo || carat > hi) continue;
            // Summed in this order, as the SQL of the same rule would (equal scores then tie on id).
            const score = Math.abs(carat - d.carat) / spread + dColor + dClarity + dCut;
            if (best.length === limit) {
              const worst = best[limit - 1]!;
              if (score > worst.score || (score === worst.score && id > worst.id)) continue;
              best.pop();
            }
            let at = best.length;
            while (at > 0 && (best[at - 1]!.score > score || (best[at - 1]!.score === score && best[at - 1]!.id > id))) at--;
            best.splice(at, 0, { row: r, score, id });
          }
        }
      }
    }
    return best.map((b) => b.row);
  }

  private displayRow(r: number): DisplayRow {
    const k = this.leaf[r]!;
    const w = r >>> 5;
    const bit = 1 << (r & 31);
    const codeOf = (sets: Uint32Array[]) => {
      for (let v = 0; v < sets.length; v++) if (sets[v]![w]! & bit) return v;
      return 0;
    };
    const id = this.id[r]!;
    const cert = this.certHigh[r]! * 2 ** 32 + this.certLow[r]!;
    const row: DisplayRow = {
      id,
      retailer_id: this.retailer[r]!,
      certificate_lab: codeOf(this.labBits),
      certificate_id: cert ? String(cert) : "",
      is_lab_grown: k < LEAF_COUNT / 2 ? 0 : 1,
      shape: DIM_VALUES[1]![k]! + 1,
      carat: this.carat[r]! / 100,
      cut: DIM_VALUES[4]![k]!,
      color: DIM_VALUES[2]![k]! + 1,
      clarity: DIM_VALUES[3]![k]! + 1,
      fluorescence: codeOf(this.fluorescenceBits),
      polish: codeOf(this.polishBits),
      symmetry: codeOf(this.symmetryBits),
      price_cents: this.price[r]!,
      price_before_discount_cents: this.priceBefore.get(r),
      discount_percentage: this.discount.get(r),
      is_sold: 0,
      is_rc_ideal: this.rcIdealBits[w]! & bit ? 1 : 0,
      has_video: this.flagBits[1]![w]! & bit ? 1 : 0,
      image_url: this.exceptions.images[this.imageCode[r]!] ?? "",
      shipping_days: this.ship[r]!,
      lw_ratio: this.ratio[r]! / 100,
      paired_diamond_id: this.paired.get(r),
    };
    const ex = this.exceptions.byId.get(id);
    return ex ? { ...row, ...ex } : row;
  }
}

/** One search over an index: filter compilation, the counting pass, then the page. */
class Query {
  private readonly s: Scratch;
  /** Categorical filters: per filter, the bitsets of its allowed values (a row must be in one of them). */
  private readonly categorical: Uint32Array[][] = [];
  private readonly ranges = { and: [] as Uint32Array[], andNot: [] as Uint32Array[], ambiguous: [] as Uint32Array[] };
  private readonly rowFilters: boolean;
  private readonly exact: { col: Uint16Array; lo: number; hi: number }[] = [];
  private readonly naturalRetailers: Uint8Array | null;
  private readonly labRetailers: Uint8Array | null;
  /** Bitsets of the allowed certificate labs, or null for any; and the same as a code mask. */
  private readonly labs: Uint32Array[] | null;
  private readonly labMask: number;
  /** Whether lab facet counts need the rows that pass every filter but the lab one. */
  private readonly splitLab: boolean;
  /** Leaves that fail no facet filter and hold matches, ascending. */
  private readonly okLeaves: number[] = [];
  private naturalMatches = 0;
  private labMatches = 0;
  private readonly before: (a: number, b: number) => number;
  /** The sort key, negated for a descending order: `before` compares it first. */
  private readonly rank: KeyFn;
  /** (sortingOrder, id) ascending, and its first criterion: the order inside a group of equal keys. */
  private readonly tieBefore: (a: number, b: number) => number;
  private readonly tieRank: KeyFn;

  constructor(
    private readonly ix: SearchIndex,
    private readonly q: EngineQuery,
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
    this.rowFilters =
      this.categorical.length > 0 || this.exact.length > 0 || this.naturalRetailers !== null || this.labRetailers !== null || this.labs !== null;
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
  private passWord(w: number): number {
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
  private fillPasses(a: number, b: number, done: number): number {
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
  private labOf(r: number): number {
    const w = r >>> 5;
    const bit = 1 << (r & 31);
    for (let v = 0; v < LABS; v++) if (this.ix.labBits[v]![w]! & bit) return v;
    return 0;
  }

  /** Which facet filters each live leaf fails, as a bit set (bit d: dimension d of FACET_DIMS). */
  private computeFails(): Uint8Array {
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

    const certRows = this.q.onlyIds ? rowsOfIds(ix, this.q.onlyIds) : null;
    if (certRows) {
      // Certificate search: a handful of rows, checked one by one.
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

  private isMatch(r: number): boolean {
    return ((this.s.matches[r >>> 5]! >>> (r & 31)) & 1) === 1;
  }

  /** The rows [offset, offset + limit) of the result in the asked order. */
  private page(total: number): number[] {
    const { ix, q } = this;
    if (q.offset >= total || q.limit === 0) return [];
    const want = Math.min(total, q.offset + q.limit);
    let rows: number[];
    if (total <= ix.tuning.smallTotal) rows = this.select(this.okLeaves, want, this.before, this.rank);
    else if (q.sortBy === "price") rows = this.mergeByPrice(want);
    else if (GROUP_DIM[q.sortBy] !== undefined) return this.byGroup(GROUP_DIM[q.sortBy]!, want).slice(0, q.limit);
    else {
      const field = q.sortBy as PermField;
      rows = this.walk(field, want, total, (r) => this.isMatch(r)) ?? this.select(this.okLeaves, want, this.before, this.rank);
    }
    return rows.slice(q.offset, q.offset + q.limit);
  }

  /** The origin halves of a permutation that hold matches, narrowed to the sort-key range the filters allow. */
  private segments(field: PermField, key: KeyFn, matchesNatural: number, matchesLab: number): [number, number][] {
    const ix = this.ix;
    const q = this.q;
    const [kLo, kHi] = field === "carat" && (q.caratMin !== undefined || q.caratMax !== undefined) ? [scaleMin(q.caratMin), scaleMax(q.caratMax)] : [-Infinity, Infinity];
    const perm = ix.permutation(field);
    const out: [number, number][] = [];
    for (const [from, to, m] of [[0, ix.labStart, matchesNatural], [ix.labStart, ix.size, matchesLab]] as const) {
      if (m === 0) continue;
      out.push([kLo === -Infinity ? from : searchKey(perm, key, kLo, false, from, to), kHi === Infinity ? to : searchKey(perm, key, kHi, true, from, to)]);
    }
    return out;
  }

  /**
   * The first `want` rows satisfying `ok` in the field's order, by walking its permutation (both origin
   * halves merged), or null when the walk would visit more rows than the budget.
   */
  private walk(field: PermField, want: number, matchCount: number, ok: (r: number) => boolean, natural = this.naturalMatches, lab = this.labMatches): number[] | null {
    const { ix, q } = this;
    const key = ix.keyFn(field);
    const segs = this.segments(field, key, natural, lab);
    let span = 0;
    for (const [a, b] of segs) span += b - a;
    // Walking visits about want × span / matches rows if matches spread evenly; selecting from the
    // matches costs about one step each. Correlated filters can defeat the estimate, hence the budget.
    const estimate = (want * span) / Math.max(1, matchCount);
    if (estimate > matchCount) return null;
    let budget = Math.max(ix.tuning.walkBudget, 4 * estimate, ix.tuning.walkPerMatch * matchCount);
    const perm = ix.permutation(field);
    const desc = field === q.sortBy && q.sortOrder === "desc";
    // One cursor per origin half: the next row in order that passes `ok`, or -1.
    const cursors = segs.map(([from, to]) => {
      let i = from; // ascending position
      let runStart = to;
      let runEnd = to;
      let pos = to;
      return (): number => {
        if (!desc) {
          while (i < to) {
            const r = perm[i++]!;
            if (--budget < 0) return -2;
            if (ok(r)) return r;
          }
          return -1;
        }
        // Descending by key, ties still in (sortingOrder, id) order: runs of equal keys from the end,
        // each run forwards.
        for (;;) {
          while (pos < runEnd) {
            const r = perm[pos++]!;
            if (--budget < 0) return -2;
            if (ok(r)) return r;
          }
          if (runStart <= from) return -1;
          runEnd = runStart;
          let st = runEnd - 1;
          const k = key(perm[st]!);
          while (st > from && key(perm[st - 1]!) === k) st--;
          budget -= runEnd - st;
          runStart = st;
          pos = st;
        }
      };
    });
    const before = field === q.sortBy ? this.before : this.tieBefore;
    const heads = cursors.map((c) => c());
    const out: number[] = [];
    while (out.length < want) {
      if (heads.includes(-2)) return null;
      let best = -1;
      for (let c = 0; c < heads.length; c++) {
        const h = heads[c]!;
        if (h >= 0 && (best < 0 || before(h, heads[best]!) < 0)) best = c;
      }
      if (best < 0) break;
      out.push(heads[best]!);
      heads[best] = cursors[best]!();
    }
    return out;
  }


  /**
   * The best `want` matching rows of the given leaves by `before`, whose first criterion is `rank` (the sort
   * key, signed so that smaller comes first). Two tight passes instead of a heap: the ranks of every match
   * (as float32: rounding keeps their order, only merging near ties), the want-th smallest by quickselect,
   * then the rows at or below it, ordered exactly. About 3 ns a match.
   */
  private select(leaves: readonly number[], want: number, before: (a: number, b: number) => number, rank: KeyFn): number[] {
    const { matches, lo, hi, count } = this.s;
    let m = 0;
    for (const k of leaves) m += count[k]!;
    const ranks = new Float32Array(m);
    let i = 0;
    for (const k of leaves) {
      const a = lo[k]!;
      const b = hi[k]!;
      for (let w = a >>> 5, last = (b - 1) >>> 5; w <= last; w++) {
        for (let bits = wordIn(matches, w, a, b); bits !== 0; bits &= bits - 1) ranks[i++] = rank(lowestRow(w, bits));
      }
    }
    const limit = want >= i ? Infinity : nthSmallest(ranks.subarray(0, i), want - 1);
    const out: number[] = [];
    for (const k of leaves) {
      const a = lo[k]!;
      const b = hi[k]!;
      for (let w = a >>> 5, last = (b - 1) >>> 5; w <= last; w++) {
        for (let bits = wordIn(matches, w, a, b); bits !== 0; bits &= bits - 1) {
          const r = lowestRow(w, bits);
          if (Math.fround(rank(r)) <= limit) out.push(r);
        }
      }
    }
    return out.sort(before).slice(0, want);
  }

  /**
   * Price order: every leaf is already sorted by price, so merge the leaves' matches (a heap of leaf
   * heads) until `want` rows and the rest of the last price's ties are out, then order those exactly.
   */
  private mergeByPrice(want: number): number[] {
    const { ix, q, s } = this;
    const desc = q.sortOrder === "desc";
    const price = ix.price;
    const { matches, lo, hi } = s;
    const n = this.okLeaves.length;
    const heapPos = new Int32Array(n); // current row of each heap entry
    const heapLeaf = new Uint16Array(n);
    let size = 0;
    for (const k of this.okLeaves) {
      const r = desc ? prevSet(matches, hi[k]! - 1, lo[k]!) : nextSet(matches, lo[k]!, hi[k]!);
      if (r < 0) continue;
      heapPos[size] = r;
      heapLeaf[size++] = k;
    }
    // a before b in the heap: lower price first (higher when descending).
    const first = (i: number, j: number) => (desc ? price[heapPos[i]!]! > price[heapPos[j]!]! : price[heapPos[i]!]! < price[heapPos[j]!]!);
    const swap = (i: number, j: number) => {
      const p = heapPos[i]!;
      heapPos[i] = heapPos[j]!;
      heapPos[j] = p;
      const l = heapLeaf[i]!;
      heapLeaf[i] = heapLeaf[j]!;
      heapLeaf[j] = l;
    };
    const siftDown = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) return;
        const c = l + 1 < size && first(l + 1, l) ? l + 1 : l;
        if (!first(c, i)) return;
        swap(c, i);
        i = c;
      }
    };
    for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(i);
    const out: number[] = [];
    let last = -1;
    while (size > 0) {
      const r = heapPos[0]!;
      if (out.length >= want && price[r] !== last) break;
      out.push(r);
      last = price[r]!;
      const k = heapLeaf[0]!;
      const next = desc ? prevSet(matches, r - 1, lo[k]!) : nextSet(matches, r + 1, hi[k]!);
      if (next < 0) {
        size--;
        if (size > 0) {
          heapPos[0] = heapPos[size]!;
          heapLeaf[0] = heapLeaf[size]!;
        }
      } else heapPos[0] = next;
      siftDown(0);
    }
    return out.sort(this.before).slice(0, want);
  }

  /**
   * Grade order (colour, clarity, cut): the leaves' counts say how many matches each grade holds, so only
   * the grades the page falls in are read, each in (sortingOrder, id) order. Returns rows [offset, want).
   */
  private byGroup(dim: number, want: number): number[] {
    const q = this.q;
    const values = DIM_VALUES[dim]!;
    const size = DIM_SIZES[dim]!;
    const groupCount = new Array<number>(size).fill(0);
    const groupNatural = new Array<number>(size).fill(0);
    for (const k of this.okLeaves) {
      const c = this.s.count[k]!;
      groupCount[values[k]!]! += c;
      if (k < LEAF_COUNT / 2) groupNatural[values[k]!]! += c;
    }
    const sign = q.sortOrder === "desc" ? -1 : 1;
    const order = Array.from({ length: size }, (_, v) => v).sort((a, b) => sign * (groupKey(dim, a) - groupKey(dim, b)));
    const leaf = this.ix.leaf;
    const out: number[] = [];
    let start = 0; // position of the group's first match in the whole order
    for (const v of order) {
      const c = groupCount[v]!;
      if (start >= want) break;
      if (c !== 0 && start + c > q.offset) {
        const need = Math.min(c, want - start);
        const rows =
          this.walk("sortingOrder", need, c, (r) => this.isMatch(r) && values[leaf[r]!] === v, groupNatural[v]!, c - groupNatural[v]!) ??
          this.select(
            this.okLeaves.filter((k) => values[k] === v),
            need,
            this.tieBefore,
            this.tieRank,
          );
        out.push(...rows.slice(Math.max(0, q.offset - start)));
      }
      start += c;
    }
    return out;
  }
}

/** The facet dimensions in leaf-key order, with how a leaf value maps to a reported bucket. */
const FACET_DIMS: { name: keyof FacetCounts; size: number; values: string[]; bucket: (v: number) => number }[] = [
  { name: "origin", size: 2, values: ["natural", "lab"], bucket: (v) => v },
  { name: "shape", size: 10, values: range(1, 10), bucket: (v) => v },
  { name: "color", size: 8, values: range(1, 8), bucket: (v) => v },
  { name: "clarity", size: 8, values: range(1, 8), bucket: (v) => v },
  { name: "cut", size: 4, values: range(0, 3), bucket: (v) => (v === 4 ? 0 : v) },
  { name: "certificateLab", size: 6, values: range(0, 5), bucket: (v) => v },
];

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/** Where each facet dimension's counts start in the flat facet array, and its size. */
const FACET_OFFSET = FACET_DIMS.reduce<number[]>((acc, d, i) => (acc.push(i === 0 ? 0 : acc[i - 1]! + FACET_DIMS[i - 1]!.size), acc), []);
const FACET_SLOTS = FACET_OFFSET[5]! + FACET_DIMS[5]!.size;

const DIM_SIZES = [DIMS.origin, DIMS.shape, DIMS.color, DIMS.clarity, DIMS.cut];
/** The facet dimensions that make up a leaf (the first five of FACET_DIMS; certificate lab is per row). */
const LEAF_DIMS = 5;

/** Per facet dimension, each leaf's zero-based value (origin, shape-1, colour-1, clarity-1, cut, lab). */
const DIM_VALUES: Uint8Array[] = (() => {
  const out = Array.from({ length: LEAF_DIMS }, () => new Uint8Array(LEAF_COUNT));
  for (let k = 0; k < LEAF_COUNT; k++) {
    let rest = k;
    out[4]![k] = rest % DIMS.cut;
    rest = Math.floor(rest / DIMS.cut);
    out[3]![k] = rest % DIMS.clarity;
    rest = Math.floor(rest / DIMS.clarity);
    out[2]![k] = rest % DIMS.color;
    rest = Math.floor(rest / DIMS.color);
    out[1]![k] = rest % DIMS.shape;
    out[0]![k] = Math.floor(rest / DIMS.shape);
  }
  return out;
})();

/** Per facet dimension, each leaf's slot in the flat facet array. */
const FACET_SLOT: Uint8Array[] = DIM_VALUES.map((values, d) => values.map((v) => FACET_OFFSET[d]! + FACET_DIMS[d]!.bucket(v)));

function allowList(ids: readonly number[]): Uint8Array | null {
  if (!ids.length) return null;
  const allow = new Uint8Array(0x10000);
  for (const id of ids) if (id >= 0 && id < 0x10000) allow[id] = 1;
  return allow;
}

function rowsOfIds(ix: SearchIndex, ids: readonly number[]): Uint32Array {
  const wanted = new Set(ids);
  const rows: number[] = [];
  if (wanted.size) for (let r = 0; r < ix.size; r++) if (wanted.has(ix.id[r]!)) rows.push(r);
  return Uint32Array.from(rows);
}

/** Adds, per certificate lab, how many of src's set rows of [a, b) have it (src null: every row). */
function countLabs(src: Uint32Array | null, labBits: Uint32Array[], a: number, b: number, out: Float64Array): void {
  if (a >= b) return;
  for (let w = a >>> 5, last = (b - 1) >>> 5; w <= last; w++) {
    const bits = wordIn(src, w, a, b);
    if (bits === 0) continue;
    for (let v = 0; v < LABS; v++) {
      const x = bits & labBits[v]![w]!;
      if (x !== 0) out[v]! += popcount(x);
    }
  }
}

/** Word w of src (null: every row set) with only the bits of rows [a, b) kept. */
function wordIn(src: Uint32Array | null, w: number, a: number, b: number): number {
  let bits = src === null ? -1 : src[w]!;
  if (w === a >>> 5) bits &= -1 << (a & 31);
  if (w === (b - 1) >>> 5 && (b & 31) !== 0) bits &= (1 << (b & 31)) - 1;
  return bits;
}

/**
 * The k-th smallest value (0-based) of `xs`, which it reorders (Hoare's quickselect, median-of-three
 * pivots: linear on average).
 */
export function nthSmallest(xs: Float32Array, k: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const a = xs[lo]!;
    const b = xs[mid]!;
    const c = xs[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (xs[i]! < pivot) i++;
      while (xs[j]! > pivot) j--;
      if (i <= j) {
        const t = xs[i]!;
        xs[i] = xs[j]!;
        xs[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return xs[k]!;
  }
  return xs[k]!;
}

/** The row of the lowest set bit of word w's bits. */
function lowestRow(w: number, bits: number): number {
  return (w << 5) + 31 - Math.clz32(bits & -bits);
}

/** Sets the bits of rows [a, b). */
function setRange(bits: Uint32Array, a: number, b: number): void {
  if (a >= b) return;
  const first = a >>> 5;
  const last = (b - 1) >>> 5;
  const headMask = -1 << (a & 31);
  const tailMask = (b & 31) === 0 ? -1 : (1 << (b & 31)) - 1;
  if (first === last) {
    bits[first]! |= headMask & tailMask;
    return;
  }
  bits[first]! |= headMask;
  for (let w = first + 1; w < last; w++) bits[w] = -1;
  bits[last]! |= tailMask;
}

/** ORs src's bits of rows [a, b) into dst; returns how many there are. */
function copyRange(src: Uint32Array, dst: Uint32Array, a: number, b: number): number {
  if (a >= b) return 0;
  let n = 0;
  for (let w = a >>> 5, last = (b - 1) >>> 5; w <= last; w++) {
    const bits = wordIn(src, w, a, b);
    if (bits === 0) continue;
    dst[w]! |= bits;
    n += popcount(bits);
  }
  return n;
}

/** How many of src's bits of rows [a, b) are set. */
function countRange(src: Uint32Array, a: number, b: number): number {
  if (a >= b) return 0;
  let n = 0;
  for (let w = a >>> 5, last = (b - 1) >>> 5; w <= last; w++) {
    const bits = wordIn(src, w, a, b);
    if (bits !== 0) n += popcount(bits);
  }
  return n;
}

/** Adds the price buckets of the set rows of [a, b) (one leaf: buckets ascend with the rows). */
function addHistogram(src: Uint32Array, bucket: Uint8Array, a: number, b: number, hist: Float64Array): void {
  if (a >= b) return;
  for (let w = a >>> 5, last = (b - 1) >>> 5; w <= last; w++) {
    let bits = wordIn(src, w, a, b);
    if (bits === 0) continue;
    const lowRow = lowestRow(w, bits);
    const highRow = (w << 5) + 31 - Math.clz32(bits);
    if (bucket[lowRow] === bucket[highRow]) hist[bucket[lowRow]!]! += popcount(bits);
    else for (; bits !== 0; bits &= bits - 1) hist[bucket[lowestRow(w, bits)]!]!++;
  }
}

/** The first set row in [a, b), or -1. */
function nextSet(bits: Uint32Array, a: number, b: number): number {
  if (a >= b) return -1;
  const last = (b - 1) >>> 5;
  for (let w = a >>> 5; w <= last; w++) {
    const x = wordIn(bits, w, a, b);
    if (x !== 0) return lowestRow(w, x);
  }
  return -1;
}

/** The last set row in [lo, r] (scanning down from r), or -1. */
function prevSet(bits: Uint32Array, r: number, lo: number): number {
  if (r < lo) return -1;
  const first = lo >>> 5;
  for (let w = r >>> 5; w >= first; w--) {
    let x = bits[w]!;
    if (w === r >>> 5 && (r & 31) !== 31) x &= (1 << ((r & 31) + 1)) - 1;
    if (w === first) x &= -1 << (lo & 31);
    if (x !== 0) return (w << 5) + 31 - Math.clz32(x);
  }
  return -1;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** In a permutation segment [from, to) sorted by key: the first position whose key is ≥ k (or > k when `after`). */
function searchKey(perm: Uint32Array, key: KeyFn, k: number, after: boolean, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = key(perm[mid]!);
    if (v < k || (after && v === k)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) whose value is ≥ x (a is ascending there). */
function lowerBound(a: Uint32Array, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) whose value is > x. */
function upperBound(a: Uint32Array, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
