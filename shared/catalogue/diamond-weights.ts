/**
 * The distributions the demo diamonds are drawn from (generate-diamonds.ts): shape, size, grades, finish,
 * fluorescence, certificate lab, shipping days, eye cleanliness and proportions by shape.
 * See docs/decisions/002-demo-inventory-and-price-model.md for their reasons.
 */
import { EYE_CLEAN_UNKNOWN } from "../enums";

type Weighted<T> = readonly (readonly [T, number])[];

export const SHAPE_WEIGHTS: Weighted<number> = [
  [1, 40], // round
  [6, 12], // oval
  [10, 9], // cushion
  [2, 8], // princess
  [4, 7], // emerald
  [5, 7], // pear
  [8, 6], // radiant
  [3, 4], // marquise
  [9, 4], // asscher
  [7, 3], // heart
];

/** Popular sizes (stones cluster at and just above them); lab-grown skews larger. */
export const SIZE_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [
    [0.3, 5],
    [0.4, 6],
    [0.5, 14],
    [0.7, 12],
    [0.9, 9],
    [1.0, 16],
    [1.01, 8],
    [1.2, 7],
    [1.5, 9],
    [2.0, 6],
    [3.0, 2],
  ],
  lab: [
    [0.5, 5],
    [0.7, 6],
    [0.9, 5],
    [1.0, 13],
    [1.01, 6],
    [1.2, 8],
    [1.5, 15],
    [2.0, 16],
    [2.5, 6],
    [3.0, 9],
    [4.0, 3],
  ],
};

export const COLOR_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [
    [1, 8],
    [2, 12],
    [3, 16],
    [4, 20],
    [5, 17],
    [6, 13],
    [7, 9],
    [8, 5],
  ],
  lab: [
    [1, 18],
    [2, 24],
    [3, 22],
    [4, 17],
    [5, 10],
    [6, 5],
    [7, 3],
    [8, 1],
  ],
};

export const CLARITY_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [
    [1, 0.4],
    [2, 3],
    [3, 7],
    [4, 10],
    [5, 17],
    [6, 22],
    [7, 24],
    [8, 16.6],
  ],
  lab: [
    [1, 0.8],
    [2, 6],
    [3, 16],
    [4, 20],
    [5, 23],
    [6, 20],
    [7, 11],
    [8, 3.2],
  ],
};

/** Cut 0-3 (code 4 is a promotion of the best Ideal rounds, see below). */
export const CUT_WEIGHTS: Record<"round" | "labRound" | "fancy", Weighted<number>> = {
  round: [
    [0, 36],
    [1, 34],
    [2, 22],
    [3, 8],
  ],
  labRound: [
    [0, 50],
    [1, 35],
    [2, 12],
    [3, 3],
  ],
  fancy: [
    [0, 25],
    [1, 30],
    [2, 32],
    [3, 13],
  ],
};

/** Polish and symmetry grade weights by cut code (0-3). */
export const FINISH_BY_CUT: readonly Weighted<number>[] = [
  [
    [1, 88],
    [2, 12],
  ],
  [
    [1, 72],
    [2, 25],
    [3, 3],
  ],
  [
    [1, 35],
    [2, 50],
    [3, 15],
  ],
  [
    [1, 10],
    [2, 45],
    [3, 45],
  ],
];

export const FLUORESCENCE_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [
    [0, 62],
    [1, 18],
    [2, 11],
    [3, 7],
    [4, 2],
  ],
  lab: [
    [0, 97],
    [1, 3],
  ],
};

/** Certificate lab codes (shared/enums.ts CERTIFICATE_LABS). */
export const LAB_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [
    [0, 75],
    [1, 10],
    [2, 8],
    [4, 4],
    [3, 1],
    [5, 2],
  ],
  lab: [
    [2, 70],
    [5, 15],
    [0, 15],
  ],
};

/** Shipping-day ranges: natural stones mostly ship within days, lab-grown ones often take longer. */
export const SHIPPING_DAYS: Record<"natural" | "lab", Weighted<readonly [number, number]>> = {
  natural: [
    [[1, 5], 70],
    [[6, 10], 25],
    [[11, 14], 5],
  ],
  lab: [
    [[3, 7], 55],
    [[8, 14], 45],
  ],
};

/** Eye cleanliness by clarity code. */
export function eyeCleanWeights(clarity: number): Weighted<number> {
  if (clarity <= 5)
    return [
      [1, 95],
      [EYE_CLEAN_UNKNOWN, 5],
    ];
  if (clarity === 6)
    return [
      [1, 85],
      [2, 8],
      [EYE_CLEAN_UNKNOWN, 7],
    ];
  if (clarity === 7)
    return [
      [1, 45],
      [2, 35],
      [3, 10],
      [EYE_CLEAN_UNKNOWN, 10],
    ];
  return [
    [1, 10],
    [2, 40],
    [3, 40],
    [EYE_CLEAN_UNKNOWN, 10],
  ];
}

interface ShapeGeometry {
  /** Mean and sd of depth % and table % for the best cut. */
  depth: readonly [number, number];
  table: readonly [number, number];
  /** Length/width ratio range. */
  ratio: readonly [number, number];
  /** Weight factor k in carat = length × width × depth(mm) × k (emerald's grows with its ratio). */
  k: (ratio: number) => number;
}

/** Proportions by shape code. Rounds: k = 0.0061 gives the usual ≈ 6.43 × carat^(1/3) mm at 61.8 % depth. */
export const GEOMETRY: Readonly<Record<number, ShapeGeometry>> = {
  1: { depth: [61.6, 0.55], table: [56, 1.1], ratio: [1.0, 1.012], k: () => 0.0061 },
  2: { depth: [70.5, 1.8], table: [69, 2.5], ratio: [1.0, 1.05], k: () => 0.0083 },
  3: { depth: [61, 2], table: [58, 2.5], ratio: [1.9, 2.1], k: () => 0.0058 },
  4: { depth: [66.5, 2], table: [64, 2.5], ratio: [1.3, 1.5], k: (r) => 0.008 + 0.0024 * (r - 1) },
  5: { depth: [61.5, 2], table: [58.5, 2.5], ratio: [1.5, 1.7], k: () => 0.0059 },
  6: { depth: [61.5, 2], table: [58, 2.5], ratio: [1.35, 1.5], k: () => 0.0062 },
  7: { depth: [61, 2], table: [58, 2.5], ratio: [0.9, 1.05], k: () => 0.0059 },
  8: { depth: [66, 2.2], table: [65, 3], ratio: [1.0, 1.4], k: () => 0.0081 },
  9: { depth: [66, 2], table: [64, 2.5], ratio: [1.0, 1.05], k: () => 0.008 },
  10: { depth: [66, 2.5], table: [61, 3], ratio: [1.0, 1.2], k: () => 0.0081 },
};
