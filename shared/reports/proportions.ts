/**
 * Loupe's proportion ranges (docs/decisions/028-report-sections.md): for rounds the depth and table against which
 * the cut section judges a certificate's figures, and for the fancy shapes 2-10 — which no lab gives a cut grade —
 * ideal and good ranges of length-to-width ratio, depth and table. A figure inside an ideal range is good, inside
 * the wider good range fair, outside it poor. The numbers are Loupe's own reading of where each shape shows its
 * best light return and its classic outline; they are deliberately a little generous at the edges, because a
 * figure a few tenths outside a range rarely shows to the eye.
 */
import type { Verdict } from "./section-kit";

/** An inclusive range [low, high]. */
export type Range = readonly [number, number];

/** Where a figure should sit: one or more ideal ranges and the wider good ranges around them. */
export interface Band {
  ideal: readonly Range[];
  good: readonly Range[];
}

/** A shape's proportion bands: length-to-width ratio, depth % and table %. */
export interface ShapeProportions {
  ratio: Band;
  depth: Band;
  table: Band;
}

const band = (ideal: Range | readonly Range[], good: Range | readonly Range[]): Band => ({
  ideal: typeof ideal[0] === "number" ? [ideal as Range] : (ideal as readonly Range[]),
  good: typeof good[0] === "number" ? [good as Range] : (good as readonly Range[]),
});

/**
 * Rounds: depth 59.0-62.5 % and table 54-58 % are ideal (the crown and pavilion angles that return the most light
 * fall there), depth 57.5-63.5 % and table 52-61 % good. A round's ratio is not judged (every round is about 1.00).
 */
export const ROUND_PROPORTIONS: Pick<ShapeProportions, "depth" | "table"> = {
  depth: band([59, 62.5], [57.5, 63.5]),
  table: band([54, 58], [52, 61]),
};

/**
 * The fancy shapes by code (2 princess, 3 marquise, 4 emerald, 5 pear, 6 oval, 7 heart, 8 radiant, 9 asscher,
 * 10 cushion). Radiants and cushions are bought both square and elongated: each has two ideal ratio ranges.
 */
export const FANCY_PROPORTIONS: Readonly<Record<number, ShapeProportions>> = {
  2: { ratio: band([1, 1.04], [1, 1.08]), depth: band([68, 75], [64, 78]), table: band([64, 72], [60, 77]) },
  3: { ratio: band([1.85, 2.1], [1.7, 2.3]), depth: band([58, 63], [55, 66]), table: band([53, 63], [50, 66]) },
  4: { ratio: band([1.35, 1.5], [1.25, 1.6]), depth: band([61, 69], [58, 72]), table: band([60, 68], [57, 72]) },
  5: { ratio: band([1.5, 1.7], [1.4, 1.8]), depth: band([58, 64], [55, 67]), table: band([53, 63], [50, 66]) },
  6: { ratio: band([1.3, 1.5], [1.25, 1.65]), depth: band([57, 63], [55, 66]), table: band([53, 63], [50, 66]) },
  7: { ratio: band([0.92, 1.04], [0.85, 1.1]), depth: band([56, 62], [53, 66]), table: band([53, 62], [50, 66]) },
  8: {
    ratio: band(
      [
        [1, 1.05],
        [1.2, 1.35],
      ],
      [1, 1.45],
    ),
    depth: band([61, 67], [58, 72]),
    table: band([61, 69], [57, 73]),
  },
  9: { ratio: band([1, 1.04], [1, 1.08]), depth: band([61, 68], [58, 72]), table: band([60, 68], [56, 72]) },
  10: {
    ratio: band(
      [
        [1, 1.08],
        [1.15, 1.3],
      ],
      [1, 1.35],
    ),
    depth: band([61, 68], [58, 72]),
    table: band([58, 67], [55, 70]),
  },
};

const inside = (value: number, ranges: readonly Range[]): boolean => ranges.some(([lo, hi]) => value >= lo - 1e-9 && value <= hi + 1e-9);

/**
 * Where a figure sits in a band: good inside an ideal range, fair inside a good one, poor outside; `side` says
 * whether it lies below or above the ideal ranges (null inside one, or between two, as a radiant at 1.10).
 */
export function rate(value: number, b: Band): { verdict: Verdict; side: "low" | "high" | null } {
  if (inside(value, b.ideal)) return { verdict: "good", side: null };
  const lowest = Math.min(...b.ideal.map((r) => r[0]));
  const highest = Math.max(...b.ideal.map((r) => r[1]));
  const side = value < lowest ? "low" : value > highest ? "high" : null;
  return { verdict: inside(value, b.good) ? "fair" : "poor", side };
}

/** A range in words: "59.0–62.5%", "1.30–1.50", or two ranges joined by "or". */
export function rangeText(ranges: readonly Range[], unit: "%" | ""): string {
  const digits = unit === "%" ? 1 : 2;
  return ranges.map(([lo, hi]) => `${lo.toFixed(digits)}–${hi.toFixed(digits)}${unit}`).join(" or ");
}

/**
 * A length-to-width ratio as the shape's table reads it: entered as width over length (below 1) for a shape whose
 * ranges all start at 1 or more, it is turned round (0.71 for an oval is 1.41).
 */
export function normalisedRatio(shape: number, ratio: number): number {
  const p = FANCY_PROPORTIONS[shape];
  if (!p || ratio >= 1) return ratio;
  const lowest = Math.min(...p.ratio.good.map((r) => r[0]));
  return lowest >= 1 ? Math.round((1 / ratio) * 100) / 100 : ratio;
}
