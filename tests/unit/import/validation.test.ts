import { describe, expect, it } from "vitest";
import { parseCsv } from "../../../scripts/import/csv.ts";
import { FeedValidator, reasonKey, validateRow } from "../../../scripts/import/map.ts";
import { rejectsCsv } from "../../../scripts/import/run.ts";
import { mapClarity, mapColor, mapCut, mapFluorescence, mapLab, mapLabGrown, mapShape } from "../../../scripts/import/vocabulary.ts";
import { FAIR, I1, options, records } from "./import-helpers";

const ok = (code: number) => ({ ok: true, code });

describe("vocabulary", () => {
  it("maps cut grades: Premium → Excellent, Fair rejected", () => {
    expect(mapCut("Premium")).toEqual(ok(1));
    expect(mapCut("Ideal")).toEqual(ok(0));
    expect(mapCut("VG")).toEqual(ok(2));
    expect(mapCut("very good")).toEqual(ok(2));
    expect(mapCut("GD")).toEqual(ok(3));
    expect(mapCut("Fair")).toEqual({ ok: false, reason: FAIR });
    expect(mapCut("Loupe Ideal")).toMatchObject({ ok: false, reason: "unknown cut (got 'Loupe Ideal')" });
  });

  it("maps clarity spellings and rejects grades below SI2", () => {
    expect(mapClarity("VS-1")).toEqual(ok(5));
    expect(mapClarity("vs1")).toEqual(ok(5));
    expect(mapClarity("VVS 2")).toEqual(ok(4));
    expect(mapClarity("Flawless")).toEqual(ok(1));
    expect(mapClarity("I1")).toEqual({ ok: false, reason: I1 });
    expect(mapClarity("i2")).toMatchObject({ ok: false, reason: expect.stringContaining("clarity I2 is outside") });
    expect(mapClarity("VS3")).toMatchObject({ ok: false, reason: "unknown clarity (got 'VS3')" });
  });

  it("maps colours D-K and tells out-of-scale colours from unknown ones", () => {
    expect(mapColor(" g ")).toEqual(ok(4));
    expect(mapColor("K")).toEqual(ok(8));
    expect(mapColor("M")).toEqual({ ok: false, reason: "colour M is outside the catalogue's colour scale (D–K)" });
    expect(mapColor("Fancy Yellow")).toEqual({ ok: false, reason: "unknown colour (got 'Fancy Yellow')" });
  });

  it("maps fluorescence, labs, shapes and origin flags", () => {
    expect(mapFluorescence("Medium Blue")).toEqual(ok(2));
    expect(mapFluorescence("VSTG")).toEqual(ok(4));
    expect(mapFluorescence("N")).toEqual(ok(0));
    expect(mapFluorescence("FNT")).toEqual(ok(1));
    expect(mapLab("AGSL")).toEqual(ok(1));
    expect(mapLab("egl usa")).toEqual(ok(3));
    expect(mapLab("XYZ")).toMatchObject({ ok: false });
    expect(mapShape("RB")).toEqual(ok(1));
    expect(mapShape("Cushion Modified")).toEqual(ok(10));
    expect(mapShape("EM")).toEqual(ok(4));
    expect(mapShape("square emerald")).toEqual(ok(9));
    expect(mapLabGrown("Lab-Grown")).toEqual(ok(1));
    expect(mapLabGrown("natural")).toEqual(ok(0));
    expect(mapLabGrown("TRUE")).toEqual(ok(1));
    expect(mapLabGrown("maybe")).toMatchObject({ ok: false });
  });
});

