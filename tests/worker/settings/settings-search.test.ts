import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import type { SettingSearchResponse } from "#shared/settings/schemas.ts";
import { call, postJson } from "../helpers";
import { available, catalogue, checkSearch, everything, expectCards, expectError, keywordsOf, oracle, search } from "./settings-helpers";

describe("POST /api/search/settingsv2 and /api/search/jewellery: defaults and paging", () => {
  it("answers {} with the first 20 ring settings in sortingOrder, the D1 total and the page count", async () => {
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM settings s WHERE s.item_type = 1 AND EXISTS (SELECT 1 FROM setting_variants v WHERE v.setting_id = s.id AND v.is_sold = 0)",
    ).first<{ n: number }>())!;
    const order = (
      await env.DB.prepare(
        "SELECT id FROM settings s WHERE s.item_type = 1 AND EXISTS (SELECT 1 FROM setting_variants v WHERE v.setting_id = s.id AND v.is_sold = 0) ORDER BY sorting_order, id",
      ).all<{ id: number }>()
    ).results.map((r) => r.id);
    expect(n).toBeGreaterThan(40);
    const res = await postJson("/api/search/settingsv2", {});
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as SettingSearchResponse;
    expect(body.result.total).toBe(n);
    expect(body.result.pageSize).toBe(20);
    expect(body.result.pageNumber).toBe(1);
    expect(body.result.pageCount).toBe(Math.ceil(n / 20));
    expect(body.result.settings).toHaveLength(20);
    for (const card of body.result.settings) {
      expect(card.itemType).toBe(1);
      expect(card.itemTypeName).toBe("Setting");
    }
    expect(body.result.settings.map((c) => c.id)).toEqual(order.slice(0, 20));
    // The answer echoes the filters with their defaults (§3 Search filter defaults).
    expect(body.filters).toMatchObject({ itemType: 1, itemTypeNames: [], metals: [], styles: [], shippingDays: -1, sortBy: "sortingOrder", sortOrder: "asc" });

    const page2 = await search("/api/search/settingsv2", { pageNumber: 2 });
    expect(page2.result.pageNumber).toBe(2);
    expect(page2.result.settings.map((c) => c.id)).toEqual(order.slice(20, 40));
    const seven = await search("/api/search/settingsv2", { pageSize: 7, pageNumber: 3 });
    expect(seven.result.pageSize).toBe(7);
    expect(seven.result.pageCount).toBe(Math.ceil(n / 7));
    expect(seven.result.settings.map((c) => c.id)).toEqual(order.slice(14, 21));
    // Past the last page: no settings, the same total.
    const past = await search("/api/search/settingsv2", { pageNumber: Math.ceil(n / 20) + 1 });
    expect(past.result.settings).toEqual([]);
    expect(past.result.total).toBe(n);
  });

  it("answers every page of {} exactly as the oracle, cards with their available metals cheapest first", async () => {
    const cat = await catalogue();
    const expected = await checkSearch(cat, {});
    // A card lists every available metal (the default asks for none in particular), never a sold one.
    const withSold = expected.find((e) => (cat.variants.get(e.setting.id) ?? []).some((v) => v.is_sold === 1));
    expect(withSold, "a ring setting with a sold variant").toBeDefined();
    expect(withSold!.metals.map((v) => v.is_sold)).not.toContain(1);
    expect(withSold!.metals.length).toBe(available(cat, withSold!.setting.id).length);
  });

  it("answers the jewellery search {} with 19 a page and only bracelets, necklaces, preset earrings and preset engagement rings", async () => {
    const cat = await catalogue();
    const names = ["Bracelet", "Necklace", "PresetEarrings", "PresetEngagementRing"];
    const body = await search("/api/search/jewellery", {});
    expect(body.result.pageSize).toBe(19);
    expect(body.result.settings).toHaveLength(19);
    const expected = oracle(cat, { itemTypeNames: names });
    expect(body.result.total).toBe(expected.length);
    expect(body.result.pageCount).toBe(Math.ceil(expected.length / 19));
    expect(new Set(expected.map((e) => e.setting.item_type_name))).toEqual(new Set(names));
    await checkSearch(cat, { itemTypeNames: names }, "/api/search/jewellery");
    const all = await everything("/api/search/jewellery", {});
    for (const card of all.cards) expect(names).toContain(card.itemTypeName);

    const bracelets = await checkSearch(cat, { itemTypeNames: ["Bracelet"] }, "/api/search/jewellery");
    expect(bracelets.length).toBeGreaterThan(0);
    for (const e of bracelets) expect(e.setting.item_type_name).toBe("Bracelet");
  });
});

