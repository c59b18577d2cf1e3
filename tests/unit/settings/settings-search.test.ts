import { describe, expect, it } from "vitest";
import type { SettingFiltersInput } from "#shared/settings/schemas.ts";
import { searchSettings, settingCatalogue, settingMatches } from "#shared/settings/search.ts";
import { NOW, filters, ids, page, retailers, setting, variant } from "./settings-helpers";

describe("settingMatches: styles", () => {
  const rows = [
    setting(1, { style: 1 }), // solitaire
    setting(2, { style: 2 }), // halo
    setting(3, { style: 1 | 4 }), // pavé solitaire
    setting(4, { style: 8 }), // three-stone
    setting(5, { style: 1 | 16 }), // hidden halo solitaire
    setting(6, { style: 1 | 8 }), // 9 as a bitmask, but not hidden halo
    setting(7, { style: 1, keywords: "twist,unique" }),
    setting(8, { style: 2, name: "Milgrain Halo" }),
    setting(9, { style: 4, keywords: "art deco,cathedral" }),
  ];
  const matching = (styles: number[], list = rows) => list.filter((s) => settingMatches(s, filters({ styles }), NOW)).map((s) => s.id);

  it("1, 2, 4 and 8 are style bits", () => {
    expect(matching([1])).toEqual([1, 3, 5, 6, 7]);
    expect(matching([2])).toEqual([2, 8]);
    expect(matching([4])).toEqual([3, 9]);
    expect(matching([8])).toEqual([4, 6]);
  });

  it("Hidden Halo (9) is the style bit 16, not the bits 1 and 8", () => {
    expect(matching([9])).toEqual([5]);
  });

  it("Unique (10) and Vintage (11) match keywords in the keywords or the name, not bits", () => {
    expect(matching([10])).toEqual([7]);
    expect(matching([11])).toEqual([8, 9]);
  });

  it("several styles match any of them; none matches everything", () => {
    expect(matching([9, 11])).toEqual([5, 8, 9]);
    expect(matching([])).toEqual(rows.map((s) => s.id));
  });

  it("Presets (0) matches the preset item types only, earring bits 32 and 128 as bits", () => {
    const jewelry = [
      setting(20, { item_type: 4, item_type_name: "PresetEarrings", style: 32 }),
      setting(21, { item_type: 4, item_type_name: "PresetEarrings", style: 128 }),
      setting(22, { item_type: 4, item_type_name: "Stud", style: 32 }),
      setting(23, { item_type: 2, item_type_name: "Necklace", style: 1 }),
      setting(24, { item_type: 2, item_type_name: "Pendant", style: 1 }),
      setting(25, { item_type: 5, item_type_name: "PresetEngagementRing", style: 2 }),
    ];
    const itemTypeNames: SettingFiltersInput["itemTypeNames"] = ["PresetEarrings", "Stud", "Necklace", "Pendant", "PresetEngagementRing"];
    const match = (styles: number[]) => jewelry.filter((s) => settingMatches(s, filters({ itemTypeNames, styles }), NOW)).map((s) => s.id);
    expect(match([0])).toEqual([20, 21, 23, 25]);
    expect(match([32])).toEqual([20, 22]);
    expect(match([128])).toEqual([21]);
    expect(match([0, 1])).toEqual([20, 21, 23, 24, 25]);
  });
});

