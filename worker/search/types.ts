/**
 * What the search index answers (docs/decisions/007-search-index.md): a validated search in index terms,
 * its result, the diamond a "similar" search starts from, and the engine's tuning knobs.
 */
import type { SummaryColumns } from "../diamonds/summary";
import type { SortField } from "#shared/schemas.ts";

/** One indexed diamond as a result list shows it, in `diamonds` column names (is_sold is always 0). */
export type DisplayRow = SummaryColumns;

/** A validated search, in index terms (see toEngineQuery in query-plan.ts). */
export interface EngineQuery {
  isLabGrown: boolean | null;
  shapes: readonly number[];
  colors: readonly number[];
  clarities: readonly number[];
  /** Search cut grades 0-3; Ideal (0) also matches the house grade (4). */
  cuts: readonly number[];
  certificateLabs: readonly number[];
  polishes: readonly number[];
  symmetries: readonly number[];
  fluorescences: readonly number[];
  naturalRetailers: readonly number[];
  labRetailers: readonly number[];
  priceMinCents: number;
  priceMaxCents: number;
  caratMin?: number;
  caratMax?: number;
  depthMin?: number;
  depthMax?: number;
  tableMin?: number;
  tableMax?: number;
  ratioMin?: number;
  ratioMax?: number;
  /** Ships within this many days; null for any. */
  maxShippingDays: number | null;
  eyeClean: boolean;
  hasImage: boolean;
  hasVideo: boolean;
  loupeIdeal: boolean;
  /** Restrict to these diamond ids (certificate-number search); null for no restriction. */
  onlyIds: readonly number[] | null;
  sortBy: SortField;
  sortOrder: "asc" | "desc";
  offset: number;
  limit: number;
  facets: boolean;
}

export interface FacetCounts {
  origin: Record<string, number>; // "natural" | "lab"
  shape: Record<string, number>;
  color: Record<string, number>;
  clarity: Record<string, number>;
  cut: Record<string, number>; // search grades 0-3 (0 includes the house grade)
  certificateLab: Record<string, number>;
}

export interface EngineResult {
  ids: number[];
  /** The page's rows in the index (for display()). */
  rows: number[];
  total: number;
  facets?: FacetCounts;
  /** Counts per PRICE_HISTOGRAM_EDGES_USD bucket, with every filter but price applied. */
  priceHistogram?: number[];
}

/** The diamond whose likes `SearchIndex.similar` finds (grades as codes: colour and clarity 1-8, cut 0-4). */
export interface SimilarTo {
  id: number;
  isLabGrown: boolean;
  shape: number;
  carat: number;
  color: number;
  clarity: number;
  cut: number;
}

/** Knobs of the page selection, exposed so tests can force every path on a small catalogue. */
export interface EngineTuning {
  /** Results up to this many are sorted outright. */
  smallTotal: number;
  /** Rows a permutation walk may visit (at least) before it gives way to selecting from the matches. */
  walkBudget: number;
  /** …and per match: a walk step (a bit test at a random row) costs about what a selection step does. */
  walkPerMatch: number;
  /** Most bands of the range bitmaps of carat, depth, table and ratio (shipping days: most distinct values). */
  bands: number;
}

export const DEFAULT_TUNING: EngineTuning = { smallTotal: 2048, walkBudget: 20_000, walkPerMatch: 1, bands: 24 };
