/**
 * The plain values of the search schemas (defaults, sort fields, range pairs): no validator code, so the
 * browser can use them without loading valibot. shared/schemas.ts re-exports them next to the schemas.
 */
import type { DiamondFilters } from "./schemas";

/** §9 "Search page defaults". */
export const SEARCH_DEFAULTS = {
  pageNumber: 1,
  pageSize: 16,
  priceMin: 650,
  priceMax: 20000,
  shippingDays: -1,
  sortBy: "sortingOrder",
  sortOrder: "asc",
} as const;

export const MAX_PAGE_SIZE = 100;

export const SORT_FIELDS = ["sortingOrder", "price", "carat", "color", "clarity", "cut", "pricePerCarat"] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** Which min/max pairs a search may hold; each min must not exceed its max. */
export const RANGE_PAIRS = [
  ["priceMin", "priceMax"],
  ["caratMin", "caratMax"],
  ["depthMin", "depthMax"],
  ["tableMin", "tableMax"],
  ["ratioMin", "ratioMax"],
] as const;

/**
 * What `DiamondFilters` fills in for an empty filter state, as a plain object: the browser builds search
 * states from it without loading the validator (tests/unit/search/search-url.test.ts holds the two equal).
 */
export const FILTER_DEFAULTS = {
  priceMin: SEARCH_DEFAULTS.priceMin,
  priceMax: SEARCH_DEFAULTS.priceMax,
  diamondShapes: [],
  colors: [],
  clarities: [],
  cuts: [],
  polishes: [],
  symmetries: [],
  fluorescences: [],
  certificateLabs: [],
  naturalDiamondRetailers: [],
  labGrownDiamondRetailers: [],
  shippingDays: SEARCH_DEFAULTS.shippingDays,
  eyeClean: false,
  hasImage: false,
  hasVideo: false,
  loupeIdeal: false,
  certificateNumber: "",
  sortBy: SEARCH_DEFAULTS.sortBy,
  sortOrder: SEARCH_DEFAULTS.sortOrder,
} satisfies DiamondFilters;

/** §8: what a failed search restore answers (API error message and the page's search-error flag). */
export const NO_FILTERS_FOUND = "No filters found";
