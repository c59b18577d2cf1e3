import { describe, expect, it } from "vitest";
import { METALS, SHAPES, labelOf } from "#shared/enums.ts";
import { ALTERNATIVE_BAND_METALS, TWO_TONE_SETTING_METALS } from "#shared/settings/pages.ts";
import { generateRetailers } from "#shared/catalogue/generate-retailers.ts";
import { generateSettings } from "#shared/catalogue/generate-settings.ts";
import { settingImageKeys } from "#shared/catalogue/setting-styles.ts";
import type { SettingVariantRow } from "#shared/catalogue/rows.ts";
import { metalParts } from "#shared/catalogue/images.ts";
import { codes } from "./catalogue-helpers";

describe("demo settings", () => {
  const { settings, variants } = generateSettings();

  it("is deterministic", () => {
    expect(generateSettings()).toEqual({ settings, variants });
  });

  it("has the planned mix of items with unique names", () => {
    expect(settings).toHaveLength(300);
    expect(new Set(settings.map((s) => s.name)).size).toBe(settings.length);
    const count = (type: number) => settings.filter((s) => s.item_type === type).length;
    expect(count(1)).toBe(180);
    expect(count(0)).toBe(40);
    expect(count(5)).toBe(20);
    expect(count(4)).toBe(20);
    expect(count(2)).toBe(40);
    const bandIds = new Set(settings.filter((s) => s.item_type === 0).map((s) => s.id));
    for (const s of settings) if (s.matching_band_id !== null) expect(bandIds.has(s.matching_band_id)).toBe(true);
    const retailerIds = new Set(generateRetailers().map((r) => r.id));
    for (const s of settings) expect(retailerIds.has(s.retailer_id)).toBe(true);
  });

  it("prices metals consistently from $340 up", () => {
    const ringIds = new Set(settings.filter((s) => s.item_type === 1).map((s) => s.id));
    const ring14k = variants.filter((v) => ringIds.has(v.setting_id) && [2, 4, 6].includes(v.metal));
    expect(Math.min(...ring14k.map((v) => v.price_cents))).toBeGreaterThanOrEqual(34_000);
    const metalCodes = codes(METALS);
    const bySetting = new Map<number, Map<number, number>>();
    for (const v of variants) {
      expect(metalCodes.has(v.metal)).toBe(true);
      expect(v.id).toBe(v.setting_id * 1000 + v.metal);
      bySetting.set(v.setting_id, (bySetting.get(v.setting_id) ?? new Map()).set(v.metal, v.price_cents));
    }
    for (const prices of bySetting.values()) {
      if (prices.has(6) && prices.has(2)) expect(prices.get(6)).toBe(prices.get(2)); // 14K rose = white
      if (prices.has(7) && prices.has(3)) expect(prices.get(7)).toBe(prices.get(3)); // 18K rose = white
      if (prices.has(4) && prices.has(2)) expect(prices.get(4)).toBe(prices.get(2));
      if (prices.has(3) && prices.has(2)) expect(prices.get(3)! / prices.get(2)!).toBeCloseTo(1.25, 1);
      if (prices.has(1) && prices.has(2)) expect(prices.get(1)! / prices.get(2)!).toBeCloseTo(1.45, 1);
    }
  });
  it("adds two-tone variants to about a quarter of the ring settings and women's bands", () => {
    const twoTone = variants.filter((v) => v.metal >= 100);
    const metalCodes = codes(METALS);
    for (const v of twoTone) {
      expect(v.metal).toBeLessThanOrEqual(191);
      expect(metalCodes.has(v.metal)).toBe(true);
      expect(TWO_TONE_SETTING_METALS as readonly number[]).toContain(v.metal);
    }
    const found = new Set(twoTone.map((v) => v.metal));
    // Both orders of a pair somewhere (band in one gold, head in the other, and the other way round).
    expect(
      [
        [124, 142],
        [126, 162],
        [146, 164],
      ].some(([a, b]) => found.has(a!) && found.has(b!)),
    ).toBe(true);
    const settingOf = new Map(settings.map((s) => [s.id, s]));
    const withTwoTone = new Set(twoTone.map((v) => v.setting_id));
    for (const id of withTwoTone) {
      const s = settingOf.get(id)!;
      expect(s.item_type === 1 || (s.item_type === 0 && s.gender === "women")).toBe(true);
    }
    const rings = settings.filter((s) => s.item_type === 1);
    const womensBands = settings.filter((s) => s.item_type === 0 && s.gender === "women");
    const share = (list: typeof settings) => list.filter((s) => withTwoTone.has(s.id)).length / list.length;
    expect(share(rings)).toBeGreaterThan(0.15);
    expect(share(rings)).toBeLessThan(0.35);
    expect(share(womensBands)).toBeGreaterThan(0.1);
    expect(share(womensBands)).toBeLessThan(0.4);
  });

  it("prices a two-tone like its 14K golds plus about 10 % and only in golds the setting has", () => {
    const bySetting = new Map<number, SettingVariantRow[]>();
    for (const v of variants) bySetting.set(v.setting_id, [...(bySetting.get(v.setting_id) ?? []), v]);
    const listOf = (v: SettingVariantRow) => v.price_before_discount_cents ?? v.price_cents;
    let checked = 0;
    for (const list of bySetting.values()) {
      const metals = new Map(list.map((v) => [v.metal, v]));
      for (const v of list.filter((x) => x.metal >= 100)) {
        const [first, second] = metalParts(v.metal);
        expect([2, 4, 6]).toContain(first);
        expect([2, 4, 6]).toContain(second);
        expect(metals.has(first) && metals.has(second)).toBe(true);
        const gold14k = metals.get(first)!;
        expect(listOf(v) / listOf(gold14k)).toBeCloseTo(1.1, 1);
        expect(v.discount_percentage).toBe(gold14k.discount_percentage);
        checked++;
      }
      // Rose costs the same as white and yellow in two-tone too.
      for (const [a, b] of [
        [124, 126],
        [142, 162],
        [146, 126],
      ] as const) {
        if (metals.has(a) && metals.has(b)) expect(listOf(metals.get(a)!)).toBe(listOf(metals.get(b)!));
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("offers the men's bands in alternative metals besides gold and platinum, mostly for less", () => {
    const alternative = new Set<number>(ALTERNATIVE_BAND_METALS);
    const mens = settings.filter((s) => s.item_type === 0 && s.gender === "men");
    expect(mens).toHaveLength(16);
    const seen = new Set<number>();
    let cheaper = 0;
    let dearer = 0;
    for (const band of mens) {
      const own = variants.filter((v) => v.setting_id === band.id);
      const alt = own.filter((v) => alternative.has(v.metal));
      expect(alt.length).toBeGreaterThanOrEqual(2);
      expect(own.some((v) => v.metal >= 1 && v.metal <= 7)).toBe(true);
      const gold = own.find((v) => v.metal === 2 || v.metal === 4)!;
      for (const v of alt) {
        seen.add(v.metal);
        expect(v.name).toContain(labelOf(METALS, v.metal));
        if (gold) v.price_cents < gold.price_cents ? cheaper++ : dearer++;
      }
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...ALTERNATIVE_BAND_METALS]);
    expect(cheaper).toBeGreaterThan(dearer);
    const others = new Set(settings.filter((s) => !(s.item_type === 0 && s.gender === "men")).map((s) => s.id));
    for (const v of variants) if (others.has(v.setting_id)) expect(alternative.has(v.metal)).toBe(false);
  });

  it("keeps variants grouped by setting in metal order, with images settingImageKeys lists", () => {
    const ids = variants.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < variants.length; i++) {
      const [a, b] = [variants[i - 1]!, variants[i]!];
      expect(a.setting_id < b.setting_id || (a.setting_id === b.setting_id && a.metal < b.metal)).toBe(true);
    }
    const keys = new Set(settingImageKeys().map((k) => `${k.slug}-${k.metal}`));
    for (const v of variants) {
      const m = /^\/images\/settings\/([a-z0-9-]+)-(\d{1,3})\.svg$/.exec(v.image_url);
      expect(m, v.image_url).not.toBeNull();
      expect(Number(m![2])).toBe(v.metal);
      expect(keys.has(`${m![1]}-${m![2]}`), v.image_url).toBe(true);
    }
  });

  it("has stud settings for a pair of chosen diamonds besides preset earrings", () => {
    const earrings = settings.filter((s) => s.item_type === 4);
    const studs = earrings.filter((s) => s.item_type_name === "Stud");
    const presets = earrings.filter((s) => s.item_type_name === "PresetEarrings");
    expect(studs).toHaveLength(8);
    expect(presets).toHaveLength(12);
    for (const s of studs) {
      expect([32, 2]).toContain(s.style);
      expect(s.shapes_mask).not.toBe(0);
      expect(SHAPES.filter((sh) => s.shapes_mask & (1 << (sh.code - 1))).length).toBeGreaterThanOrEqual(3);
      expect(s.name).toMatch(/Stud Earring Settings$/);
      expect(s.description).toContain("for a pair of diamonds you choose");
      const own = variants.filter((v) => v.setting_id === s.id);
      expect(own.length).toBeGreaterThan(0);
      for (const v of own) expect(v.price_cents).toBeGreaterThanOrEqual(34_000);
      for (const v of own.filter((x) => [2, 4, 6].includes(x.metal))) {
        expect(v.price_before_discount_cents ?? v.price_cents).toBeLessThanOrEqual(120_000);
      }
    }
    expect(new Set(studs.map((s) => s.style))).toEqual(new Set([32, 2]));
    expect(new Set(presets.map((s) => s.style))).toEqual(new Set([32, 2, 128]));
    for (const s of presets) {
      expect(s.shapes_mask & (s.shapes_mask - 1)).toBe(0); // one shape: the stones they are set with
      expect(s.description).not.toContain("you choose");
    }
  });

  it("describes pendants as settings for a chosen diamond and necklaces as set with diamonds", () => {
    const jewellery = settings.filter((s) => s.item_type === 2);
    const pendants = jewellery.filter((s) => s.item_type_name === "Pendant");
    const necklaces = jewellery.filter((s) => s.item_type_name === "Necklace");
    expect(pendants.length).toBeGreaterThan(0);
    expect(necklaces.length).toBeGreaterThan(0);
    expect(jewellery.filter((s) => s.item_type_name === "Bracelet")).toHaveLength(20);
    for (const s of pendants) expect(s.description).toContain("for a diamond you choose");
    for (const s of necklaces) expect(s.description).toContain("set with diamonds");
  });
});
