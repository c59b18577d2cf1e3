/**
 * The setting, wedding band and jewellery search pages keep their filters in the URL, like the diamond search
 * (shared/search-url.ts): a bookmarkable, crawlable semantic URL that a plain GET form produces without
 * JavaScript, e.g. `/setting-search/s?shape=oval&metal=platinum&style=halo,pave&price=500-2000&sort=price-asc`.
 * This module says which page a path is (searchPageFor), turns a query into filters leniently (an unknown or
 * malformed value, or a filter the page does not offer, is dropped and reported, never an error) and filters
 * back into the canonical query (defaults left out). Plain code: no validator, so the browser can use it.
 */
import { FILTER_STYLES, METALS, SHAPES, byName, slugify, type EnumEntry, type FilterValue } from "../enums";
import {
  ALTERNATIVE_BAND_METALS,
  COLLECTIONS,
  COLLECTION_PAGES,
  SEARCH_PAGES,
  SETTING_METALS,
  SETTING_SORT_FIELDS,
  TWO_TONE_SETTING_METALS,
  withFixed,
  type Collection,
  type SearchPageDef,
} from "./pages";
import type { SettingFilters } from "./schemas";

export type CollectionFamily = keyof typeof COLLECTIONS;

/** What a search page path is: one of SEARCH_PAGES (its semantic /s URL, or a saved searchId), or a collection. */
export type SearchPageMatch = { page: SearchPageDef; semantic: boolean; searchId?: string } | { collectionFamily: CollectionFamily; collection: string };

/** Same pattern as SEARCH_ID_PATTERN in shared/schemas.ts (not imported from there: that module loads valibot). */
export const SETTING_SEARCH_ID = /^[0-9a-hjkmnp-tv-z]{12}$/;

/** Pages whose saved-search URL may carry a landing-page segment after the searchId (§2 `/{searchId?}/{slp?}`); it is ignored. */
const WITH_SLP = new Set(["setting-search", "earrings"]);

const BY_BASE_LENGTH = [...SEARCH_PAGES].sort((a, b) => b.base.length - a.base.length);

/**
 * The search page a pathname shows (case-insensitive, trailing slash allowed), or null. `/x/s` is the semantic
 * URL of page /x too (the earrings page's own semantic URL is /earrings-search/s).
 */