describe("settingMatches: the other setting filters", () => {
  it("itemTypeNames replace itemType; without them itemType decides (1 by default)", () => {
    const ring = setting(1);
    const band = setting(2, { item_type: 0, item_type_name: "WeddingBands" });
    const preset = setting(3, { item_type: 5, item_type_name: "PresetEngagementRing" });
    const all = [ring, band, preset];
    const match = (f: SettingFiltersInput) => all.filter((s) => settingMatches(s, filters(f), NOW)).map((s) => s.id);
    expect(match({})).toEqual([1]);
    expect(match({ itemType: 0 })).toEqual([2]);
    expect(match({ itemType: 0, itemTypeNames: ["PresetEngagementRing", "Setting"] })).toEqual([1, 3]);
  });

  it("gender, eternity, width, side stones, shapes, retailers, matching band, shipping days and text", () => {
    const s = setting(1, {
      gender: "men",
      width_mm: 5,
      side_stones_weight: 0.2,
      shapes_mask: 0b101,
      retailer_id: 2,
      matching_band_id: 7,
      shipping_days: 6,
      keywords: "knife-edge",
      description: "A cathedral setting.",
    });
    const yes = (f: SettingFiltersInput) => expect(settingMatches(s, filters(f), NOW), JSON.stringify(f)).toBe(true);
    const no = (f: SettingFiltersInput) => expect(settingMatches(s, filters(f), NOW), JSON.stringify(f)).toBe(false);
    yes({ gender: "men" });
    no({ gender: "women" });
    yes({ eternity: false });
    no({ eternity: true });
    yes({ widthMin: 5, widthMax: 5 });
    no({ widthMin: 5.1 });
    no({ widthMax: 4.9 });
    yes({ sideGemstonesWeightMin: 0.2, sideGemstonesWeightMax: 0.2 });
    no({ noSidestone: true });
    yes({ diamondShapes: [3] });
    yes({ diamondShapes: [2, 3] });
    no({ diamondShapes: [2] });
    yes({ naturalDiamondRetailers: [2] });
    yes({ labGrownDiamondRetailers: [2] });
    no({ naturalDiamondRetailers: [1] });
    yes({ isMatchingBand: true });
    no({ shippingDays: 5 });
    yes({ shippingDays: 6 });
    yes({ shippingDays: -1 });
    yes({ queryText: "Cathedral knife" });
    no({ queryText: "cathedral halo" });
    expect(settingMatches(setting(2), filters({ isMatchingBand: true }), NOW)).toBe(false);
  });

  it("shipsByHolidayDate: ships (now + shipping days) on or before the end of that day", () => {
    const s = setting(1, { shipping_days: 10 }); // ships 11 Nov 2026
    expect(settingMatches(s, filters({ shipsByHolidayDate: "2026-11-11" }), NOW)).toBe(true);
    expect(settingMatches(s, filters({ shipsByHolidayDate: "2026-11-12" }), NOW)).toBe(true);
    expect(settingMatches(s, filters({ shipsByHolidayDate: "2026-11-10" }), NOW)).toBe(false);
    expect(settingMatches(s, filters({ shipsByHolidayDate: null }), NOW)).toBe(true);
    // The same setting a day later no longer makes the 11th.
    expect(settingMatches(s, filters({ shipsByHolidayDate: "2026-11-11" }), NOW + 86_400_000)).toBe(false);
  });
});

