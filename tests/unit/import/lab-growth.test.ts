import { describe, expect, it } from "vitest";
import { mapHeader } from "../../../scripts/import/columns.ts";
import { FeedValidator, validateRow } from "../../../scripts/import/map.ts";
import { diamondRow, upsertStatements } from "../../../scripts/import/plan.ts";
import { mapGrowthMethod, mapTreated } from "../../../scripts/import/vocabulary.ts";
import { options, records } from "./import-helpers";

const HEAD = "shape,carat,color,clarity,cut,price,lab,cert,x,y,z,depth,table,origin";
const ROW = "RB,1.01,G,VS1,Ideal,6200,IGI,{cert},6.42,6.45,3.98,61.8,57,{origin}";

/** A feed of one round per entry: its origin, growth method and treatment cells. */
function feed(rows: [origin: string, growth: string, treated: string][]): string {
  return `${HEAD},Growth Method,Treated\n${rows.map(([o, g, t], i) => `${ROW.replace("{cert}", `C${i}`).replace("{origin}", o)},${g},${t}`).join("\n")}\n`;
}

describe("growth method and treatment columns", () => {
  it("finds the columns by their usual names", () => {
    expect(mapHeader(["Growth Method", "Treated"]).present).toEqual(new Set(["growth_method", "treated"]));
    expect(mapHeader(["growth", "Post-Growth Treatment"]).present).toEqual(new Set(["growth_method", "treated"]));
  });

  it("maps growth methods case-insensitively, in full words too, and explains anything else", () => {
    expect(mapGrowthMethod("cvd")).toEqual({ ok: true, method: "CVD" });
    expect(mapGrowthMethod("Chemical Vapour Deposition")).toEqual({ ok: true, method: "CVD" });
    expect(mapGrowthMethod("chemical vapor deposition")).toEqual({ ok: true, method: "CVD" });
    expect(mapGrowthMethod("HPHT")).toEqual({ ok: true, method: "HPHT" });
    expect(mapGrowthMethod("High Pressure, High Temperature")).toEqual({ ok: true, method: "HPHT" });
    expect(mapGrowthMethod("detonation")).toEqual({ ok: false, reason: "unknown growth method (got 'detonation'; expected CVD or HPHT)" });
  });

  it("maps treatment flags: yes/no, true/false, 1/0, as grown, treated", () => {
    for (const yes of ["yes", "TRUE", "1", "Treated", "post-growth treated"]) expect(mapTreated(yes)).toEqual({ ok: true, code: 1 });
    for (const no of ["no", "false", "0", "As Grown", "as-grown", "untreated"]) expect(mapTreated(no)).toEqual({ ok: true, code: 0 });
    expect(mapTreated("maybe")).toMatchObject({ ok: false, reason: expect.stringContaining("unknown treatment flag (got 'maybe'") });
  });

  it("keeps a lab-grown stone's growth method and treatment, blank as not stated", () => {
    const { header, rows } = records(
      feed([
        ["lab", "CVD", "as grown"],
        ["lab", "hpht", "no"],
        ["lab", "chemical vapour deposition", "yes"],
        ["lab", "", ""],
      ]),
    );
    const v = new FeedValidator(options(header));
    for (const r of rows) v.add(r);
    expect(v.rejects).toEqual([]);
    expect(v.stones.map((s) => [s.growthMethod, s.treated])).toEqual([
      ["CVD", 0],
      ["HPHT", 0],
      ["CVD", 1],
      [null, null],
    ]);
  });

  it("rejects an unknown method with a per-row reason, and a natural stone with a growth method or marked treated", () => {
    const { header, rows } = records(
      feed([
        ["lab", "plasma magic", ""],
        ["natural", "CVD", ""],
        ["natural", "", "yes"],
        ["natural", "", "no"],
        ["lab", "", "sometimes"],
      ]),
    );
    const v = new FeedValidator(options(header));
    for (const r of rows) v.add(r);
    expect(v.rejects.map((r) => [r.line, r.reasons])).toEqual([
      [2, ["unknown growth method (got 'plasma magic'; expected CVD or HPHT)"]],
      [3, ["a natural stone has no growth method (got 'CVD'; CVD and HPHT are for lab-grown stones)"]],
      [4, ["a natural stone cannot be marked treated after growth (got 'yes'; the flag is for lab-grown stones)"]],
      [6, ["unknown treatment flag (got 'sometimes'; expected yes/no, true/false, 1/0, as grown or treated)"]],
    ]);
    // "Not treated" on a natural stone is harmless: stored as not stated.
    expect(v.stones).toMatchObject([{ line: 5, isLabGrown: 0, growthMethod: null, treated: null }]);
  });

  it("takes the growth method from an origin written as CVD or HPHT, and rejects a contradiction", () => {
    const { header, rows } = records(
      feed([
        ["CVD", "", ""],
        ["HPHT", "CVD", ""],
      ]),
    );
    expect(validateRow(rows[0]!, options(header))).toMatchObject({ ok: true, stone: { isLabGrown: 1, growthMethod: "CVD", treated: null } });
    expect(validateRow(rows[1]!, options(header))).toMatchObject({ ok: false, reasons: ["growth method CVD disagrees with the lab-grown column (HPHT)"] });
  });

  it("writes both columns, and a feed without them writes NULL", () => {
    const { header, rows } = records(feed([["lab", "HPHT", "0"]]));
    const r = validateRow(rows[0]!, options(header));
    if (!r.ok) throw new Error(r.reasons.join("; "));
    const markup = { natural: 1, lab: 1, samples: { natural: 0, lab: 0 } };
    const row = diamondRow(r.stone, 7, 1, markup, 0);
    expect(row).toMatchObject({ growth_method: "HPHT", treated: 0 });
    const [sql] = upsertStatements([row]);
    expect(sql).toContain("growth_method, treated) VALUES");
    expect(sql).toMatch(/'HPHT',0\)/);
    expect(sql).toContain("growth_method = excluded.growth_method, treated = excluded.treated");

    const { header: h2, rows: r2 } = records(`${HEAD}\n${ROW.replace("{cert}", "X").replace("{origin}", "lab")}\n`);
    const plain = validateRow(r2[0]!, options(h2));
    expect(plain).toMatchObject({ ok: true, stone: { growthMethod: null, treated: null } });
  });
});
