import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { generateRetailers } from "#shared/catalogue/generate-retailers.ts";
import { insertStatements } from "#shared/catalogue/sql.ts";
import { parseCli } from "../../../scripts/import/cli.ts";
import { CsvParser, csvLine, parseCsv, sniffDelimiter } from "../../../scripts/import/csv.ts";
import { FeedError, mapHeader, type FeedRecord, type HeaderMap } from "../../../scripts/import/columns.ts";
import { csvRecord, jsonElementLines, jsonRecords } from "../../../scripts/import/records.ts";
import { FeedValidator, reasonKey, validateRow } from "../../../scripts/import/map.ts";
import type { MapOptions } from "../../../scripts/import/rules.ts";
import { planImport, planStatements, type ExistingRow } from "../../../scripts/import/plan.ts";
import { Progress } from "../../../scripts/import/progress.ts";
import { rejectsCsv, runImport, type ImportOptions } from "../../../scripts/import/run.ts";
import { remoteTarget, shellLine, type CommandRunner } from "../../../scripts/import/apply.ts";
import { mapClarity, mapColor, mapCut, mapFluorescence, mapLab, mapLabGrown, mapShape } from "../../../scripts/import/vocabulary.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
const exec = promisify(execFile);

const FAIR = "cut Fair is below the catalogue's cut scale (Ideal, Excellent, Very Good, Good)";
const I1 = "clarity I1 is outside the catalogue's clarity scale (FL–SI2)";

/** Records of a CSV text as the importer sees them. */
function records(text: string): { header: HeaderMap; rows: FeedRecord[] } {
  const [head, ...rest] = parseCsv(text);
  const header = mapHeader(head!.fields);
  return { header, rows: rest.flatMap((r) => csvRecord(header, r) ?? []) };
}

function options(header: HeaderMap, extra: Partial<MapOptions> = {}): MapOptions {
  return { retailerId: 1, retailerType: 3, present: header.present, defaultShape: null, defaultLab: null, defaultOrigin: 0, ...extra };
}

const ok = (code: number) => ({ ok: true, code });

describe("CSV parser", () => {
  it("reads quoted fields, doubled quotes, embedded commas and newlines, CRLF, and reports each record's first line", () => {
    const text = 'a,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\r\nlines",z\r\n\r\n3,,"" \n4,last,"end"';
    const recs = parseCsv(text);
    expect(recs.map((r) => r.fields)).toEqual([
      ["a", "b", "c"],
      ["1", "x, y", 'say "hi"'],
      ["2", "two\r\nlines", "z"],
      ["3", "", " "],
      ["4", "last", "end"],
    ]);
    // Line 3 holds a newline inside quotes, line 5 is blank (skipped): records start on lines 1, 2, 3, 6, 7.
    expect(recs.map((r) => r.line)).toEqual([1, 2, 3, 6, 7]);
  });

  it("gives the same records whatever the chunk boundaries (CRLF and doubled quotes split across chunks)", () => {
    const text = '\uFEFFh1,h2\r\n"a""b","c\r\nd"\r\n"",e\r\nf,"g"\r\n';
    const whole = parseCsv(text);
    expect(whole[0]!.fields).toEqual(["h1", "h2"]); // the byte order mark is dropped
    for (let cut = 0; cut <= text.length; cut++) {
      const p = new CsvParser();
      const recs = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut)), ...p.end()];
      expect(recs, `split at ${cut}`).toEqual(whole);
    }
    // One character at a time too.
    const p = new CsvParser();
    const recs = [...[...text].flatMap((ch) => p.push(ch)), ...p.end()];
    expect(recs).toEqual(whole);
  });

  it("handles LF-only and lone-CR line ends, a last line without a line end, and stray quotes", () => {
    expect(parseCsv("a,b\nc,d").map((r) => r.fields)).toEqual([["a", "b"], ["c", "d"]]);
    expect(parseCsv("a,b\rc,d\r").map((r) => [r.line, ...r.fields])).toEqual([[1, "a", "b"], [2, "c", "d"]]);
    expect(parseCsv('5"3,"ab"c').map((r) => r.fields)).toEqual([['5"3', "abc"]]);
  });

  it("reports an unterminated quoted field instead of losing the row", () => {
    const recs = parseCsv('a,b\n1,"open\n2,3\n');
    expect(recs).toHaveLength(2);
    expect(recs[1]).toMatchObject({ line: 2, error: expect.stringContaining("unterminated") });
  });

  it("sniffs the delimiter and writes fields back quoted only when needed", () => {
    expect(sniffDelimiter("a;b;c\n1;2;3")).toBe(";");
    expect(sniffDelimiter("a\tb\n")).toBe("\t");
    expect(sniffDelimiter('"x;y",b,c\n')).toBe(",");
    const fields = ["plain", "with, comma", 'with "quote"', "two\nlines"];
    expect(csvLine(fields)).toBe('plain,"with, comma","with ""quote""","two\nlines"');
    expect(parseCsv(csvLine(fields))[0]!.fields).toEqual(fields);
  });
});

