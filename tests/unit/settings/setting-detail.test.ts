import { describe, expect, it } from "vitest";
import { searchHeadingOf, searchPage, withFixed } from "#shared/settings/pages.ts";
import { defaultMetal, settingCatalogue, settingDetail, styleNames, variantImages } from "#shared/settings/search.ts";
import { filters, retailers, setting, variant } from "./settings-helpers";

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
    expect(d).toMatchObject({
      id: 1,
      metalId: 4,
      itemType: 1,
      itemTypeName: "Setting",
      incomplete: false,
      url: "/setting/1/4",
      shapes: [1, 2],
      retailer: { id: 1, name: "First", slugurl: "first" },
    });
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
    for (const itemType of [2, 4])
      expect(variantImages({ item_type: itemType, shapes_mask: 1023 }, image(4, "bracelet"))).toEqual(["/images/settings/bracelet-4.svg"]);
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
