import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import type { SettingRow } from "#shared/catalogue/rows.ts";
import type { SettingDetail, SettingSummary } from "#shared/settings/schemas.ts";
import { call, postJson } from "../helpers";
import { type Catalogue, available, catalogue, expectError, getJson, pageOf } from "./settings-helpers";

describe("setting detail", () => {
  /** The metal a setting opens in: 14K white gold when available, else its first available, else its first. */
  const defaultMetalOf = (cat: Catalogue, id: number) => {
    const all = cat.variants.get(id)!;
    return (all.find((v) => v.metal === 2 && v.is_sold === 0) ?? all.find((v) => v.is_sold === 0) ?? all[0]!).metal;
  };

  function expectDetail(d: SettingDetail, cat: Catalogue, id: number, metal: number) {
    const s = cat.byId.get(id)!;
    const all = cat.variants.get(id)!;
    const v = all.find((x) => x.metal === metal)!;
    expect(d).toMatchObject({ id, name: s.name, itemType: s.item_type, itemTypeName: s.item_type_name, style: s.style, metalId: metal, incomplete: false });
    expect(d.selectedVariant).toMatchObject({
      id: v.id,
      metal,
      price: v.price_cents,
      priceBeforeDiscount: v.price_before_discount_cents,
      isSold: v.is_sold === 1,
    });
    expect(d.selectedVariant.images[0]).toBe(v.image_url);
    expect(d.images[0]).toBe(v.image_url);
    expect(d.mediaLibrary.map((m) => m.url)).toEqual(d.images);
    expect(d.variants.map((x) => [x.id, x.metal, x.price])).toEqual(all.map((x) => [x.id, x.metal, x.price_cents]));
    expect(d.url).toBe(`/${pageOf(s)}/${id}/${metal}`);
    expect(d.retailer.id).toBe(s.retailer_id);
    expect(d.shapes.reduce((mask, shape) => mask | (1 << (shape - 1)), 0)).toBe(s.shapes_mask);
    // The matching band: there exactly when D1 names one (with an available variant), in the same metal when it has it.
    const bandVariants = s.matching_band_id === null ? [] : available(cat, s.matching_band_id);
    if (bandVariants.length === 0) {
      expect(d.matchingBand, `setting ${id}`).toBeNull();
    } else {
      const band = cat.byId.get(s.matching_band_id!)!;
      expect(d.matchingBand, `setting ${id}`).not.toBeNull();
      expect(d.matchingBand!.id).toBe(band.id);
      const bandVariant = cat.variantById.get(d.matchingBand!.variantId)!;
      expect(bandVariant.setting_id).toBe(band.id);
      expect(bandVariant.is_sold).toBe(0);
      expect(d.matchingBand!.price).toBe(bandVariant.price_cents);
      expect(d.matchingBand!.metal).toBe(bandVariant.metal);
      expect(d.matchingBand!.url).toBe(`/wedding-ring/${band.id}/${bandVariant.metal}`);
      if (bandVariants.some((x) => x.metal === metal)) expect(d.matchingBand!.metal).toBe(metal);
    }
  }

  it("answers /settings/{id}/{metal} from D1 for every setting, and /settings/{id} in its default metal", async () => {
    const cat = await catalogue();
    expect(cat.settings.some((s) => s.matching_band_id !== null)).toBe(true);
    for (const s of cat.settings) {
      const all = cat.variants.get(s.id)!;
      const other = all[all.length - 1]!.metal;
      expectDetail(await getJson<SettingDetail>(`/api/settings/${s.id}/${other}`), cat, s.id, other);
      const def = await getJson<SettingDetail>(`/api/settings/${s.id}`);
      expect(def.metalId, `setting ${s.id}`).toBe(defaultMetalOf(cat, s.id));
      expectDetail(def, cat, s.id, def.metalId);
    }
    // 14K white gold where offered.
    const white = cat.settings.find((s) => available(cat, s.id).some((v) => v.metal === 2) && cat.variants.get(s.id)![0]!.metal !== 2)!;
    expect((await getJson<SettingDetail>(`/api/settings/${white.id}`)).metalId).toBe(2);
  });

  it("is private to the visitor unless the promo variant is named", async () => {
    const cat = await catalogue();
    const s = cat.settings[0]!;
    for (const path of [`/api/settings/${s.id}`, `/api/settings/${s.id}/2`, "/api/settings/best-selling", "/api/setting/engagement-rings"]) {
      expect((await call(path)).headers.get("cache-control"), path).toMatch(/private/);
      expect((await call(`${path}?promoCodeVariation=0`)).headers.get("cache-control"), path).toMatch(/public/);
    }
  });

  it("links each item type to its page", async () => {
    const cat = await catalogue();
    const expected: [number, string][] = [
      [0, "wedding-ring"],
      [1, "setting"],
      [2, "fine-jewelry"],
      [4, "fine-jewelry"],
      [5, "engagement-ring"],
    ];
    for (const [itemType, page] of expected) {
      const s = cat.settings.find((x) => x.item_type === itemType)!;
      const d = await getJson<SettingDetail>(`/api/settings/${s.id}`);
      expect(d.url).toBe(`/${page}/${s.id}/${d.metalId}`);
    }
  });

  it("answers 404 for an unknown setting or a metal it lacks (naming the metal), 400 for a malformed id", async () => {
    const cat = await catalogue();
    for (const path of ["/api/settings/999999", "/api/settings/999999/2"]) {
      const err = await expectError(await call(path), 404, path);
      expect(err.error.code).toBe("not_found");
      expect(err.error.message).toContain("999999");
    }
    const lacking = cat.settings.find((s) => !cat.variants.get(s.id)!.some((v) => v.metal === 1))!;
    const err = await expectError(await call(`/api/settings/${lacking.id}/1`), 404, "lacking metal");
    expect(err.error.message).toMatch(/metal 1\b|Platinum/);
    expect(err.error.message).toContain(String(lacking.id));
    const nine = await expectError(await call(`/api/settings/${lacking.id}/9`), 404, "metal 9");
    expect(nine.error.message).toMatch(/metal 9\b/);
    for (const path of ["/api/settings/0", "/api/settings/1/x", "/api/settings/1/1234", "/api/settings/12345678901"]) {
      const res = await call(path);
      expect([400, 404], path).toContain(res.status);
      await expectError(res, res.status, path);
    }
  });

  it("answers /jewellery/jewellery-variant/{variantId} for jewellery and 404 for a ring's variant", async () => {
    const cat = await catalogue();
    const bracelet = cat.settings.find((s) => s.item_type_name === "Bracelet")!;
    const variant = cat.variants.get(bracelet.id)!.at(-1)!;
    const d = await getJson<SettingDetail>(`/api/jewellery/jewellery-variant/${variant.id}`);
    expect(d.itemTypeName).toBe("Bracelet");
    expect(d.selectedVariant.id).toBe(variant.id);
    expectDetail(d, cat, bracelet.id, variant.metal);
    expect(d.url).toBe(`/fine-jewelry/${bracelet.id}/${variant.metal}`);
    for (const itemType of [1, 5, 0]) {
      const ring = cat.settings.find((s) => s.item_type === itemType)!;
      const path = `/api/jewellery/jewellery-variant/${cat.variants.get(ring.id)![0]!.id}`;
      expect((await expectError(await call(path), 404, path)).error.code).toBe("not_found");
    }
    expect((await call("/api/jewellery/jewellery-variant/999999999")).status).toBe(404);
    expect((await call("/api/jewellery/jewellery-variant/abc")).status).toBe(400);
  });
});

