import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { DiamondFilters, DiamondSearchRequest, FILTER_DEFAULTS, SEARCH_DEFAULTS } from "#shared/schemas.ts";
import { LANDING_PAGES } from "#shared/landing-pages.ts";
import { DEFAULT_STATE, parseSearchParams, searchHref, toSearchRequest } from "#shared/search-url.ts";

describe("search URL state", () => {
  it("defaults to §9: page size 16, price 650-20000, sortingOrder ascending", () => {
    const { state, ignored } = parseSearchParams(new URLSearchParams(""));
    expect(state).toEqual(DEFAULT_STATE);
    expect(ignored).toEqual([]);
    const req = v.parse(DiamondSearchRequest, toSearchRequest(state));
    expect(req).toMatchObject({
      pageNumber: 1,
      pageSize: 16,
      priceMin: 650,
      priceMax: 20000,
      sortBy: "sortingOrder",
      sortOrder: "asc",
      isLabGrown: false,
      shippingDays: -1,
    });
    expect(SEARCH_DEFAULTS.pageSize).toBe(16);
    expect(searchHref(state)).toBe("/diamond-search");
  });

  it("writes a readable semantic URL and reads it back", () => {
    const q = "origin=lab&shape=round,oval&caratMin=1&caratMax=2&color=d,e,f,g&clarity=vs1&cut=ideal&priceMin=1000&priceMax=9000&sort=price&order=desc&page=3";
    const { state } = parseSearchParams(new URLSearchParams(q));
    expect(state).toMatchObject({
      isLabGrown: true,
      diamondShapes: [1, 6],
      colors: [1, 2, 3, 4],
      clarities: [5],
      cuts: [0],
      caratMin: 1,
      caratMax: 2,
      priceMin: 1000,
      priceMax: 9000,
      sortBy: "price",
      sortOrder: "desc",
      page: 3,
    });
    const href = searchHref(state);
    expect(href).toBe("/diamond-search/s?origin=lab&shape=round,oval&color=d-g&clarity=vs1&cut=ideal&price=1000-9000&carat=1-2&sort=price&order=desc&page=3");
    expect(parseSearchParams(new URL(href, "https://x.test").searchParams).state).toEqual(state);
  });

  it("round-trips every filter through the URL", () => {
    const state = {
      ...DEFAULT_STATE,
      isLabGrown: null,
      diamondShapes: [4],
      polishes: [1, 2],
      symmetries: [1],
      fluorescences: [0, 1],
      certificateLabs: [0, 2],
      depthMin: 61,
      depthMax: 68.5,
      tableMin: 60,
      ratioMax: 1.5,
      shippingDays: 5,
      shipsByHolidayDate: "2026-12-20",
      eyeClean: true,
      hasImage: true,
      hasVideo: true,
      loupeIdeal: true,
      naturalDiamondRetailers: [3, 7],
      labGrownDiamondRetailers: [9],
      certificateNumber: "LG123-45",
      page: 2,
    };
    const href = searchHref(state);
    expect(href).toContain("depth=61-68.5");
    expect(href).toContain("ratio=-1.5");
    expect(parseSearchParams(new URL(href, "https://x.test").searchParams).state).toEqual(state);
    expect(v.safeParse(DiamondSearchRequest, toSearchRequest(state)).success).toBe(true);
  });

  it("accepts repeated parameters (plain HTML forms) and drops unknown values", () => {
    const { state, ignored } = parseSearchParams(new URLSearchParams("shape=round&shape=pear&shape=blob&color=Z&caratMin=abc&sort=nope&ship=-1"));
    expect(state.diamondShapes).toEqual([1, 5]);
    expect(state.colors).toEqual([]);
    expect(state.caratMin).toBeUndefined();
    expect(state.sortBy).toBe("sortingOrder");
    expect(state.shippingDays).toBe(-1);
    expect(ignored).toEqual(expect.arrayContaining(["shape=blob", "color=Z", "caratMin=abc", "sort=nope"]));
    expect(ignored).toHaveLength(4);
  });

  it("swaps reversed ranges instead of failing", () => {
    const { state } = parseSearchParams(new URLSearchParams("priceMin=5000&priceMax=1000&caratMin=2&caratMax=1&depth=70-60"));
    expect([state.priceMin, state.priceMax, state.caratMin, state.caratMax, state.depthMin, state.depthMax]).toEqual([1000, 5000, 1, 2, 60, 70]);
  });
});

describe("search defaults without the validator (what the browser bundle uses)", () => {
  it("equal what the DiamondFilters schema fills in for an empty state", () => {
    expect(FILTER_DEFAULTS).toEqual(v.parse(DiamondFilters, {}));
    expect(DEFAULT_STATE).toEqual({ ...v.parse(DiamondFilters, {}), isLabGrown: false, page: 1 });
  });

  it("make every landing page's filter set a valid, complete filter state", () => {
    expect(LANDING_PAGES.length).toBeGreaterThan(0);
    for (const lp of LANDING_PAGES) expect(v.parse(DiamondFilters, lp.filters)).toEqual(lp.filters);
  });
});

describe("search request schema", () => {
  it("rejects out-of-range and unknown fields", () => {
    expect(v.safeParse(DiamondSearchRequest, { pageSize: 1000 }).success).toBe(false);
    expect(v.safeParse(DiamondSearchRequest, { diamondShapes: [11] }).success).toBe(false);
    expect(v.safeParse(DiamondSearchRequest, { priceMin: 5000, priceMax: 100 }).success).toBe(false);
    expect(v.safeParse(DiamondSearchRequest, { bogus: 1 }).success).toBe(false);
    expect(v.safeParse(DiamondSearchRequest, {}).success).toBe(true);
  });
});
