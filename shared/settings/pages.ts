/**
 * The setting, wedding band and jewellery search pages of §2 as plain data (no validator code, so the
 * browser can use it without loading valibot): each page's paths, heading, the filters it fixes, its page
 * size and its style list; the collections; the style filter's meaning. Worker and client both read it.
 */
import { EARRING_STYLES, FILTER_STYLES, PENDANT_STYLES, type FilterValue, type ItemTypeName } from "../enums";
import type { SettingFilters } from "./schemas";
import { type COLLECTION_FAMILIES, SEARCH_PAGE_PATHS } from "./paths";

/** §9: settings page size 20, jewellery 19. */
export const SETTINGS_PAGE_SIZE = 20;
export const JEWELRY_PAGE_SIZE = 19;
export const MAX_SETTINGS_PAGE_SIZE = 60;

/** The sorts of a setting search (§9 default: sortingOrder ascending). */
export const SETTING_SORT_FIELDS = ["sortingOrder", "price", "name"] as const;

/** Metal codes the settings come in: platinum and 14K/18K white, yellow and rose gold. */
export const SETTING_METALS = [1, 2, 3, 4, 5, 6, 7] as const;
/** The 14K two-tone codes some ring settings and women's bands also come in (white/yellow, white/rose, yellow/rose, both orders). */
export const TWO_TONE_SETTING_METALS = [124, 142, 126, 162, 146, 164] as const;
/** Men's bands also come in palladium and the alternative metals. */
export const ALTERNATIVE_BAND_METALS = [8, 10, 11, 12, 13, 14, 15, 16] as const;

/** What a saved search of settings is: engagement settings and bands (`setting`) or jewellery (`jewellery`). */
export type SettingSearchKind = "setting" | "jewellery";

/** The filters a page fixes (the shopper cannot change these on that page). */
export interface FixedFilters {
  itemType?: number;
  itemTypeNames?: ItemTypeName[];
  gender?: "women" | "men";
  eternity?: boolean;
}

export interface SearchPageDef {
  /** Stable id: route ids, content-store headings and tests use it. */
  id: string;
  kind: SettingSearchKind;
  /** The page's path without searchId (e.g. /wedding-rings). */
  base: string;
  /** The semantic URL (§2 "/s" variants): filters in the query string. */
  semantic: string;
  /** The page's own heading; the content store may give another and a subheading (searchHeadingOf). */
  heading: string;
  fixed: FixedFilters;
  /** The style list its filters offer (§3 enumerations), if any. */
  styles: readonly FilterValue[] | null;
  /** Where the styles' Presets option (value 0) sends the shopper (§2). */
  presetsRedirect?: string;
  /** The jewellery filter buttons' label and help text (§2), on jewellery pages. */
  label?: string;
  help?: string;
}

/** Item type names the jewellery search covers ("all item types" of /jewelry-search): finished pieces. */
export const JEWELRY_TYPE_NAMES: readonly ItemTypeName[] = ["Bracelet", "Necklace", "PresetEarrings", "PresetEngagementRing"];

/** The filters a page fixes, over a filter state (the page's own win; its item type list is copied, not shared). */
export function withFixed(filters: SettingFilters, fixed: FixedFilters): SettingFilters {
  return { ...filters, ...fixed, itemTypeNames: fixed.itemTypeNames ? [...fixed.itemTypeNames] : filters.itemTypeNames };
}

const ring: FixedFilters = { itemType: 1, itemTypeNames: ["Setting"] };

/** Every search page of §2 except the diamond search. */
export const SEARCH_PAGES: readonly SearchPageDef[] = [
  {
    id: "setting-search",
    kind: "setting",
    ...SEARCH_PAGE_PATHS["setting-search"],
    heading: "Engagement Ring Settings",
    fixed: ring,
    styles: FILTER_STYLES,
  },
  {
    id: "pendant-search",
    kind: "setting",
    ...SEARCH_PAGE_PATHS["pendant-search"],
    heading: "Diamond Pendant Settings",
    fixed: { itemType: 2, itemTypeNames: ["Pendant"] },
    styles: PENDANT_STYLES,
    presetsRedirect: "/jewelry-search/necklaces",
  },
  {
    id: "earrings",
    kind: "setting",
    ...SEARCH_PAGE_PATHS.earrings,
    heading: "Diamond Earring Settings",
    fixed: { itemType: 4, itemTypeNames: ["Stud"] },
    styles: EARRING_STYLES,
    presetsRedirect: "/jewelry-search/earrings",
  },
  {
    id: "wedding-rings",
    kind: "setting",
    ...SEARCH_PAGE_PATHS["wedding-rings"],
    heading: "Women's Wedding Rings",
    fixed: { itemType: 0, itemTypeNames: ["WeddingBands"], gender: "women" },
    styles: null,
  },
  {
    id: "mens-wedding-bands",
    kind: "setting",
    ...SEARCH_PAGE_PATHS["mens-wedding-bands"],
    heading: "Men's Wedding Bands",
    fixed: { itemType: 0, itemTypeNames: ["WeddingBands"], gender: "men" },
    styles: null,
  },
  {
    id: "eternity-rings",
    kind: "setting",
    ...SEARCH_PAGE_PATHS["eternity-rings"],
    heading: "Eternity Rings for Women",
    fixed: { itemType: 0, itemTypeNames: ["WeddingBands"], gender: "women", eternity: true },
    styles: null,
  },
  {
    id: "jewelry-bracelets",
    kind: "jewellery",
    ...SEARCH_PAGE_PATHS["jewelry-bracelets"],
    heading: "Shop Diamond Bracelets",
    fixed: { itemTypeNames: ["Bracelet"] },
    styles: null,
    label: "bracelets",
    help: "Diamond Bracelets",
  },
  {
    id: "jewelry-necklaces",
    kind: "jewellery",
    ...SEARCH_PAGE_PATHS["jewelry-necklaces"],
    heading: "Shop Diamond Necklaces",
    fixed: { itemTypeNames: ["Necklace"] },
    styles: null,
    label: "necklaces",
    help: "Diamond Necklaces",
  },
  {
    id: "jewelry-earrings",
    kind: "jewellery",
    ...SEARCH_PAGE_PATHS["jewelry-earrings"],
    heading: "Shop Diamond Earrings",
    fixed: { itemTypeNames: ["PresetEarrings"] },
    styles: null,
    label: "earrings",
    help: "Diamond Earrings",
  },
  {
    id: "jewelry-search",
    kind: "jewellery",
    ...SEARCH_PAGE_PATHS["jewelry-search"],
    heading: "Jewelry Gifts",
    fixed: { itemTypeNames: [...JEWELRY_TYPE_NAMES] },
    styles: null,
    label: "items",
    help: "items",
  },
];

