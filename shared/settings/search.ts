/**
 * The setting, wedding band and jewellery search as a pure function over the catalogue's rows (a few
 * hundred settings and their metal variants, which the worker keeps per isolate): which settings match a
 * filter state, in which metals, in what order, one page of them, and the price range for the slider.
 * Unit-tested on its own (tests/unit/settings/settings-search.test.ts); the worker feeds it D1's rows.
 */
import { METALS, SHAPES, STYLE_BITS, labelOf, type ItemTypeName } from "../enums";
import { WIRE_DISCOUNT_PERCENT } from "../cart/model";
import type { SettingRow, SettingVariantRow } from "../catalogue/rows";
import { styleBit, styleKeywords } from "./pages";
import type { MetalOption, SettingDetail, SettingFilters, SettingSearchResult, SettingSummary, SettingVariant } from "./schemas";

const DAY_MS = 86_400_000;

export interface RetailerFacts {
  id: number;
  name: string;
  slugurl: string;
  logoUrl: string;
}

/** The catalogue a search runs over: settings with their variants (by setting id, metal order) and retailers. */
export interface SettingCatalogue {
  settings: readonly SettingRow[];
  variants: ReadonlyMap<number, readonly SettingVariantRow[]>;
  retailers: ReadonlyMap<number, RetailerFacts>;
}

/** The promo code a visitor is offered on an item of this price (cards show its amount), or null. */
export type PromoFor = (setting: SettingRow, priceCents: number) => { amount: number; percentage: number | null } | null;

/** Builds the catalogue from D1 rows (variants in any order). */
export function settingCatalogue(
  settings: readonly SettingRow[],
  variants: readonly SettingVariantRow[],
  retailers: readonly RetailerFacts[],
): SettingCatalogue {
  const bySetting = new Map<number, SettingVariantRow[]>();
  for (const v of variants) {
    const list = bySetting.get(v.setting_id);
    if (list) list.push(v);
    else bySetting.set(v.setting_id, [v]);
  }
  for (const list of bySetting.values()) list.sort((a, b) => a.metal - b.metal);
  return { settings, variants: bySetting, retailers: new Map(retailers.map((r) => [r.id, r])) };
}

const PRESET_NAMES: readonly ItemTypeName[] = ["PresetEarrings", "Necklace", "PresetEngagementRing"];

/** Whether a setting carries one of the style filter values (any of them). */
function matchesStyles(s: SettingRow, styles: readonly number[]): boolean {
  if (styles.length === 0) return true;
  const words = `${s.keywords},${s.name}`.toLowerCase();
  return styles.some((value) => {
    if (value === 0) return PRESET_NAMES.includes(s.item_type_name as ItemTypeName);
    const bit = styleBit(value);
    if (bit !== null) return (s.style & bit) !== 0;
    return styleKeywords(value)?.some((k) => words.includes(k)) ?? false;
  });
}