export function searchPageFor(pathname: string): SearchPageMatch | null {
  const path = pathname.replace(/\/{2,}/g, "/").replace(/(.)\/+$/, "$1");
  const lower = path.toLowerCase();
  const collection = /^\/(setting-search|engagement-rings|jewelry-search)\/collections\/([^/]+)$/.exec(lower);
  if (collection) return { collectionFamily: collection[1] as CollectionFamily, collection: safeDecode(collection[2]!) };
  for (const page of SEARCH_PAGES) if (lower === page.semantic) return { page, semantic: true };
  for (const page of BY_BASE_LENGTH) {
    if (lower === page.base) return { page, semantic: false };
    if (!lower.startsWith(`${page.base}/`)) continue;
    const rest = path.slice(page.base.length + 1).split("/");
    if (rest.length === 1 && rest[0]!.toLowerCase() === "s") return { page, semantic: true };
    if (rest.length === 1 || (rest.length === 2 && WITH_SLP.has(page.id))) return { page, semantic: false, searchId: safeDecode(rest[0]!) };
    return null;
  }
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * A collection (§2 collections) as a search page: its path, heading (title) and its family's fixed
 * filters; null for an unknown name. Its own filters (styles, metals, words, price cap) apply through
 * `applyCollection`, and its filter form leaves them out.
 */
export function collectionPage(family: CollectionFamily, name: string): { page: SearchPageDef; collection: Collection } | null {
  const collection = COLLECTIONS[family].find((c) => c.name === name.toLowerCase());
  if (!collection) return null;
  const { kind, ...fixed } = COLLECTION_PAGES[family];
  const path = `/${family}/collections/${collection.name}`;
  return {
    collection,
    page: {
      id: `${family}/collections/${collection.name}`,
      kind,
      base: path,
      semantic: path,
      heading: collection.title,
      fixed,
      styles: family === "jewelry-search" || collection.styles ? null : FILTER_STYLES,
    },
  };
}

/** A collection's filters over the shopper's: its styles and metals replace theirs, its words add to theirs, its price cap caps theirs. */
export function applyCollection(filters: SettingFilters, c: Collection): SettingFilters {
  const out: SettingFilters = { ...filters, queryText: [c.queryText, filters.queryText].filter(Boolean).join(" ") };
  if (c.styles) out.styles = [...c.styles];
  if (c.metals) out.metals = [...c.metals];
  if (c.priceMax !== undefined) {
    out.priceMax = Math.min(c.priceMax, filters.priceMax ?? Infinity);
    if (out.priceMin !== undefined && out.priceMin > out.priceMax) out.priceMin = undefined;
  }
  return out;
}

/** Which filters a page offers (its form shows them; the query's other filters are dropped). */
export interface OfferedFilters {
  /** Metal codes of its metal check boxes (empty: none, e.g. a collection that fixes the metals). */
  metals: readonly number[];
  shapes: boolean;
  /** Band width (wedding bands). */
  width: boolean;
  /** Side stone weight and "No side stones" (engagement rings). */
  sideStones: boolean;
  matchingBand: boolean;
  /** The ring builder's chosen diamond (setting pages that hold a centre stone). */
  diamond: boolean;
}

export function filtersOffered(page: SearchPageDef, collection?: Collection): OfferedFilters {
  const type = page.kind === "jewellery" ? null : page.fixed.itemType;
  const ring = type === 1 || type === 5;
  const band = type === 0;
  const metals =
    page.fixed.gender === "men"
      ? [...SETTING_METALS, ...ALTERNATIVE_BAND_METALS]
      : ring || band
        ? [...SETTING_METALS, ...TWO_TONE_SETTING_METALS]
        : [...SETTING_METALS];
  return {
    metals: collection?.metals ? [] : metals,
    shapes: ring || type === 2 || type === 4,
    width: band,
    sideStones: ring,
    matchingBand: type === 1,
    diamond: ring || type === 2 || type === 4,
  };
}

/** A page's filters before the shopper picks any: the §3 defaults (sortingOrder ascending, ships any time) and what the page fixes. */
export function defaultFilters(page: SearchPageDef): SettingFilters {
  return withFixed(
    {
      itemType: 1,
      itemTypeNames: [],
      metals: [],
      styles: [],
      queryText: "",
      diamondShapes: [],
      shippingDays: -1,
      noSidestone: false,
      naturalDiamondRetailers: [],
      labGrownDiamondRetailers: [],
      isMatchingBand: false,
      sortBy: "sortingOrder",
      sortOrder: "asc",
    },
    page.fixed,
  );
}

/** What a search page's URL holds: the filters (page defaults and fixed filters included), the result page and the ring builder's diamond. */
export interface SettingQuery {
  filters: SettingFilters;
  pageNumber: number;
  /** A diamond id (ring builder), carried through unchanged. */
  diamond: string | null;
  /** `param=value` of every value dropped as unknown, malformed or not offered on this page. */
  ignored: string[];
}

type RangeKey = "priceMin" | "priceMax" | "widthMin" | "widthMax" | "sideGemstonesWeightMin" | "sideGemstonesWeightMax";

/** `price=500-2000` (whole USD), `width=2-4` (mm), `sideStones=0.1-0.5` (ct); the form sends `{param}Min` and `{param}Max`. */
const RANGES: { param: string; min: RangeKey; max: RangeKey; hi: number; whole: boolean; offered: (o: OfferedFilters) => boolean }[] = [
  { param: "price", min: "priceMin", max: "priceMax", hi: 10_000_000, whole: true, offered: () => true },
  { param: "width", min: "widthMin", max: "widthMax", hi: 30, whole: false, offered: (o) => o.width },
  { param: "sideStones", min: "sideGemstonesWeightMin", max: "sideGemstonesWeightMax", hi: 30, whole: false, offered: (o) => o.sideStones },
];

const FLAGS: { param: string; field: "noSidestone" | "isMatchingBand"; offered: (o: OfferedFilters) => boolean }[] = [
  { param: "noSidestone", field: "noSidestone", offered: (o) => o.sideStones },
  { param: "matchingBand", field: "isMatchingBand", offered: (o) => o.matchingBand },
];

const DIAMOND_ID = /^[1-9]\d{0,15}$/;
const MAX_QUERY_TEXT = 80;

function values(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A number in [0, hi] from a query value; undefined when empty, null when malformed. */
function number(raw: string | undefined | null, hi: number): number | undefined | null {
  if (raw === undefined || raw === null || raw.trim() === "") return undefined;
  const n = Number(raw.replace(/[$,\s]/g, ""));
  return Number.isFinite(n) && n >= 0 && n <= hi ? n : null;
}

/** Codes of a list parameter: slugs or labels (case-insensitive) or the codes themselves, in code order. */
function codes(params: URLSearchParams, key: string, list: readonly EnumEntry[], ignored: string[]): number[] {
  const out = new Set<number>();
  for (const raw of values(params, key)) {
    const e = byName(list, raw) ?? list.find((x) => String(x.code) === raw);
    if (e) out.add(e.code);
    else ignored.push(`${key}=${raw}`);
  }
  return [...out].sort((a, b) => a - b);
}

const TRUE = new Set(["1", "true", "on", "yes"]);

/** Parses a search page's query into its filters, leniently: what cannot be read is dropped and listed in `ignored`. */
export function filtersFromQuery(params: URLSearchParams, page: SearchPageDef, collection?: Collection): SettingQuery {
  const ignored: string[] = [];
  const offered = filtersOffered(page, collection);
  const filters = defaultFilters(page);
  const drop = (key: string) => {
    for (const raw of params.getAll(key)) if (raw.trim() !== "") ignored.push(`${key}=${raw}`);
  };

  if (offered.shapes) filters.diamondShapes = codes(params, "shape", SHAPES, ignored);
  else drop("shape");
  if (offered.metals.length) {
    const metals = METALS.filter((m) => m.code !== 0);
    filters.metals = codes(params, "metal", metals, ignored).slice(0, 40);
  } else drop("metal");
  if (page.styles) {
    const picked = new Set<number>();
    for (const raw of values(params, "style")) {
      const slug = slugify(raw);
      const s = page.styles.find((x: FilterValue) => x.name === slug || String(x.value) === raw);
      if (s) picked.add(s.value);
      else ignored.push(`style=${raw}`);
    }
    filters.styles = page.styles.filter((s) => picked.has(s.value)).map((s) => s.value);
  } else drop("style");

  for (const r of RANGES) {
    if (!r.offered(offered)) {
      for (const key of [r.param, `${r.param}Min`, `${r.param}Max`]) drop(key);
      continue;
    }
    let min: number | undefined;
    let max: number | undefined;
    const span = params.get(r.param);
    if (span !== null && span.trim() !== "") {
      const m = /^\s*([^-]*)-([^-]*)\s*$/.exec(span);
      const a = m ? number(m[1], r.hi) : null;
      const b = m ? number(m[2], r.hi) : null;
      if (a === null || b === null) ignored.push(`${r.param}=${span}`);
      else [min, max] = [a, b];
    }
    for (const side of ["Min", "Max"] as const) {
      const raw = params.get(`${r.param}${side}`);
      const n = number(raw, r.hi);
      if (n === null) ignored.push(`${r.param}${side}=${raw}`);
      else if (n !== undefined) side === "Min" ? (min = n) : (max = n);
    }
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    if (r.whole) {
      min = min === undefined ? undefined : Math.floor(min);
      max = max === undefined ? undefined : Math.ceil(max);
    }
    filters[r.min] = min;
    filters[r.max] = max;
  }

  for (const f of FLAGS) {
    const raw = params.get(f.param);
    if (!f.offered(offered)) drop(f.param);
    else filters[f.field] = raw !== null && TRUE.has(raw.toLowerCase());
  }

  filters.queryText = (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_TEXT).trim();

  const ships = params.get("ships");
  if (ships !== null && ships.trim() !== "" && ships !== "-1" && ships !== "any") {
    const n = number(ships, 365);
    if (n === null || n === undefined || !Number.isInteger(n)) ignored.push(`ships=${ships}`);
    else filters.shippingDays = n;
  }

  const sort = params.get("sort");
  if (sort) {
    const [field, order = "asc"] = sort.split("-") as [string, string?];
    const f = SETTING_SORT_FIELDS.find((x) => x.toLowerCase() === field.toLowerCase());
    if (f && (order === "asc" || order === "desc") && sort.split("-").length <= 2) {
      filters.sortBy = f;
      filters.sortOrder = order;
    } else ignored.push(`sort=${sort}`);
  }

  let pageNumber = 1;
  const rawPage = params.get("page");
  if (rawPage) {
    const n = number(rawPage, 10_000);
    if (n === null || n === undefined || n < 1 || !Number.isInteger(n)) ignored.push(`page=${rawPage}`);
    else pageNumber = n;
  }

  let diamond: string | null = null;
  const rawDiamond = params.get("diamond");
  if (rawDiamond) {
    if (offered.diamond && DIAMOND_ID.test(rawDiamond)) diamond = rawDiamond;
    else ignored.push(`diamond=${rawDiamond}`);
  }
  return { filters, pageNumber, diamond, ignored };
}

const span = (min: number | undefined, max: number | undefined) => `${min ?? ""}-${max ?? ""}`;

/**
 * The canonical semantic query of a filter state on a page: readable slugs and ranges, in a fixed order,
 * every default and every fixed filter left out; then the ring builder's diamond and the result page.
 */
export function queryOf(
  filters: SettingFilters,
  page: SearchPageDef,
  extra: { pageNumber?: number; diamond?: string | null } = {},
  collection?: Collection,
): URLSearchParams {
  const p = new URLSearchParams();
  const offered = filtersOffered(page, collection);
  const slugs = (list: readonly EnumEntry[], picked: readonly number[]) =>
    [...picked]
      .sort((a, b) => a - b)
      .map((c) => list.find((e) => e.code === c)?.slug)
      .filter(Boolean)
      .join(",");
  if (offered.shapes && filters.diamondShapes.length) p.set("shape", slugs(SHAPES, filters.diamondShapes));
  if (offered.metals.length && filters.metals.length) p.set("metal", slugs(METALS, filters.metals));
  if (page.styles && filters.styles.length) {
    p.set(
      "style",
      page.styles
        .filter((s) => filters.styles.includes(s.value))
        .map((s) => s.name)
        .join(","),
    );
  }
  for (const r of RANGES)
    if (r.offered(offered) && (filters[r.min] !== undefined || filters[r.max] !== undefined)) p.set(r.param, span(filters[r.min], filters[r.max]));
  if (offered.sideStones && filters.noSidestone) p.set("noSidestone", "1");
  if (filters.queryText) p.set("q", filters.queryText);
  if (filters.shippingDays >= 0) p.set("ships", String(filters.shippingDays));
  if (offered.matchingBand && filters.isMatchingBand) p.set("matchingBand", "1");
  if (filters.sortBy !== "sortingOrder" || filters.sortOrder !== "asc") p.set("sort", `${filters.sortBy}-${filters.sortOrder}`);
  if (offered.diamond && extra.diamond) p.set("diamond", extra.diamond);
  if (extra.pageNumber && extra.pageNumber > 1) p.set("page", String(extra.pageNumber));
  return p;
}

/**
 * A query string that keeps the separators people read (`,` `-` `.`) unescaped. Like `values` and `span`,
 * it is the diamond search's (shared/search-url.ts) written again on purpose: shared, the three cost both
 * search pages bytes over their 90 KB budget (a chunk of their own, or the common chunk every page loads).
 */
export function queryString(params: URLSearchParams): string {
  return [...params].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%2C/gi, ",")}`).join("&");
}

/** The canonical URL of a filter state: the page's own path for the default search, its semantic URL otherwise. */
export function searchHrefOf(
  filters: SettingFilters,
  page: SearchPageDef,
  extra: { pageNumber?: number; diamond?: string | null } = {},
  collection?: Collection,
): string {
  const q = queryString(queryOf(filters, page, extra, collection));
  return q ? `${page.semantic}?${q}` : page.base;
}