/** The jewellery pages, in the order of their filter buttons (§2: bracelets, necklaces, earrings, items). */
export const JEWELRY_PAGES = SEARCH_PAGES.filter((p) => p.kind === "jewellery");

export function searchPage(id: string): SearchPageDef {
  const page = SEARCH_PAGES.find((p) => p.id === id);
  if (!page) throw new RangeError(`unknown search page ${id}`);
  return page;
}

export const pageSizeOf = (kind: SettingSearchKind): number => (kind === "jewellery" ? JEWELRY_PAGE_SIZE : SETTINGS_PAGE_SIZE);

/**
 * A curated collection (§2 collections): a name, a heading and the filters it applies on top of its page's.
 * Its intro comes from the content store (page id `{family}/collections/{name}`).
 */
export interface Collection {
  name: string;
  title: string;
  styles?: number[];
  metals?: number[];
  queryText?: string;
  priceMax?: number;
}

/** Collections by the page family whose path they sit under. */
export const COLLECTIONS: Readonly<Record<(typeof COLLECTION_FAMILIES)[number], readonly Collection[]>> = {
  "setting-search": [
    { name: "vintage", title: "Vintage-Inspired Settings", styles: [11] },
    { name: "halo", title: "Halo Settings", styles: [2] },
    { name: "solitaire", title: "Solitaire Settings", styles: [1] },
    { name: "rose-gold", title: "Rose Gold Settings", metals: [6, 7] },
    { name: "under-1000", title: "Settings Under $1,000", priceMax: 1000 },
  ],
  "engagement-rings": [
    { name: "ready-to-ship", title: "Ready-to-Ship Engagement Rings" },
    { name: "halo", title: "Halo Engagement Rings", styles: [2] },
    { name: "solitaire", title: "Solitaire Engagement Rings", styles: [1] },
  ],
  "jewelry-search": [
    { name: "gifts-under-1000", title: "Gifts Under $1,000", priceMax: 1000 },
    { name: "tennis", title: "Tennis Bracelets", queryText: "tennis" },
    { name: "studs", title: "Diamond Studs", queryText: "stud" },
  ],
};

/** The page a collection family's results use (its fixed filters and kind). */
export const COLLECTION_PAGES: Readonly<Record<keyof typeof COLLECTIONS, FixedFilters & { kind: SettingSearchKind }>> = {
  "setting-search": { kind: "setting", ...ring },
  "engagement-rings": { kind: "setting", itemType: 5, itemTypeNames: ["PresetEngagementRing"] },
  "jewelry-search": { kind: "jewellery", itemTypeNames: [...JEWELRY_TYPE_NAMES] },
};

/**
 * What a style filter value matches (§3 filter, earring and pendant style lists): 1, 2, 4, 8, 32 and 128 are
 * bits of a setting's style; Hidden Halo (9) is the style bit 16; Unique (10) and Vintage (11) match by keyword
 * and are excluded from the bitmask; Presets (0) is not a style — its option sends the shopper to the presets.
 */
export function styleBit(value: number): number | null {
  if (value === 9) return 16;
  return [1, 2, 4, 8, 32, 128].includes(value) ? value : null;
}

/** The keywords of a keyword style (Unique, Vintage), or null. */
export function styleKeywords(value: number): readonly string[] | null {
  return FILTER_STYLES.find((s) => s.value === value && s.exclude)?.keywords ?? null;
}

/** Every style value a filter may hold (the union of the three lists). */
export const STYLE_VALUES: readonly number[] = [...new Set([...FILTER_STYLES, ...EARRING_STYLES, ...PENDANT_STYLES].map((s) => s.value))];

/** The page ids the content store may hold a heading for: every search page and every collection. */
export const CONTENT_PAGE_IDS: readonly string[] = [
  ...SEARCH_PAGES.map((p) => p.id),
  ...Object.entries(COLLECTIONS).flatMap(([family, list]) => list.map((c) => `${family}/collections/${c.name}`)),
];

/**
 * The heading and subheading a search page shows: on jewellery pages the h1/h2 query parameters (decoded,
 * §2) first; then the content store's (`stored`); else the page's own heading and no subheading.
 */
export function searchHeadingOf(
  page: Pick<SearchPageDef, "heading" | "kind">,
  query: URLSearchParams,
  stored: { heading: string; subheading: string } | null,
): { heading: string; subheading: string } {
  const param = (name: string) => {
    const value = page.kind === "jewellery" ? query.get(name)?.trim() : undefined;
    return value ? value.slice(0, 120) : null;
  };
  return {
    heading: param("h1") ?? (stored?.heading || page.heading),
    subheading: param("h2") ?? stored?.subheading ?? "",
  };
}
