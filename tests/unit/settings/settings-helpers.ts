/** The small setting catalogue and helpers the pure setting-search tests share. */
import * as v from "valibot";
import type { SettingRow, SettingVariantRow } from "#shared/catalogue/rows.ts";
import { SettingFilters, type SettingFiltersInput } from "#shared/settings/schemas.ts";
import { searchSettings, type settingCatalogue, type RetailerFacts } from "#shared/settings/search.ts";

// A small synthetic catalogue: every case below names the rows it is about.

export const NOW = Date.UTC(2026, 10, 1, 12); // 1 Nov 2026, noon UTC

export function setting(id: number, over: Partial<SettingRow> = {}): SettingRow {
  return {
    id,
    name: `Setting ${id}`,
    item_type: 1,
    item_type_name: "Setting",
    style: 1,
    retailer_id: 1,
    description: "",
    keywords: "",
    shapes_mask: 1023,
    side_stones_weight: 0,
    width_mm: 2,
    shipping_days: 10,
    matching_band_id: null,
    gender: "women",
    is_eternity: 0,
    sorting_order: id,
    ...over,
  };
}

export function variant(settingId: number, metal: number, priceCents: number, over: Partial<SettingVariantRow> = {}): SettingVariantRow {
  return {
    id: settingId * 1000 + metal,
    setting_id: settingId,
    metal,
    name: `Setting ${settingId} in ${metal}`,
    price_cents: priceCents,
    price_before_discount_cents: null,
    discount_percentage: null,
    image_url: `/images/settings/solitaire-${metal}.svg`,
    is_sold: 0,
    ...over,
  };
}

export const retailers: RetailerFacts[] = [
  { id: 1, name: "First", slugurl: "first", logoUrl: "/logos/1.svg" },
  { id: 2, name: "Second", slugurl: "second", logoUrl: "/logos/2.svg" },
];

export const filters = (input: SettingFiltersInput = {}): SettingFilters => v.parse(SettingFilters, input);
export const page = (pageNumber = 1, pageSize = 20) => ({ pageNumber, pageSize });
export const ids = (cat: ReturnType<typeof settingCatalogue>, f: SettingFiltersInput, p = page()) =>
  searchSettings(cat, filters(f), p, NOW).settings.map((s) => s.id);