describe("lists: best-selling settings, popular engagement rings, stud settings", () => {
  it("best-selling: at most 8 ring settings in sorting order; engagement-rings: preset engagement rings only", async () => {
    const cat = await catalogue();
    for (const [path, keep] of [
      ["/api/settings/best-selling", (s: SettingRow) => s.item_type === 1 && s.item_type_name === "Setting"],
      ["/api/setting/engagement-rings", (s: SettingRow) => s.item_type === 5],
    ] as const) {
      const { settings } = await getJson<{ settings: SettingSummary[] }>(path);
      const expected = cat.settings
        .filter((s) => keep(s) && available(cat, s.id).length > 0)
        .sort((a, b) => a.sorting_order - b.sorting_order || a.id - b.id)
        .slice(0, 8);
      expect(settings.length).toBeGreaterThan(0);
      expect(settings.length).toBeLessThanOrEqual(8);
      expect(
        settings.map((s) => s.id),
        path,
      ).toEqual(expected.map((s) => s.id));
      for (const card of settings) {
        const s = cat.byId.get(card.id)!;
        expect(card.itemType).toBe(s.item_type);
        for (const m of card.metals) {
          const v = cat.variantById.get(m.id)!;
          expect(v.setting_id).toBe(card.id);
          expect(v.is_sold).toBe(0);
          expect(m.price).toBe(v.price_cents);
        }
        // 14K white gold first where offered.
        if (available(cat, card.id).some((v) => v.metal === 2)) expect(card.metals[0]!.metal).toBe(2);
      }
    }
    expect((await call("/api/settings/best-selling?promoCodeVariation=3")).status).toBe(400);
  });

  it("studsettings: Stud mountings taking the shape, the retailer's own first; 400 for shape 0 or size 0", async () => {
    const cat = await catalogue();
    const studs = cat.settings.filter((s) => s.item_type_name === "Stud" && available(cat, s.id).length > 0);
    expect(studs.length).toBeGreaterThan(0);
    for (const shape of [1, 2, 4, 7, 3]) {
      const takers = studs.filter((s) => (s.shapes_mask & (1 << (shape - 1))) !== 0);
      const res = await postJson("/api/studsettings", { shape, size: 1 });
      expect(res.status).toBe(200);
      const { settings } = (await res.json()) as { settings: SettingSummary[] };
      expect(
        settings.map((s) => s.id).sort((a, b) => a - b),
        `shape ${shape}`,
      ).toEqual(takers.map((s) => s.id));
      for (const card of settings) {
        expect(card.itemTypeName).toBe("Stud");
        for (const m of card.metals) expect(cat.variantById.get(m.id)!.is_sold).toBe(0);
      }
      // The retailer's own first; above 1.5 ct halo mountings after the others; then by popularity.
      const order = (retailerId: number | null, size: number) =>
        [...takers]
          .sort(
            (a, b) =>
              Number(b.retailer_id === retailerId) - Number(a.retailer_id === retailerId) ||
              Number(size > 1.5 && (a.style & 2) !== 0) - Number(size > 1.5 && (b.style & 2) !== 0) ||
              a.sorting_order - b.sorting_order ||
              a.id - b.id,
          )
          .map((s) => s.id);
      for (const retailerId of [null, ...new Set(takers.map((s) => s.retailer_id))]) {
        for (const size of [0.5, 2]) {
          const { settings: mine } = (await (await postJson("/api/studsettings", { shape, size, retailerId })).json()) as { settings: SettingSummary[] };
          expect(
            mine.map((c) => c.id),
            `shape ${shape}, retailer ${retailerId}, ${size} ct`,
          ).toEqual(order(retailerId, size));
          const own = takers.filter((s) => s.retailer_id === retailerId).length;
          expect(mine.slice(own).some((c) => c.retailer.id === retailerId)).toBe(false);
        }
      }
    }
    // In the asked metal where the mounting has it.
    const { settings: yellow } = (await (await postJson("/api/studsettings", { shape: 1, size: 0.5, metal: 4 })).json()) as { settings: SettingSummary[] };
    for (const card of yellow) if (available(cat, card.id).some((v) => v.metal === 4)) expect(card.metals.map((m) => m.metal)).toEqual([4]);
    for (const body of [
      { shape: 0, size: 1 },
      { shape: 1, size: 0 },
      { shape: 11, size: 1 },
      { size: 1 },
      { shape: 1 },
      { shape: 1, size: 1, retailerId: 0 },
      { shape: 1, size: 1, extra: 1 },
    ]) {
      const err = await expectError(await postJson("/api/studsettings", body), 400, JSON.stringify(body));
      expect(err.error.details?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
  });
});

describe("GET /api/content/search-heading/{pageId}", () => {
  it("answers the content store's heading (a collection's too), null for a page without one and 400 for an unknown page", async () => {
    const row = await env.DB.prepare("SELECT heading, subheading FROM search_headings WHERE page_id = 'jewelry-necklaces'").first<{
      heading: string;
      subheading: string;
    }>();
    expect(row).not.toBeNull();
    const res = await call("/api/content/search-heading/jewelry-necklaces");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(row);
    const none = await call("/api/content/search-heading/jewelry-search");
    expect(none.status).toBe(200);
    expect(await none.json()).toBeNull();
    const collection = await env.DB.prepare("SELECT heading, subheading FROM search_headings WHERE page_id = 'setting-search/collections/vintage'").first();
    expect(collection).not.toBeNull();
    expect(await (await call(`/api/content/search-heading/${encodeURIComponent("setting-search/collections/vintage")}`)).json()).toEqual(collection);
    const bad = await expectError(await call("/api/content/search-heading/no-such-page"), 400, "unknown page");
    expect(bad.error.details?.[0]?.path).toBe("pageId");
  });
});

describe("OpenAPI document", () => {
  it("describes every setting, jewellery and search-heading call with its schemas", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const operations: [string, string][] = [
      ["/search/settingsv2", "post"],
      ["/search/jewellery", "post"],
      ["/search-request/settings2", "post"],
      ["/search-request/jewellery", "post"],
      ["/search-request/settings/{id}", "get"],
      ["/search-request/wedding-bands/{id}", "get"],
      ["/settings/searches/{id}/{page}", "get"],
      ["/jewellery/searches/{id}", "get"],
      ["/settings/{id}", "get"],
      ["/settings/{id}/{metal}", "get"],
      ["/jewellery/jewellery-variant/{variantId}", "get"],
      ["/settings/best-selling", "get"],
      ["/setting/engagement-rings", "get"],
      ["/studsettings", "post"],
      ["/content/search-heading/{pageId}", "get"],
    ];
    for (const [path, method] of operations) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      expect(doc.paths[path]![method]!.responses["200"], `${method} ${path}`).toBeDefined();
      if (method === "post") expect(doc.paths[path]![method]!.requestBody, path).toBeDefined();
    }
    const request = Object.keys(doc.components.schemas.SettingSearchRequest!.properties!);
    expect(request).toEqual(
      expect.arrayContaining([
        "id",
        "pageNumber",
        "pageSize",
        "promoCodeVariation",
        "IsB2CDiamondSelected",
        "metals",
        "priceMin",
        "priceMax",
        "styles",
        "itemTypeNames",
        "isMatchingBand",
      ]),
    );
    for (const name of ["SettingFilters", "SettingSearchResponse", "SavedSettingSearch", "SettingDetail", "SettingSummaryList", "StudSettingsRequest"]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas.StudSettingsRequest!.properties!)).toEqual(["retailerId", "shape", "size", "metal"]);
    // Every $ref points at a component.
    for (const ref of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas[ref[1]!], ref[1]).toBeDefined();
  });
});
