import { describe, expect, it } from "vitest";
import { cutSection } from "#shared/reports/cut.ts";
import { eyeCleanSection, eyeCleanVerdict } from "#shared/reports/eye-clean.ts";
import { FANCY_PROPORTIONS, normalisedRatio, rate } from "#shared/reports/proportions.ts";
import { stone } from "./report-helpers";

const lineOf = (s: ReturnType<typeof cutSection>, start: string) => s.checklist.find((l) => l.text.startsWith(start));

describe("cut and proportions: rounds", () => {
  it("scores a round with ideal proportions and a top grade high", () => {
    const cut = cutSection(stone({ cut: 0, depthPct: 61.2, tablePct: 56 }));
    expect(cut).toMatchObject({ name: "cut", title: "Cut and proportions", score: 10, maxScore: 10 });
    expect(lineOf(cut, "Depth 61.2%")).toMatchObject({ verdict: "good", why: expect.stringContaining("59.0–62.5%") });
    expect(lineOf(cut, "Table 56.0%")!.verdict).toBe("good");
  });

  it("scores a round with a 66 % depth low, whatever its grade says", () => {
    const deep = cutSection(stone({ cut: 1, depthPct: 66 }));
    expect(lineOf(deep, "Depth 66.0%")).toMatchObject({ verdict: "poor", text: "Depth 66.0% — too deep", why: expect.stringContaining("looks smaller") });
    expect(deep.score).toBe(5); // capped: a stone is only as good as its weakest proportion
    expect(cutSection(stone({ cut: 3, depthPct: 66 })).score).toBe(3); // a Good grade on top: grade 0 + depth 0 + table 2 + finish 1 of 10
  });

  it("reads a depth just outside the ideal range as fair, on the right side", () => {
    expect(lineOf(cutSection(stone({ depthPct: 63 })), "Depth")!.text).toBe("Depth 63.0% — a little deep");
    expect(lineOf(cutSection(stone({ depthPct: 58 })), "Depth")!.text).toBe("Depth 58.0% — a little shallow");
    expect(lineOf(cutSection(stone({ tablePct: 61.5 })), "Table")).toMatchObject({ verdict: "poor", text: "Table 61.5% — too large" });
  });

  it("scores from what is known and says so when measurements are missing", () => {
    const cut = cutSection(stone({ cut: 0, depthPct: null, tablePct: null }));
    expect(lineOf(cut, "Depth not given")).toMatchObject({
      verdict: "unknown",
      why: "The certificate's depth was not given; the score is from the 2 figures that were given.",
    });
    expect(cut.score).toBe(10); // grade and finish, both good
    const nothing = cutSection(stone({ cut: null, depthPct: null, tablePct: null, polish: null, symmetry: null }));
    expect(nothing).toMatchObject({ score: 0, maxScore: 0 });
    expect(nothing.checklist.every((l) => l.verdict === "unknown" && l.why.includes("not rated"))).toBe(true);
  });
});

