import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { METALS, SHAPES, labelOf } from "#shared/enums.ts";
import { metalColours } from "#shared/catalogue/images.ts";
import { ringViewSvg, type RingViewOptions } from "#shared/catalogue/ring-view.ts";
import { expectWellFormedXml } from "./xml";

const unescapeXml = (s: string) =>
  s
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const ariaLabel = (svg: string) => unescapeXml(/^<svg [^>]*aria-label="([^"]*)"/.exec(svg)![1]!);
const count = (svg: string, re: RegExp) => (svg.match(re) ?? []).length;
const base: RingViewOptions = { styleSlug: "solitaire", metal: 2, shape: 1, yaw: 30 };

describe("ring viewer drawing", () => {
  it("is an accessible image naming the style, metal and shape", () => {
    const svg = ringViewSvg({ styleSlug: "halo", metal: 7, shape: 6, yaw: 30 });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*role="img"/);
    expect(ariaLabel(svg)).toBe("Halo setting in 18K Rose Gold with an oval diamond");
    expect(svg).toContain("<title>Halo setting in 18K Rose Gold with an oval diamond</title>");
    for (const shape of SHAPES) {
      for (const metal of [1, 4, 13, 146]) {
        const label = ariaLabel(ringViewSvg({ ...base, styleSlug: "three-stone", shape: shape.code, metal }));
        expect(label).toMatch(/^Three-stone setting in /);
        expect(label).toContain(labelOf(METALS, metal));
        expect(label).toMatch(new RegExp(`with an? ${shape.label.toLowerCase()} diamond$`));
      }
    }
    expect(ariaLabel(ringViewSvg({ ...base, styleSlug: "pave-halo", shape: 9 }))).toBe("Pavé halo setting in 14K White Gold with an asscher diamond");
    expect(ariaLabel(ringViewSvg({ ...base, styleSlug: "eternity-band", metal: 1 }))).toBe("Eternity band in Platinum");
    expect(ariaLabel(ringViewSvg({ ...base, styleSlug: "mens-band", metal: 12 }))).toBe("Men's band in Titanium");
    expect(ariaLabel(ringViewSvg({ ...base, metal: 0 }))).toContain("an unknown metal");
  });

  it("renders every shape as well-formed SVG, each differently", () => {
    const drawings = SHAPES.map((s) => ringViewSvg({ ...base, shape: s.code }));
    for (const svg of drawings) {
      expectWellFormedXml(svg);
      expect(svg).not.toMatch(/NaN|Infinity|undefined/);
    }
    const bodies = drawings.map((svg) => svg.replace(/aria-label="[^"]*"|<title>[^<]*<\/title>/g, ""));
    expect(new Set(bodies).size).toBe(SHAPES.length);
  });

  it("renders every style, metal and turn as well-formed SVG", () => {
    const slugs = [
      "solitaire",
      "pave-solitaire",
      "halo",
      "pave-halo",
      "hidden-halo",
      "three-stone",
      "halo-three-stone",
      "pave",
      "band",
      "pave-band",
      "eternity-band",
      "mens-band",
      "stud",
      "unknown-style",
    ];
    for (const styleSlug of slugs) {
      for (const metal of METALS.map((m) => m.code).filter((_, i) => i % 5 === 0)) {
        for (const [yaw, pitch] of [
          [0, undefined],
          [90, 20],
          [215, -30],
          [-45, 85],
        ] as const) {
          const svg = ringViewSvg({ styleSlug, metal, shape: 1 + (metal % 10), yaw, pitch });
          expectWellFormedXml(svg);
          expect(svg).not.toMatch(/NaN|Infinity|undefined/);
        }
      }
    }
  });

  it("turns with the yaw, modulo 360", () => {
    const at = (yaw: number) => ringViewSvg({ ...base, styleSlug: "halo", shape: 3, yaw });
    expect(at(0)).toBe(at(360));
    expect(at(0)).toBe(at(-360));
    expect(at(30)).toBe(at(390));
    expect(at(-90)).toBe(at(270));
    const turns = [0, 30, 60, 90, 135, 180, 270].map(at);
    expect(new Set(turns).size).toBe(turns.length);
  });

  it("tilts with the pitch, 20° by default", () => {
    expect(ringViewSvg(base)).toBe(ringViewSvg({ ...base, pitch: 20 }));
    expect(ringViewSvg({ ...base, pitch: 40 })).not.toBe(ringViewSvg(base));
    expect(ringViewSvg({ ...base, pitch: 120 })).toBe(ringViewSvg({ ...base, pitch: 85 }));
  });

  it("sizes the drawing", () => {
    expect(ringViewSvg(base)).toMatch(/^<svg [^>]*width="400" height="400" viewBox="0 0 200 200"/);
    expect(ringViewSvg({ ...base, size: 120 })).toMatch(/^<svg [^>]*width="120" height="120"/);
  });

  it("paints the band in the first metal of a two-tone and the head in the second", () => {
    const twoTone = ringViewSvg({ ...base, metal: 124 });
    expect(twoTone).toContain(metalColours(2).light); // the band's highlight
    expect(twoTone).toContain(metalColours(4).dark); // the head's gallery
    expect(ringViewSvg({ ...base, metal: 2 })).not.toContain(metalColours(4).dark);
    expect(ringViewSvg({ ...base, metal: 4 })).not.toContain(metalColours(2).light);
    const reversed = ringViewSvg({ ...base, metal: 142 });
    expect(reversed).toContain(metalColours(4).light);
    expect(reversed).toContain(metalColours(2).dark);
    // Carbon fibre and Damascus steel show their texture on the band.
    expect(ringViewSvg({ ...base, styleSlug: "mens-band", metal: 14 })).toContain("stroke-dasharray");
    expect(ringViewSvg({ ...base, styleSlug: "mens-band", metal: 13 })).not.toContain("stroke-dasharray");
  });

  it("hints the style: halo, three-stone and pavé stones, a stoneless band", () => {
    const polygons = (styleSlug: string, yaw = 30) => count(ringViewSvg({ ...base, styleSlug, yaw }), /<polygon /g);
    const whiteTables = (styleSlug: string, yaw = 30) => count(ringViewSvg({ ...base, styleSlug, yaw }), /<polygon [^>]*fill="#ffffff"\/>/g);
    expect(whiteTables("solitaire")).toBe(0);
    expect(whiteTables("halo")).toBeGreaterThanOrEqual(10);
    expect(whiteTables("three-stone")).toBe(2);
    expect(whiteTables("pave-solitaire")).toBeGreaterThan(2);
    expect(whiteTables("eternity-band")).toBeGreaterThan(whiteTables("pave-band"));
    expect(whiteTables("band")).toBe(0);
    // A band has no centre stone: only its 48 ribbon segments.
    expect(polygons("band")).toBe(48);
    expect(polygons("solitaire")).toBeGreaterThan(48 + 24);
  });

  it("refuses an unknown shape or a non-finite angle", () => {
    for (const shape of [0, 11, -1, 1.5, Number.NaN]) expect(() => ringViewSvg({ ...base, shape })).toThrow(RangeError);
    expect(() => ringViewSvg({ ...base, yaw: Number.NaN })).toThrow(RangeError);
    expect(() => ringViewSvg({ ...base, yaw: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => ringViewSvg({ ...base, pitch: Number.NaN })).toThrow(RangeError);
    expect(() => ringViewSvg({ ...base, size: 0 })).toThrow(RangeError);
  });

  it("stays small for the browser: imports only the enums and the image geometry", () => {
    const source = readFileSync(new URL("../../../shared/catalogue/ring-view.ts", import.meta.url), "utf8");
    const imports = [...source.matchAll(/^import [^;]* from "([^"]+)";/gm)].map((m) => m[1]);
    expect(imports.sort()).toEqual(["../enums", "./images"]);
  });
});
