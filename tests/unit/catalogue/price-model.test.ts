import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  LAB_FLOOR_CENTS,
  LAB_FRACTION,
  PRICE_MODEL,
  fittedPricePerCarat2008,
  modelPriceCents,
  naturalPricePerCaratUsd,
} from "#shared/catalogue/price-model.ts";
import { rng } from "#shared/catalogue/random.ts";
import { CSV, median } from "./catalogue-helpers";

describe("price model", () => {
  // ggplot2 grades → catalogue codes (Fair and I1 have none).
  const colour: Record<string, number> = { D: 1, E: 2, F: 3, G: 4, H: 5, I: 6, J: 7 };
  const clarity: Record<string, number> = { IF: 2, VVS1: 3, VVS2: 4, VS1: 5, VS2: 6, SI1: 7, SI2: 8 };
  const cut: Record<string, number> = { Ideal: 0, Premium: 1, "Very Good": 2, Good: 3 };
  const rows = readFileSync(CSV, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.replace(/"/g, "").split(","))
    .map(([carat, cutName, colourName, clarityName, , , price]) => ({
      carat: Number(carat),
      cut: cut[cutName!],
      color: colour[colourName!],
      clarity: clarity[clarityName!],
      price: Number(price),
    }))
    .filter(
      (r): r is { carat: number; cut: number; color: number; clarity: number; price: number } =>
        r.cut !== undefined && r.color !== undefined && r.clarity !== undefined,
    );
  const ape = (subset: typeof rows): number => median(subset.map((r) => Math.abs(fittedPricePerCarat2008(r) / (r.price / r.carat) - 1)));

  it("reproduces the ggplot2 prices per carat (median absolute % error)", () => {
    expect(rows.length).toBeGreaterThan(50_000);
    expect(ape(rows)).toBeLessThan(0.1); // measured 0.083
    expect(ape(rows.filter((r) => r.carat >= 1))).toBeLessThan(0.1); // measured 0.079
    expect(PRICE_MODEL.fit.r2LogPricePerCarat).toBeGreaterThan(0.9);
  });

  const stone = { shape: 1, carat: 1, color: 4, clarity: 6, cut: 1, fluorescence: 0, isLabGrown: false };

  it("prices better colour, clarity and cut higher, monotonically", () => {
    for (const carat of [0.3, 0.5, 1, 1.5, 2, 3, 5]) {
      const by = (change: Partial<typeof stone>): number => modelPriceCents({ ...stone, carat, ...change });
      const colours = [1, 2, 3, 4, 5, 6, 7, 8].map((color) => by({ color }));
      const clarities = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => by({ clarity: c }));
      const cuts = [4, 0, 1, 2, 3].map((c) => by({ cut: c })); // Loupe Ideal, Ideal, Excellent, Very Good, Good
      for (const list of [colours, clarities, cuts]) {
        list.slice(1).forEach((p, i) => expect(p).toBeLessThan(list[i]!));
      }
      expect(by({ clarity: 1 }) / by({ clarity: 2 })).toBeGreaterThanOrEqual(1.05 - 1e-3); // FL ≥ IF + 5 %
      expect(by({ cut: 4 }) / by({ cut: 0 })).toBeCloseTo(1.03, 2);
    }
    const perCarat = [0.3, 0.5, 1, 2, 3, 5].map((carat) => naturalPricePerCaratUsd({ ...stone, carat }));
    perCarat.slice(1).forEach((p, i) => expect(p).toBeGreaterThan(perCarat[i]!));
  });

  it("applies shape and fluorescence discounts to natural stones", () => {
    const round = modelPriceCents(stone);
    for (let shape = 2; shape <= 10; shape++) {
      const ratio = modelPriceCents({ ...stone, shape }) / round;
      expect(ratio).toBeGreaterThanOrEqual(0.7);
      expect(ratio).toBeLessThanOrEqual(0.85);
    }
    const fluorescence = [0, 1, 2, 3, 4].map((f) => modelPriceCents({ ...stone, fluorescence: f }));
    fluorescence.slice(1).forEach((p, i) => expect(p).toBeLessThan(fluorescence[i]!));
    expect(() => modelPriceCents({ ...stone, color: 9 })).toThrow(RangeError);
  });

  it("prices lab-grown below natural, at 5-35 % of it, never below the floor", () => {
    expect(LAB_FRACTION(0.3)).toBeCloseTo(0.28, 2);
    expect(LAB_FRACTION(3)).toBeLessThan(0.11);
    expect(LAB_FRACTION(5)).toBeGreaterThanOrEqual(0.1);
    for (let c = 0.25; c < 5; c += 0.05) expect(LAB_FRACTION(c + 0.05)).toBeLessThan(LAB_FRACTION(c));
    for (const shape of [1, 2, 5, 6, 10]) {
      for (const carat of [0.23, 0.3, 0.5, 1, 1.5, 2, 3, 5]) {
        for (const color of [1, 4, 8]) {
          for (const clarity of [1, 5, 8]) {
            const d = { ...stone, shape, carat, color, clarity };
            const natural = modelPriceCents(d);
            const lab = modelPriceCents({ ...d, isLabGrown: true });
            expect(Number.isInteger(lab)).toBe(true);
            expect(lab).toBeGreaterThanOrEqual(LAB_FLOOR_CENTS);
            expect(lab).toBeLessThan(natural);
            if (lab > LAB_FLOOR_CENTS) {
              expect(lab / natural).toBeGreaterThanOrEqual(0.05);
              expect(lab / natural).toBeLessThanOrEqual(0.35);
            }
          }
        }
      }
    }
  });
});

describe("random", () => {
  it("is deterministic per seed and stays in range", () => {
    const a = rng(42);
    const b = rng(42);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(rng(43).next()).not.toBe(rng(42).next());
    const r = rng(7);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(-3, 3);
      expect(n).toBeGreaterThanOrEqual(-3);
      expect(n).toBeLessThanOrEqual(3);
    }
    expect(
      r.weighted([
        ["x", 0],
        ["y", 1],
      ]),
    ).toBe("y");
  });
});
