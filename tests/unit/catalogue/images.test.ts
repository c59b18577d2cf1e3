import { describe, expect, it } from "vitest";
import { METALS, SHAPES, labelOf } from "#shared/enums.ts";
import { ALTERNATIVE_BAND_METALS } from "#shared/settings/pages.ts";
import { generateSettings } from "#shared/catalogue/generate-settings.ts";
import { settingImageKeys } from "#shared/catalogue/setting-styles.ts";
import { diamondSvg, metalColours, metalParts } from "#shared/catalogue/images.ts";
import { retailerLogoSvg } from "#shared/catalogue/retailer-images.ts";
import { settingSvg } from "#shared/catalogue/setting-images.ts";
import { expectWellFormedXml } from "./xml";
import { idsOf } from "./catalogue-helpers";

describe("images", () => {
  it("draws every shape, logo and setting as escaped SVG", () => {
    for (const s of SHAPES) {
      const svg = diamondSvg(s.code);
      expect(svg).toMatch(/^<svg [^>]*width="200" height="200" viewBox="0 0 200 200"/);
      expect(svg).not.toMatch(/NaN|Infinity/);
    }
    const logo = retailerLogoSvg(`Ember & Facet <"O'Dell">`, false);
    expect(logo).toContain("Ember &amp; Facet &lt;&quot;O&apos;Dell&quot;&gt;");
    expect(logo).not.toMatch(/& |<"/);
    expect(retailerLogoSvg("Ember & Facet", true)).toContain(">EF<");
    expect(settingSvg("halo", 4)).toMatch(/^<svg /);
  });

  it("draws every metal a variant uses as well-formed SVG in that metal's colours", () => {
    const { variants } = generateSettings();
    const pairs = new Map<string, { slug: string; metal: number }>();
    for (const v of variants) {
      const [, slug, metal] = /\/images\/settings\/(.+)-(\d+)\.svg$/.exec(v.image_url)!;
      pairs.set(`${slug}-${metal}`, { slug: slug!, metal: Number(metal) });
    }
    for (const { slug, metal } of settingImageKeys()) pairs.set(`${slug}-${metal}`, { slug, metal });
    const allIds = new Map<string, string>();
    for (const [key, { slug, metal }] of pairs) {
      const svg = settingSvg(slug, metal);
      expectWellFormedXml(svg);
      expect(svg).not.toMatch(/NaN|Infinity|undefined/);
      const [first, second] = metalParts(metal);
      for (const part of [first, second]) {
        const c = metalColours(part);
        if (c.texture) expect(svg).toContain("<pattern");
        expect(svg).toContain(c.mid);
      }
      const ids = idsOf(svg);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) {
        expect(allIds.get(id), `id ${id} of ${key}`).toBeUndefined();
        allIds.set(id, key);
      }
    }
  });

  it("draws a two-tone band in its first metal and the head in its second", () => {
    for (const [first, second] of [
      [2, 4],
      [4, 2],
      [6, 2],
      [4, 6],
    ] as const) {
      const code = 100 + 10 * first + second;
      for (const slug of ["halo", "three-stone", "solitaire", "stud", "halo-pendant"]) {
        const svg = settingSvg(slug, code);
        expect(svg).toContain(metalColours(first).mid);
        expect(svg).toContain(metalColours(second).mid);
        expect(svg).toContain(labelOf(METALS, code).replace(/&/g, "&amp;"));
      }
      // The band is painted with the first metal's paint, the head with the second's.
      const ring = settingSvg("solitaire", code);
      const paintOf = (part: string) =>
        new RegExp(`id="([^"]+-${part})"[^>]*>(?:(?!</linearGradient>).)*${metalColours(part === "metal" ? first : second).mid}`);
      expect(ring).toMatch(paintOf("metal"));
      expect(ring).toMatch(paintOf("head"));
    }
    // One metal: a single paint.
    expect(idsOf(settingSvg("halo", 6))).toHaveLength(1);
  });

  it("gives the alternative metals their own colours and textures, and unknown metals a light grey", () => {
    const drawings = [1, 2, 4, 6, ...ALTERNATIVE_BAND_METALS].map((m) => settingSvg("mens-band", m).replace(/-\d+-/g, "-"));
    expect(new Set(drawings).size).toBe(drawings.length);
    const mid = new Set([1, 2, 4, 6, ...ALTERNATIVE_BAND_METALS].map((m) => metalColours(m).mid));
    expect(mid.size).toBe(4 + ALTERNATIVE_BAND_METALS.length);
    expect(metalColours(14).texture).toBe("weave");
    expect(metalColours(16).texture).toBe("waves");
    expect(settingSvg("mens-band", 14)).toMatch(/<pattern id="loupe-setting-mens-band-14-metal"/);
    const luminance = (hex: string) => [1, 3, 5].reduce((n, i) => n + parseInt(hex.slice(i, i + 2), 16), 0) / 3;
    for (const dark of [11, 13, 14, 15]) expect(luminance(metalColours(dark).mid)).toBeLessThan(luminance(metalColours(2).mid));
    for (const unknown of [0, 9, 17, 99, 111, 192, 999]) {
      const svg = settingSvg("solitaire", unknown);
      expectWellFormedXml(svg);
      expect(luminance(metalColours(unknown).mid)).toBeGreaterThan(180);
      expect(svg).toContain(metalColours(0).mid);
    }
    expect(metalParts(124)).toEqual([2, 4]);
    expect(metalParts(142)).toEqual([4, 2]);
    expect(metalParts(111)).toEqual([111, 111]);
    expect(metalParts(7)).toEqual([7, 7]);
  });

  it("draws stud settings as empty mountings", () => {
    const mounting = settingSvg("stud-setting", 2);
    const preset = settingSvg("stud", 2);
    expectWellFormedXml(mounting);
    expect(mounting).toContain("stroke-dasharray"); // the empty seat
    expect((mounting.match(/fill="#f4f9fd"/g) ?? []).length).toBe(0); // no stones
    expect((preset.match(/fill="#f4f9fd"/g) ?? []).length).toBe(2);
    expect((settingSvg("halo-stud-setting", 2).match(/fill="#f4f9fd"/g) ?? []).length).toBe(24); // halo stones only
  });
});
