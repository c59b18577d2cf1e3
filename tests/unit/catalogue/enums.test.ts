import { describe, expect, it } from "vitest";
import {
  BASE_METALS,
  CERTIFICATE_LABS,
  CLARITIES,
  COLORS,
  CUTS,
  EYE_CLEANLINESS,
  FLUORESCENCES,
  METALS,
  SHAPES,
  STYLE_BITS,
  byCode,
  byName,
  styleLabels,
  twoToneCode,
  EARRING_STYLES,
  FILTER_STYLES,
  PENDANT_STYLES,
} from "#shared/enums.ts";
import { diamondPath, diamondSlug } from "#shared/slug.ts";
import { formatUsd, wholeUsd } from "#shared/money.ts";

describe("enumerations (§3)", () => {
  it("have the spec's codes and labels", () => {
    expect(SHAPES.map((s) => [s.code, s.slug])).toEqual([
      [1, "round"],
      [2, "princess"],
      [3, "marquise"],
      [4, "emerald"],
      [5, "pear"],
      [6, "oval"],
      [7, "heart"],
      [8, "radiant"],
      [9, "asscher"],
      [10, "cushion"],
    ]);
    expect(COLORS.map((c) => c.label).join("")).toBe("DEFGHIJK");
    expect(COLORS.map((c) => c.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(CLARITIES.map((c) => c.label)).toEqual(["FL", "IF", "VVS1", "VVS2", "VS1", "VS2", "SI1", "SI2"]);
    expect(CUTS.map((c) => [c.code, c.label])).toEqual([
      [0, "Ideal"],
      [1, "Excellent"],
      [2, "Very Good"],
      [3, "Good"],
      [4, "Loupe Ideal"],
    ]);
    expect(FLUORESCENCES.map((f) => f.code)).toEqual([0, 1, 2, 3, 4]);
    expect(CERTIFICATE_LABS.filter((l) => l.label !== "EGL").map((l) => [l.code, l.label])).toEqual([
      [0, "GIA"],
      [1, "AGS"],
      [2, "IGI"],
      [4, "HRD"],
      [5, "GCAL"],
    ]);
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