describe("feed columns", () => {
  it("matches header names case-insensitively with synonyms", () => {
    const h = mapHeader([
      "Colour", "Cert", "LAB", "Price (USD)", "X", "Y", "Z", "Depth %", "Table_Pct", "Fluor", "Type", "Shipping Days", "Shape",
      "Carat", "Cut", "Clarity", "Polish", "Sym", "Stock #",
    ]);
    expect(h.columns).toEqual([
      "color", "certificate_id", "certificate_lab", "price", "length_mm", "width_mm", "depth_mm", "depth_pct", "table_pct",
      "fluorescence", "lab_grown", "shipping_days", "shape", "carat", "cut", "clarity", "polish", "symmetry", null,
    ]);
    expect(h.ignored).toEqual(["Stock #"]);
    expect(mapHeader(["report_number", "certificate_lab", "price_usd", "length", "width", "depth_mm", "depth_pct", "is_lab_grown", "fluorescence"]).columns)
      .toEqual(["certificate_id", "certificate_lab", "price", "length_mm", "width_mm", "depth_mm", "depth_pct", "lab_grown", "fluorescence"]);
  });

  it("refuses two columns that mean the same field", () => {
    expect(() => mapHeader(["color", "Colour"])).toThrow(FeedError);
  });

  it("reads JSON feeds with the line each object starts on", () => {
    const text = '[\n  {"carat": 1.01, "colour": "G", "lab_grown": false},\n  {\n    "carat": "0.5",\n    "color": null\n  },\n  [1],\n  {"carat": {"x": 1}}\n]';
    const lines = jsonElementLines(text);
    expect(lines).toEqual([2, 3, 7, 8]);
    const parsed = z.array(z.unknown()).parse(JSON.parse(text));
    expect(() => jsonRecords(parsed, lines ?? [])).toThrow(FeedError); // "colour" and "color" are the same field
    const { header, records: recs } = jsonRecords(z.array(z.unknown()).parse(JSON.parse(text.replace('"colour"', '"clarity"'))), lines ?? []);
    expect([...header.present].sort()).toEqual(["carat", "clarity", "color", "lab_grown"]);
    expect(recs[0]).toMatchObject({ line: 2, values: { carat: "1.01", clarity: "G", lab_grown: "false" } });
    expect(recs[1]).toMatchObject({ line: 3, values: { carat: "0.5", color: "" } });
    expect(recs[2]).toMatchObject({ line: 7, error: "row is not a JSON object" });
    expect(recs[3]).toMatchObject({ line: 8, error: 'field "carat" is not a single value' });
  });
});

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
    expect(v.stones.map((s) => [s.line, s.key])).toEqual([[2, "0|111"], [9, "1|111"]]);
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
    expect(file[2]).toEqual(["5", "colour Z is outside the catalogue's colour scale (D–K)", "RB,1.01,Z,VS1,Ideal,6300,GIA,222,6.42,6.45,3.98,61.8,57,colour Z"]);
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
      stone: { shape: 6, isLabGrown: 1, priceCents: 240_050, listPriceCents: 300_000, polish: 2, symmetry: 3, lengthMm: 8.9, shippingDays: 12 },
    });
    const natural = validateRow(rows[1]!, labOnly);
    expect(natural).toEqual({ ok: false, reasons: ["retailer 1 sells lab-grown diamonds only (the row is natural)"], key: "0|N1" });

    // Without lab and certificate columns: the key is L{line} at the origin's default lab, and an unreadable origin
    // is reported once (it decides both the origin and the default lab).
    const { header: h2, rows: r2 } = records("shape,carat,color,clarity,cut,price,x,y,z,depth,table,type\nRB,1.01,G,VS1,Ideal,6200,6.42,6.45,3.98,61.8,57,lab\nRB,1.01,G,VS1,Ideal,6200,6.42,6.45,3.98,61.8,57,maybe\n");
    expect(validateRow(r2[0]!, options(h2))).toMatchObject({ ok: true, stone: { key: "2|L2", certificateLab: 2, certificateId: "L2", isLabGrown: 1 } });
    expect(validateRow(r2[1]!, options(h2))).toEqual({
      ok: false,
      reasons: ["unknown lab-grown flag (got 'maybe'; expected natural/lab, yes/no or 1/0)"],
      key: null,
    });
  });
});

