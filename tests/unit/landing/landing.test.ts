/** The landing pages' data: one list of paths, valid filter sets, the sitemap list others extend, unique names. */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LANDING_DEFS, landingDef } from "#shared/landing/pages/index.ts";
import { LANDING_ROUTE_PATHS } from "#client/landing/paths.ts";
import { JEWELRY_LANDINGS, SETTING_LANDINGS, jewelryLanding, settingLanding } from "#shared/landing/setting-landings.ts";
import { SITEMAP_SECTIONS, sitemapSections } from "#shared/landing/site.ts";
import { searchPage } from "#shared/settings/pages.ts";
import { SettingFilters } from "#shared/settings/schemas.ts";
import { filtersFromQuery } from "#shared/settings/url.ts";

describe("landing pages", () => {
  it("registers exactly the defined pages (the route table keeps its own small list)", () => {
    expect([...LANDING_ROUTE_PATHS].sort()).toEqual(LANDING_DEFS.map((d) => d.path.slice(1)).sort());
  });

  it("gives every page its own title, description and heading", () => {
    for (const key of ["title", "description", "h1"] as const) expect(new Set(LANDING_DEFS.map((d) => d[key])).size).toBe(LANDING_DEFS.length);
    for (const d of LANDING_DEFS) expect(d.description.length, d.path).toBeLessThanOrEqual(170);
  });

  it("finds a page by path regardless of case and a trailing slash", () => {
    expect(landingDef("/Diamonds/")?.path).toBe("/diamonds");
    expect(landingDef("/nope")).toBeUndefined();
  });

  it("reads every setting and jewellery filter set without dropping a value, as valid filters", () => {
    for (const l of [...SETTING_LANDINGS, ...JEWELRY_LANDINGS]) {
      const { filters, ignored } = filtersFromQuery(new URLSearchParams(l.query), searchPage(l.pageId));
      expect(ignored, l.slug).toEqual([]);
      expect(v.safeParse(SettingFilters, filters).success, l.slug).toBe(true);
    }
    for (const d of LANDING_DEFS) {
      for (const b of d.body) {
        if (b.kind !== "results") continue;
        expect(filtersFromQuery(new URLSearchParams(b.query), searchPage(b.pageId)).ignored, `${d.path} ${b.heading}`).toEqual([]);
      }
    }
    expect(settingLanding("HALO-settings-in-rose-gold")?.pageId).toBe("setting-search");
    expect(jewelryLanding("halo-settings-in-rose-gold")).toBeUndefined();
  });

  it("lets other features extend the sitemap: same section extended, new section appended, no duplicates", () => {
    const out = sitemapSections([
      {
        title: "Diamonds",
        links: [
          { path: "/diamonds", label: "again" },
          { path: "/education", label: "Education" },
        ],
      },
      { title: "Help", links: [{ path: "/faq", label: "FAQ" }] },
    ]);
    const diamonds = out.find((s) => s.title === "Diamonds")!;
    expect(diamonds.links.filter((l) => l.path === "/diamonds")).toHaveLength(1);
    expect(diamonds.links.at(-1)?.path).toBe("/education");
    expect(out.at(-1)?.title).toBe("Help");
    expect(SITEMAP_SECTIONS.find((s) => s.title === "Diamonds")!.links.some((l) => l.path === "/education")).toBe(false);
  });
});
