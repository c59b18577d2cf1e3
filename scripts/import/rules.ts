/**
 * What feed rows are validated against and turned into (map.ts): sanity limits and defaults, the import's
 * options, a valid stone and a rejected row, the columns a feed must have, and the values derived when a feed
 * leaves them out (docs/decisions/006-feed-import.md). Pure: no I/O.
 */
import { EYE_CLEAN_UNKNOWN } from "#shared/enums.ts";
import type { Field } from "./columns.ts";

/** Sanity limits of numeric fields (inclusive). */
export const LIMITS = {
  carat: [0.1, 30],
  depthPct: [40, 90],
  tablePct: [40, 90],
  /** Millimetres: a 30 ct marquise is about 33 mm long. */
  mm: [0, 40],
  shippingDays: [0, 365],
  /** USD: a guard against misplaced decimal points, far above any stone in the catalogue. */
  priceUsd: [0, 100_000_000],
  /** Carat over the weight implied by the measurements (see {@link impliedCarat}). */
  caratToMeasurements: [0.5, 2],
} as const;

/** Days to ship when the feed does not say. */
export const DEFAULT_SHIPPING_DAYS = 7;

/** Everything about the import that row validation depends on. */
export interface MapOptions {
  retailerId: number;
  /** Retailer type: 1 natural only, 2 lab-grown only, 3 both (shared/catalogue/generate.ts RETAILER_TYPE). */
  retailerType: number;
  /** Fields the feed has a column for. */
  present: ReadonlySet<Field>;
  /** Shape code for every row when the feed has no shape column (`--default-shape`). */
  defaultShape: number | null;
  /** Lab code when the feed has no lab column (`--default-lab`); null: GIA for natural, IGI for lab-grown. */
  defaultLab: number | null;
  /** Origin when the feed has no lab-grown column or leaves it empty: 0 natural, 1 lab-grown. */
  defaultOrigin: 0 | 1;
}

/** A row that passed validation, in catalogue codes (money in integer cents, lengths in mm). */
export interface FeedStone {
  line: number;
  /** `{lab code}|{certificate id}`: unique per retailer. */
  key: string;
  certificateLab: number;
  certificateId: string;
  isLabGrown: 0 | 1;
  shape: number;
  carat: number;
  cut: number;
  color: number;
  clarity: number;
  polish: number;
  symmetry: number;
  fluorescence: number;
  depthPct: number;
  tablePct: number;
  lengthMm: number;
  widthMm: number;
  depthMm: number;
  eyeClean: number;
  shippingDays: number;
  priceCents: number;
  /** Price before a discount, when the feed gives one above the price. */
  listPriceCents: number | null;
  /** A lab-grown stone's growth method when the feed states it (null otherwise and for natural stones). */
  growthMethod: "CVD" | "HPHT" | null;
  /** A lab-grown stone's post-growth treatment: 1 treated, 0 as grown, null when not stated and for natural stones. */
  treated: number | null;
  /** The price model's price for these grades (shared/catalogue/price-model.ts), for the default order. */
  modelCents: number;
}

/** A rejected row: its line, why, and the row as written. */
export interface Reject {
  line: number;
  reasons: string[];
  raw: string;
}

/** The feed columns a feed must have, with the accepted alternatives: missing ones are a usage error. */
export function missingColumns(present: ReadonlySet<Field>): string[] {
  const missing: string[] = [];
  for (const f of ["carat", "cut", "color", "clarity", "price", "depth_pct", "table_pct"] as const) {
    if (!present.has(f)) missing.push(f);
  }
  const mm = (["length_mm", "width_mm", "depth_mm"] as const).filter((f) => !present.has(f));
  if (mm.length > 0 && !present.has("measurements")) missing.push(`${mm.join(", ")} (or measurements)`);
  return missing;
}

/** Weight factor k per shape in carat ≈ length × width × depth × k (the demo generator's, emerald's at ratio 1.4). */
const WEIGHT_FACTOR: Readonly<Record<number, number>> = {
  1: 0.0061,
  2: 0.0083,
  3: 0.0058,
  4: 0.00896,
  5: 0.0059,
  6: 0.0062,
  7: 0.0059,
  8: 0.0081,
  9: 0.008,
  10: 0.0081,
};

/** The carat weight a stone of this shape and these measurements would have (rough: ±20 % for normal cuts). */
export function impliedCarat(shape: number, l: number, w: number, d: number): number {
  return l * w * d * (WEIGHT_FACTOR[shape] ?? 0.0065);
}

/** Polish/symmetry when the feed does not grade them: follow the cut grade (Ideal and Excellent → Excellent). */
export function finishFromCut(cut: number): number {
  return cut <= 1 ? 1 : cut === 2 ? 2 : 3;
}

/**
 * Eye cleanliness when the feed does not say, from clarity alone: FL–VS2 are eye clean (the seed makes ≥ 85 % of
 * them so); SI1 and SI2 are unknown (the seed splits them without a clear majority, and guessing would mislead).
 */
export function eyeCleanFromClarity(clarity: number): number {
  return clarity <= 6 ? 1 : EYE_CLEAN_UNKNOWN;
}
