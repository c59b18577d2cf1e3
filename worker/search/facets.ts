/**
 * The search index's facet dimensions (docs/decisions/007-search-index.md): how a leaf number splits into
 * origin, shape, colour, clarity and cut, where each value's count goes in the flat facet array, and the
 * grade sorts that follow those dimensions.
 */
import type { SortField } from "#shared/schemas.ts";
import { DIMS, LEAF_COUNT } from "./layout";
import type { FacetCounts } from "./types";

/** Sort fields read from a permutation; price pages merge the price-sorted leaves, grade sorts use group counts. */
export const PERM_FIELDS = ["sortingOrder", "carat", "pricePerCarat"] as const;
export type PermField = (typeof PERM_FIELDS)[number];

/** The grade sorts: the facet dimension they follow (index into a leaf's values). */
export const GROUP_DIM: Partial<Record<SortField, number>> = { color: 2, clarity: 3, cut: 4 };

/** Sort key of a grade value (zero-based) in a dimension: the house cut grade (4) ranks above Ideal. */
export function groupKey(dim: number, v: number): number {
  return dim === 4 && v === 4 ? -1 : v;
}

/** The facet dimensions in leaf-key order, with how a leaf value maps to a reported bucket. */
export const FACET_DIMS: { name: keyof FacetCounts; size: number; values: string[]; bucket: (v: number) => number }[] = [
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
export const FACET_OFFSET = FACET_DIMS.reduce<number[]>((acc, _d, i) => {
  acc.push(i === 0 ? 0 : acc[i - 1]! + FACET_DIMS[i - 1]!.size);
  return acc;
}, []);
export const FACET_SLOTS = FACET_OFFSET[5]! + FACET_DIMS[5]!.size;

export const DIM_SIZES = [DIMS.origin, DIMS.shape, DIMS.color, DIMS.clarity, DIMS.cut];
/** The facet dimensions that make up a leaf (the first five of FACET_DIMS; certificate lab is per row). */
export const LEAF_DIMS = 5;

/** Per facet dimension, each leaf's zero-based value (origin, shape-1, colour-1, clarity-1, cut, lab). */
export const DIM_VALUES: Uint8Array[] = (() => {
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
export const FACET_SLOT: Uint8Array[] = DIM_VALUES.map((values, d) => values.map((v) => FACET_OFFSET[d]! + FACET_DIMS[d]!.bucket(v)));