describe("plan", () => {
  const feed =
    "shape,carat,color,clarity,cut,price,lab,cert,x,y,z,depth,table\n" +
    "RB,1.01,G,VS1,Ideal,6200,GIA,A,6.42,6.45,3.98,61.8,57\n" +
    "RB,1.01,G,VS1,Ideal,6200,GIA,B,6.42,6.45,3.98,61.8,57\n" +
    "RB,1.01,G,VS1,Ideal,6200,GIA,C,6.42,6.45,3.98,61.8,57\n";

  function validated(text: string) {
    const { header, rows } = records(text);
    const v = new FeedValidator(options(header));
    for (const r of rows) v.add(r);
    return v;
  }

  it("inserts new stones, updates changed ones, records price changes, relists and marks absent stones sold", () => {
    const first = validated(feed);
    const p1 = planImport({ stones: first.stones, existing: [], seenKeys: first.seenKeys, retailerId: 1, full: true, now: 1000, firstNewId: 50 });
    expect(p1.inserts.map((r) => [r.id, r.certificate_id, r.is_sold, r.price_cents])).toEqual([[50, "A", 0, 620_000], [51, "B", 0, 620_000], [52, "C", 0, 620_000]]);
    expect(p1.history).toHaveLength(3);
    expect(p1.inserts[0]).toMatchObject({ lw_ratio: 1, image_url: "/images/diamonds/round.svg", is_rc_ideal: 1, eye_clean: 1, updated_at: 1000 });

    // What D1 would hold, with B sold since, and D (another stone of the retailer) not in the feed.
    const stored: ExistingRow[] = p1.inserts.map((r) => ({ ...r, is_sold: r.certificate_id === "B" ? 1 : 0 }));
    stored.push({ ...p1.inserts[0]!, id: 60, certificate_id: "D" });
    const second = validated(feed.replace("6200,GIA,A", "5900,GIA,A").replace(/\nRB[^\n]*,C,[^\n]*/, "\nRB,1,G,VS1,Ideal,6200,XYZ,C,6.42,6.45,3.98,61.8,57"));
    const p2 = planImport({ stones: second.stones, existing: stored, seenKeys: second.seenKeys, retailerId: 1, full: true, now: 2000, firstNewId: 61 });
    expect(p2.inserts).toHaveLength(0);
    expect(p2.updates.map((r) => [r.id, r.price_cents, r.is_sold])).toEqual([[50, 590_000, 0], [51, 620_000, 0]]);
    expect(p2.relisted).toBe(1);
    expect(p2.history).toEqual([{ diamond_id: 50, at: 2000, price_cents: 590_000, source: "import" }]);
    // C's row is rejected (unknown lab), so its key is unknown and C counts as absent, like D.
    expect(p2.sold.sort()).toEqual([52, 60]);
    const sql = planStatements(p2, 2000).flatMap((g) => g.statements);
    expect(sql[0]).toMatch(/^INSERT INTO diamonds \(id, retailer_id, certificate_lab, certificate_id, .*\) VALUES \(50,1,0,'A',/);
    expect(sql[0]).toContain(" ON CONFLICT (certificate_lab, certificate_id, retailer_id) DO UPDATE SET is_lab_grown = excluded.is_lab_grown, ");
    expect(sql[0]).not.toMatch(/SET .*\b(id|has_video|paired_diamond_id) = excluded/);
    expect(sql.at(-2)).toBe("UPDATE diamonds SET is_sold = 1, updated_at = 2000 WHERE id IN (52,60);");
    // Last, a new catalogue version: the search index reloads.
    expect(sql.at(-1)).toMatch(/^INSERT OR REPLACE INTO seed_meta \(key, value\) VALUES \('catalogue_version', '[\w-]+'\);$/);

    // The same feed again: nothing to write.
    const p3 = planImport({ stones: first.stones, existing: p1.inserts, seenKeys: first.seenKeys, retailerId: 1, full: false, now: 3000, firstNewId: 61 });
    expect([p3.inserts.length, p3.updates.length, p3.unchanged, p3.history.length]).toEqual([0, 0, 3, 0]);
  });

  it("does not mark a whole inventory sold when no row of a --full feed is valid", () => {
    const stored: ExistingRow[] = [{ id: 1, certificate_lab: 0, certificate_id: "A", is_sold: 0 }];
    const p = planImport({ stones: [], existing: stored, seenKeys: new Set(), retailerId: 1, full: true, now: 1, firstNewId: 2 });
    expect(p).toMatchObject({ sold: [], fullSkipped: true });
  });
});

describe("command line", () => {
  it("parses options and resolves paths against the caller's directory", () => {
    const r = parseCli(["feeds/stock.csv", "--retailer", "3", "--full", "--default-shape", "RB", "--env", "staging"], "/home/u", "/tmp/state");
    expect(r).toEqual({
      ok: true,
      options: {
        file: "/home/u/feeds/stock.csv",
        retailerId: 3,
        full: true,
        remote: false,
        env: "staging",
        rejectsPath: "/home/u/rejects-stock.csv",
        dryRun: false,
        defaultShape: 1,
        defaultLab: null,
        defaultOrigin: null,
        persistTo: "/tmp/state",
      },
    });
  });

  it("rejects bad usage with a message", () => {
    expect(parseCli(["f.csv"], "/")).toMatchObject({ ok: false, message: "--retailer <id> is required" });
    expect(parseCli(["f.csv", "--retailer", "x"], "/")).toMatchObject({ ok: false, message: "--retailer must be a positive whole number" });
    expect(parseCli(["f.csv", "--retailer", "1", "--env", "dev"], "/")).toMatchObject({ ok: false, message: "--env must be staging or production" });
    expect(parseCli(["f.csv", "--retailer", "1", "--default-shape", "blob"], "/")).toMatchObject({ ok: false, message: "--default-shape: unknown shape (got 'blob')" });
    expect(parseCli(["--retailer", "1"], "/")).toMatchObject({ ok: false, message: "no feed file given" });
    expect(parseCli(["f.csv", "--retailer", "1", "--bogus"], "/")).toMatchObject({ ok: false });
    expect(parseCli(["--help"], "/")).toMatchObject({ ok: false, help: true });
  });
});

describe("progress", () => {
  it("prints a line per tenth when stderr is not a terminal", () => {
    const lines: string[] = [];
    let t = 0;
    const p = new Progress({ isTTY: false, write: (s: string) => lines.push(s) }, () => t);
    p.start("write");
    for (let i = 1; i <= 100; i++) {
      t += 10;
      p.update(i / 100, `${i} rows`, i);
    }
    p.finish();
    expect(lines).toHaveLength(11); // 0 %, 10 %, …, 100 %
    expect(lines.at(-1)).toBe("write    [########################] 100%  100 rows  100 rows/s\n");
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Through the real importer

const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), "loupe-import-test-"));
  tempDirs.push(d);
  return d;
}

function sink() {
  let text = "";
  return { stream: { isTTY: false, write: (s: string) => (text += s) }, text: () => text };
}

function importOptions(dir: string, file: string, extra: Partial<ImportOptions> = {}): ImportOptions {
  return {
    file,
    retailerId: 1,
    full: false,
    remote: false,
    env: null,
    rejectsPath: join(dir, "rejects.csv"),
    dryRun: false,
    defaultShape: null,
    defaultLab: null,
    defaultOrigin: null,
    persistTo: join(dir, "state"),
    now: 1_800_000_000_000,
    ...extra,
  };
}

const FEED_V1 = [
  "Shape,Carat,Colour,Clarity,Cut,Polish,Symmetry,Fluorescence,Price (USD),Lab,Report Number,Length,Width,Depth (mm),Depth %,Table %,Shipping Days",
  'RB,1.01,G,VS-1,Premium,EX,EX,None,"$6,200",GIA,1111111111,6.42,6.45,3.98,61.8,57,5',
  "Oval,0.90,E,VVS2,Ideal,VG,VG,Faint,4100,GIA,2222222222,7.70,5.40,3.30,61.1,58,",
  "Princess,1.20,F,SI1,Very Good,G,G,Medium Blue,5200,IGI,3333333333,5.90,5.85,4.20,71,68,10",
  "Round,0.50,D,I1,Ideal,EX,EX,None,900,GIA,4444444444,5.10,5.12,3.15,61.6,56,5",
  "Round,0.70,Q,VS2,Fair,EX,EX,None,1500,GIA,5555555555,5.70,5.72,3.50,61.5,57,5",
  "RB,1.01,G,VS1,Ideal,EX,EX,None,6300,GIA,1111111111,6.42,6.45,3.98,61.8,57,5",
].join("\r\n");

const FEED_V2 = [
  FEED_V1.split("\r\n")[0],
  "RB,1.01,G,VS-1,Premium,EX,EX,None,5990,GIA,1111111111,6.42,6.45,3.98,61.8,57,5",
  "Oval,0.90,E,VVS2,Ideal,VG,VG,Faint,4100,GIA,2222222222,7.70,5.40,3.30,61.1,58,",
  "Cushion,1.10,H,VS2,Excellent,EX,VG,None,4800,GIA,6666666666,6.40,6.10,4.10,67,62,3",
].join("\n");

describe("importing into D1", () => {
  it("runs the remote path through wrangler commands (dry run) and refuses an unknown retailer", async () => {
    const dir = await tempDir();
    const file = join(dir, "feed.csv");
    await writeFile(file, FEED_V1);
    const calls: string[][] = [];
    const run: CommandRunner = async (command, args) => {
      calls.push([command, ...args]);
      const sql = args[args.indexOf("--command") + 1] ?? "";
      const results = sql.startsWith("SELECT id, name, type FROM retailers")
        ? sql.includes("= 1") ? [{ id: 1, name: "Remote Retailer", type: 3 }] : []
        : sql.startsWith("SELECT MAX(id)") ? [{ max_id: 1_000_050 }] : [];
      return { code: 0, stdout: JSON.stringify([{ results, success: true, meta: {} }]), stderr: "" };
    };
    const out = sink();
    const err = sink();
    const io = { stdout: out.stream, stderr: err.stream, openTarget: async (o: ImportOptions, log: (l: string) => void) => remoteTarget({ env: o.env, run, log }) };
    const result = await runImport(importOptions(dir, file, { remote: true, env: "production", dryRun: true }), io);
    expect(result.exitCode).toBe(0);
    expect(result.summary).toMatchObject({ rowsRead: 6, loaded: 3, inserted: 3, rejected: 3, dryRun: true });
    expect(calls.every((c) => c.slice(0, 10).join(" ") === "npx wrangler d1 execute DB --remote --config wrangler.toml --env production")).toBe(true);
    expect(calls.map((c) => c.includes("--file"))).not.toContain(true); // a dry run writes nothing
    const wouldRun = result.summary?.wouldRun ?? "";
    expect(wouldRun).toMatch(/npx wrangler d1 execute DB --remote --config wrangler.toml --env production --yes --file \S+import\.sql/);
    const sqlFile = /--file (\S+)/.exec(wouldRun)?.[1] ?? "";
    tempDirs.push(resolve(sqlFile, ".."));
    const sql = await readFile(sqlFile, "utf8");
    expect(sql).toContain("VALUES (1000051,1,0,'1111111111'");
    expect(sql).toContain("INSERT OR REPLACE INTO diamond_price_history");
    expect(err.text()).toContain("$ npx wrangler d1 execute DB --remote");
    expect(shellLine("npx", ["a b", "c"])).toBe("npx 'a b' c");

    const unknown = await runImport(importOptions(dir, file, { remote: true, retailerId: 9 }), io);
    expect(unknown.exitCode).toBe(2);
    expect(err.text()).toContain("retailer 9 does not exist");
    const unreadable = await runImport(importOptions(dir, join(dir, "missing.csv"), { remote: true }), io);
    expect(unreadable.exitCode).toBe(2);
  });

  it("loads a feed into a fresh local D1, then re-imports a changed feed with --full", { timeout: 60_000 }, async () => {
    const dir = await tempDir();
    const state = join(dir, "state");
    const wrangler = join(ROOT, "node_modules/.bin/wrangler");
    const config = ["--config", join(ROOT, "wrangler.toml")];
    await exec(wrangler, ["d1", "migrations", "apply", "DB", "--local", ...config, "--persist-to", state], { cwd: ROOT });
    const retailers = insertStatements("retailers", generateRetailers().slice(0, 2));
    await exec(wrangler, ["d1", "execute", "DB", "--local", ...config, "--persist-to", state, "--command", retailers.join("\n")], { cwd: ROOT });

    const v1 = join(dir, "feed-v1.csv");
    const v2 = join(dir, "feed-v2.csv");
    await writeFile(v1, FEED_V1);
    await writeFile(v2, FEED_V2);

    const out1 = sink();
    const r1 = await runImport(importOptions(dir, v1), { stdout: out1.stream, stderr: sink().stream });
    expect(r1.exitCode).toBe(0);
    expect(r1.summary).toMatchObject({ rowsRead: 6, loaded: 3, inserted: 3, updated: 0, rejected: 3, priceChanges: 3, markedSold: 0 });
    expect(out1.text()).toMatch(/loaded\s+3\s+inserted 3, updated 0, unchanged 0/);
    const rejects = await readFile(join(dir, "rejects.csv"), "utf8");
    expect(rejects.split("\n").slice(0, 4)).toEqual([
      "line,reasons,raw",
      `5,${I1},"Round,0.50,D,I1,Ideal,EX,EX,None,900,GIA,4444444444,5.10,5.12,3.15,61.6,56,5"`,
      `6,"colour Q is outside the catalogue's colour scale (D–K); ${FAIR}","Round,0.70,Q,VS2,Fair,EX,EX,None,1500,GIA,5555555555,5.70,5.72,3.50,61.5,57,5"`,
      '7,duplicate of line 2,"RB,1.01,G,VS1,Ideal,EX,EX,None,6300,GIA,1111111111,6.42,6.45,3.98,61.8,57,5"',
    ]);

    const out2 = sink();
    const r2 = await runImport(importOptions(dir, v2, { full: true, now: 1_800_000_100_000 }), { stdout: out2.stream, stderr: sink().stream });
    expect(r2.summary).toMatchObject({ rowsRead: 3, loaded: 3, inserted: 1, updated: 1, unchanged: 1, rejected: 0, markedSold: 1, priceChanges: 2 });
    expect(out2.text()).toMatch(/marked sold\s+1/);
    expect(out2.text()).toMatch(/price changes recorded\s+2/);

    const { stdout } = await exec(
      wrangler,
      [
        "d1", "execute", "DB", "--local", ...config, "--persist-to", state, "--json", "--command",
        "SELECT certificate_id, price_cents, is_sold, shape, cut, clarity, updated_at FROM diamonds ORDER BY certificate_id;" +
          "SELECT d.certificate_id, h.price_cents, h.at, h.source FROM diamond_price_history h JOIN diamonds d ON d.id = h.diamond_id ORDER BY d.certificate_id, h.at;",
      ],
      { cwd: ROOT },
    );
    const [diamonds, history] = z.array(z.object({ results: z.array(z.record(z.string(), z.unknown())) })).parse(JSON.parse(stdout));
    expect(diamonds?.results).toEqual([
      { certificate_id: "1111111111", price_cents: 599_000, is_sold: 0, shape: 1, cut: 1, clarity: 5, updated_at: 1_800_000_100_000 },
      { certificate_id: "2222222222", price_cents: 410_000, is_sold: 0, shape: 6, cut: 0, clarity: 4, updated_at: 1_800_000_000_000 },
      { certificate_id: "3333333333", price_cents: 520_000, is_sold: 1, shape: 2, cut: 2, clarity: 7, updated_at: 1_800_000_100_000 },
      { certificate_id: "6666666666", price_cents: 480_000, is_sold: 0, shape: 10, cut: 1, clarity: 6, updated_at: 1_800_000_100_000 },
    ]);
    expect(history?.results).toEqual([
      { certificate_id: "1111111111", price_cents: 620_000, at: 1_800_000_000_000, source: "import" },
      { certificate_id: "1111111111", price_cents: 599_000, at: 1_800_000_100_000, source: "import" },
      { certificate_id: "2222222222", price_cents: 410_000, at: 1_800_000_000_000, source: "import" },
      { certificate_id: "3333333333", price_cents: 520_000, at: 1_800_000_000_000, source: "import" },
      { certificate_id: "6666666666", price_cents: 480_000, at: 1_800_000_100_000, source: "import" },
    ]);
  });
});
