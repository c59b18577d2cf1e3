/**
 * The diamond search page keeps its whole filter state in the URL, so a search can be bookmarked, shared,
 * crawled and used without JavaScript (a plain GET form). The canonical form is the semantic URL
 * `/diamond-search/s?shape=oval&carat=1-1.5&color=d-g&clarity=vs1,vs2&origin=lab` — readable words and
 * ranges, defaults left out; the default search is plain `/diamond-search`. Parsing is lenient: it also
 * reads the form's own field names (caratMin, priceMax, …) and repeated parameters, and an unknown or
 * malformed value is dropped (and reported), never an error page.
 */
import { CERTIFICATE_LABS, CLARITIES, COLORS, CUTS, FINISH_GRADES, FLUORESCENCES, SEARCH_CUT_CODES, SHAPES, byName, type EnumEntry } from "./enums";
import { FILTER_DEFAULTS, type RANGE_PAIRS, SEARCH_DEFAULTS, SORT_FIELDS, type SortField } from "./search-constants";
import type { DiamondFilters, DiamondSearchInput } from "./schemas";

export type Origin = "natural" | "lab" | "all";

/** Every filter of a diamond search plus the page. */
export type SearchState = DiamondFilters & { page: number };

export const SEARCH_PATH = "/diamond-search";
export const SEMANTIC_PATH = "/diamond-search/s";

/** The state of a fresh search page: §9 defaults, natural diamonds. */
export const DEFAULT_STATE: Readonly<SearchState> = { ...FILTER_DEFAULTS, isLabGrown: false, page: 1 };

export function originOf(state: Pick<SearchState, "isLabGrown">): Origin {
  return state.isLabGrown === true ? "lab" : state.isLabGrown === false ? "natural" : "all";
}

export const SEARCH_CUTS = CUTS.filter((c) => (SEARCH_CUT_CODES as readonly number[]).includes(c.code));

type ListField = "diamondShapes" | "colors" | "clarities" | "cuts" | "polishes" | "symmetries" | "fluorescences" | "certificateLabs";

/** URL parameter ↔ list field, with the enumeration whose slugs the URL uses; `grades` allows "d-g" ranges. */
const LISTS: { param: string; field: ListField; list: readonly EnumEntry[]; grades?: boolean }[] = [
  { param: "shape", field: "diamondShapes", list: SHAPES },
  { param: "color", field: "colors", list: COLORS, grades: true },
  { param: "clarity", field: "clarities", list: CLARITIES, grades: true },
  { param: "cut", field: "cuts", list: SEARCH_CUTS },
  { param: "polish", field: "polishes", list: FINISH_GRADES },
  { param: "symmetry", field: "symmetries", list: FINISH_GRADES },
  { param: "fluorescence", field: "fluorescences", list: FLUORESCENCES },
  { param: "lab", field: "certificateLabs", list: CERTIFICATE_LABS },
];

type RangeField = (typeof RANGE_PAIRS)[number][number];

/** URL parameter ↔ range pair ("carat=1-1.5"; the form sends caratMin/caratMax). */
const RANGES: { param: string; min: RangeField; max: RangeField; lo: number; hi: number }[] = [
  { param: "price", min: "priceMin", max: "priceMax", lo: 0, hi: 100_000_000 },
  { param: "carat", min: "caratMin", max: "caratMax", lo: 0, hi: 50 },
  { param: "depth", min: "depthMin", max: "depthMax", lo: 0, hi: 100 },
  { param: "table", min: "tableMin", max: "tableMax", lo: 0, hi: 100 },
  { param: "ratio", min: "ratioMin", max: "ratioMax", lo: 0.5, hi: 4 },
];

const FLAGS: { param: string; field: "eyeClean" | "hasImage" | "hasVideo" | "loupeIdeal" }[] = [
  { param: "eyeClean", field: "eyeClean" },
  { param: "image", field: "hasImage" },
  { param: "video", field: "hasVideo" },
  { param: "ideal", field: "loupeIdeal" },
];

function values(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter(Boolean);
}

