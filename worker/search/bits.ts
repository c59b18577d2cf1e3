/**
 * Bitmap and sorted-array helpers of the search index (docs/decisions/007-search-index.md): one bit per
 * row, 32 rows a word.
 */
import { LABS } from "./layout";
import type { KeyFn } from "./perms";

/** Adds, per certificate lab, how many of src's set rows of [a, b) have it (src null: every row). */
export function countLabs(src: Uint32Array | null, labBits: Uint32Array[], a: number, b: number, out: Float64Array): void {
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
export function wordIn(src: Uint32Array | null, w: number, a: number, b: number): number {
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
export function lowestRow(w: number, bits: number): number {
  return (w << 5) + 31 - Math.clz32(bits & -bits);
}

/** Sets the bits of rows [a, b). */
export function setRange(bits: Uint32Array, a: number, b: number): void {
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
export function copyRange(src: Uint32Array, dst: Uint32Array, a: number, b: number): number {
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
export function countRange(src: Uint32Array, a: number, b: number): number {
  if (a >= b) return 0;
  let n = 0;
  for (let w = a >>> 5, last = (b - 1) >>> 5; w <= last; w++) {
    const bits = wordIn(src, w, a, b);
    if (bits !== 0) n += popcount(bits);
  }
  return n;
}

/** Adds the price buckets of the set rows of [a, b) (one leaf: buckets ascend with the rows). */
export function addHistogram(src: Uint32Array, bucket: Uint8Array, a: number, b: number, hist: Float64Array): void {
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
export function nextSet(bits: Uint32Array, a: number, b: number): number {
  if (a >= b) return -1;
  const last = (b - 1) >>> 5;
  for (let w = a >>> 5; w <= last; w++) {
    const x = wordIn(bits, w, a, b);
    if (x !== 0) return lowestRow(w, x);
  }
  return -1;
}

/** The last set row in [lo, r] (scanning down from r), or -1. */
export function prevSet(bits: Uint32Array, r: number, lo: number): number {
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

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** In a permutation segment [from, to) sorted by key: the first position whose key is ≥ k (or > k when `after`). */
export function searchKey(perm: Uint32Array, key: KeyFn, k: number, after: boolean, from: number, to: number): number {
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
export function lowerBound(a: Uint32Array, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) whose value is > x. */
export function upperBound(a: Uint32Array, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
