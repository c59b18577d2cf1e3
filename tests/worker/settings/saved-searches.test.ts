import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import type { SavedSettingSearch, SettingSearchResponse } from "#shared/settings/schemas.ts";
import { call, postJson, type ErrorBody } from "../helpers";
import { catalogue, expectCards, expectError, getJson, oracle, search } from "./settings-helpers";

describe("saved setting and jewellery searches", () => {
  const save = async (path: string, body: unknown): Promise<SavedSettingSearch> => {
    const res = await postJson(path, body);
    expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    return (await res.json()) as SavedSettingSearch;
  };

  it("saves filters under a 12-character id derived from them and the kind", async () => {
    const filters = { styles: [2], metals: [1, 2] };
    const a = await save("/api/search-request/settings2", filters);
    expect(a.searchId).toMatch(/^[0-9a-z]{12}$/);
    expect(a.kind).toBe("setting");
    expect(a.filters).toMatchObject({ ...filters, itemType: 1, sortBy: "sortingOrder" });
    const again = await save("/api/search-request/settings2", { metals: [1, 2], styles: [2] });
    expect(again.searchId).toBe(a.searchId);
    // The same numbers in another order are the same search.
    expect((await save("/api/search-request/settings2", { styles: [2], metals: [2, 1] })).searchId).toBe(a.searchId);
    expect((await save("/api/search-request/settings2", { styles: [2], metals: [1] })).searchId).not.toBe(a.searchId);
    const row = await env.DB.prepare("SELECT kind FROM saved_searches WHERE id = ?").bind(a.searchId).first<{ kind: string }>();
    expect(row?.kind).toBe("setting");

    // Equal filters saved as a jewellery and as a setting search are two searches.
    const bracelets = { itemTypeNames: ["Bracelet"], priceMax: 5000 };
    const j = await save("/api/search-request/jewellery", bracelets);
    const s = await save("/api/search-request/settings2", bracelets);
    expect(j.kind).toBe("jewellery");
    expect(j.filters.itemTypeNames).toEqual(["Bracelet"]);
    expect(j.searchId).not.toBe(s.searchId);
    // A jewellery save without item types covers every jewellery type.
    expect((await save("/api/search-request/jewellery", {})).filters.itemTypeNames).toEqual(
      expect.arrayContaining(["Bracelet", "Necklace", "PresetEarrings", "PresetEngagementRing"]),
    );
  });

  it("gives the same id to the same item types in another order, and refuses types that are not jewellery", async () => {
    // Lists are sorted before hashing, strings as well as numbers, so these are the same filters.
    const a = await save("/api/search-request/jewellery", { itemTypeNames: ["Necklace", "Bracelet"] });
    const b = await save("/api/search-request/jewellery", { itemTypeNames: ["Bracelet", "Necklace"] });
    expect(b.searchId).toBe(a.searchId);
    for (const path of ["/api/search-request/jewellery", "/api/search/jewellery"]) {
      const res = await postJson(path, { itemTypeNames: ["Setting", "Bracelet"] });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.details?.[0]?.path).toBe("itemTypeNames");
    }
  });

  it("restores a saved setting search: its filters, then its pages through settingsv2 {id} and /settings/searches/{id}/{page}", async () => {
    const cat = await catalogue();
    const filters = { metals: [2], sortBy: "price" as const };
    const saved = await save("/api/search-request/settings2", filters);
    const restored = await getJson<SavedSettingSearch>(`/api/search-request/settings/${saved.searchId}`);
    expect(restored).toMatchObject({ searchId: saved.searchId, kind: "setting", filters: saved.filters });
    const expected = oracle(cat, filters);
    expect(expected.length).toBeGreaterThan(40);

    const page1 = await search("/api/search/settingsv2", { id: saved.searchId });
    expect(page1.searchId).toBe(saved.searchId);
    expect(page1.filters).toEqual(saved.filters);
    expect(page1.result.total).toBe(expected.length);
    expectCards(page1.result.settings, expected.slice(0, 20), "settingsv2 {id}");
    const page2 = await search("/api/search/settingsv2", { id: saved.searchId, pageNumber: 2, pageSize: 10 });
    expectCards(page2.result.settings, expected.slice(10, 20), "settingsv2 {id, pageNumber 2, pageSize 10}");

    const byPath = await getJson<SettingSearchResponse>(`/api/settings/searches/${saved.searchId}/2`);
    expect(byPath.searchId).toBe(saved.searchId);
    expect(byPath.result.pageNumber).toBe(2);
    expectCards(byPath.result.settings, expected.slice(20, 40), "/settings/searches/{id}/2");
    expect((await expectError(await call(`/api/settings/searches/${saved.searchId}/0`), 400, "page 0")).error.code).toBe("bad_request");
  });

  it("restores a saved jewellery search through /jewellery/searches/{id}?pageNumber=", async () => {
    const cat = await catalogue();
    const saved = await save("/api/search-request/jewellery", {});
    const expected = oracle(cat, { itemTypeNames: ["Bracelet", "Necklace", "PresetEarrings", "PresetEngagementRing"] });
    const page1 = await getJson<SettingSearchResponse>(`/api/jewellery/searches/${saved.searchId}`);
    expect(page1.result.pageSize).toBe(19);
    expect(page1.result.total).toBe(expected.length);
    expectCards(page1.result.settings, expected.slice(0, 19), "jewellery page 1");
    const page2 = await getJson<SettingSearchResponse>(`/api/jewellery/searches/${saved.searchId}?pageNumber=2`);
    expectCards(page2.result.settings, expected.slice(19, 38), "jewellery page 2");
    const viaPost = await search("/api/search/jewellery", { id: saved.searchId, pageNumber: 2 });
    expect(viaPost.result.settings.map((c) => c.id)).toEqual(page2.result.settings.map((c) => c.id));
    expect((await call(`/api/jewellery/searches/${saved.searchId}?pageNumber=0`)).status).toBe(400);
  });

  it("answers 404 'No filters found' for an id of another kind or an unknown id, 400 for a malformed one", async () => {
    const jewelry = await save("/api/search-request/jewellery", { itemTypeNames: ["Necklace"] });
    const setting = await save("/api/search-request/settings2", { styles: [8] });
    const notFound: string[] = [
      `/api/search-request/settings/${jewelry.searchId}`,
      "/api/search-request/settings/zzzzzzzzzzzz",
      `/api/settings/searches/${jewelry.searchId}/1`,
      "/api/settings/searches/zzzzzzzzzzzz/1",
      `/api/jewellery/searches/${setting.searchId}`,
      "/api/jewellery/searches/zzzzzzzzzzzz",
      `/api/search-request/wedding-bands/${setting.searchId}`,
    ];
    for (const path of notFound) {
      const err = await expectError(await call(path), 404, path);
      expect(err.error).toMatchObject({ code: "not_found", message: "No filters found" });
    }
    for (const [path, id] of [
      ["/api/search/settingsv2", jewelry.searchId],
      ["/api/search/jewellery", setting.searchId],
      ["/api/search/settingsv2", "zzzzzzzzzzzz"],
    ] as const) {
      const err = await expectError(await postJson(path, { id }), 404, `${path} ${id}`);
      expect(err.error.message).toBe("No filters found");
    }
    // A diamond search's id is not a setting search either.
    const diamond = await postJson("/api/diamond-filter", { diamondShapes: [1] });
    expect(diamond.status).toBe(200);
    const { searchId: diamondId } = (await diamond.json()) as { searchId: string };
    expect((await call(`/api/search-request/settings/${diamondId}`)).status).toBe(404);
    expect((await postJson("/api/search/settingsv2", { id: diamondId })).status).toBe(404);
    for (const id of ["abc", "ABCDEFGHJKMN", "iiiiiiiiiiii", "abcdefghjkmn1"]) {
      for (const path of [
        `/api/search-request/settings/${id}`,
        `/api/search-request/wedding-bands/${id}`,
        `/api/settings/searches/${id}/1`,
        `/api/jewellery/searches/${id}`,
      ]) {
        expect((await expectError(await call(path), 400, path)).error.code).toBe("bad_request");
      }
    }
  });

  it("answers GET /search-request/wedding-bands/{id} only for a band search", async () => {
    const men = await save("/api/search-request/settings2", { itemType: 0, itemTypeNames: ["WeddingBands"], gender: "men" });
    expect(await getJson<SavedSettingSearch>(`/api/search-request/wedding-bands/${men.searchId}`)).toMatchObject({
      searchId: men.searchId,
      filters: men.filters,
    });
    const byType = await save("/api/search-request/settings2", { itemType: 0, widthMin: 3 });
    expect((await call(`/api/search-request/wedding-bands/${byType.searchId}`)).status).toBe(200);
    const mixed = await save("/api/search-request/settings2", { itemTypeNames: ["WeddingBands", "Setting"] });
    expect((await call(`/api/search-request/wedding-bands/${mixed.searchId}`)).status).toBe(404);
    const rings = await save("/api/search-request/settings2", { itemType: 1 });
    expect((await call(`/api/search-request/wedding-bands/${rings.searchId}`)).status).toBe(404);
  });
});
