/**
 * What the demo settings are made of (generate-settings.ts): metal price factors, image slugs, engagement ring
 * styles and name parts, and the draws of metals, two-tones, prices and unique names.
 */
import { METALS, SHAPES, labelOf, twoToneCode } from "../enums";
import { ALTERNATIVE_BAND_METALS, SETTING_METALS, TWO_TONE_SETTING_METALS } from "../settings/pages";
import type { Rng } from "./random";
import type { SettingRow, SettingVariantRow } from "./rows";
import { settingImageUrl } from "./generate";
import { wholeDollarCents } from "../money";

// The metals are in shared/settings/pages.ts (the search pages offer them too): every demo setting may come in
// SETTING_METALS; about a quarter of the engagement ring settings and women's bands also in the 14K two-tones
// TWO_TONE_SETTING_METALS (`twoToneCode(first, second)`: the band in the first, the head in the second); the
// men's bands also in ALTERNATIVE_BAND_METALS.

/**
 * Price factor by metal over the 14K price: 18K +25 %, platinum +45 %; rose gold as white and yellow (the FAQ);
 * a 14K two-tone +10 % (the second colour's work); palladium +15 %; the alternative men's metals below 14K gold
 * (cobalt 60 %, tantalum 80 %, titanium 50 %, tungsten 45 %, carbon fibre 55 %, ceramic 40 %, Damascus steel 75 %).
 */
const METAL_PRICE_FACTOR: Readonly<Record<number, number>> = {
  1: 1.45,
  2: 1,
  3: 1.25,
  4: 1,
  5: 1.25,
  6: 1,
  7: 1.25,
  124: 1.1,
  142: 1.1,
  126: 1.1,
  162: 1.1,
  146: 1.1,
  164: 1.1,
  8: 1.15,
  10: 0.6,
  11: 0.8,
  12: 0.5,
  13: 0.45,
  14: 0.55,
  15: 0.4,
  16: 0.75,
};

/** Slugs of the engagement ring settings and women's bands: the ones that may come in two-tone. */
const TWO_TONE_SLUGS = [
  "solitaire",
  "pave-solitaire",
  "halo",
  "pave-halo",
  "hidden-halo",
  "three-stone",
  "halo-three-stone",
  "pave",
  "band",
  "pave-band",
  "eternity-band",
] as const;

/** Every style slug a setting image can have (images are `/images/settings/{slug}-{metal}.svg`). */
export const SETTING_IMAGE_SLUGS = [
  ...TWO_TONE_SLUGS,
  "mens-band",
  "stud",
  "halo-stud",
  "stud-setting",
  "halo-stud-setting",
  "drop-earrings",
  "solitaire-pendant",
  "halo-pendant",
  "side-stone-pendant",
  "necklace",
  "bracelet",
] as const;
export type SettingImageSlug = (typeof SETTING_IMAGE_SLUGS)[number];

/**
 * Every (style slug, metal) pair the generated variants may refer to (a superset of the pairs they do): every
 * slug in metals 1-7, ring and women's band slugs in the two-tone codes, the men's band in the alternative metals.
 */
export function settingImageKeys(): { slug: SettingImageSlug; metal: number }[] {
  return [
    ...SETTING_IMAGE_SLUGS.flatMap((slug) => SETTING_METALS.map((metal) => ({ slug, metal }))),
    ...TWO_TONE_SLUGS.flatMap((slug) => TWO_TONE_SETTING_METALS.map((metal) => ({ slug, metal }))),
    ...ALTERNATIVE_BAND_METALS.map((metal) => ({ slug: "mens-band" as const, metal })),
  ];
}

export const ALL_SHAPES_MASK = 1023;
export const shapeBit = (shape: number): number => 1 << (shape - 1);
export const maskOf = (shapes: readonly number[]): number => shapes.reduce((m, s) => m | shapeBit(s), 0);

interface RingStyle {
  mask: number;
  noun: string;
  slug: SettingImageSlug;
  weight: number;
  /** 14K list price range in dollars. */
  price: readonly [number, number];
  sideStones: readonly [number, number];
  shapes: number;
}

