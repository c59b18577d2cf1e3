import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CsvParser, csvLine, parseCsv, sniffDelimiter } from "../../../scripts/import/csv.ts";
import { FeedError, mapHeader } from "../../../scripts/import/columns.ts";
import { jsonElementLines, jsonRecords } from "../../../scripts/import/records.ts";

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
    expect(parseCsv("a,b\nc,d").map((r) => r.fields)).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(parseCsv("a,b\rc,d\r").map((r) => [r.line, ...r.fields])).toEqual([
      [1, "a", "b"],
      [2, "c", "d"],
    ]);
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
      "Colour",
      "Cert",
      "LAB",
      "Price (USD)",
      "X",
      "Y",
      "Z",
      "Depth %",
      "Table_Pct",
      "Fluor",
      "Type",
      "Shipping Days",
      "Shape",
      "Carat",
      "Cut",
      "Clarity",
      "Polish",
      "Sym",
      "Stock #",
    ]);
    expect(h.columns).toEqual([
      "color",
      "certificate_id",
      "certificate_lab",
      "price",
      "length_mm",
      "width_mm",
      "depth_mm",
      "depth_pct",
      "table_pct",
      "fluorescence",
      "lab_grown",
      "shipping_days",
      "shape",
      "carat",
      "cut",
      "clarity",
      "polish",
      "symmetry",
      null,
    ]);
    expect(h.ignored).toEqual(["Stock #"]);
    expect(
      mapHeader(["report_number", "certificate_lab", "price_usd", "length", "width", "depth_mm", "depth_pct", "is_lab_grown", "fluorescence"]).columns,
    ).toEqual(["certificate_id", "certificate_lab", "price", "length_mm", "width_mm", "depth_mm", "depth_pct", "lab_grown", "fluorescence"]);
  });

  it("refuses two columns that mean the same field", () => {
    expect(() => mapHeader(["color", "Colour"])).toThrow(FeedError);
  });

  it("reads JSON feeds with the line each object starts on", () => {
    const text =
      '[\n  {"carat": 1.01, "colour": "G", "lab_grown": false},\n  {\n    "carat": "0.5",\n    "color": null\n  },\n  [1],\n  {"carat": {"x": 1}}\n]';
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
