import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { BASE_METALS, CERTIFICATE_LABS, CLARITIES, COLORS, CUTS, EYE_CLEANLINESS, FLUORESCENCES, METALS, SHAPES, STYLE_BITS, byCode, byName, styleLabels, twoToneCode, EARRING_STYLES, FILTER_STYLES, PENDANT_STYLES } from "#shared/enums.ts";
import { diamondPath, diamondSlug } from "#shared/slug.ts";
import { formatUsd, wholeUsd } from "#shared/money.ts";
import { DEFAULT_FLAGS, effectiveTheme, isRouteStored, resolveFlags } from "#shared/flags.ts";
import { isCrawler, isSearchEngineReferrer } from "#shared/bots.ts";
import { DiamondFilters, DiamondSearchRequest, FILTER_DEFAULTS, SEARCH_DEFAULTS } from "#shared/schemas.ts";
import { LANDING_PAGES } from "#shared/landing-pages.ts";
import { DEFAULT_STATE, parseSearchParams, searchHref, toSearchRequest } from "#shared/search-url.ts";

describe("enumerations (§3)", () => {
  it("have the spec's codes and labels", () => {
    expect(SHAPES.map((s) => [s.code, s.slug])).toEqual([
      [1, "round"], [2, "princess"], [3, "marquise"], [4, "emerald"], [5, "pear"],
      [6, "oval"], [7, "heart"], [8, "radiant"], [9, "asscher"], [10, "cushion"],
    ]);
    expect(COLORS.map((c) => c.label).join("")).toBe("DEFGHIJK");
    expect(COLORS.map((c) => c.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(CLARITIES.map((c) => c.label)).toEqual(["FL", "IF", "VVS1", "VVS2", "VS1", "VS2", "SI1", "SI2"]);
    expect(CUTS.map((c) => [c.code, c.label])).toEqual([[0, "Ideal"], [1, "Excellent"], [2, "Very Good"], [3, "Good"], [4, "Loupe Ideal"]]);
    expect(FLUORESCENCES.map((f) => f.code)).toEqual([0, 1, 2, 3, 4]);
    expect(CERTIFICATE_LABS.filter((l) => l.label !== "EGL").map((l) => [l.code, l.label])).toEqual([[0, "GIA"], [1, "AGS"], [2, "IGI"], [4, "HRD"], [5, "GCAL"]]);
    expect(byCode(EYE_CLEANLINESS, 999)?.label).toBe("Unknown");
    expect(STYLE_BITS.map((s) => s.code)).toEqual([1, 2, 4, 8, 16]);
    expect(FILTER_STYLES.filter((f) => f.exclude).map((f) => f.value)).toEqual([10, 11]);
    expect(EARRING_STYLES.map((e) => e.value)).toEqual([32, 2, 128, 0]);
    expect(PENDANT_STYLES.map((e) => e.value)).toEqual([1, 2, 4, 0]);
  });

  it("decodes the style bitmask", () => {
    expect(styleLabels(1 | 2)).toEqual(["Solitaire", "Halo"]);
    expect(styleLabels(0)).toEqual([]);
  });

  it("has two-tone metal codes inside 100-191 in both orders", () => {
    expect(twoToneCode(2, 4)).toBe(124);
    expect(twoToneCode(4, 2)).toBe(142);
    expect(byCode(METALS, 124)?.label).toBe("14K White Gold & 14K Yellow Gold");
    const twoTone = METALS.filter((m) => m.code >= 100);
    expect(twoTone.every((m) => m.code <= 191)).toBe(true);
    expect(twoTone).toHaveLength(56);
    expect(() => twoToneCode(3, 3)).toThrow(RangeError);
    expect(BASE_METALS.find((m) => m.code === 16)?.label).toBe("Damascus Steel");
  });

  it("finds entries by label or slug, case-insensitively", () => {
    expect(byName(CUTS, "very good")?.code).toBe(2);
    expect(byName(CUTS, "Very-Good")?.code).toBe(2);
    expect(byName(CLARITIES, "vs1")?.code).toBe(5);
    expect(byName(CLARITIES, "I1")).toBeUndefined();
  });
});

describe("diamond slug (§2)", () => {
  const base = { id: 42, carat: 1.01, color: 3, clarity: 5, cut: 0, shape: 6, isLabGrown: false };
  it("is carat+ct, colour, clarity, cut, shape, then diamond", () => {
    expect(diamondSlug(base)).toBe("1.01ct-f-vs1-ideal-oval-diamond");
  });
  it("adds lab-grown for lab diamonds and hyphenates multi-word grades", () => {
    expect(diamondSlug({ ...base, isLabGrown: true, cut: 2, shape: 1, carat: 2 })).toBe("2.00ct-f-vs1-very-good-round-lab-grown-diamond");
    expect(diamondSlug({ ...base, cut: 4 })).toBe("1.01ct-f-vs1-loupe-ideal-oval-diamond");
  });
  it("builds the canonical path, with the pair when given", () => {
    expect(diamondPath(base)).toBe("/diamond/42/1.01ct-f-vs1-ideal-oval-diamond");
    expect(diamondPath(base, 43)).toBe("/diamond/42/1.01ct-f-vs1-ideal-oval-diamond/43");
  });
});

describe("price rounding (§9: whole USD, rounded up)", () => {
  it("rounds any cent up to the next dollar", () => {
    expect(wholeUsd(123_401)).toBe(1235);
    expect(wholeUsd(123_400)).toBe(1234);
    expect(formatUsd(1_234_501)).toBe("$12,346");
    expect(formatUsd(65_000)).toBe("$650");
    expect(formatUsd(99)).toBe("$1");
    expect(formatUsd(123_456_789_00)).toBe("$123,456,789");
  });
  it("refuses non-finite amounts", () => {
    expect(() => wholeUsd(Number.NaN)).toThrow(RangeError);
  });
});

describe("route flags (§2)", () => {
  it("merges handles over the defaults, deepest last", () => {
    const f = resolveFlags([undefined, { flags: { footer: false, darkTheme: true } }, { flags: { darkTheme: false } }, { other: 1 }]);
    expect(f.footer).toBe(false);
    expect(f.darkTheme).toBe(false);
    expect(f.navigation).toBe("full");
    expect(resolveFlags([])).toEqual(DEFAULT_FLAGS);
  });
  it("turns dark mode off for search-engine visitors and routes without dark theme support", () => {
    const dark = { ...DEFAULT_FLAGS, darkTheme: true };
    expect(effectiveTheme("dark", dark, false)).toBe("dark");
    expect(effectiveTheme("dark", dark, true)).toBe("light");
    expect(effectiveTheme("dark", DEFAULT_FLAGS, false)).toBe("light");
    expect(effectiveTheme("light", dark, false)).toBe("light");
  });
  it("does not store /login and /register as routes", () => {
    expect(isRouteStored("/login")).toBe(false);
    expect(isRouteStored("/register/confirm")).toBe(false);
    expect(isRouteStored("/diamond-search")).toBe(true);
    expect(isRouteStored("/loginhelp")).toBe(true);
  });
});

describe("search-engine detection", () => {
  it("recognises search engine referrers and crawlers", () => {
    expect(isSearchEngineReferrer("https://www.google.com/search?q=diamonds")).toBe(true);
    expect(isSearchEngineReferrer("https://www.google.co.uk/")).toBe(true);
    expect(isSearchEngineReferrer("https://www.bing.com/search")).toBe(true);
    expect(isSearchEngineReferrer("https://notgoogle.example/")).toBe(false);
    expect(isSearchEngineReferrer("garbage")).toBe(false);
    expect(isCrawler("Mozilla/5.0 (compatible; Googlebot/2.1)")).toBe(true);
    expect(isCrawler("Mozilla/5.0 (X11; Linux x86_64) Chrome/150")).toBe(false);
  });
});

describe("search URL state", () => {
  it("defaults to §9: page size 16, price 650-20000, sortingOrder ascending", () => {
    const { state, ignored } = parseSearchParams(new URLSearchParams(""));
    expect(state).toEqual(DEFAULT_STATE);
    expect(ignored).toEqual([]);
    const req = v.parse(DiamondSearchRequest, toSearchRequest(state));
    expect(req).toMatchObject({ pageNumber: 1, pageSize: 16, priceMin: 650, priceMax: 20000, sortBy: "sortingOrder", sortOrder: "asc", isLabGrown: false, shippingDays: -1 });
    expect(SEARCH_DEFAULTS.pageSize).toBe(16);
    expect(searchHref(state)).toBe("/diamond-search");
  });

  it("writes a readable semantic URL and reads it back", () => {
    const q = "origin=lab&shape=round,oval&caratMin=1&caratMax=2&color=d,e,f,g&clarity=vs1&cut=ideal&priceMin=1000&priceMax=9000&sort=price&order=desc&page=3";
    const { state } = parseSearchParams(new URLSearchParams(q));
    expect(state).toMatchObject({ isLabGrown: true, diamondShapes: [1, 6], colors: [1, 2, 3, 4], clarities: [5], cuts: [0], caratMin: 1, caratMax: 2, priceMin: 1000, priceMax: 9000, sortBy: "price", sortOrder: "desc", page: 3 });
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