describe("POST /api/search/settingsv2: each filter against D1", () => {
  it("metals: every card's metals are among those asked, including a two-tone code", async () => {
    const cat = await catalogue();
    const unfiltered = oracle(cat, {}).length;
    for (const metals of [[1], [6, 7], [3, 5]]) {
      const expected = await checkSearch(cat, { metals });
      expect(expected.length).toBeGreaterThan(0);
      for (const e of expected) for (const v of e.metals) expect(metals).toContain(v.metal);
    }
    // Two-tone codes (100-191) where D1 has a ring setting in one (the seed generator adds them to some).
    const twoTone = await env.DB.prepare(
      "SELECT v.metal, COUNT(DISTINCT v.setting_id) AS n FROM setting_variants v JOIN settings s ON s.id = v.setting_id WHERE s.item_type = 1 AND v.is_sold = 0 AND v.metal >= 100 GROUP BY v.metal ORDER BY n DESC LIMIT 1",
    ).first<{ metal: number; n: number }>();
    if (twoTone) {
      const expected = await checkSearch(cat, { metals: [twoTone.metal] });
      expect(expected.length).toBe(twoTone.n);
      expect(expected.length).toBeLessThan(unfiltered);
      for (const e of expected) expect(e.metals.map((v) => v.metal)).toEqual([twoTone.metal]);
    }
  });

  it("priceMin/priceMax: whole-dollar bounds, every listed metal within them; priceRange ignores them", async () => {
    const cat = await catalogue();
    const body = { priceMin: 1000, priceMax: 2000 };
    const expected = await checkSearch(cat, body);
    expect(expected.length).toBeGreaterThan(0);
    const { cards, first } = await everything("/api/search/settingsv2", body);
    for (const card of cards) for (const m of card.metals) expect(m.price >= 100_000 && m.price <= 200_000, `${m.id} at ${m.price}`).toBe(true);
    // The slider's range is the same with and without the price bounds: every other filter applied.
    const unbounded = await search("/api/search/settingsv2", {});
    expect(first.result.priceRange).toEqual(unbounded.result.priceRange);
    const prices = oracle(cat, {}).flatMap((e) => e.metals.map((v) => v.price_cents));
    expect(unbounded.result.priceRange).toEqual({ min: Math.floor(Math.min(...prices) / 100), max: Math.ceil(Math.max(...prices) / 100) });

    // A bound equal to a variant's price in dollars includes it: the bounds are whole dollars, prices cents.
    const exact = cat.settings
      .filter((s) => s.item_type === 1)
      .flatMap((s) => available(cat, s.id))
      .find((v) => v.price_cents % 100 === 0)!;
    const dollars = exact.price_cents / 100;
    const pinned = await checkSearch(cat, { priceMin: dollars, priceMax: dollars });
    expect(pinned.map((e) => e.setting.id)).toContain(exact.setting_id);
    for (const e of pinned) for (const v of e.metals) expect(v.price_cents).toBe(exact.price_cents);
  });

  it("styles: 1/2/4/8 are bits, Hidden Halo 9 is bit 16, Unique 10 and Vintage 11 go by keyword; several mean any", async () => {
    const cat = await catalogue();
    const all = oracle(cat, {}).length;
    for (const [value, bit] of [
      [1, 1],
      [2, 2],
      [4, 4],
      [8, 8],
      [9, 16],
    ] as const) {
      const expected = await checkSearch(cat, { styles: [value] });
      expect(expected.length, `style ${value}`).toBeGreaterThan(0);
      expect(expected.length, `style ${value}`).toBeLessThan(all);
      for (const e of expected) expect(e.setting.style & bit, `${e.setting.id} style ${e.setting.style}`).not.toBe(0);
    }
    // Hidden halo (9) is not the bits 1 and 8 it is the sum of.
    const hidden = oracle(cat, { styles: [9] });
    expect(hidden.some((e) => (e.setting.style & 9) === 9)).toBe(false);
    for (const value of [10, 11]) {
      const expected = await checkSearch(cat, { styles: [value] });
      expect(expected.length, `style ${value}`).toBeGreaterThan(0);
      for (const e of expected) expect(keywordsOf(value).some((k) => `${e.setting.keywords},${e.setting.name}`.toLowerCase().includes(k))).toBe(true);
    }
    const either = await checkSearch(cat, { styles: [1, 8] });
    expect(either.length).toBe(oracle(cat, {}).filter((e) => (e.setting.style & 9) !== 0).length);
  });

  it("diamondShapes, noSidestone, isMatchingBand, shippingDays and queryText", async () => {
    const cat = await catalogue();
    const all = oracle(cat, {}).length;
    for (const shape of [3, 7, 9]) {
      const expected = await checkSearch(cat, { diamondShapes: [shape] });
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all);
      for (const e of expected) expect(e.setting.shapes_mask & (1 << (shape - 1))).not.toBe(0);
    }
    const plain = await checkSearch(cat, { noSidestone: true });
    expect(plain.length).toBeGreaterThan(0);
    for (const e of plain) expect(e.setting.side_stones_weight).toBe(0);
    const matched = await checkSearch(cat, { isMatchingBand: true });
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.length).toBeLessThan(all);
    for (const e of matched) expect(e.setting.matching_band_id).not.toBeNull();
    const fast = await checkSearch(cat, { shippingDays: 8 });
    expect(fast.length).toBeGreaterThan(0);
    expect(fast.length).toBeLessThan(all);
    for (const e of fast) expect(e.setting.shipping_days).toBeLessThanOrEqual(8);
    const word = cat.settings
      .find((s) => s.item_type === 1)!
      .name.split(" ")[1]!
      .toLowerCase();
    for (const queryText of [word, `  ${word.toUpperCase()}  `, "cathedral halo"]) {
      const expected = await checkSearch(cat, { queryText: queryText.trim() });
      const { total } = (await search("/api/search/settingsv2", { queryText })).result;
      expect(total).toBe(expected.length);
      if (queryText !== "cathedral halo") expect(total).toBeGreaterThan(0);
    }
    expect((await search("/api/search/settingsv2", { queryText: "no such words anywhere" })).result).toMatchObject({
      total: 0,
      settings: [],
      pageCount: 1,
      priceRange: null,
    });
  });

  it("wedding bands: gender, eternity and width", async () => {
    const cat = await catalogue();
    const bands = { itemType: 0, itemTypeNames: ["WeddingBands"] };
    const everyBand = oracle(cat, bands).length;
    for (const gender of ["men", "women"] as const) {
      const expected = await checkSearch(cat, { ...bands, gender });
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(everyBand);
      for (const e of expected) {
        expect(e.setting.item_type_name).toBe("WeddingBands");
        expect(e.setting.gender).toBe(gender);
      }
    }
    const eternity = await checkSearch(cat, { ...bands, gender: "women", eternity: true });
    expect(eternity.length).toBeGreaterThan(0);
    for (const e of eternity) expect(e.setting.is_eternity).toBe(1);
    const notEternity = await checkSearch(cat, { ...bands, eternity: false });
    for (const e of notEternity) expect(e.setting.is_eternity).toBe(0);
    const width = await checkSearch(cat, { ...bands, widthMin: 4, widthMax: 6 });
    expect(width.length).toBeGreaterThan(0);
    expect(width.length).toBeLessThan(everyBand);
    for (const e of width) expect(e.setting.width_mm >= 4 && e.setting.width_mm <= 6).toBe(true);
  });

  it("sortBy price (asc and desc) orders by the first metal's price, ties by id; sortBy name", async () => {
    const cat = await catalogue();
    for (const sortOrder of ["asc", "desc"] as const) {
      const expected = await checkSearch(cat, { sortBy: "price", sortOrder, metals: [2, 4] });
      const { cards } = await everything("/api/search/settingsv2", { sortBy: "price", sortOrder, metals: [2, 4] });
      const firsts = cards.map((c) => c.metals[0]!.price);
      expect(firsts).toEqual([...firsts].sort((a, b) => (sortOrder === "asc" ? a - b : b - a)));
      for (const card of cards) expect(card.metals[0]!.price).toBe(Math.min(...card.metals.map((m) => m.price)));
      expect(expected.length).toBe(cards.length);
    }
    await checkSearch(cat, { sortBy: "name" });
    await checkSearch(cat, { sortBy: "sortingOrder", sortOrder: "desc" });
  });

  it("IsB2CDiamondSelected leaves only items that hold a chosen diamond (Setting of Setting and PresetEngagementRing)", async () => {
    const cat = await catalogue();
    const both = { itemTypeNames: ["PresetEngagementRing", "Setting"] };
    const without = await everything("/api/search/settingsv2", both);
    expect(new Set(without.cards.map((c) => c.itemTypeName))).toEqual(new Set(["PresetEngagementRing", "Setting"]));
    const expected = oracle(cat, { itemTypeNames: ["Setting"] });
    const { total, cards } = await everything("/api/search/settingsv2", { ...both, IsB2CDiamondSelected: true });
    expect(total).toBe(expected.length);
    expectCards(cards, expected, "IsB2CDiamondSelected");
    const off = await search("/api/search/settingsv2", { ...both, IsB2CDiamondSelected: false });
    expect(off.result.total).toBe(without.total);
  });
});

