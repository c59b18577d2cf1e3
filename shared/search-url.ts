/**
 * The diamond search page keeps its whole filter state in the URL query, so a search can be bookmarked,
 * shared, crawled and used without JavaScript (a plain GET form). This module maps between the query
 * and the API request body of `POST /api/diamonds2`. Values people type are parsed leniently: an
 * unknown or malformed value is dropped (and reported), never an error page.
 */
import { CLARITIES, COLORS, CUTS, SEARCH_CUT_CODES, SHAPES, byName } from "./enums";
import { SEARCH_DEFAULTS, SORT_FIELDS, type DiamondSearchInput, type SortField } from "./schemas";

export type Origin = "natural" | "lab" | "all";

export interface SearchState {
  origin: Origin;
  shapes: number[];
  colors: number[];
  clarities: number[];
  cuts: number[];
  caratMin?: number;
  caratMax?: number;
  priceMin: number;
  priceMax: number;
  sortBy: SortField;
  sortOrder: "asc" | "desc";
  page: number;
}

export const DEFAULT_STATE: Readonly<SearchState> = {
  origin: "natural",
  shapes: [],
  colors: [],
  clarities: [],
  cuts: [],
  priceMin: SEARCH_DEFAULTS.priceMin,
  priceMax: SEARCH_DEFAULTS.priceMax,
  sortBy: SEARCH_DEFAULTS.sortBy,
  sortOrder: SEARCH_DEFAULTS.sortOrder,
  page: 1,
};

function values(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter(Boolean);
}

function codes(params: URLSearchParams, key: string, list: readonly { code: number; slug: string; label: string }[], ignored: string[]): number[] {
  const out = new Set<number>();
  for (const raw of values(params, key)) {
    const e = byName(list, raw);
    if (e) out.add(e.code);
    else ignored.push(`${key}=${raw}`);
  }
  return [...out].sort((a, b) => a - b);
}

function num(params: URLSearchParams, key: string, ignored: string[], min: number, max: number): number | undefined {
  const raw = params.get(key);
  if (raw === null || raw.trim() === "") return undefined;
  const n = Number(raw.replace(/[$,\s]/g, ""));
  if (!Number.isFinite(n) || n < min || n > max) {
    ignored.push(`${key}=${raw}`);
    return undefined;
  }
  return n;
}

/** Parses the query into a complete search state; `ignored` lists the values that were dropped. */
export function parseSearchParams(params: URLSearchParams): { state: SearchState; ignored: string[] } {
  const ignored: string[] = [];
  const originRaw = params.get("origin");
  const origin: Origin = originRaw === "lab" || originRaw === "all" || originRaw === "natural" ? originRaw : DEFAULT_STATE.origin;
  if (originRaw && origin !== originRaw) ignored.push(`origin=${originRaw}`);
  const searchCuts = CUTS.filter((c) => (SEARCH_CUT_CODES as readonly number[]).includes(c.code));
  let caratMin = num(params, "caratMin", ignored, 0, 50);
  let caratMax = num(params, "caratMax", ignored, 0, 50);
  if (caratMin !== undefined && caratMax !== undefined && caratMin > caratMax) [caratMin, caratMax] = [caratMax, caratMin];
  let priceMin = num(params, "priceMin", ignored, 0, 100_000_000) ?? DEFAULT_STATE.priceMin;
  let priceMax = num(params, "priceMax", ignored, 0, 100_000_000) ?? DEFAULT_STATE.priceMax;
  if (priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  const sortRaw = params.get("sort");
  const sortBy = (SORT_FIELDS as readonly string[]).includes(sortRaw ?? "") ? (sortRaw as SortField) : DEFAULT_STATE.sortBy;
  if (sortRaw && sortBy !== sortRaw) ignored.push(`sort=${sortRaw}`);
  const orderRaw = params.get("order");
  const sortOrder = orderRaw === "desc" ? "desc" : "asc";
  const page = Math.trunc(num(params, "page", ignored, 1, 10_000) ?? 1);
  return {
    state: {
      origin,
      shapes: codes(params, "shape", SHAPES, ignored),
      colors: codes(params, "color", COLORS, ignored),
      clarities: codes(params, "clarity", CLARITIES, ignored),
      cuts: codes(params, "cut", searchCuts, ignored),
      caratMin,
      caratMax,
      priceMin,
      priceMax,
      sortBy,
      sortOrder,
      page,
    },
    ignored,
  };
}

function slugs(list: readonly { code: number; slug: string }[], picked: number[]): string {
  return picked.map((c) => list.find((e) => e.code === c)?.slug ?? String(c)).join(",");
}

/** The query for a state, leaving out every value that equals the default (so URLs stay short). */
export function toSearchParams(state: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.origin !== DEFAULT_STATE.origin) p.set("origin", state.origin);
  if (state.shapes.length) p.set("shape", slugs(SHAPES, state.shapes));
  if (state.caratMin !== undefined) p.set("caratMin", String(state.caratMin));
  if (state.caratMax !== undefined) p.set("caratMax", String(state.caratMax));
  if (state.colors.length) p.set("color", slugs(COLORS, state.colors));
  if (state.clarities.length) p.set("clarity", slugs(CLARITIES, state.clarities));
  if (state.cuts.length) p.set("cut", slugs(CUTS, state.cuts));
  if (state.priceMin !== DEFAULT_STATE.priceMin) p.set("priceMin", String(state.priceMin));
  if (state.priceMax !== DEFAULT_STATE.priceMax) p.set("priceMax", String(state.priceMax));
  if (state.sortBy !== DEFAULT_STATE.sortBy) p.set("sort", state.sortBy);
  if (state.sortOrder !== DEFAULT_STATE.sortOrder) p.set("order", state.sortOrder);
  if (state.page !== 1) p.set("page", String(state.page));
  return p;
}

/** The `POST /api/diamonds2` body for a state. */
export function toSearchRequest(state: SearchState, pageSize: number = SEARCH_DEFAULTS.pageSize): DiamondSearchInput {
  return {
    pageNumber: state.page,
    pageSize,
    priceMin: state.priceMin,
    priceMax: state.priceMax,
    diamondShapes: state.shapes,
    caratMin: state.caratMin,
    caratMax: state.caratMax,
    colors: state.colors,
    clarities: state.clarities,
    cuts: state.cuts,
    isLabGrown: state.origin === "all" ? null : state.origin === "lab",
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  };
}
