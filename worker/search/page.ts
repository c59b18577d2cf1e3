/**
 * One search over the index, second part (docs/decisions/007-search-index.md): reading the page from the
 * match bitmap — sorted outright when small, merged price-sorted leaves, grade groups counted per leaf, or
 * a permutation walk with selection from the matches as its fallback.
 */
import { lowestRow, nextSet, nthSmallest, prevSet, searchKey, wordIn } from "./bits";
import { DIM_SIZES, DIM_VALUES, GROUP_DIM, groupKey, type PermField } from "./facets";
import { QueryFilters, scaleMax, scaleMin } from "./filters";
import { LEAF_COUNT } from "./layout";
import type { KeyFn } from "./perms";

/** One search over an index: the page, once the counting pass (Query.run) has marked the matches. */
export class QueryPage extends QueryFilters {
  protected isMatch(r: number): boolean {
    return ((this.s.matches[r >>> 5]! >>> (r & 31)) & 1) === 1;
  }

  /** The rows [offset, offset + limit) of the result in the asked order. */
  protected page(total: number): number[] {
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
  protected segments(field: PermField, key: KeyFn, matchesNatural: number, matchesLab: number): [number, number][] {
    const ix = this.ix;
    const q = this.q;
    const [kLo, kHi] =
      field === "carat" && (q.caratMin !== undefined || q.caratMax !== undefined) ? [scaleMin(q.caratMin), scaleMax(q.caratMax)] : [-Infinity, Infinity];
    const perm = ix.permutation(field);
    const out: [number, number][] = [];
    for (const [from, to, m] of [
      [0, ix.labStart, matchesNatural],
      [ix.labStart, ix.size, matchesLab],
    ] as const) {
      if (m === 0) continue;
      out.push([kLo === -Infinity ? from : searchKey(perm, key, kLo, false, from, to), kHi === Infinity ? to : searchKey(perm, key, kHi, true, from, to)]);
    }
    return out;
  }

  /**
   * The first `want` rows satisfying `ok` in the field's order, by walking its permutation (both origin
   * halves merged), or null when the walk would visit more rows than the budget.
   */
  protected walk(
    field: PermField,
    want: number,
    matchCount: number,
    ok: (r: number) => boolean,
    natural = this.naturalMatches,
    lab = this.labMatches,
  ): number[] | null {
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
  protected select(leaves: readonly number[], want: number, before: (a: number, b: number) => number, rank: KeyFn): number[] {
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
  protected mergeByPrice(want: number): number[] {
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
  protected byGroup(dim: number, want: number): number[] {
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
