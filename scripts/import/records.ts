/**
 * Building a feed's records (feed.ts) from CSV rows under a mapped header, or from a parsed JSON array with the
 * line each element starts on. Pure: no I/O.
 */
import { z } from "zod";
import { csvLine, type CsvRecord } from "./csv.ts";
import { type FeedRecord, type Field, type HeaderMap, type RawRow, mapHeader } from "./columns.ts";

/** True when every field is blank (a spreadsheet's trailing `,,,,` lines): such rows are skipped, not counted. */
export function blank(fields: readonly string[]): boolean {
  return fields.every((f) => f.trim() === "");
}

/** The record of a CSV row under a header, or null for a blank row. */
export function csvRecord(header: HeaderMap, rec: CsvRecord): FeedRecord | null {
  if (!rec.error && blank(rec.fields)) return null;
  const raw = csvLine(rec.fields);
  if (rec.error) return { line: rec.line, values: {}, raw, error: rec.error };
  if (rec.fields.length !== header.columns.length) {
    return {
      line: rec.line,
      values: {},
      raw,
      error: `expected ${header.columns.length} fields as in the header, got ${rec.fields.length}`,
    };
  }
  const values: RawRow = {};
  header.columns.forEach((field, i) => {
    if (field !== null) values[field] = rec.fields[i];
  });
  return { line: rec.line, values, raw };
}

/**
 * The 1-based line on which each element of a top-level JSON array starts (scanning strings and nesting, not
 * parsing values). Returns null when the text does not start with an array.
 */
export function jsonElementLines(text: string): number[] | null {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectValue = false;
  let sawArray = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "\n" || c === "\uFEFF") continue;
    if (depth === 0) {
      if (c !== "[" || sawArray) return sawArray ? lines : null;
      sawArray = true;
      depth = 1;
      expectValue = true;
      continue;
    }
    if (depth === 1) {
      if (c === ",") {
        expectValue = true;
        continue;
      }
      if (c === "]") {
        depth = 0;
        continue;
      }
      if (expectValue) {
        lines.push(line);
        expectValue = false;
      }
    }
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  return sawArray ? lines : null;
}

const JsonScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const JsonObject = z.record(z.string(), z.unknown());

/** The header (union of keys in first-seen order) and records of a parsed JSON feed. */
export function jsonRecords(elements: readonly unknown[], lines: readonly number[]): { header: HeaderMap; records: FeedRecord[] } {
  const keys: string[] = [];
  const known = new Set<string>();
  for (const el of elements) {
    const obj = JsonObject.safeParse(el);
    if (!obj.success || Array.isArray(el)) continue;
    for (const k of Object.keys(obj.data)) {
      if (!known.has(k)) {
        known.add(k);
        keys.push(k);
      }
    }
  }
  const header = mapHeader(keys);
  const fieldOfKey = new Map<string, Field>();
  keys.forEach((k, i) => {
    const f = header.columns[i];
    if (f !== null && f !== undefined) fieldOfKey.set(k, f);
  });
  const records = elements.map((el, i): FeedRecord => {
    const line = lines[i] ?? i + 2;
    const raw = JSON.stringify(el) ?? "";
    const obj = JsonObject.safeParse(el);
    if (!obj.success || Array.isArray(el)) return { line, values: {}, raw, error: "row is not a JSON object" };
    const values: RawRow = {};
    const errors: string[] = [];
    for (const [k, v] of Object.entries(obj.data)) {
      const field = fieldOfKey.get(k);
      if (field === undefined) continue;
      const scalar = JsonScalar.safeParse(v);
      if (!scalar.success) errors.push(`field ${JSON.stringify(k)} is not a single value`);
      else values[field] = scalar.data === null ? "" : String(scalar.data);
    }
    return errors.length ? { line, values, raw, error: errors.join("; ") } : { line, values, raw };
  });
  return { header, records };
}