describe("bad search bodies", () => {
  it("answers 400 with the envelope and the field at fault", async () => {
    const cases: [unknown, string][] = [
      [{ colour: 3 }, "colour"],
      [{ priceMin: 5000, priceMax: 100 }, "priceMin"],
      [{ widthMin: 8, widthMax: 2 }, "widthMin"],
      [{ styles: [3] }, "styles.0"],
      [{ metals: [9] }, "metals.0"],
      [{ itemType: 3 }, "itemType"],
      [{ pageSize: 0 }, "pageSize"],
      [{ pageSize: 61 }, "pageSize"],
      [{ pageNumber: 0 }, "pageNumber"],
      [{ diamondShapes: [11] }, "diamondShapes.0"],
      [{ id: "abcdefghjkmn", metals: [1] }, "metals"],
      [{ itemTypeNames: ["Ring"] }, "itemTypeNames.0"],
      [{ sortBy: "popularity" }, "sortBy"],
      [{ shipsByHolidayDate: "next friday" }, "shipsByHolidayDate"],
      [{ promoCodeVariation: "2" }, "promoCodeVariation"],
      [{ id: "not-an-id" }, "id"],
    ];
    for (const path of ["/api/search/settingsv2", "/api/search/jewellery"]) {
      for (const [body, field] of cases) {
        const err = await expectError(await postJson(path, body), 400, `${path} ${JSON.stringify(body)}`);
        expect(err.error.code).toBe("bad_request");
        expect(
          err.error.details?.map((d) => d.path),
          `${path} ${JSON.stringify(body)}`,
        ).toContain(field);
      }
    }
    for (const [body, field] of [
      [{ priceMin: 10, priceMax: 1 }, "priceMin"],
      [{ extra: true }, "extra"],
      [{ pageNumber: 1 }, "pageNumber"],
    ] as const) {
      const err = await expectError(await postJson("/api/search-request/settings2", body), 400, JSON.stringify(body));
      expect(err.error.details?.map((d) => d.path)).toContain(field);
    }
  });

  it("never answers 500: malformed JSON, wrong types and non-objects are 400, another content type 415", async () => {
    const bodies: unknown[] = [
      "{not json",
      "[]",
      "null",
      "17",
      '"text"',
      { metals: "1" },
      { pageNumber: "2" },
      { queryText: 5 },
      { queryText: "x".repeat(81) },
      { eternity: "yes" },
      { gender: "other" },
      { id: 12 },
      { pageSize: 2.5 },
      { priceMin: -1 },
      { styles: [1, 2, 4, 8, 9, 10, 11, 32, 128, 0, 1] },
    ];
    for (const path of [
      "/api/search/settingsv2",
      "/api/search/jewellery",
      "/api/search-request/settings2",
      "/api/search-request/jewellery",
      "/api/studsettings",
    ]) {
      for (const body of bodies) {
        const err = await expectError(await postJson(path, body), 400, `${path} ${JSON.stringify(body)}`);
        expect(err.error.code).toBe("bad_request");
      }
      const text = await call(path, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
      expect((await expectError(text, 415, path)).error.code).toBe("unsupported_media_type");
      const none = await call(path, { method: "POST", body: "{}" });
      expect(none.status, path).toBe(415);
    }
  });
});
