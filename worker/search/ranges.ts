/**
 * Range bitmaps of the search index's numeric per-row filters (carat, depth, table, ratio, shipping days;
 * docs/decisions/007-search-index.md).
 */

/**
 * "At least t" bitmaps over one Uint16 column, for range filters as word operations. Values are cut into
 * bands [t_b, t_b+1) of about equal row counts (rounded to `round`, so everyday bounds like 0.5 ct or a
 * 60 % depth fall on a band edge), or one band per value when the column has few values. A bound inside a
 * band whose values straddle it leaves that band "ambiguous": its rows are checked one by one.
 */
export class RangeBitmaps {
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
