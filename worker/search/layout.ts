/**
 * The search index's row layout (docs/decisions/007-search-index.md), shared by the loader (columns.ts),
 * the build (arrange.ts, perms.ts) and the engine (engine.ts): leaf dimensions, flag bits, value scaling
 * and price-histogram buckets.
 */
import { PRICE_HISTOGRAM_EDGES_USD } from "#shared/schemas.ts";

export const DIMS = { origin: 2, shape: 10, color: 8, clarity: 8, cut: 5 } as const;
/** Certificate labs (0-5): a per-row bitset filter, not a leaf dimension (see engine.ts). */
export const LABS = 6;
export const LEAF_COUNT = DIMS.origin * DIMS.shape * DIMS.color * DIMS.clarity * DIMS.cut;
export const HIST_BUCKETS = PRICE_HISTOGRAM_EDGES_USD.length;
const HIST_EDGES_CENTS = PRICE_HISTOGRAM_EDGES_USD.map((e) => e * 100);

export function leafOf(isLab: number, shape: number, color: number, clarity: number, cut: number): number {
  return (((isLab * DIMS.shape + (shape - 1)) * DIMS.color + (color - 1)) * DIMS.clarity + (clarity - 1)) * DIMS.cut + cut;
}

/** Rows up to which integer sort keys are packed with their tie rank (keys stay below 2^32, so exact). */
export const TIE_LIMIT = 2 ** 21;

/** Values scaled by 100 (carat, depth, table, ratio: the data has two decimals at most). */
export const scale = (v: number): number => Math.round(v * 100);

export const FLAG_IMAGE = 1;
export const FLAG_VIDEO = 2;
export const FLAG_IDEAL = 4;
export const FLAG_EYE_CLEAN = 8;
/** Display only (RC ideal): a bitset, never a filter. */
export const FLAG_RC_IDEAL = 16;
export const FLAG_BITS = 5;

/**
 * Polish, symmetry, fluorescence (codes 0-7) and certificate lab (0-5) of a row, packed 3 bits each into
 * one 16-bit load column (they become bitsets once the rows are in leaf order).
 */
export const packGrades = (polish: number, symmetry: number, fluorescence: number, lab: number): number =>
  (polish & 7) | ((symmetry & 7) << 3) | ((fluorescence & 7) << 6) | (lab << 9);

export function bucketOf(priceCents: number): number {
  let b = 0;
  while (b + 1 < HIST_BUCKETS && priceCents >= HIST_EDGES_CENTS[b + 1]!) b++;
  return b;
}