describe("searchSettings", () => {
  const rows = [
    setting(1, { sorting_order: 3 }),
    setting(2, { sorting_order: 1 }),
    setting(3, { sorting_order: 2 }),
    setting(4, { sorting_order: 4 }),
    setting(5, { sorting_order: 5 }),
  ];
  const variants = [
    variant(1, 2, 50_000),
    variant(1, 1, 90_000),
    variant(1, 6, 49_999),
    variant(2, 2, 120_000),
    variant(2, 3, 150_050),
    variant(3, 2, 70_000, { is_sold: 1 }),
    variant(3, 4, 80_000),
    variant(4, 1, 200_000),
    variant(5, 2, 30_000, { is_sold: 1 }), // nothing available: never listed
  ];
  const cat = settingCatalogue(rows, variants, retailers);

  it("lists available metals only, in the asked metals, cheapest first; a setting without one is left out", () => {
    const all = searchSettings(cat, filters(), page(), NOW);
    expect(all.settings.map((s) => s.id)).toEqual([2, 3, 1, 4]);
    expect(all.total).toBe(4);
    expect(all.settings.find((s) => s.id === 1)!.metals.map((m) => m.metal)).toEqual([6, 2, 1]);
    expect(all.settings.find((s) => s.id === 3)!.metals.map((m) => m.metal)).toEqual([4]);
    expect(ids(cat, { metals: [2] })).toEqual([2, 1]);
    expect(ids(cat, { metals: [1, 4] })).toEqual([3, 1, 4]);
    const only = searchSettings(cat, filters({ metals: [1, 4] }), page(), NOW).settings.find((s) => s.id === 1)!;
    expect(only.metals.map((m) => m.metal)).toEqual([1]);
    expect(only.url).toBe("/setting/1/1");
  });

  it("price bounds are whole dollars over cent prices, inclusive; a card keeps only the metals within them", () => {
    // $500 includes 50,000 cents and excludes 49,999.
    const r = searchSettings(cat, filters({ priceMin: 500, priceMax: 900 }), page(), NOW);
    expect(r.settings.map((s) => s.id)).toEqual([3, 1]);
    expect(r.settings.find((s) => s.id === 1)!.metals.map((m) => m.price)).toEqual([50_000, 90_000]);
    expect(ids(cat, { priceMax: 499.99 })).toEqual([1]);
    expect(ids(cat, { priceMin: 1500 })).toEqual([2, 4]);
    expect(ids(cat, { priceMin: 1500.5 })).toEqual([2, 4]);
    expect(ids(cat, { priceMin: 1500.51 })).toEqual([4]);
    expect(ids(cat, { priceMin: 2001 })).toEqual([]);
  });

  it("priceRange is the whole-dollar range with every filter but price (floor of the lowest, ceiling of the highest)", () => {
    const free = searchSettings(cat, filters(), page(), NOW).priceRange;
    expect(free).toEqual({ min: 499, max: 2000 });
    expect(searchSettings(cat, filters({ priceMin: 1000, priceMax: 1300 }), page(), NOW).priceRange).toEqual(free);
    expect(searchSettings(cat, filters({ metals: [3] }), page(), NOW).priceRange).toEqual({ min: 1500, max: 1501 });
    expect(searchSettings(cat, filters({ metals: [7] }), page(), NOW)).toMatchObject({ total: 0, settings: [], priceRange: null, pageCount: 1 });
  });

  it("pages: size, count, the asked page and past the last one", () => {
    const p1 = searchSettings(cat, filters(), page(1, 3), NOW);
    expect(p1).toMatchObject({ total: 4, pageNumber: 1, pageSize: 3, pageCount: 2 });
    expect(p1.settings.map((s) => s.id)).toEqual([2, 3, 1]);
    const p2 = searchSettings(cat, filters(), page(2, 3), NOW);
    expect(p2.settings.map((s) => s.id)).toEqual([4]);
    expect(searchSettings(cat, filters(), page(3, 3), NOW).settings).toEqual([]);
    expect(searchSettings(cat, filters(), page(1, 4), NOW).pageCount).toBe(1);
  });

  it("sorts by sortingOrder, the cheapest listed metal's price or name, in either order, ties by id ascending", () => {
    const tied = settingCatalogue(
      [
        setting(30, { sorting_order: 1, name: "beta" }),
        setting(10, { sorting_order: 1, name: "Beta" }),
        setting(20, { sorting_order: 0, name: "alpha" }),
        setting(40, { sorting_order: 2, name: "Gamma" }),
      ],
      [variant(30, 2, 1000), variant(10, 2, 1000), variant(10, 1, 900), variant(20, 2, 5000), variant(40, 2, 1000)],
      retailers,
    );
    expect(ids(tied, {})).toEqual([20, 10, 30, 40]);
    expect(ids(tied, { sortOrder: "desc" })).toEqual([40, 10, 30, 20]);
    expect(ids(tied, { sortBy: "price" })).toEqual([10, 30, 40, 20]);
    expect(ids(tied, { sortBy: "price", sortOrder: "desc" })).toEqual([20, 30, 40, 10]);
    // With only 14K white gold asked, 10's cheapest listed metal is 1000 like the others: ties by id.
    expect(ids(tied, { sortBy: "price", metals: [2] })).toEqual([10, 30, 40, 20]);
    expect(ids(tied, { sortBy: "name" })).toEqual([20, 10, 30, 40]);
    expect(ids(tied, { sortBy: "name", sortOrder: "desc" })).toEqual([40, 10, 30, 20]);
  });

  it("a card shows the setting's facts, wire price and the promo offered on each metal's price", () => {
    const r = searchSettings(cat, filters({ metals: [2] }), page(), NOW, (_s, cents) =>
      cents >= 100_000 ? { amount: Math.floor(cents / 10), percentage: 10 } : null,
    );
    const card = r.settings.find((s) => s.id === 2)!;
    expect(card).toMatchObject({ id: 2, name: "Setting 2", itemType: 1, itemTypeName: "Setting", url: "/setting/2/2", retailer: { id: 1, name: "First" } });
    expect(card.metals[0]).toMatchObject({
      id: 2002,
      itemId: 2,
      metal: 2,
      price: 120_000,
      wirePrice: 117_600,
      promoCode: { amount: 12_000, percentage: 10 },
      isSold: false,
    });
    expect(r.settings.find((s) => s.id === 1)!.metals[0]!.promoCode).toBeNull();
  });
});
