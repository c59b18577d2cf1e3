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
 *
 * This file holds the index itself; a search runs in query.ts (counting pass) on page.ts (page) on
 * filters.ts (filters); facets.ts, ranges.ts and bits.ts hold the dimensions, range bitmaps and bit helpers.
 */
import type { SortField } from "#shared/schemas.ts";
import { arrange, type SparseColumn } from "./arrange";
import { ColumnBuilder, type DisplayExceptions, type IndexRow, type LoadedColumns } from "./columns";
import { DIM_VALUES, GROUP_DIM, PERM_FIELDS, groupKey, type PermField } from "./facets";
import { DIMS, LEAF_COUNT, leafOf } from "./layout";
import { PermScratch, byFloatKey, byIntegerKey, tieOrder, type KeyFn } from "./perms";
import { Query } from "./query";
import { RangeBitmaps } from "./ranges";
import { DEFAULT_TUNING, type DisplayRow, type EngineQuery, type EngineResult, type EngineTuning, type SimilarTo } from "./types";

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

/** Per-search scratch arrays, kept by the index (searches run one at a time) so a search allocates little. */
export class Scratch {
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
  /**
   * One bit per row held or sold by an order (docs/decisions/058-inventory-holds.md): left out of every search
   * and similar list. Null when none; set by the index object from D1's inventory_holds.
   */
  hidden: Uint32Array | null = null;

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
    for (const a of [
      this.id,
      this.bucket,
      this.price,
      this.sorting,
      this.carat,
      this.depth,
      this.table,
      this.ratio,
      this.ship,
      this.retailer,
      this.leaf,
      this.leafStart,
      this.leafHist,
      this.liveLeaves,
      this.certHigh,
      this.certLow,
      this.imageCode,
      this.rcIdealBits,
    ])
      b += a.byteLength;
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
    for (const [from, to] of [
      [0, this.labStart],
      [this.labStart, this.size],
    ] as const) {
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
   * within ±15 %, colour and clarity within one grade, `d` itself and held stones left out; closest first by
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
    const hidden = this.hidden;
    for (let color = Math.max(1, d.color - 1); color <= Math.min(DIMS.color, d.color + 1); color++) {
      for (let clarity = Math.max(1, d.clarity - 1); clarity <= Math.min(DIMS.clarity, d.clarity + 1); clarity++) {
        for (let cut = 0; cut < DIMS.cut; cut++) {
          const k = leafOf(d.isLabGrown ? 1 : 0, d.shape, color, clarity, cut);
          const dColor = 0.3 * Math.abs(color - d.color);
          const dClarity = 0.3 * Math.abs(clarity - d.clarity);
          const dCut = 0.1 * Math.abs(cut - d.cut);
          for (let r = this.leafStart[k]!, end = this.leafStart[k + 1]!; r < end; r++) {
            const id = this.id[r]!;
            if (id === d.id || (hidden !== null && (hidden[r >>> 5]! >>> (r & 31)) & 1)) continue;
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

  /** A row's carat exactly (the column holds two decimals; a feed's rare third decimal is kept aside). */
  exactCarat(r: number): number {
    const carat = this.carat[r]! / 100;
    return this.exceptions.byId.size > 0 ? (this.exceptions.byId.get(this.id[r]!)?.carat ?? carat) : carat;
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
