/**
 * Sort permutations of the index (docs/decisions/007-search-index.md): rows of one origin in (key,
 * sortingOrder, id) ascending order. Built with numeric typed-array sorts on packed keys and one reused
 * scratch pair, not comparator sorts: V8 copies a typed array into two heap arrays of the same length to
 * sort it with a comparator (16 bytes a row of garbage, 16 MB at a million rows).
 */
import { TIE_LIMIT } from "./layout";

/** Scratch for building permutations of up to `length` rows; reused from one to the next. */
export class PermScratch {
  readonly f64: Float64Array;
  readonly u32: Uint32Array;
  constructor(readonly length: number) {
    this.f64 = new Float64Array(length);
    this.u32 = new Uint32Array(length);
  }
}

/** Sort key per row. */
export type KeyFn = (row: number) => number;

/**
 * Fills `seg` with rows [from, to) in (sortingOrder, id) order. With up to TIE_LIMIT rows: rank by id
 * (id · 2^21 + position is below 2^53, so exact), then by sortingOrder and that rank.
 */
export function tieOrder(seg: Uint32Array, from: number, sorting: Uint32Array, id: Uint32Array, s: PermScratch): void {
  const len = seg.length;
  if (len > TIE_LIMIT) {
    comparatorSort(seg, from, (r) => sorting[r]!, sorting, id);
    return;
  }
  const packed = s.f64.subarray(0, len);
  for (let t = 0; t < len; t++) packed[t] = id[from + t]! * TIE_LIMIT + t;
  packed.sort();
  for (let i = 0; i < len; i++) seg[i] = from + (packed[i]! % TIE_LIMIT);
  for (let i = 0; i < len; i++) packed[i] = sorting[seg[i]!]! * TIE_LIMIT + i;
  packed.sort();
  for (let i = 0; i < len; i++) packed[i] = seg[packed[i]! % TIE_LIMIT]!;
  seg.set(packed);
}

/**
 * Fills `seg` with the rows of `ties` (rows [from, to) in (sortingOrder, id) order) in (key, tie) order,
 * for integer keys below 2^32: (key + 1) · 2^21 + tie rank sorts exactly.
 */
export function byIntegerKey(seg: Uint32Array, from: number, ties: Uint32Array, key: KeyFn, sorting: Uint32Array, id: Uint32Array, s: PermScratch): void {
  const len = seg.length;
  if (len > TIE_LIMIT) {
    comparatorSort(seg, from, key, sorting, id);
    return;
  }
  const packed = s.f64.subarray(0, len);
  for (let t = 0; t < len; t++) packed[t] = (key(ties[t]!) + 1) * TIE_LIMIT + t;
  packed.sort();
  for (let i = 0; i < len; i++) seg[i] = ties[packed[i]! % TIE_LIMIT]!;
}

/**
 * The same for any number key (price per carat): the keys sorted alone, then each row, taken in tie
 * order, goes to the next free place of its key's run (found by binary search), so equal keys keep the
 * tie order. A NaN key (no order) falls back to the comparator sort.
 */
export function byFloatKey(seg: Uint32Array, from: number, ties: Uint32Array, key: KeyFn, sorting: Uint32Array, id: Uint32Array, s: PermScratch): void {
  const len = seg.length;
  const keys = s.f64.subarray(0, len);
  let nan = false;
  for (let t = 0; t < len; t++) {
    const k = key(ties[t]!);
    if (Number.isNaN(k)) nan = true;
    keys[t] = k;
  }
  if (nan) {
    comparatorSort(seg, from, key, sorting, id);
    return;
  }
  keys.sort();
  const used = s.u32.subarray(0, len);
  used.fill(0);
  for (let t = 0; t < len; t++) {
    const row = ties[t]!;
    const k = key(row);
    let lo = 0;
    let hi = len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < k) lo = mid + 1;
      else hi = mid;
    }
    seg[lo + used[lo]!++] = row;
  }
}

/** Rows [from, from + seg.length) by (key, sortingOrder, id), with a comparator (more than TIE_LIMIT rows, or NaN keys). */
function comparatorSort(seg: Uint32Array, from: number, key: KeyFn, sorting: Uint32Array, id: Uint32Array): void {
  const keys = new Float64Array(seg.length);
  for (let i = 0; i < seg.length; i++) {
    keys[i] = key(from + i);
    seg[i] = from + i;
  }
  seg.sort((a, b) => keys[a - from]! - keys[b - from]! || sorting[a]! - sorting[b]! || id[a]! - id[b]!);
}
