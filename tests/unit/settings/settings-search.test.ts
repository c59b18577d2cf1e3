import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { SettingRow, SettingVariantRow } from "#shared/catalogue/rows.ts";
import { SettingFilters, type SettingFiltersInput } from "#shared/settings/schemas.ts";
import { searchHeadingOf, searchPage, withFixed } from "#shared/settings/pages.ts";
import { defaultMetal, searchSettings, settingCatalogue, settingDetail, settingMatches, styleNames, variantImages, type RetailerFacts } from "#shared/settings/search.ts";

// A small synthetic catalogue: every case below names the rows it is about.

const NOW = Date.UTC(2026, 10, 1, 12); // 1 Nov 2026, noon UTC

function setting(id: number, over: Partial<SettingRow> = {}): SettingRow {
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

function variant(settingId: number, metal: number, priceCents: number, over: Partial<SettingVariantRow> = {}): SettingVariantRow {
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

const retailers: RetailerFacts[] = [
  { id: 1, name: "First", slugurl: "first", logoUrl: "/logos/1.svg" },
  { id: 2, name: "Second", slugurl: "second", logoUrl: "/logos/2.svg" },
];

const filters = (input: SettingFiltersInput = {}): SettingFilters => v.parse(SettingFilters, input);
const page = (pageNumber = 1, pageSize = 20) => ({ pageNumber, pageSize });
const ids = (cat: ReturnType<typeof settingCatalogue>, f: SettingFiltersInput, p = page()) => searchSettings(cat, filters(f), p, NOW).settings.map((s) => s.id);

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
    const s = setting(1, { gender: "men", width_mm: 5, side_stones_weight: 0.2, shapes_mask: 0b101, retailer_id: 2, matching_band_id: 7, shipping_days: 6, keywords: "knife-edge", description: "A cathedral setting." });
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
  const rows = [setting(1, { sorting_order: 3 }), setting(2, { sorting_order: 1 }), setting(3, { sorting_order: 2 }), setting(4, { sorting_order: 4 }), setting(5, { sorting_order: 5 })];
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
      [setting(30, { sorting_order: 1, name: "beta" }), setting(10, { sorting_order: 1, name: "Beta" }), setting(20, { sorting_order: 0, name: "alpha" }), setting(40, { sorting_order: 2, name: "Gamma" })],
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
    const r = searchSettings(cat, filters({ metals: [2] }), page(), NOW, (_s, cents) => (cents >= 100_000 ? { amount: Math.floor(cents / 10), percentage: 10 } : null));
    const card = r.settings.find((s) => s.id === 2)!;
    expect(card).toMatchObject({ id: 2, name: "Setting 2", itemType: 1, itemTypeName: "Setting", url: "/setting/2/2", retailer: { id: 1, name: "First" } });
    expect(card.metals[0]).toMatchObject({ id: 2002, itemId: 2, metal: 2, price: 120_000, wirePrice: 117_600, promoCode: { amount: 12_000, percentage: 10 }, isSold: false });
    expect(r.settings.find((s) => s.id === 1)!.metals[0]!.promoCode).toBeNull();
  });
});

