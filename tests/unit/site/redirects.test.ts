import { describe, expect, it } from "vitest";
import { canonicalPath, isLegacyContentPath, matchLegacyRedirect, matchRedirect, normalizePath } from "#shared/redirects.ts";
import { sitePathOrNull } from "#shared/safe-path.ts";

describe("redirect table (§2)", () => {
  it.each([
    ["/testimonials", "/reviews"],
    ["/relationship-insurance", "/"],
    ["/diamond", "/diamonds"],
    ["/diamonds/abc123", "/diamond-search/abc123"],
    ["/complete-order/12/34/56", "/cart/12/34/56"],
    ["/complete-order/34/56", "/cart/34/56"],
    ["/complete-order/56", "/cart/56"],
  ])("%s → %s with 301", (from, to) => {
    expect(matchRedirect(from, "")).toEqual({ location: to, status: 301 });
  });

  it("keeps the query string", () => {
    expect(matchRedirect("/testimonials", "?utm_source=x&a=1")).toEqual({ location: "/reviews?utm_source=x&a=1", status: 301 });
    expect(matchRedirect("/complete-order/7/8/9", "?pairId=3")?.location).toBe("/cart/7/8/9?pairId=3");
  });

  it("matches case-insensitively and ignores a trailing slash, keeping parameter case", () => {
    expect(matchRedirect("/Testimonials/", "")?.location).toBe("/reviews");
    expect(matchRedirect("/DIAMONDS/AbC", "")?.location).toBe("/diamond-search/AbC");
  });

  it("leaves landing pages and real routes alone", () => {
    expect(matchRedirect("/diamonds/slp", "")).toBeNull();
    expect(matchRedirect("/diamonds/slp/one-carat-lab-oval", "")).toBeNull();
    expect(matchRedirect("/diamond-search", "?shape=round")).toBeNull();
    expect(matchRedirect("/diamond/123/slug", "")).toBeNull();
    expect(matchRedirect("/", "")).toBeNull();
  });

  it("normalises trailing and doubled slashes with a 301 to the same page", () => {
    expect(matchRedirect("/diamond-search/", "?page=2")).toEqual({ location: "/diamond-search?page=2", status: 301 });
    expect(normalizePath("//a///b/")).toBe("/a/b");
  });

  it("never produces an absolute or protocol-relative target (no open redirect)", () => {
    // A doubled slash collapses to a path on this site, never to another host.
    expect(matchRedirect("//evil.example/", "")).toEqual({ location: "/evil.example", status: 301 });
    expect(sitePathOrNull("https://evil.example/")).toBeNull();
    expect(sitePathOrNull("//evil.example/x")).toBeNull();
    expect(sitePathOrNull("/\\evil.example")).toBeNull();
    expect(sitePathOrNull("javascript:alert(1)")).toBeNull();
    expect(sitePathOrNull("/ok?x=1")).toBe("/ok?x=1");
  });

  it("maps aliases to their primary path", () => {
    expect(canonicalPath("/product/5/slug")).toBe("/diamond/5/slug");
    expect(canonicalPath("/ring-detail/9/2")).toBe("/setting/9/2");
    expect(canonicalPath("/recover")).toBe("/financing-account-lookup");
    expect(canonicalPath("/products")).toBe("/products");
  });
});

describe("legacy content map", () => {
  const table = new Map([
    ["/blog/how-to-buy", { to: "/blog/buying-guides/how-to-buy", status: 301 }],
    ["/education/diamond-clarity", { to: "/education/diamond-quality/clarity", status: 301 }],
    ["/blog/bad", { to: "https://evil.example/", status: 301 }],
  ]);
  const lookup = async (key: string) => table.get(key) ?? null;

  it("recognises only the legacy path shapes", () => {
    expect(isLegacyContentPath("/blog/how-to-buy")).toBe(true);
    expect(isLegacyContentPath("/education/diamond-clarity")).toBe(true);
    expect(isLegacyContentPath("/blog/cat/article")).toBe(false);
    expect(isLegacyContentPath("/education/rings")).toBe(false);
  });

  it("redirects mapped entries with the query kept, case-insensitively", async () => {
    expect(await matchLegacyRedirect("/Blog/How-To-Buy/", "?ref=1", lookup)).toEqual({ location: "/blog/buying-guides/how-to-buy?ref=1", status: 301 });
    expect(await matchLegacyRedirect("/education/diamond-clarity", "", lookup)).toEqual({ location: "/education/diamond-quality/clarity", status: 301 });
  });

  it("ignores unmapped paths and unsafe targets", async () => {
    expect(await matchLegacyRedirect("/blog/unknown", "", lookup)).toBeNull();
    expect(await matchLegacyRedirect("/blog/bad", "", lookup)).toBeNull();
  });
});
