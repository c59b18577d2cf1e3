/**
 * Every enumeration of the spec (§3 "Enumerations"), defined once with codes and labels and used by
 * the worker, the client, the seed and the importer. Codes are the wire values; labels are for people;
 * slugs are for URLs.
 */

export interface EnumEntry<C extends number = number> {
  readonly code: C;
  readonly label: string;
  readonly slug: string;
}

function entries<const T extends readonly (readonly [number, string])[]>(pairs: T): EnumEntry[] {
  return pairs.map(([code, label]) => ({ code, label, slug: slugify(label) }));
}

/** Lowercase, hyphenated ASCII form of a label ("Very Good" → "very-good", "Pavé" → "pave"). */
export function slugify(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Shapes 1-10. */
export const SHAPES = entries([
  [1, "Round"],
  [2, "Princess"],
  [3, "Marquise"],
  [4, "Emerald"],
  [5, "Pear"],
  [6, "Oval"],
  [7, "Heart"],
  [8, "Radiant"],
  [9, "Asscher"],
  [10, "Cushion"],
] as const);

/** Colour 1-8 (D best). */
export const COLORS = entries([
  [1, "D"],
  [2, "E"],
  [3, "F"],
  [4, "G"],
  [5, "H"],
  [6, "I"],
  [7, "J"],
  [8, "K"],
] as const);

/** Clarity 1-8 (FL best). */
export const CLARITIES = entries([
  [1, "FL"],
  [2, "IF"],
  [3, "VVS1"],
  [4, "VVS2"],
  [5, "VS1"],
  [6, "VS2"],
  [7, "SI1"],
  [8, "SI2"],
] as const);

/** Brand name used wherever the spec writes "{product}". */
export const PRODUCT_NAME = "Loupe";

/** Cut 0-4. Code 4 is the house grade ("{product} Ideal"). Search offers the first four grades. */
export const CUTS = entries([
  [0, "Ideal"],
  [1, "Excellent"],
  [2, "Very Good"],
  [3, "Good"],
  [4, `${PRODUCT_NAME} Ideal`],
] as const);
export const SEARCH_CUT_CODES = [0, 1, 2, 3] as const;

/** Polish and symmetry grades (the spec names them without codes; 1-3 here, best first). */
export const FINISH_GRADES = entries([
  [1, "Excellent"],
  [2, "Very Good"],
  [3, "Good"],
] as const);

/** Fluorescence 0-4. */
export const FLUORESCENCES = entries([
  [0, "None"],
  [1, "Faint"],
  [2, "Medium"],
  [3, "Strong"],
  [4, "Very Strong"],
] as const);

/**
 * Certificate labs. The spec gives 0 GIA, 1 AGS, 2 IGI, 4 HRD, 5 GCAL and says EGL appears without a code:
 * EGL takes the unused code 3 (docs/decisions/003-enumerations.md).
 */
export const CERTIFICATE_LABS = entries([
  [0, "GIA"],
  [1, "AGS"],
  [2, "IGI"],
  [3, "EGL"],
  [4, "HRD"],
  [5, "GCAL"],
] as const);

/** Eye cleanliness; 999 means unknown. */
export const EYE_CLEANLINESS = entries([
  [1, "Eye Clean"],
  [2, "Semi-Eye Clean"],
  [3, "Not Eye Clean"],
  [999, "Unknown"],
] as const);
export const EYE_CLEAN_UNKNOWN = 999;

/** Setting style bitmask: a setting's `style` is the OR of these bits. */
export const STYLE_BITS = entries([
  [1, "Solitaire"],
  [2, "Halo"],
  [4, "Pavé and Side-Stone"],
  [8, "Three-Stone"],
  [16, "Hidden halo"],
] as const);

/** Labels of the style bits set in `mask`, in bit order. */
export function styleLabels(mask: number): string[] {
  return STYLE_BITS.filter((s) => (mask & s.code) !== 0).map((s) => s.label);
}

/** Single metals (code 9 is unused by the spec). */
export const BASE_METALS = entries([
  [0, "Unknown"],
  [1, "Platinum"],
  [2, "14K White Gold"],
  [3, "18K White Gold"],
  [4, "14K Yellow Gold"],
  [5, "18K Yellow Gold"],
  [6, "14K Rose Gold"],
  [7, "18K Rose Gold"],
  [8, "Palladium"],
  [10, "Cobalt"],
  [11, "Tantalum"],
  [12, "Titanium"],
  [13, "Tungsten"],
  [14, "Carbon Fiber"],
  [15, "Ceramic"],
  [16, "Damascus Steel"],
] as const);

/**
 * Two-tone codes 100-191: `100 + 10 × first + second` for two different precious metals 1-8, in both
 * orders (e.g. 124 = 14K White Gold & 14K Yellow Gold, 142 = the same pair led by yellow).
 */
export function twoToneCode(first: number, second: number): number {
  if (first === second || first < 1 || first > 8 || second < 1 || second > 8) {
    throw new RangeError(`no two-tone code for metals ${first} and ${second}`);
  }
  return 100 + 10 * first + second;
}

const TWO_TONE_METALS: EnumEntry[] = [];
for (let a = 1; a <= 8; a++) {
  for (let b = 1; b <= 8; b++) {
    if (a === b) continue;
    const label = `${BASE_METALS.find((m) => m.code === a)!.label} & ${BASE_METALS.find((m) => m.code === b)!.label}`;
    TWO_TONE_METALS.push({ code: twoToneCode(a, b), label, slug: slugify(label) });
  }
}
/** Every metal code: single metals and the two-tone combinations. */
export const METALS: readonly EnumEntry[] = [...BASE_METALS, ...TWO_TONE_METALS];

/** Setting item types. */
export const ITEM_TYPES = entries([
  [0, "Band"],
  [1, "Ring"],
  [2, "Pendant"],
  [4, "Earrings"],
  [5, "Preset Engagement Ring"],
] as const);

/** Setting itemTypeName values (wire strings). */
export const ITEM_TYPE_NAMES = [
  "Setting",
  "WeddingBands",
  "PresetEngagementRing",
  "PresetEarrings",
  "Necklace",
  "Bracelet",
  "Pendant",
  "Stud",
  "CarePlan",
] as const;
export type ItemTypeName = (typeof ITEM_TYPE_NAMES)[number];

/** A filter option as the search UI shows it (§3 "Filter value"). */
export interface FilterValue {
  name: string;
  label: string;
  value: number;
  active: boolean;
  enabled: boolean;
  image?: string;
  exclude?: boolean;
  group?: string;
  keywords?: string[];
}

function filterValues(group: string, list: readonly (readonly [string, number, Partial<FilterValue>?])[]): FilterValue[] {
  return list.map(([label, value, extra]) => ({
    name: slugify(label),
    label,
    value,
    active: false,
    enabled: true,
    group,
    ...extra,
  }));
}

/** Setting filter styles; Unique and Vintage match by keyword and are excluded from the style bitmask. */
export const FILTER_STYLES = filterValues("style", [
  ["Solitaire", 1],
  ["Halo", 2],
  ["Pavé", 4],
  ["Three Stone", 8],
  ["Hidden Halo", 9],
  ["Unique", 10, { exclude: true, keywords: ["unique", "nature", "floral", "twist", "bypass"] }],
  ["Vintage", 11, { exclude: true, keywords: ["vintage", "milgrain", "filigree", "art deco"] }],
]);

export const EARRING_STYLES = filterValues("earring", [
  ["Stud", 32],
  ["Halo", 2],
  ["Drops", 128],
  ["Presets", 0],
]);

export const PENDANT_STYLES = filterValues("pendant", [
  ["Solitaire", 1],
  ["Halo", 2],
  ["Side Stone", 4],
  ["Presets", 0],
]);

/** Looks up an entry by code; undefined when the code is not in the enumeration. */
export function byCode(list: readonly EnumEntry[], code: number): EnumEntry | undefined {
  return list.find((e) => e.code === code);
}

/** Looks up an entry by slug or label, case-insensitively. */
export function byName(list: readonly EnumEntry[], name: string): EnumEntry | undefined {
  const s = slugify(name);
  return list.find((e) => e.slug === s);
}

/** The label for a code, or throws: for data that is already validated. */
export function labelOf(list: readonly EnumEntry[], code: number): string {
  const e = byCode(list, code);
  if (!e) throw new RangeError(`unknown code ${code}`);
  return e.label;
}
