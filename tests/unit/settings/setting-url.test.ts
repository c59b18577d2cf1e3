import { describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject } from "react-router";
import { SEARCH_ID_PATTERN } from "#shared/schemas.ts";
import { COLLECTIONS, CONTENT_PAGE_IDS, SEARCH_PAGES, searchPage } from "#shared/settings/pages.ts";
import { SettingFilters } from "#shared/settings/schemas.ts";
import * as v from "valibot";
import {
  SETTING_SEARCH_ID,
  applyCollection,
  collectionPage,
  defaultFilters,
  filtersFromQuery,
  filtersOffered,
  queryOf,
  queryString,
  searchHrefOf,
  searchPageFor,
  type SearchPageMatch,
} from "#shared/settings/url.ts";

const ID = "abcdefgh2345";

/** The paths client/routes.tsx gives the setting search module (copied: that module is not for Node's type check). */
const ROUTES: RouteObject[] = [
  "setting-search/s",
  "setting-search/pendants/:searchId?",
  "setting-search/pendants/s",
  "setting-search/collections/:collection",
  "setting-search/:searchId?/:slp?",
  "earrings/:searchId?/:slp?",
  "earrings-search/s",
  "wedding-rings/:searchId?",
  "wedding-rings/s",
  "mens-wedding-bands/:searchId?",
  "mens-wedding-bands/s",
  "eternity-rings-for-women/:searchId?",
  "eternity-rings-for-women/s",
  "jewelry-search/:searchId?",
  "jewelry-search/s",
  "jewelry-search/collections/:collection",
  "engagement-rings/collections/:collection",
  ...["bracelets", "necklaces", "earrings"].flatMap((c) => [`jewelry-search/${c}/:searchId?`, `jewelry-search/${c}/s`]),
  "diamond-search",
  "diamond/:id/:slug?/:pairId?",
].map((path) => ({ id: path, path }));
const routed = (path: string) => matchRoutes(ROUTES, path)?.at(-1)?.route.id ?? "";
const q = (s: string) => new URLSearchParams(s);
const pageOf = (m: SearchPageMatch | null) => (m && "page" in m ? m : null);