function codes(params: URLSearchParams, key: string, list: readonly EnumEntry[], grades: boolean, ignored: string[]): number[] {
  const out = new Set<number>();
  for (const raw of values(params, key)) {
    const e = byName(list, raw);
    if (e) {
      out.add(e.code);
      continue;
    }
    const span = grades ? raw.split("-") : [];
    const [a, b] = span.length === 2 ? [byName(list, span[0]!), byName(list, span[1]!)] : [undefined, undefined];
    if (a && b) {
      for (const c of list) if (c.code >= Math.min(a.code, b.code) && c.code <= Math.max(a.code, b.code)) out.add(c.code);
    } else {
      ignored.push(`${key}=${raw}`);
    }
  }
  return [...out].sort((x, y) => x - y);
}

function number(raw: string | null | undefined, lo: number, hi: number): number | undefined | null {
  if (raw === null || raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw.replace(/[$,\s]/g, ""));
  return Number.isFinite(n) && n >= lo && n <= hi ? n : null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Parses the query into a complete search state; `ignored` lists the values that were dropped. */
export function parseSearchParams(params: URLSearchParams): { state: SearchState; ignored: string[] } {
  const ignored: string[] = [];
  const state: SearchState = { ...DEFAULT_STATE };
  const originRaw = params.get("origin");
  if (originRaw === "lab" || originRaw === "natural" || originRaw === "all") state.isLabGrown = originRaw === "all" ? null : originRaw === "lab";
  else if (originRaw) ignored.push(`origin=${originRaw}`);
  for (const l of LISTS) state[l.field] = codes(params, l.param, l.list, l.grades === true, ignored);
  for (const r of RANGES) {
    let min: number | undefined;
    let max: number | undefined;
    const span = params.get(r.param);
    if (span !== null && span.trim() !== "") {
      const m = /^\s*([^-]*)-([^-]*)\s*$/.exec(span);
      const a = m ? number(m[1], r.lo, r.hi) : null;
      const b = m ? number(m[2], r.lo, r.hi) : null;
      if (a === null || b === null) ignored.push(`${r.param}=${span}`);
      else [min, max] = [a, b];
    }
    for (const [key, side] of [
      [r.min, "min"],
      [r.max, "max"],
    ] as const) {
      const raw = params.get(key);
      const n = number(raw, r.lo, r.hi);
      if (n === null) ignored.push(`${key}=${raw}`);
      else if (n !== undefined) side === "min" ? (min = n) : (max = n);
    }
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    if (r.param === "price") {
      state.priceMin = min ?? DEFAULT_STATE.priceMin;
      state.priceMax = max ?? DEFAULT_STATE.priceMax;
      if (state.priceMin > state.priceMax) [state.priceMin, state.priceMax] = [state.priceMax, state.priceMin];
    } else {
      const ranges = state as Partial<Record<RangeField, number>>;
      ranges[r.min] = min;
      ranges[r.max] = max;
    }
  }
  for (const f of FLAGS) {
    const raw = params.get(f.param);
    state[f.field] = raw === "1" || raw === "true" || raw === "on";
  }
  const ship = params.get("ship") === "-1" ? undefined : number(params.get("ship"), 0, 365);
  if (ship === null) ignored.push(`ship=${params.get("ship")}`);
  else if (ship !== undefined) state.shippingDays = Math.trunc(ship);
  const shipBy = params.get("shipBy");
  if (shipBy && ISO_DAY.test(shipBy) && Number.isFinite(Date.parse(`${shipBy}T00:00:00Z`))) state.shipsByHolidayDate = shipBy;
  else if (shipBy) ignored.push(`shipBy=${shipBy}`);
  for (const [param, field] of [
    ["retailer", "naturalDiamondRetailers"],
    ["labRetailer", "labGrownDiamondRetailers"],
  ] as const) {
    const ids = values(params, param).map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 65535)) ignored.push(`${param}=${params.get(param)}`);
    state[field] = [...new Set(ids.filter((n) => Number.isInteger(n) && n >= 1 && n <= 65535))].sort((a, b) => a - b);
  }
  const cert = (params.get("cert") ?? "").trim();
  if (/^[A-Za-z0-9-]{1,40}$/.test(cert)) state.certificateNumber = cert;
  else if (cert) ignored.push(`cert=${cert}`);
  const sortRaw = params.get("sort");
  if ((SORT_FIELDS as readonly string[]).includes(sortRaw ?? "")) state.sortBy = sortRaw as SortField;
  else if (sortRaw) ignored.push(`sort=${sortRaw}`);
  state.sortOrder = params.get("order") === "desc" ? "desc" : "asc";
  const page = number(params.get("page"), 1, 10_000);
  if (page === null) ignored.push(`page=${params.get("page")}`);
  state.page = Math.trunc(page ?? 1);
  return { state, ignored };
}