function matchesText(s: SettingRow, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${s.name} ${s.description} ${s.keywords}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Whether the setting itself (not its metals or prices) passes the filters. */
export function settingMatches(s: SettingRow, f: SettingFilters, now: number): boolean {
  if (f.itemTypeNames.length > 0 ? !f.itemTypeNames.includes(s.item_type_name as ItemTypeName) : s.item_type !== f.itemType) return false;
  if (f.gender !== undefined && s.gender !== f.gender) return false;
  if (f.eternity !== undefined && (s.is_eternity === 1) !== f.eternity) return false;
  if (f.widthMin !== undefined && s.width_mm < f.widthMin) return false;
  if (f.widthMax !== undefined && s.width_mm > f.widthMax) return false;
  if (f.sideGemstonesWeightMin !== undefined && s.side_stones_weight < f.sideGemstonesWeightMin) return false;
  if (f.sideGemstonesWeightMax !== undefined && s.side_stones_weight > f.sideGemstonesWeightMax) return false;
  if (f.noSidestone && s.side_stones_weight > 0) return false;
  if (f.shippingDays >= 0 && s.shipping_days > f.shippingDays) return false;
  if (f.shipsByHolidayDate && now + s.shipping_days * DAY_MS > Date.parse(f.shipsByHolidayDate) + DAY_MS - 1) return false;
  if (f.diamondShapes.length > 0 && !f.diamondShapes.some((shape) => (s.shapes_mask & (1 << (shape - 1))) !== 0)) return false;
  const retailers = [...f.naturalDiamondRetailers, ...f.labGrownDiamondRetailers];
  if (retailers.length > 0 && !retailers.includes(s.retailer_id)) return false;
  if (f.isMatchingBand && s.matching_band_id === null) return false;
  return matchesStyles(s, f.styles) && matchesText(s, f.queryText);
}

/** The variants a card offers: available, in the asked metals, cheapest first (price bounds apart). */
function metalsOf(variants: readonly SettingVariantRow[], f: SettingFilters): SettingVariantRow[] {
  return variants
    .filter((v) => v.is_sold === 0 && (f.metals.length === 0 || f.metals.includes(v.metal)))
    .sort((a, b) => a.price_cents - b.price_cents || a.metal - b.metal);
}

const inPrice = (cents: number, f: SettingFilters) =>
  (f.priceMin === undefined || cents >= f.priceMin * 100) && (f.priceMax === undefined || cents <= f.priceMax * 100);

export const metalName = (metal: number): string => labelOf(METALS, metal);

/** The page of a setting in a metal (§2): /setting, /engagement-ring, /wedding-ring or /fine-jewelry. */
export function settingPath(s: Pick<SettingRow, "id" | "item_type" | "item_type_name">, metal: number): string {
  return `/${pageOf(s.item_type, s.item_type_name)}/${s.id}/${metal}`;
}

export function pageOf(itemType: number, itemTypeName: string): "setting" | "engagement-ring" | "wedding-ring" | "fine-jewelry" {
  if (itemType === 5 || itemTypeName === "PresetEngagementRing") return "engagement-ring";
  if (itemType === 1) return "setting";
  if (itemType === 0) return "wedding-ring";
  return "fine-jewelry";
}

/** The images of a variant: its illustration, then (rings and bands) two turned views from the ring viewer. */
export function variantImages(s: Pick<SettingRow, "item_type" | "shapes_mask">, v: Pick<SettingVariantRow, "image_url" | "metal">): string[] {
  const slug = /\/images\/settings\/(.+)-\d{1,3}\.svg$/.exec(v.image_url)?.[1];
  if (!slug || (s.item_type !== 0 && s.item_type !== 1 && s.item_type !== 5)) return [v.image_url];
  const shape = firstShape(s.shapes_mask);
  return [v.image_url, ...[35, 90].map((yaw) => `/images/ring-view/${slug}-${v.metal}-${shape}-${yaw}.svg`)];
}

/** The first diamond shape a setting takes (round when it takes every shape). */
export function firstShape(mask: number): number {
  return SHAPES.find((s) => (mask & (1 << (s.code - 1))) !== 0)?.code ?? 1;
}

/** The diamond shapes a setting takes, in code order. */
export const shapesOf = (mask: number): number[] => SHAPES.filter((s) => (mask & (1 << (s.code - 1))) !== 0).map((s) => s.code);

export const wirePrice = (cents: number): number => cents - Math.floor((cents * WIRE_DISCOUNT_PERCENT) / 100);

function metalOption(s: SettingRow, v: SettingVariantRow, promo: PromoFor): MetalOption {
  return {
    id: v.id,
    itemId: s.id,
    metal: v.metal,
    metalName: metalName(v.metal),
    price: v.price_cents,
    priceBeforeDiscount: v.price_before_discount_cents,
    discountPercentage: v.discount_percentage,
    wirePrice: wirePrice(v.price_cents),
    imagesUrl: variantImages(s, v).slice(0, 2),
    promoCode: promo(s, v.price_cents),
    isSold: v.is_sold === 1,
  };
}

/** A setting as a card shows it, in the given variants (the first is the card's metal). */
export function settingSummary(cat: SettingCatalogue, s: SettingRow, variants: readonly SettingVariantRow[], promo: PromoFor = () => null): SettingSummary {
  const retailer = cat.retailers.get(s.retailer_id);
  return {
    id: s.id,
    name: s.name,
    isFavorite: false,
    itemType: s.item_type,
    itemTypeName: s.item_type_name as ItemTypeName,
    style: s.style,
    url: settingPath(s, variants[0]?.metal ?? 2),
    shippingDays: s.shipping_days,
    retailer: { id: s.retailer_id, name: retailer?.name ?? "" },
    metals: variants.map((v) => metalOption(s, v, promo)),
  };
}

/**
 * One page of the settings matching `f`, each with its matching metals (cheapest first), sorted by
 * `f.sortBy` (sortingOrder: the popularity rank; price: the cheapest matching metal; name) then id.
 */
export function searchSettings(
  cat: SettingCatalogue,
  f: SettingFilters,
  page: { pageNumber: number; pageSize: number },
  now: number,
  promo: PromoFor = () => null,
): SettingSearchResult {
  const matches: { s: SettingRow; variants: SettingVariantRow[] }[] = [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of cat.settings) {
    if (!settingMatches(s, f, now)) continue;
    const offered = metalsOf(cat.variants.get(s.id) ?? [], f);
    if (offered.length === 0) continue;
    // The slider's range: every filter but price.
    lo = Math.min(lo, offered[0]!.price_cents);
    hi = Math.max(hi, offered[offered.length - 1]!.price_cents);
    const priced = offered.filter((v) => inPrice(v.price_cents, f));
    if (priced.length > 0) matches.push({ s, variants: priced });
  }
  const dir = f.sortOrder === "desc" ? -1 : 1;
  const key = (m: (typeof matches)[number]): number | string =>
    f.sortBy === "price" ? m.variants[0]!.price_cents : f.sortBy === "name" ? m.s.name.toLowerCase() : m.s.sorting_order;
  matches.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -dir : ka > kb ? dir : 0) || a.s.id - b.s.id;
  });
  const pageCount = Math.max(1, Math.ceil(matches.length / page.pageSize));
  const start = (page.pageNumber - 1) * page.pageSize;
  return {
    settings: matches.slice(start, start + page.pageSize).map((m) => settingSummary(cat, m.s, m.variants, promo)),
    total: matches.length,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    pageCount,
    priceRange: lo === Infinity ? null : { min: Math.floor(lo / 100), max: Math.ceil(hi / 100) },
  };
}