describe("cut and proportions: fancy shapes", () => {
  const oval = (lwRatio: number) => cutSection(stone({ shape: 6, cut: null, lwRatio, depthPct: 60.5, tablePct: 58 }));

  it("gives an oval at 1.40 a top cut score and one at 1.90 a low one", () => {
    const classic = oval(1.4);
    expect(classic.score).toBe(10);
    expect(lineOf(classic, "Length to width 1.40")).toMatchObject({ verdict: "good", why: expect.stringContaining("1.30–1.50 for an oval") });
    const long = oval(1.9);
    expect(lineOf(long, "Length to width 1.90")).toMatchObject({ verdict: "poor", text: "Length to width 1.90 — too long" });
    expect(long.score).toBe(5);
    expect(classic.checklist.at(-1)).toMatchObject({
      verdict: "good",
      text: "Loupe cut score 10 of 10",
      why: expect.stringContaining("No lab gives oval stones a cut grade"),
    });
  });

  it("judges emerald depth against the emerald's own range, and ignores a retailer's cut grade", () => {
    const emerald = cutSection(stone({ shape: 4, cut: 3, lwRatio: 1.42, depthPct: 67, tablePct: 64 }));
    expect(emerald.score).toBe(10);
    expect(emerald.checklist.some((l) => l.text.includes("cut grade"))).toBe(false);
    expect(lineOf(cutSection(stone({ shape: 4, lwRatio: 1.42, depthPct: 74, tablePct: 64 })), "Depth")!.verdict).toBe("poor");
  });

  it("has ranges for every fancy shape, with the ideal inside the good range", () => {
    for (let shape = 2; shape <= 10; shape++) {
      const p = FANCY_PROPORTIONS[shape]!;
      for (const b of [p.ratio, p.depth, p.table]) {
        for (const [lo, hi] of b.ideal) {
          expect(lo).toBeLessThan(hi);
          expect(rate(lo, b).verdict).toBe("good");
          expect(rate(hi, b).verdict).toBe("good");
        }
      }
    }
  });

  it("reads a radiant between its square and rectangular looks as fair, and turns a width-over-length ratio round", () => {
    const between = rate(1.12, FANCY_PROPORTIONS[8]!.ratio);
    expect(between).toEqual({ verdict: "fair", side: null });
    expect(normalisedRatio(6, 0.71)).toBe(1.41);
    expect(normalisedRatio(7, 0.95)).toBe(0.95); // hearts are judged as given
  });
});

describe("eye clean", () => {
  it("follows the rule table at its edges", () => {
    expect(eyeCleanVerdict(4, 5, 4)).toBe("Eye clean"); // VVS2, 5 ct emerald: VVS and better are always clean
    expect(eyeCleanVerdict(3, 3, 9)).toBe("Eye clean");
    expect(eyeCleanVerdict(5, 1.99, 1)).toBe("Eye clean"); // VS1 round under 2 ct
    expect(eyeCleanVerdict(5, 2, 1)).toBe("Likely eye clean");
    expect(eyeCleanVerdict(7, 0.99, 1)).toBe("Likely eye clean"); // SI1 round under 1 ct
    expect(eyeCleanVerdict(7, 1, 1)).toBe("Check the photos");
    expect(eyeCleanVerdict(8, 1.5, 6)).toBe("Check the photos"); // SI2 1.5 ct oval
    expect(eyeCleanVerdict(8, 2, 1)).toBe("Not eye clean");
    expect(eyeCleanVerdict(8, 0.99, 4)).toBe("Check the photos"); // SI2 emerald under 1 ct
    expect(eyeCleanVerdict(8, 1, 4)).toBe("Not eye clean"); // SI2 from 1 ct in a step cut
    expect(eyeCleanVerdict(8, 1.2, 9)).toBe("Not eye clean");
    expect(eyeCleanVerdict(6, 0.9, 4)).toBe("Likely eye clean"); // VS2 step cut
    expect(eyeCleanVerdict(6, 0.9, 1)).toBe("Eye clean");
  });

  it("shows the verdict with why, and the shape and size that led to it", () => {
    const sec = eyeCleanSection(stone({ shape: 4, clarity: 8, carat: 1.2 }));
    expect(sec).toMatchObject({ name: "eyeClean", title: "Eye clean", score: 2, maxScore: 10 });
    expect(sec.checklist.map((l) => [l.verdict, l.text])).toEqual([
      ["poor", "Not eye clean"],
      ["fair", "Emerald cut: a step cut"],
      ["fair", "1.20 carats: between 1 and 2 carats"],
    ]);
    const clean = eyeCleanSection(stone({ clarity: 3 }));
    expect(clean).toMatchObject({ score: 10, checklist: [{ verdict: "good", text: "Eye clean", why: expect.stringContaining("VVS1") }] });
  });
});
