/**
 * Building the index from the loaded columns (docs/decisions/007-search-index.md): rows go into leaf order
 * (leaf, then price, sortingOrder, id), the kept columns are permuted in place, and the per-row grades and
 * flags become bitsets. Memory: besides the columns themselves, one Uint32 order array and one bitmap —
 * no comparator sort over all rows (V8 copies a typed array into two heap arrays for one), no second copy
 * of a column.
 */
import type { LoadedColumns, SparseLoad } from "./columns";
import { FLAG_BITS, HIST_BUCKETS, LABS, LEAF_COUNT, bucketOf } from "./layout";

/** A per-row column most rows leave empty: the rows that have a value (ascending) and their values. */
export class SparseColumn {
  constructor(
    private readonly rows: Uint32Array,
    private readonly values: Uint32Array,
  ) {}

  /** The value at row `r` (binary search), or null. */
  get(r: number): number | null {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rows[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.rows.length && this.rows[lo] === r ? this.values[lo]! : null;
  }

  get byteLength(): number {
    return this.rows.byteLength + this.values.byteLength;
  }
}

/** The row-level parts of an index, in leaf order. */
export interface Arranged {
  size: number;
  words: number;
  id: Uint32Array;
  price: Uint32Array;
  sorting: Uint32Array;
  carat: Uint16Array;
  depth: Uint16Array;
  table: Uint16Array;
  ratio: Uint16Array;
  ship: Uint16Array;
  retailer: Uint16Array;
  leaf: Uint16Array;
  bucket: Uint8Array;
  certHigh: Uint8Array;
  certLow: Uint32Array;
  imageCode: Uint16Array;
  priceBefore: SparseColumn;
  discount: SparseColumn;
  paired: SparseColumn;
  /** Rows of leaf k: [leafStart[k], leafStart[k + 1]). */
  leafStart: Uint32Array;
  leafHist: Uint32Array;
  liveLeaves: Uint16Array;
  labStart: number;
  minPrice: number;
  maxPrice: number;
  /** Image, video, Loupe Ideal, eye-clean, RC ideal (FLAG_* bit order). */
  flagBits: Uint32Array[];
  polishBits: Uint32Array[];
  symmetryBits: Uint32Array[];
  fluorescenceBits: Uint32Array[];
  labBits: Uint32Array[];
}

/** Arranges the loaded columns into leaf order; the kept columns are reordered in place (and returned). */
export function arrange(cols: LoadedColumns): Arranged {
  const n = cols.size;
  const { leaf, priceCents: price, sortingOrder: sorting, id } = cols;
  // Counting sort by leaf (load order inside a leaf), then each leaf by (price, sortingOrder, id).
  const leafStart = new Uint32Array(LEAF_COUNT + 1);
  for (let i = 0; i < n; i++) leafStart[leaf[i]! + 1]!++;
  const live: number[] = [];
  for (let k = 0; k < LEAF_COUNT; k++) {
    if (leafStart[k + 1]! > 0) live.push(k);
    leafStart[k + 1]! += leafStart[k]!;
  }
  const order = new Uint32Array(n);
  const next = leafStart.slice(0, LEAF_COUNT);
  for (let i = 0; i < n; i++) order[next[leaf[i]!]!++] = i;
  const byPrice = (a: number, b: number) => price[a]! - price[b]! || sorting[a]! - sorting[b]! || id[a]! - id[b]!;
  for (const k of live) if (leafStart[k + 1]! - leafStart[k]! > 1) order.subarray(leafStart[k]!, leafStart[k + 1]!).sort(byPrice);

  // Bitsets of the grades and flags, read through the order (their load columns are then dropped).
  const words = (n >>> 5) + 1;
  const bitsets = (count: number) => Array.from({ length: count }, () => new Uint32Array(words));
  const flagBits = bitsets(FLAG_BITS);
  const polishBits = bitsets(8);
  const symmetryBits = bitsets(8);
  const fluorescenceBits = bitsets(8);
  const labBits = bitsets(LABS);
  const { grades, flags } = cols;
  for (let p = 0; p < n; p++) {
    const src = order[p]!;
    const w = p >>> 5;
    const bit = 1 << (p & 31);
    const f = flags[src]!;
    for (let i = 0; i < FLAG_BITS; i++) if (f & (1 << i)) flagBits[i]![w]! |= bit;
    const g = grades[src]!;
    polishBits[g & 7]![w]! |= bit;
    symmetryBits[(g >>> 3) & 7]![w]! |= bit;
    fluorescenceBits[(g >>> 6) & 7]![w]! |= bit;
    labBits[g >>> 9]![w]! |= bit;
  }
  // Sparse columns: rows in leaf order (ascending as p runs), found through a bitmap of their load positions.
  const marks = new Uint32Array(words);
  const sparseColumn = (s: SparseLoad): SparseColumn => {
    marks.fill(0);
    for (let j = 0; j < s.size; j++) marks[s.at[j]! >>> 5]! |= 1 << (s.at[j]! & 31);
    const rows = new Uint32Array(s.size);
    const values = new Uint32Array(s.size);
    for (let p = 0, j = 0; p < n && j < s.size; p++) {
      const src = order[p]!;
      if (!(marks[src >>> 5]! & (1 << (src & 31)))) continue;
      rows[j] = p;
      values[j++] = s.values[lowerBound(s.at, src, s.size)]!;
    }
    return new SparseColumn(rows, values);
  };
  const priceBefore = sparseColumn(cols.priceBefore);
  const discount = sparseColumn(cols.discount);
  const paired = sparseColumn(cols.paired);

  // Reorder the kept columns in place, cycle by cycle (`marks` records the rows done).
  const reorder = <T extends Uint8Array | Uint16Array | Uint32Array>(col: T): T => {
    marks.fill(0);
    for (let start = 0; start < n; start++) {
      if (marks[start >>> 5]! & (1 << (start & 31))) continue;
      const first = col[start]!;
      let p = start;
      for (;;) {
        marks[p >>> 5]! |= 1 << (p & 31);
        const src = order[p]!;
        if (src === start) {
          col[p] = first;
          break;
        }
        col[p] = col[src]!;
        p = src;
      }
    }
    return col;
  };
  const leafHist = new Uint32Array(LEAF_COUNT * HIST_BUCKETS);
  const bucket = new Uint8Array(n);
  reorder(leaf);
  reorder(price);
  let minPrice = Infinity;
  let maxPrice = -Infinity;
  for (let p = 0; p < n; p++) {
    const v = price[p]!;
    const b = bucketOf(v);
    bucket[p] = b;
    leafHist[leaf[p]! * HIST_BUCKETS + b]!++;
    if (v < minPrice) minPrice = v;
    if (v > maxPrice) maxPrice = v;
  }
  return {
    size: n,
    words,
    id: reorder(id),
    price,
    sorting: reorder(sorting),
    carat: reorder(cols.carat),
    depth: reorder(cols.depth),
    table: reorder(cols.table),
    ratio: reorder(cols.ratio),
    ship: reorder(cols.shippingDays),
    retailer: reorder(cols.retailerId),
    leaf,
    bucket,
    certHigh: reorder(cols.certHigh),
    certLow: reorder(cols.certLow),
    imageCode: reorder(cols.imageCode),
    priceBefore,
    discount,
    paired,
    leafStart,
    leafHist,
    liveLeaves: Uint16Array.from(live),
    labStart: leafStart[LEAF_COUNT / 2]!,
    minPrice,
    maxPrice,
    flagBits,
    polishBits,
    symmetryBits,
    fluorescenceBits,
    labBits,
  };
}

/** First index in [0, size) whose value is ≥ x (a is ascending there). */
function lowerBound(a: Uint32Array, x: number, size: number): number {
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
