import { describe, expect, it } from "vitest";
import { generateDiamonds, isPairStart, labOrigin } from "#shared/catalogue/generate-diamonds.ts";
import { DIAMOND_ID_BASE } from "#shared/catalogue/generate.ts";
import { NOW } from "./catalogue-helpers";

describe("demo lab-grown origin (growth method and treatment)", () => {
  const { diamonds } = generateDiamonds(0, 20_000, NOW);
  const lab = diamonds.filter((d) => d.is_lab_grown === 1);
  const share = (rows: typeof diamonds, f: (d: (typeof diamonds)[number]) => boolean) => rows.filter(f).length / rows.length;

  it("leaves natural stones without a growth method or treatment flag", () => {
    expect(diamonds.filter((d) => d.is_lab_grown === 0).every((d) => d.growth_method === null && d.treated === null)).toBe(true);
  });

  it("states about 85 % of lab-grown stones: about 65 % of them CVD, 35 % HPHT, about 40 % of CVD stones treated", () => {
    const stated = lab.filter((d) => d.growth_method !== null);
    expect(share(lab, (d) => d.growth_method === null)).toBeCloseTo(0.15, 1);
    expect(share(stated, (d) => d.growth_method === "CVD")).toBeCloseTo(0.65, 1);
    expect(share(stated, (d) => d.growth_method === "HPHT")).toBeCloseTo(0.35, 1);
    expect(
      share(
        stated.filter((d) => d.growth_method === "CVD"),
        (d) => d.treated === 1,
      ),
    ).toBeCloseTo(0.4, 1);
    expect(stated.filter((d) => d.growth_method === "HPHT").every((d) => d.treated === 0)).toBe(true);
    expect(lab.filter((d) => d.growth_method === null).every((d) => d.treated === null)).toBe(true);
  });

  it("derives it from the id alone, and the second stone of a pair shares its partner's", () => {
    for (const d of lab.slice(0, 200)) {
      const index = d.id - DIAMOND_ID_BASE;
      const key = index % 2 === 1 && isPairStart(index - 1) ? d.id - 1 : d.id;
      expect({ growth_method: d.growth_method, treated: d.treated }).toEqual(labOrigin(key, true));
    }
    const pairs = diamonds.filter((d) => d.paired_diamond_id !== null && d.paired_diamond_id > d.id && d.is_lab_grown === 1);
    expect(pairs.length).toBeGreaterThan(0);
    for (const first of pairs) {
      const second = diamonds.find((d) => d.id === first.paired_diamond_id);
      if (second) expect([second.growth_method, second.treated]).toEqual([first.growth_method, first.treated]);
    }
  });
});