/** Engagement setting styles: bitmask of STYLE_BITS (1 solitaire, 2 halo, 4 pavé, 8 three-stone, 16 hidden halo). */
export const RING_STYLES: readonly RingStyle[] = [
  { mask: 1, noun: "Solitaire", slug: "solitaire", weight: 30, price: [340, 1100], sideStones: [0, 0], shapes: ALL_SHAPES_MASK },
  { mask: 1 | 4, noun: "Pavé Solitaire", slug: "pave-solitaire", weight: 16, price: [600, 1800], sideStones: [0.1, 0.4], shapes: ALL_SHAPES_MASK },
  {
    mask: 1 | 16,
    noun: "Hidden Halo Solitaire",
    slug: "hidden-halo",
    weight: 8,
    price: [650, 1900],
    sideStones: [0.05, 0.15],
    shapes: maskOf([1, 2, 4, 5, 6, 8, 10]),
  },
  { mask: 2, noun: "Halo", slug: "halo", weight: 14, price: [800, 2400], sideStones: [0.15, 0.4], shapes: maskOf([1, 2, 4, 5, 6, 7, 8, 10]) },
  { mask: 2 | 4, noun: "Pavé Halo", slug: "pave-halo", weight: 12, price: [950, 2800], sideStones: [0.25, 0.6], shapes: maskOf([1, 2, 3, 4, 5, 6, 7, 8, 10]) },
  { mask: 4, noun: "Side-Stone", slug: "pave", weight: 8, price: [700, 2200], sideStones: [0.2, 0.5], shapes: ALL_SHAPES_MASK },
  { mask: 8, noun: "Three-Stone", slug: "three-stone", weight: 8, price: [900, 3200], sideStones: [0.3, 1.2], shapes: maskOf([1, 2, 4, 6, 8, 9, 10]) },
  { mask: 8 | 4, noun: "Pavé Three-Stone", slug: "three-stone", weight: 4, price: [1100, 3600], sideStones: [0.45, 1.4], shapes: maskOf([1, 4, 6, 10]) },
  { mask: 2 | 8, noun: "Halo Three-Stone", slug: "halo-three-stone", weight: 2, price: [1500, 4200], sideStones: [0.6, 1.6], shapes: maskOf([1, 6, 10]) },
  { mask: 16 | 4, noun: "Hidden Halo Pavé", slug: "hidden-halo", weight: 6, price: [900, 2500], sideStones: [0.2, 0.45], shapes: maskOf([1, 5, 6, 8, 10]) },
];

export const RING_PREFIXES = ["Petite", "Classic", "Delicate", "Bold", "Slender", "Graceful", "Timeless", "Modern"] as const;

/** Descriptors with the search keywords they imply (FILTER_STYLES "Unique" and "Vintage" match by keyword). */
export const RING_DESCRIPTORS: readonly (readonly [string, string[]])[] = [
  ["Cathedral", ["cathedral"]],
  ["Knife-Edge", ["knife-edge"]],
  ["Tapered", ["tapered"]],
  ["Twisted", ["twist", "unique"]],
  ["Milgrain", ["milgrain", "vintage"]],
  ["Floral", ["floral", "nature", "unique"]],
  ["Bypass", ["bypass", "unique"]],
  ["Art Deco", ["art deco", "vintage"]],
  ["Six-Prong", ["six-prong"]],
  ["Bezel-Set", ["bezel"]],
  ["Split-Shank", ["split-shank"]],
  ["Filigree", ["filigree", "vintage"]],
  ["Trellis", ["trellis"]],
  ["Comfort-Fit", ["comfort-fit"]],
  ["Vine", ["nature", "unique"]],
  ["Crown", ["crown", "vintage"]],
];

export interface Priced {
  /** 14K list price in dollars. */
  base: number;
  discount: number | null;
}

/** Rounds a dollar amount to the nearest $10. */
const tens = (usd: number): number => Math.round(usd / 10) * 10;