describe("row validation", () => {
  const GGPLOT =
    '"carat","cut","color","clarity","depth","table","price","x","y","z"\n' +
    '0.23,"Ideal","E","SI2",61.5,55,326,3.95,3.98,2.43\n' +
    '0.21,"Premium","E","SI1",59.8,61,326,3.89,3.84,2.31\n' +
    '0.23,"Good","E","VS1",56.9,65,327,4.05,4.07,2.31\n' +
    '0.29,"Premium","I","VS2",62.4,58,334,4.2,4.23,2.63\n' +
    '0.31,"Good","J","SI2",63.3,58,335,4.34,4.35,2.75\n' +
    '0.22,"Fair","E","VS2",65.1,61,337,3.87,3.78,2.49\n' +
    '0.32,"Premium","E","I1",60.9,58,345,4.38,4.42,2.68\n' +
    '1.07,"Ideal","F","SI1",60.6,57,5909,6.62,6.67,0\n' +
    '0.51,"Ideal","E","VS1",61.8,55,2075,5.15,31.8,5.12\n';

  it("loads a ggplot2-style feed with a default shape, derived keys and reasons per line", () => {
    const { header, rows } = records(GGPLOT);
    const v = new FeedValidator(options(header, { defaultShape: 1 }));
    for (const r of rows) v.add(r);
    expect(v.rows).toBe(9);
    expect(v.stones.map((s) => s.line)).toEqual([2, 3, 4, 5, 6]);
    const premium = v.stones[1]!;
    expect(premium).toMatchObject({ cut: 1, color: 2, clarity: 7, shape: 1, certificateLab: 0, certificateId: "L3", priceCents: 32_600 });
    expect(premium).toMatchObject({ polish: 1, symmetry: 1, fluorescence: 0, shippingDays: 7, eyeClean: 999, isLabGrown: 0 });
    // Rounds keep length ≥ width: 3.89 × 3.84 stays, 3.95 × 3.98 becomes 3.98 × 3.95.
    expect([v.stones[0]!.lengthMm, v.stones[0]!.widthMm]).toEqual([3.98, 3.95]);
    expect(v.rejects.map((r) => [r.line, r.reasons])).toEqual([
      [7, [FAIR]],
      [8, [I1]],
      [9, ["length/width/depth (mm) must be positive (got 6.62 x 6.67 x 0)"]],
      [10, ["measurements do not match the carat weight (got 0.51 ct for 31.8 x 5.15 x 5.12 mm, about 5.11 ct)"]],
    ]);
    expect(v.rejects[2]!.raw).toBe("1.07,Ideal,F,SI1,60.6,57,5909,6.62,6.67,0");
    expect(v.stones.length + v.rejects.length).toBe(v.rows);
  });

  it("rejects bad rows with their line numbers, keeps the first of duplicates, and carries on", () => {
    const feed =
      "Shape,Carat,Colour,Clarity,Cut,Price,Lab,Cert,X,Y,Z,Depth,Table,Notes\n" +
      "RB,1.01,G,VS-1,Premium,6200,GIA,111,6.42,6.45,3.98,61.8,57,ok\n" +
      'RB,1.01,G,VS1,Ideal,6300,GIA,111,6.42,6.45,3.98,61.8,57,"same certificate,\nsecond time"\n' +
      "RB,1.01,Z,VS1,Ideal,6300,GIA,222,6.42,6.45,3.98,61.8,57,colour Z\n" +
      "RB,1.01,Pink,VS1,Ideal,6300,GIA,333,6.42,6.45,3.98,61.8,57,unknown colour\n" +
      "RB,45,G,VS1,Ideal,-5,XYZ,444,6.42,6.45,3.98,95,57,several problems\n" +
      "RB,1.01,G,VS1,Ideal,6300,GIA,,6.42,6.45,3.98,61.8,57,no certificate\n" +
      "RB,1.01,G,VS1,Ideal,6300,AGS,111,6.42,6.45,3.98,61.8,57,other lab: another stone\n" +
      "RB,1.01,G,VS1\n";
    const { header, rows } = records(feed);
    const v = new FeedValidator(options(header));
    for (const r of rows) v.add(r);
    expect(v.stones.map((s) => [s.line, s.key])).toEqual([
      [2, "0|111"],
      [9, "1|111"],
    ]);
    const byLine = Object.fromEntries(v.rejects.map((r) => [r.line, r.reasons]));
    expect(byLine).toEqual({
      3: ["duplicate of line 2"],
      5: ["colour Z is outside the catalogue's colour scale (D–K)"],
      6: ["unknown colour (got 'Pink')"],
      7: [
        "unknown certificate lab (got 'XYZ'; expected GIA, AGS, IGI, EGL, HRD or GCAL)",
        "carat must be between 0.1 and 30 (got 45)",
        "price must be positive (got -5)",
        "depth % must be between 40 and 90 (got 95)",
      ],
      8: ["certificate id is missing"],
      10: ["expected 14 fields as in the header, got 4"],
    });
    expect(reasonKey("carat must be between 0.1 and 30 (got 45)")).toBe("carat must be between 0.1 and 30");
    expect(reasonKey("duplicate of line 2")).toBe("duplicate of an earlier line");
    // The rejects file is CSV again: a raw row with a newline inside quotes survives the round trip.
    const file = parseCsv(rejectsCsv(v.rejects)).map((r) => r.fields);
    expect(file[0]).toEqual(["line", "reasons", "raw"]);
    expect(file[1]).toEqual(["3", "duplicate of line 2", 'RB,1.01,G,VS1,Ideal,6300,GIA,111,6.42,6.45,3.98,61.8,57,"same certificate,\nsecond time"']);
    expect(file[2]).toEqual([
      "5",
      "colour Z is outside the catalogue's colour scale (D–K)",
      "RB,1.01,Z,VS1,Ideal,6300,GIA,222,6.42,6.45,3.98,61.8,57,colour Z",
    ]);
  });

  it("checks origin against the retailer and reads optional columns", () => {
    const feed =
      "shape,carat,color,clarity,cut,price_usd,list_price,lab,report_number,measurements,depth_pct,table_pct,polish,symmetry,fluor,type,shipping_days\n" +
      'OV,1.5,E,VVS2,Very Good,"$2,400.50",3000,IGI,LG1,8.9 x 6.2 x 3.8,61.3,58,VG,G,None,lab grown,12\n' +
      "PR,1,F,VS2,Good,5000,,GIA,N1,5.5-5.45x3.9,70,68,EX,EX,STG BL,natural,\n";
    const { header, rows } = records(feed);
    const labOnly = options(header, { retailerType: 2 });
    const lab = validateRow(rows[0]!, labOnly);
    expect(lab).toMatchObject({
      ok: true,
      stone: {
        shape: 6,
        isLabGrown: 1,
        priceCents: 240_100 /* $2,400.50: whole dollars, rounded up */,
        listPriceCents: 300_000,
        polish: 2,
        symmetry: 3,
        lengthMm: 8.9,
        shippingDays: 12,
      },
    });
    const natural = validateRow(rows[1]!, labOnly);
    expect(natural).toEqual({ ok: false, reasons: ["retailer 1 sells lab-grown diamonds only (the row is natural)"], key: "0|N1" });

    // Without lab and certificate columns: the key is L{line} at the origin's default lab, and an unreadable origin
    // is reported once (it decides both the origin and the default lab).
    const { header: h2, rows: r2 } = records(
      "shape,carat,color,clarity,cut,price,x,y,z,depth,table,type\nRB,1.01,G,VS1,Ideal,6200,6.42,6.45,3.98,61.8,57,lab\nRB,1.01,G,VS1,Ideal,6200,6.42,6.45,3.98,61.8,57,maybe\n",
    );
    expect(validateRow(r2[0]!, options(h2))).toMatchObject({ ok: true, stone: { key: "2|L2", certificateLab: 2, certificateId: "L2", isLabGrown: 1 } });
    expect(validateRow(r2[1]!, options(h2))).toEqual({
      ok: false,
      reasons: ["unknown lab-grown flag (got 'maybe'; expected natural/lab, yes/no or 1/0)"],
      key: null,
    });
  });
});