describe("searchPageFor: every route of the setting search module", () => {
  it.each([
    ["/setting-search", "setting-search", false, undefined],
    ["/setting-search/s", "setting-search", true, undefined],
    [`/setting-search/${ID}`, "setting-search", false, ID],
    [`/setting-search/${ID}/some-landing-page`, "setting-search", false, ID],
    ["/setting-search/pendants", "pendant-search", false, undefined],
    ["/setting-search/pendants/s", "pendant-search", true, undefined],
    [`/setting-search/pendants/${ID}`, "pendant-search", false, ID],
    ["/earrings", "earrings", false, undefined],
    ["/earrings-search/s", "earrings", true, undefined],
    [`/earrings/${ID}`, "earrings", false, ID],
    [`/earrings/${ID}/slp`, "earrings", false, ID],
    ["/wedding-rings", "wedding-rings", false, undefined],
    ["/wedding-rings/s", "wedding-rings", true, undefined],
    [`/wedding-rings/${ID}`, "wedding-rings", false, ID],
    ["/mens-wedding-bands", "mens-wedding-bands", false, undefined],
    ["/mens-wedding-bands/s", "mens-wedding-bands", true, undefined],
    [`/mens-wedding-bands/${ID}`, "mens-wedding-bands", false, ID],
    ["/eternity-rings-for-women", "eternity-rings", false, undefined],
    ["/eternity-rings-for-women/s", "eternity-rings", true, undefined],
    [`/eternity-rings-for-women/${ID}`, "eternity-rings", false, ID],
    ["/jewelry-search", "jewelry-search", false, undefined],
    ["/jewelry-search/s", "jewelry-search", true, undefined],
    [`/jewelry-search/${ID}`, "jewelry-search", false, ID],
    ["/jewelry-search/bracelets", "jewelry-bracelets", false, undefined],
    ["/jewelry-search/bracelets/s", "jewelry-bracelets", true, undefined],
    [`/jewelry-search/bracelets/${ID}`, "jewelry-bracelets", false, ID],
    ["/jewelry-search/necklaces", "jewelry-necklaces", false, undefined],
    ["/jewelry-search/necklaces/s", "jewelry-necklaces", true, undefined],
    [`/jewelry-search/necklaces/${ID}`, "jewelry-necklaces", false, ID],
    ["/jewelry-search/earrings", "jewelry-earrings", false, undefined],
    ["/jewelry-search/earrings/s", "jewelry-earrings", true, undefined],
    [`/jewelry-search/earrings/${ID}`, "jewelry-earrings", false, ID],
  ])("%s is page %s (semantic %s, searchId %s)", (path, id, semantic, searchId) => {
    const m = pageOf(searchPageFor(path));
    expect(m?.page.id).toBe(id);
    expect(m?.semantic).toBe(semantic);
    expect(m?.searchId).toBe(searchId);
    // The router sends the same path to this module.
    expect(routed(path).startsWith(path.split("/")[1]!)).toBe(true);
    expect(routed(path).includes("/collections/")).toBe(false);
  });

  it.each([
    ["/setting-search/collections/vintage", "setting-search", "vintage"],
    ["/engagement-rings/collections/halo", "engagement-rings", "halo"],
    ["/jewelry-search/collections/tennis", "jewelry-search", "tennis"],
    ["/jewelry-search/collections/nope", "jewelry-search", "nope"],
  ])("%s is collection %s/%s", (path, family, name) => {
    expect(searchPageFor(path)).toEqual({ collectionFamily: family, collection: name });
    expect(routed(path)).toMatch(/\/collections\/:collection$/);
  });

  it("ignores case and a trailing slash, keeps the searchId as written", () => {
    expect(pageOf(searchPageFor("/Wedding-Rings/"))?.page.id).toBe("wedding-rings");
    expect(pageOf(searchPageFor("/JEWELRY-SEARCH/Bracelets/S"))).toMatchObject({ semantic: true, page: { id: "jewelry-bracelets" } });
    expect(pageOf(searchPageFor("/setting-search/ABC"))?.searchId).toBe("ABC");
  });

  it("takes /x/s as the semantic URL of any page (the earrings' own is /earrings-search/s)", () => {
    expect(pageOf(searchPageFor("/earrings/s"))).toMatchObject({ semantic: true, page: { id: "earrings" } });
  });

  it("knows no other paths", () => {
    for (const path of [
      "/",
      "/diamond-search",
      "/engagement-rings",
      `/wedding-rings/${ID}/slp`,
      `/jewelry-search/bracelets/${ID}/x`,
      "/setting-search/collections/a/b",
      "/earrings-search",
    ]) {
      expect(searchPageFor(path), path).toBeNull();
    }
  });

  it("uses the API's searchId pattern", () => {
    expect(SETTING_SEARCH_ID.source).toBe(SEARCH_ID_PATTERN.source);
  });
});

describe("collections", () => {
  it("makes every collection a page with its title and family filters, its intro a content-store id", () => {
    for (const [family, list] of Object.entries(COLLECTIONS) as [keyof typeof COLLECTIONS, (typeof COLLECTIONS)[keyof typeof COLLECTIONS]][]) {
      for (const c of list) {
        const cp = collectionPage(family, c.name.toUpperCase())!;
        expect(cp.collection).toBe(c);
        expect(cp.page).toMatchObject({ base: `/${family}/collections/${c.name}`, heading: c.title });
        expect(CONTENT_PAGE_IDS).toContain(cp.page.id);
        expect(cp.page.kind).toBe(family === "jewelry-search" ? "jewellery" : "setting");
      }
    }
    expect(collectionPage("setting-search", "nope")).toBeNull();
  });

  it("applies the collection's own filters over the shopper's", () => {
    const { page, collection } = collectionPage("jewelry-search", "gifts-under-1000")!;
    const { filters } = filtersFromQuery(q("price=1500-3000&q=tennis"), page, collection);
    expect(applyCollection(filters, collection)).toMatchObject({ priceMin: undefined, priceMax: 1000, queryText: "tennis" });
    const rose = collectionPage("setting-search", "rose-gold")!;
    const parsed = filtersFromQuery(q("metal=platinum&style=halo"), rose.page, rose.collection);
    expect(parsed.ignored).toEqual(["metal=platinum"]);
    expect(applyCollection(parsed.filters, rose.collection)).toMatchObject({ metals: [6, 7], styles: [2] });
    const tennis = collectionPage("jewelry-search", "tennis")!;
    expect(applyCollection(filtersFromQuery(q("q=gold"), tennis.page).filters, tennis.collection).queryText).toBe("tennis gold");
  });
});