function variantOf(s: SettingRow, v: SettingVariantRow): SettingVariant {
  const images = variantImages(s, v);
  return {
    id: v.id,
    name: v.name,
    metal: v.metal,
    metalName: metalName(v.metal),
    price: v.price_cents,
    priceBeforeDiscount: v.price_before_discount_cents,
    discountPercentage: v.discount_percentage,
    images,
    imagesUrl: images.slice(0, 2),
    isSold: v.is_sold === 1,
  };
}

/** Style names of a setting: the ring bits, or the earring/pendant style it is. */
export function styleNames(s: Pick<SettingRow, "style" | "item_type">): string[] {
  if (s.item_type === 4) return [s.style & 128 ? "Drops" : s.style & 2 ? "Halo" : "Stud"];
  return STYLE_BITS.filter((b) => (s.style & b.code) !== 0).map((b) => b.label);
}

/** A setting in one metal (null when the setting is unknown or does not come in that metal). */
export function settingDetail(cat: SettingCatalogue, id: number, metal: number): SettingDetail | null {
  const s = cat.settings.find((x) => x.id === id);
  const variants = s ? (cat.variants.get(s.id) ?? []) : [];
  const selected = variants.find((v) => v.metal === metal);
  if (!s || !selected) return null;
  const retailer = cat.retailers.get(s.retailer_id);
  const images = variantImages(s, selected);
  const band = s.matching_band_id === null ? null : cat.settings.find((x) => x.id === s.matching_band_id);
  const bandVariants = band ? (cat.variants.get(band.id) ?? []).filter((v) => v.is_sold === 0) : [];
  const bandVariant = bandVariants.find((v) => v.metal === metal) ?? bandVariants.sort((a, b) => a.price_cents - b.price_cents)[0];
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    itemType: s.item_type,
    itemTypeName: s.item_type_name as ItemTypeName,
    style: s.style,
    styleNames: styleNames(s),
    metalId: metal,
    incomplete: false,
    images,
    mediaLibrary: images.map((url) => ({ url })),
    retailer: { id: s.retailer_id, name: retailer?.name ?? "", slugurl: retailer?.slugurl ?? "", logoUrl: retailer?.logoUrl ?? "" },
    shapes: shapesOf(s.shapes_mask),
    sideStonesWeight: s.side_stones_weight,
    widthMm: s.width_mm,
    shippingDays: s.shipping_days,
    gender: s.gender as "women" | "men" | "unisex",
    isEternity: s.is_eternity === 1,
    url: settingPath(s, metal),
    selectedVariant: variantOf(s, selected),
    variants: variants.map((v) => variantOf(s, v)),
    matchingBand:
      band && bandVariant
        ? {
            id: band.id,
            name: band.name,
            variantId: bandVariant.id,
            metal: bandVariant.metal,
            price: bandVariant.price_cents,
            imageUrl: bandVariant.image_url,
            url: settingPath(band, bandVariant.metal),
          }
        : null,
  };
}

/** The metal a setting's page opens in when the URL names none (or one it does not come in): 14K white gold, else its first. */
export function defaultMetal(cat: SettingCatalogue, id: number): number | null {
  const variants = cat.variants.get(id) ?? [];
  return (variants.find((v) => v.metal === 2 && v.is_sold === 0) ?? variants.find((v) => v.is_sold === 0) ?? variants[0])?.metal ?? null;
}