describe("settingDetail and defaultMetal", () => {
  const ring = setting(1, { matching_band_id: 2, shapes_mask: 0b11 });
  const band = setting(2, { item_type: 0, item_type_name: "WeddingBands", style: 0 });
  const ringNoBand = setting(3, { matching_band_id: 99 });
  const preset = setting(4, { item_type: 5, item_type_name: "PresetEngagementRing" });
  const bracelet = setting(5, { item_type: 2, item_type_name: "Bracelet", style: 0, retailer_id: 2 });
  const cat = settingCatalogue(
    [ring, band, ringNoBand, preset, bracelet],
    [
      variant(1, 4, 110_000),
      variant(1, 2, 100_000),
      variant(1, 6, 105_000),
      variant(1, 1, 160_000),
      variant(2, 1, 90_000),
      variant(2, 4, 60_000),
      variant(2, 2, 50_000, { is_sold: 1 }),
      variant(2, 6, 55_000),
      variant(3, 1, 100_000),
      variant(3, 3, 100_000),
      variant(4, 2, 300_000, { is_sold: 1 }),
      variant(4, 5, 320_000),
      variant(4, 4, 310_000),
      variant(5, 4, 200_000, { image_url: "/images/settings/bracelet-4.svg" }),
    ],
    retailers,
  );

  it("is null for an unknown setting or a metal the setting does not come in", () => {
    expect(settingDetail(cat, 99, 2)).toBeNull();
    expect(settingDetail(cat, 1, 3)).toBeNull();
    expect(settingDetail(cat, 1, 124)).toBeNull();
  });

  it("describes the setting in the metal: selected variant, every variant in metal order, url, shapes, retailer", () => {
    const d = settingDetail(cat, 1, 4)!;
    expect(d).toMatchObject({ id: 1, metalId: 4, itemType: 1, itemTypeName: "Setting", incomplete: false, url: "/setting/1/4", shapes: [1, 2], retailer: { id: 1, name: "First", slugurl: "first" } });
    expect(d.selectedVariant).toMatchObject({ id: 1004, metal: 4, price: 110_000, isSold: false });
    expect(d.variants.map((x) => x.metal)).toEqual([1, 2, 4, 6]);
    expect(d.images[0]).toBe("/images/settings/solitaire-4.svg");
    expect(d.styleNames).toEqual(["Solitaire"]);
    expect(settingDetail(cat, 4, 5)!.url).toBe("/engagement-ring/4/5");
    expect(settingDetail(cat, 2, 1)!.url).toBe("/wedding-ring/2/1");
    expect(settingDetail(cat, 5, 4)!.url).toBe("/fine-jewelry/5/4");
    // A sold variant is still described (the page says it is sold).
    expect(settingDetail(cat, 4, 2)!.selectedVariant.isSold).toBe(true);
  });

  it("gives the matching band in the same metal when it has it available, else its cheapest available metal", () => {
    expect(settingDetail(cat, 1, 4)!.matchingBand).toMatchObject({ id: 2, variantId: 2004, metal: 4, price: 60_000, url: "/wedding-ring/2/4" });
    expect(settingDetail(cat, 1, 1)!.matchingBand).toMatchObject({ id: 2, metal: 1, price: 90_000 });
    // The band's 14K white gold is sold: its cheapest available metal (rose, 55,000) instead.
    expect(settingDetail(cat, 1, 2)!.matchingBand).toMatchObject({ id: 2, variantId: 2006, metal: 6, price: 55_000 });
    expect(settingDetail(cat, 1, 6)!.matchingBand).toMatchObject({ metal: 6 });
    // A band id that is not in the catalogue, or none: no matching band.
    expect(settingDetail(cat, 3, 1)!.matchingBand).toBeNull();
    expect(settingDetail(cat, 4, 5)!.matchingBand).toBeNull();
  });

  it("defaultMetal: 14K white gold when available, else the first available metal, else the first; null when unknown", () => {
    expect(defaultMetal(cat, 1)).toBe(2);
    expect(defaultMetal(cat, 2)).toBe(1); // its 14K white gold is sold
    expect(defaultMetal(cat, 4)).toBe(4); // 2 sold: 4 and 5 available, 4 first in metal order
    expect(defaultMetal(cat, 99)).toBeNull();
    const allSold = settingCatalogue([setting(7)], [variant(7, 3, 1000, { is_sold: 1 }), variant(7, 2, 1000, { is_sold: 1 })], retailers);
    expect(defaultMetal(allSold, 7)).toBe(2);
  });
});