function slugList(list: readonly EnumEntry[], picked: readonly number[], grades: boolean): string {
  const sorted = [...picked].sort((a, b) => a - b);
  const slug = (c: number) => list.find((e) => e.code === c)?.slug ?? String(c);
  const contiguous = sorted.length >= 3 && sorted.every((c, i) => i === 0 || c === sorted[i - 1]! + 1);
  if (grades && contiguous) return `${slug(sorted[0]!)}-${slug(sorted.at(-1)!)}`;
  return sorted.map(slug).join(",");
}

const span = (min: number | undefined, max: number | undefined) => `${min ?? ""}-${max ?? ""}`;

/** The canonical (semantic) query for a state: words and ranges, every default left out. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.isLabGrown !== DEFAULT_STATE.isLabGrown) p.set("origin", originOf(state));
  for (const l of LISTS) if (state[l.field].length) p.set(l.param, slugList(l.list, state[l.field], l.grades === true));
  for (const r of RANGES) {
    if (r.param === "price") {
      if (state.priceMin !== DEFAULT_STATE.priceMin || state.priceMax !== DEFAULT_STATE.priceMax) p.set("price", span(state.priceMin, state.priceMax));
    } else if (state[r.min] !== undefined || state[r.max] !== undefined) p.set(r.param, span(state[r.min], state[r.max]));
  }
  for (const f of FLAGS) if (state[f.field]) p.set(f.param, "1");
  if (state.shippingDays >= 0) p.set("ship", String(state.shippingDays));
  if (state.shipsByHolidayDate) p.set("shipBy", state.shipsByHolidayDate);
  if (state.naturalDiamondRetailers.length) p.set("retailer", state.naturalDiamondRetailers.join(","));
  if (state.labGrownDiamondRetailers.length) p.set("labRetailer", state.labGrownDiamondRetailers.join(","));
  if (state.certificateNumber) p.set("cert", state.certificateNumber);
  if (state.sortBy !== DEFAULT_STATE.sortBy) p.set("sort", state.sortBy);
  if (state.sortOrder !== DEFAULT_STATE.sortOrder) p.set("order", state.sortOrder);
  if (state.page !== 1) p.set("page", String(state.page));
  return p;
}

/** The canonical URL of a state: `/diamond-search` for the default search, the semantic URL otherwise. */
export function searchHref(state: SearchState): string {
  const q = queryString(toSearchParams(state));
  return q ? `${SEMANTIC_PATH}?${q}` : SEARCH_PATH;
}

/** A query string that keeps the separators people read (`,` `-` `.`) unescaped. */
export function queryString(params: URLSearchParams): string {
  return [...params].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%2C/gi, ",")}`).join("&");
}

/** The filters of a state (what a saved search stores). */
export function filtersOf(state: SearchState): DiamondFilters {
  const { page: _page, ...filters } = state;
  return filters;
}

/** The `POST /api/diamonds2` body for a state. */
export function toSearchRequest(state: SearchState, opts: { pageSize?: number; includeFacets?: boolean; dealScores?: boolean } = {}): DiamondSearchInput {
  const req: DiamondSearchInput = {
    ...filtersOf(state),
    pageNumber: state.page,
    pageSize: opts.pageSize ?? SEARCH_DEFAULTS.pageSize,
    includeFacets: opts.includeFacets ?? false,
  };
  // Only when asked (Deal_Score_Badge), so every other search keeps its request and its cached result.
  if (opts.dealScores) req.dealScores = true;
  return req;
}

/** The state a saved search restores (its filters, page 1). */
export function stateOf(filters: DiamondFilters, page = 1): SearchState {
  return { ...filters, page };
}
