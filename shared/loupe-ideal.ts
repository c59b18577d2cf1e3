/**
 * The Loupe Ideal preset: per shape, the depth %, table % and length/width ranges that make a well-cut
 * stone of that shape (after the usual trade guidance: GIA/AGS proportion studies for rounds, the
 * retailer-published fancy-shape charts for the rest). Picking the preset for one shape fills the three
 * range filters with these values; `loupeIdeal: true` in `POST /api/diamonds2` applies each stone's own
 * shape's ranges, so it also works across several shapes. Bounds are inclusive.
 */
export interface IdealRanges {
  depth: readonly [number, number];
  table: readonly [number, number];
  ratio: readonly [number, number];
}

export const LOUPE_IDEAL: Readonly<Record<number, IdealRanges>> = {
  1: { depth: [59, 62.6], table: [53, 58], ratio: [1, 1.01] }, // Round
  2: { depth: [64, 75], table: [67, 72], ratio: [1, 1.03] }, // Princess
  3: { depth: [58, 62], table: [53, 63], ratio: [1.85, 2.1] }, // Marquise
  4: { depth: [61, 68], table: [61, 69], ratio: [1.3, 1.5] }, // Emerald
  5: { depth: [58, 64], table: [53, 63], ratio: [1.45, 1.75] }, // Pear
  6: { depth: [58, 63], table: [53, 63], ratio: [1.35, 1.5] }, // Oval
  7: { depth: [57, 63], table: [53, 63], ratio: [0.9, 1.05] }, // Heart
  8: { depth: [61, 69], table: [61, 70], ratio: [1, 1.35] }, // Radiant
  9: { depth: [61, 69], table: [61, 69], ratio: [1, 1.05] }, // Asscher
  10: { depth: [61, 69], table: [58, 68], ratio: [1, 1.1] }, // Cushion
};

/** Whether a stone's proportions fall inside its shape's Loupe Ideal ranges. */
export function isLoupeIdeal(shape: number, depthPct: number, tablePct: number, lwRatio: number): boolean {
  const r = LOUPE_IDEAL[shape];
  if (!r) return false;
  return depthPct >= r.depth[0] && depthPct <= r.depth[1] && tablePct >= r.table[0] && tablePct <= r.table[1] && lwRatio >= r.ratio[0] && lwRatio <= r.ratio[1];
}
