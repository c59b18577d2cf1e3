import { describe, expect, it } from "vitest";
import { DEFAULT_FLAGS, effectiveTheme, isRouteStored, resolveFlags } from "#shared/flags.ts";
import { isCrawler, isSearchEngineReferrer } from "#shared/bots.ts";

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