describe("filtersFromQuery / queryOf", () => {
  const rings = searchPage("setting-search");
  const men = searchPage("mens-wedding-bands");
  const earrings = searchPage("earrings");
  const bracelets = searchPage("jewelry-bracelets");

  it("starts from the page's defaults and fixed filters", () => {
    expect(filtersFromQuery(q(""), men)).toEqual({ filters: defaultFilters(men), pageNumber: 1, diamond: null, ignored: [] });
    expect(defaultFilters(men)).toMatchObject({
      itemType: 0,
      itemTypeNames: ["WeddingBands"],
      gender: "men",
      sortBy: "sortingOrder",
      sortOrder: "asc",
      shippingDays: -1,
    });
    expect(defaultFilters(searchPage("eternity-rings")).eternity).toBe(true);
    expect(queryString(queryOf(defaultFilters(rings), rings))).toBe("");
    expect(searchHrefOf(defaultFilters(rings), rings)).toBe("/setting-search");
  });

  it("reads every parameter", () => {
    const r = filtersFromQuery(
      q(
        "shape=oval,round&metal=platinum&metal=14k-white-gold-and-14k-yellow-gold&style=halo,pave&price=500-2000&sideStones=0.1-0.5&noSidestone=1&q=%20milgrain%20&ships=7&matchingBand=1&sort=price-desc&page=3&diamond=12345",
      ),
      rings,
    );
    expect(r.ignored).toEqual([]);
    expect(r.filters).toMatchObject({
      diamondShapes: [1, 6],
      metals: [1, 124],
      styles: [2, 4],
      priceMin: 500,
      priceMax: 2000,
      sideGemstonesWeightMin: 0.1,
      sideGemstonesWeightMax: 0.5,
      noSidestone: true,
      queryText: "milgrain",
      shippingDays: 7,
      isMatchingBand: true,
      sortBy: "price",
      sortOrder: "desc",
    });
    expect(r.pageNumber).toBe(3);
    expect(r.diamond).toBe("12345");
  });

  it("reads the form's own field names (min/max fields, empty values, any-time shipping)", () => {
    const r = filtersFromQuery(q("q=&priceMin=300&priceMax=&widthMin=2&widthMax=4.5&ships=-1&sort=sortingOrder-asc&metal=tungsten"), men);
    expect(r.ignored).toEqual([]);
    expect(r.filters).toMatchObject({ priceMin: 300, priceMax: undefined, widthMin: 2, widthMax: 4.5, shippingDays: -1, metals: [13] });
    expect(searchHrefOf(r.filters, men)).toBe("/mens-wedding-bands/s?metal=tungsten&price=300-&width=2-4.5");
  });

  it("drops unknown and malformed values, and filters the page does not offer, and says which", () => {
    const r = filtersFromQuery(q("shape=blob,oval&metal=gold&style=halo&price=abc&width=2-3&sort=colour&page=0&ships=soon&diamond=x&noSidestone=1"), bracelets);
    expect(r.ignored.sort()).toEqual(
      ["diamond=x", "metal=gold", "noSidestone=1", "page=0", "price=abc", "ships=soon", "shape=blob,oval", "sort=colour", "style=halo", "width=2-3"].sort(),
    );
    expect(r.filters).toEqual(defaultFilters(bracelets));
    expect(r.pageNumber).toBe(1);
  });

  it("swaps reversed ranges and rounds prices out to whole dollars", () => {
    expect(filtersFromQuery(q("price=2000.5-499.5"), rings).filters).toMatchObject({ priceMin: 499, priceMax: 2001 });
    expect(filtersFromQuery(q("sideStones=0.6-0.2"), rings).filters).toMatchObject({ sideGemstonesWeightMin: 0.2, sideGemstonesWeightMax: 0.6 });
  });

  it("caps the words at 80 characters", () => {
    expect(filtersFromQuery(q(`q=${"a".repeat(200)}`), rings).filters.queryText).toHaveLength(80);
  });

  it("offers each page its own filters and metals", () => {
    expect(filtersOffered(rings)).toMatchObject({ shapes: true, sideStones: true, matchingBand: true, width: false, diamond: true });
    expect(filtersOffered(rings).metals).toContain(124);
    expect(filtersOffered(men)).toMatchObject({ shapes: false, width: true, sideStones: false, diamond: false });
    expect(filtersOffered(men).metals).toEqual(expect.arrayContaining([1, 7, 8, 10, 16]));
    expect(filtersOffered(searchPage("wedding-rings")).metals).not.toContain(13);
    expect(filtersOffered(earrings)).toMatchObject({ shapes: true, width: false, sideStones: false });
    expect(filtersOffered(bracelets)).toEqual({
      metals: [1, 2, 3, 4, 5, 6, 7],
      shapes: false,
      width: false,
      sideStones: false,
      matchingBand: false,
      diamond: false,
    });
  });

  it("reads the Presets style on the earring and pendant pages (the page redirects on it)", () => {
    expect(filtersFromQuery(q("style=presets"), earrings).filters.styles).toEqual([0]);
    expect(filtersFromQuery(q("style=Presets"), searchPage("pendant-search")).filters.styles).toEqual([0]);
    expect(earrings.presetsRedirect).toBe("/jewelry-search/earrings");
  });

  it("round-trips: the canonical query parses back to the same state, and is its own canonical form", () => {
    const cases: [string, string][] = [
      [
        "setting-search",
        "shape=round,oval&metal=platinum,18k-rose-gold&style=solitaire,hidden-halo,vintage&price=500-&sideStones=-0.5&noSidestone=1&q=twist%20band&ships=5&matchingBand=1&sort=name-asc&diamond=77&page=2",
      ],
      ["mens-wedding-bands", "metal=titanium,carbon-fiber&width=4-8&sort=price-desc"],
      ["earrings", "shape=pear&style=stud,drops&price=-900"],
      ["pendant-search", "style=side-stone"],
      ["jewelry-search", "metal=14k-yellow-gold&q=heart&page=4"],
      ["eternity-rings", "metal=14k-white-gold-and-14k-rose-gold&width=-2.5"],
    ];
    for (const [id, query] of cases) {
      const page = searchPage(id);
      const a = filtersFromQuery(q(query), page);
      expect(a.ignored, query).toEqual([]);
      const canonical = queryString(queryOf(a.filters, page, { pageNumber: a.pageNumber, diamond: a.diamond }));
      expect(canonical).toBe(query);
      const b = filtersFromQuery(q(canonical), page);
      expect(b).toEqual(a);
      // Whatever it reads is a valid request for the API.
      expect(v.safeParse(SettingFilters, b.filters).success).toBe(true);
    }
  });

  it("gives filters every page's API accepts, whatever the query", () => {
    const junk =
      "shape=a,b,1,2,3,4,5,6,7,8,9,10&metal=1,2,999&style=1,2,3,4,9,10,11,12&price=-5-x&width=99-1&sideStones=1e9&ships=1000&q=%00&sort=price-up&page=99999";
    for (const page of SEARCH_PAGES) {
      const { filters } = filtersFromQuery(q(junk), page);
      const parsed = v.safeParse(SettingFilters, filters);
      expect(parsed.success, `${page.id}: ${JSON.stringify(parsed.issues?.map((i) => i.message))}`).toBe(true);
    }
  });

  it("puts the default search at the page's own path and anything else at its semantic URL", () => {
    const page = searchPage("earrings");
    const { filters } = filtersFromQuery(q("shape=round"), page);
    expect(searchHrefOf(filters, page)).toBe("/earrings-search/s?shape=round");
    expect(searchHrefOf(defaultFilters(page), page, { pageNumber: 2 })).toBe("/earrings-search/s?page=2");
    expect(searchHrefOf(defaultFilters(page), page)).toBe("/earrings");
    const c = collectionPage("setting-search", "halo")!;
    expect(searchHrefOf(defaultFilters(c.page), c.page, { pageNumber: 2 }, c.collection)).toBe("/setting-search/collections/halo?page=2");
  });
});
