import { describe, expect, it } from "vitest";
import { fluorescenceSection } from "#shared/reports/facts-sections.ts";
import { reportSections } from "#shared/reports/sections.ts";
import { RETAILER, deal, stone } from "./report-helpers";

const names = (r: ReturnType<typeof reportSections>) => r.sections.map((s) => s.name);
const section = (r: ReturnType<typeof reportSections>, name: string) => r.sections.find((s) => s.name === name)!;

describe("report sections", () => {
  it("reports an inventory natural stone in page order, without an origin section", () => {
    const r = reportSections({ stone: stone(), priceCents: 572_000, deal: deal(7.8), retailer: RETAILER });
    expect(names(r)).toEqual(["price", "cut", "eyeClean", "fluorescence", "certificate", "retailer"]);
    expect(r.maxScore).toBe(10);
  });

  it("reports a stone seen elsewhere without a retailer section, and a lab-grown one with its origin", () => {
    const r = reportSections({ stone: stone({ isLabGrown: true, certificateLab: 2 }), priceCents: 300_000, deal: deal(5), retailer: null });
    expect(names(r)).toEqual(["price", "cut", "eyeClean", "fluorescence", "certificate", "origin"]);
  });

  it("scores overall as the sum of the section scores over the sum of their maxima, out of 10 with one decimal", () => {
    const r = reportSections({ stone: stone({ clarity: 7, carat: 1.2 }), priceCents: 572_000, deal: deal(6.3), retailer: RETAILER });
    const score = r.sections.reduce((a, s) => a + s.score, 0);
    const max = r.sections.reduce((a, s) => a + s.maxScore, 0);
    expect(max).toBe(10 + 10 + 10 + 5 + 5 + 5);
    expect(r.score).toBe(Math.round((100 * score) / max) / 10);
    expect(r.score).toBeGreaterThan(0);
    expect(r.score).toBeLessThan(10);
  });

  it("explains the price with the percentile and the median", () => {
    const r = reportSections({ stone: stone(), priceCents: 572_000, deal: deal(7.8), retailer: null });
    expect(section(r, "price")).toMatchObject({
      title: "Price",
      score: 7.8,
      maxScore: 10,
      checklist: [
        { verdict: "good", text: "12% below the median of 120 comparable stones" },
        { verdict: "good", text: "Cheaper than 78% of comparable stones" },
        { verdict: "good", text: "Median of comparable stones: $6,500 (this stone: $5,720)" },
      ],
    });
  });

  it("leaves the price unrated (maxScore 0) with too few comparable stones, so it does not drag the score down", () => {
    const r = reportSections({ stone: stone({ cut: 0, clarity: 5 }), priceCents: 572_000, deal: deal(null), retailer: RETAILER });
    expect(section(r, "price")).toMatchObject({ score: 0, maxScore: 0, checklist: [{ verdict: "unknown", text: "Only 3 comparable stones are listed now" }] });
    expect(r.score).toBe(10); // every rated section is perfect
    expect(section(reportSections({ stone: stone(), priceCents: 1, deal: null, retailer: null }), "price").maxScore).toBe(0);
  });

  it("judges fluorescence by colour", () => {
    const f = (color: number, fluorescence: number | null) => fluorescenceSection(stone({ color, fluorescence })).checklist[0]!.verdict;
    expect(f(1, 0)).toBe("good");
    expect(f(1, 1)).toBe("good"); // faint is fine at any colour
    expect(f(2, 2)).toBe("fair"); // medium at E: haze risk, lower price
    expect(f(1, 3)).toBe("poor"); // strong at D
    expect(f(4, 2)).toBe("good"); // medium at G
    expect(f(5, 3)).toBe("good"); // strong at H can whiten the look
    expect(f(8, 4)).toBe("fair"); // very strong: haze possible even at K
    expect(f(3, null)).toBe("unknown");
    expect(fluorescenceSection(stone({ color: 6, fluorescence: 2 })).checklist[0]!.why).toContain("look whiter");
    expect(fluorescenceSection(stone({ color: 3, fluorescence: 3 })).checklist[0]!.why).toContain("typically sell for less");
    expect(fluorescenceSection(stone({ fluorescence: null }))).toMatchObject({ score: 0, maxScore: 0 });
  });

  it("names the lab, and a stone without one is poor: no certificate to verify the grades", () => {
    const cert = (certificateLab: number | null, isLabGrown = false) =>
      section(reportSections({ stone: stone({ certificateLab, isLabGrown }), priceCents: 1, deal: null, retailer: null }), "certificate");
    expect(cert(0)).toMatchObject({ score: 5, checklist: [{ verdict: "good", text: "Graded by GIA" }] });
    expect(cert(2, true).checklist[0]).toMatchObject({ verdict: "good", why: expect.stringContaining("most lab-grown") });
    expect(cert(2, false).checklist[0]!.verdict).toBe("fair");
    expect(cert(3).checklist[0]!.verdict).toBe("poor");
    expect(cert(null)).toMatchObject({
      score: 0,
      maxScore: 5,
      checklist: [{ verdict: "poor", text: "No certificate", why: expect.stringContaining("No certificate to verify the grades") }],
    });
  });

  it("shows a lab-grown stone's growth method and treatment where known, and asks where not", () => {
    const origin = (growthMethod: "CVD" | "HPHT" | null, treated: boolean | null) =>
      section(
        reportSections({ stone: stone({ isLabGrown: true, certificateLab: 2, growthMethod, treated }), priceCents: 1, deal: null, retailer: null }),
        "origin",
      );
    expect(origin("CVD", false)).toMatchObject({ title: "Lab-grown origin", score: 5, maxScore: 5 });
    expect(origin("CVD", true).checklist.map((l) => [l.verdict, l.text])).toEqual([
      ["good", "Grown by CVD (chemical vapour deposition)"],
      ["fair", "Treated after growth"],
    ]);
    expect(origin("CVD", true).score).toBe(3.3);
    const unknown = origin(null, null);
    expect(unknown).toMatchObject({ score: 0, maxScore: 0 });
    expect(unknown.checklist[1]).toMatchObject({ verdict: "unknown", why: expect.stringContaining("ask for the as-grown status") });
    expect(origin("HPHT", null).checklist[0]!.text).toContain("HPHT");
  });

  it("rates the retailer out of 5 with its review count and shipping days", () => {
    const r = (over: Partial<typeof RETAILER>) =>
      section(reportSections({ stone: stone(), priceCents: 1, deal: null, retailer: { ...RETAILER, ...over } }), "retailer");
    expect(r({})).toMatchObject({
      score: 5,
      maxScore: 5,
      checklist: [
        { verdict: "good", text: "Brilliant Co: rated 4.7 of 5 from 1,250 reviews" },
        { verdict: "good", text: "Ships in 3 days" },
      ],
    });
    expect(r({ ratingCount: 4 }).checklist[0]!.verdict).toBe("fair");
    expect(r({ rating: 3.2 }).checklist[0]!.verdict).toBe("poor");
    expect(r({ rating: null, ratingCount: 0, shippingDays: 30 })).toMatchObject({ score: 0, checklist: [{ verdict: "unknown" }, { verdict: "poor" }] });
  });

  it("gives every line of every section a verdict, a text and a non-empty why, across shapes and grades", () => {
    let lines = 0;
    for (let shape = 1; shape <= 10; shape++) {
      for (const clarity of [1, 4, 5, 6, 7, 8]) {
        for (const [depthPct, tablePct, lwRatio] of [
          [61, 57, 1.4],
          [50, 45, 2.6],
          [80, 80, 0.9],
          [null, null, null],
        ] as const) {
          for (const isLabGrown of [false, true]) {
            const r = reportSections({
              stone: stone({
                shape,
                clarity,
                depthPct,
                tablePct,
                lwRatio,
                isLabGrown,
                carat: 0.5 + clarity / 3,
                fluorescence: clarity % 5,
                color: clarity,
                certificateLab: clarity === 8 ? null : clarity % 6,
              }),
              priceCents: 500_000,
              deal: clarity % 2 ? deal(clarity) : deal(null),
              retailer: isLabGrown ? null : RETAILER,
            });
            expect(r.score).toBeGreaterThanOrEqual(0);
            expect(r.score).toBeLessThanOrEqual(10);
            for (const s of r.sections) {
              expect(s.score).toBeLessThanOrEqual(s.maxScore);
              expect(s.checklist.length).toBeGreaterThan(0);
              for (const l of s.checklist) {
                lines++;
                expect(l.text.trim()).not.toBe("");
                expect(l.why.trim().length).toBeGreaterThan(10);
                expect(l.why).not.toMatch(/undefined|NaN|null/);
              }
            }
          }
        }
      }
    }
    expect(lines).toBeGreaterThan(2000);
  });
});