describe("variantImages", () => {
  it("adds two ring-viewer turns for rings and bands only, in the variant's metal and the setting's first shape", () => {
    const image = (metal: number, slug = "halo") => ({ image_url: `/images/settings/${slug}-${metal}.svg`, metal });
    expect(variantImages({ item_type: 1, shapes_mask: 0b1000 }, image(3))).toEqual([
      "/images/settings/halo-3.svg",
      "/images/ring-view/halo-3-4-35.svg",
      "/images/ring-view/halo-3-4-90.svg",
    ]);
    expect(variantImages({ item_type: 0, shapes_mask: 1023 }, image(124, "mens-band"))).toEqual([
      "/images/settings/mens-band-124.svg",
      "/images/ring-view/mens-band-124-1-35.svg",
      "/images/ring-view/mens-band-124-1-90.svg",
    ]);
    expect(variantImages({ item_type: 5, shapes_mask: 0b100000 }, image(2))).toHaveLength(3);
    expect(variantImages({ item_type: 5, shapes_mask: 0b100000 }, image(2))[1]).toBe("/images/ring-view/halo-2-6-35.svg");
    for (const itemType of [2, 4]) expect(variantImages({ item_type: itemType, shapes_mask: 1023 }, image(4, "bracelet"))).toEqual(["/images/settings/bracelet-4.svg"]);
    // An image that is not a generated illustration has no turned views.
    expect(variantImages({ item_type: 1, shapes_mask: 1 }, { image_url: "https://cdn.example/ring.jpg", metal: 2 })).toEqual(["https://cdn.example/ring.jpg"]);
  });
});

describe("page filters and names", () => {
  it("withFixed: the page's fixed filters win, the shopper's others stay, and the page's list is not shared", () => {
    const eternity = searchPage("eternity-rings");
    const f = withFixed(filters({ gender: "men", eternity: false, itemTypeNames: ["Setting"], styles: [2], metals: [1] }), eternity.fixed);
    expect(f).toMatchObject({ itemType: 0, itemTypeNames: ["WeddingBands"], gender: "women", eternity: true, styles: [2], metals: [1] });
    f.itemTypeNames.push("Bracelet");
    expect(eternity.fixed.itemTypeNames).toEqual(["WeddingBands"]);
    // A page that fixes no item type names keeps the shopper's.
    expect(withFixed(filters({ itemTypeNames: ["Stud"] }), {}).itemTypeNames).toEqual(["Stud"]);
  });

  it("styleNames: the ring style bits, or the one earring style", () => {
    expect(styleNames({ style: 2 | 4, item_type: 1 })).toEqual(["Halo", "Pavé and Side-Stone"]);
    expect(styleNames({ style: 1 | 16, item_type: 5 })).toEqual(["Solitaire", "Hidden halo"]);
    expect(styleNames({ style: 32, item_type: 4 })).toEqual(["Stud"]);
    expect(styleNames({ style: 2, item_type: 4 })).toEqual(["Halo"]);
    expect(styleNames({ style: 128, item_type: 4 })).toEqual(["Drops"]);
  });

  it("searchHeadingOf: h1/h2 query parameters on jewellery pages, else the content store's, else the page's own", () => {
    const page = searchPage("jewelry-search");
    const stored = { heading: "Stored", subheading: "Stored sub" };
    expect(searchHeadingOf(page, new URLSearchParams(), null)).toEqual({ heading: "Jewelry Gifts", subheading: "" });
    expect(searchHeadingOf(page, new URLSearchParams(), stored)).toEqual(stored);
    expect(searchHeadingOf(page, new URLSearchParams("h1=Gifts%20for%20Her&h2=%20"), stored)).toEqual({ heading: "Gifts for Her", subheading: "Stored sub" });
    expect(searchHeadingOf(page, new URLSearchParams(`h1=${"x".repeat(200)}`), null).heading).toHaveLength(120);
    // Other pages take no headings from the URL.
    const rings = searchPage("setting-search");
    expect(searchHeadingOf(rings, new URLSearchParams("h1=Hijacked&h2=x"), null)).toEqual({ heading: "Engagement Ring Settings", subheading: "" });
    expect(searchHeadingOf(rings, new URLSearchParams("h1=Hijacked"), stored)).toEqual(stored);
  });
});