/** The metals a setting comes in: usually all seven, sometimes a subset that always includes 14K white gold. */
export function pickMetals(r: Rng): number[] {
  if (r.chance(0.7)) return [...SETTING_METALS];
  const variant = r.int(0, 2);
  if (variant === 0) return [2, 3, 4, 5, 6, 7]; // gold only
  if (variant === 1) return [1, 2, 4, 6]; // platinum and 14K
  return [1, 2, 3]; // white metals only
}

export function variantRow(setting: SettingRow, slug: SettingImageSlug, metal: number, priced: Priced, r: Rng): SettingVariantRow {
  const listCents = tens(priced.base * METAL_PRICE_FACTOR[metal]!) * 100;
  const price = priced.discount === null ? listCents : wholeDollarCents(Math.round(listCents * (1 - priced.discount / 100)));
  return {
    id: setting.id * 1000 + metal,
    setting_id: setting.id,
    metal,
    name: `${setting.name} in ${labelOf(METALS, metal)}`,
    price_cents: price,
    price_before_discount_cents: priced.discount === null ? null : listCents,
    discount_percentage: priced.discount,
    image_url: settingImageUrl(slug, metal),
    is_sold: r.chance(0.01) ? 1 : 0,
  };
}

/**
 * The two-tone codes a setting also comes in: one pair of its 14K golds (white/yellow, white/rose or
 * yellow/rose) in one or both orders, sometimes a second pair in one order; none when it lacks two 14K golds.
 */
export function pickTwoTones(r: Rng, metals: readonly number[]): number[] {
  const pairs = (
    [
      [2, 4],
      [2, 6],
      [4, 6],
    ] as const
  ).filter(([a, b]) => metals.includes(a) && metals.includes(b));
  if (pairs.length === 0) return [];
  const first = r.pick(pairs);
  const codes = r.chance(0.5)
    ? [twoToneCode(first[0], first[1]), twoToneCode(first[1], first[0])]
    : [r.chance(0.5) ? twoToneCode(first[0], first[1]) : twoToneCode(first[1], first[0])];
  const others = pairs.filter((p) => p !== first);
  if (others.length > 0 && r.chance(0.3)) {
    const [a, b] = r.pick(others);
    codes.push(r.chance(0.5) ? twoToneCode(a, b) : twoToneCode(b, a));
  }
  return codes.sort((a, b) => a - b);
}

/** Two to five of the alternative metals, for a men's band. */
export function pickAlternativeMetals(r: Rng): number[] {
  const pool: number[] = [...ALTERNATIVE_BAND_METALS];
  const picked: number[] = [];
  for (let n = r.int(2, 5); n > 0; n--) picked.push(...pool.splice(r.int(0, pool.length - 1), 1));
  return picked.sort((a, b) => a - b);
}

/** A 14K list price in [lo, hi] dollars with an occasional discount, never selling below `floor`. */
export function drawPrice(r: Rng, [lo, hi]: readonly [number, number], floor = 0): Priced {
  const base = tens(lo + (hi - lo) * r.next() ** 1.5);
  let discount: number | null = r.chance(0.2) ? r.int(10, 25) : null;
  if (discount !== null && base * (1 - discount / 100) < floor) discount = null;
  return { base, discount };
}

/**
 * Draws with `make` until the drawn item's name is unused (the draw includes the attributes the name is made of),
 * falling back to a numbered name after 50 tries.
 */
export function drawUnique<T extends { name: string }>(used: Set<string>, make: () => T): T {
  let item = make();
  for (let attempt = 0; attempt < 50 && used.has(item.name); attempt++) item = make();
  if (used.has(item.name)) {
    let n = 2;
    while (used.has(`${item.name} ${n}`)) n++;
    item = { ...item, name: `${item.name} ${n}` };
  }
  used.add(item.name);
  return item;
}

export function shuffledRanks(r: Rng, count: number): number[] {
  const ranks = Array.from({ length: count }, (_, i) => i + 1);
  for (let i = count - 1; i > 0; i--) {
    const j = r.int(0, i);
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  return ranks;
}

export const SHAPE_NAMES = SHAPES.map((s) => [s.code, s.label] as const);

/** Cheapest 14K price of any engagement ring setting, in dollars. */
export const MIN_RING_SETTING_USD = 340;
