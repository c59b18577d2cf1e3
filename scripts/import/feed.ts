/**
 * Reading a retailer feed: CSV (streamed) or JSON (an array of objects), with column names matched
 * case-insensitively against synonyms, into records of canonical fields with the file line each starts on.
 *
 * The pure parts (header mapping, JSON element lines, record building) are exported for tests; {@link openFeed}
 * does the file I/O.
 */
import { createReadStream } from "node:fs";
import { open, readFile, stat, type FileHandle } from "node:fs/promises";
import { extname } from "node:path";
import { z } from "zod";
import { CsvParser, csvLine, sniffDelimiter, type CsvRecord } from "./csv.ts";

/** The canonical fields a feed column can map to. */
export const FIELDS = [
  "carat",
  "cut",
  "color",
  "clarity",
  "price",
  "list_price",
  "shape",
  "certificate_id",
  "certificate_lab",
  "length_mm",
  "width_mm",
  "depth_mm",
  "measurements",
  "depth_pct",
  "table_pct",
  "polish",
  "symmetry",
  "fluorescence",
  "lab_grown",
  "shipping_days",
  "eye_clean",
] as const;
export type Field = (typeof FIELDS)[number];

/**
 * Accepted column names per field, in normalised form (see {@link normaliseHeader}: "Depth %" → "depth",
 * "Price (USD)" → "price_usd"). `depth` alone is the depth percentage (as in ggplot2 and most feeds); the depth in
 * millimetres is `z` or `depth_mm`.
 */
export const HEADER_SYNONYMS: Readonly<Record<Field, readonly string[]>> = {
  carat: ["carat", "carats", "ct", "cts", "weight", "carat_weight", "caratweight", "size"],
  cut: ["cut", "cut_grade", "cutgrade", "make"],
  color: ["color", "colour", "color_grade", "colour_grade", "col"],
  clarity: ["clarity", "clarity_grade", "clar"],
  price: ["price", "price_usd", "usd", "total_price", "price_total", "sale_price", "selling_price", "price_dollars"],
  list_price: ["list_price", "price_before_discount", "original_price", "compare_at_price", "was_price", "msrp"],
  shape: ["shape", "shape_name", "diamond_shape"],
  certificate_id: [
    "cert",
    "certificate",
    "certificate_id",
    "certificate_number",
    "certificate_no",
    "cert_id",
    "cert_no",
    "cert_number",
    "report",
    "report_number",
    "report_no",
    "report_id",
    "lab_report",
    "lab_report_number",
  ],
  certificate_lab: ["lab", "certificate_lab", "cert_lab", "grading_lab", "laboratory", "lab_name", "certified_by"],
  length_mm: ["x", "length", "length_mm", "len", "measurement_length"],
  width_mm: ["y", "width", "width_mm", "measurement_width"],
  depth_mm: ["z", "depth_mm", "height", "height_mm", "measurement_depth"],
  measurements: ["measurements", "measurement", "measurements_mm", "dimensions"],
  depth_pct: ["depth", "depth_pct", "depth_percent", "depth_percentage", "total_depth", "total_depth_pct"],
  table_pct: ["table", "table_pct", "table_percent", "table_percentage", "table_size"],
  polish: ["polish", "pol"],
  symmetry: ["symmetry", "sym", "symm"],
  fluorescence: ["fluorescence", "fluor", "fluo", "flour", "fluorescence_intensity"],
  lab_grown: ["lab_grown", "is_lab_grown", "labgrown", "lab_created", "is_lab", "type", "origin", "diamond_type", "growth_type"],
  shipping_days: ["shipping_days", "ship_days", "delivery_days", "days_to_ship", "lead_time", "lead_time_days"],
  eye_clean: ["eye_clean", "eyeclean", "is_eye_clean"],
};

const SYNONYM_INDEX: ReadonlyMap<string, Field> = new Map(
  FIELDS.flatMap((f) => HEADER_SYNONYMS[f].map((name) => [name, f] as const)),
);

/** A column name in comparable form: lowercase, runs of other characters as one `_`, no `_` at the ends. */
export function normaliseHeader(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** How a feed's columns map onto canonical fields. */
export interface HeaderMap {
  /** Per column position: the field it feeds, or null when the column is not used. */
  columns: (Field | null)[];
  /** The header names as written. */
  names: string[];
  /** Fields the feed has a column for. */
  present: ReadonlySet<Field>;
  /** Columns that match no field (reported, not an error). */
  ignored: string[];
}

/** Maps header names to fields; throws a {@link FeedError} when two columns mean the same field. */
export function mapHeader(names: readonly string[]): HeaderMap {
  const columns: (Field | null)[] = [];
  const seen = new Map<Field, string>();
  const ignored: string[] = [];
  for (const name of names) {
    const field = SYNONYM_INDEX.get(normaliseHeader(name)) ?? null;
    if (field === null) {
      if (name.trim() !== "") ignored.push(name);
    } else {
      const other = seen.get(field);
      if (other !== undefined) throw new FeedError(`columns ${JSON.stringify(other)} and ${JSON.stringify(name)} both mean ${field}`);
      seen.set(field, name);
    }
    columns.push(field);
  }
  return { columns, names: [...names], present: new Set(seen.keys()), ignored };
}

/** Values of one record by canonical field, as written in the feed (CSV text, or JSON scalars as text). */
export type RawRow = Partial<Record<Field, string>>;

/** One data row of a feed. */
export interface FeedRecord {
  /** 1-based line of the file on which the row starts (the CSV header is line 1). */
  line: number;
  values: RawRow;
  /** The row as written, for the rejects file (CSV fields re-quoted; JSON re-serialised). */
  raw: string;
  /** Set when the row cannot be read at all (wrong number of fields, not an object, unterminated quote). */
  error?: string;
}

/** A feed that cannot be read as a whole: a usage error (exit code 2), not a rejected row. */
export class FeedError extends Error {
  override readonly name = "FeedError";
}

/** True when every field is blank (a spreadsheet's trailing `,,,,` lines): such rows are skipped, not counted. */
function blank(fields: readonly string[]): boolean {
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

/** An open feed: its header, size, and its records in file order. */
export interface Feed {
  format: "csv" | "json";
  header: HeaderMap;
  /** File size in bytes. */
  size: number;
  /** Bytes consumed so far (for progress). */
  bytesRead(): number;
  records(): AsyncGenerator<FeedRecord>;
}

/** The format of a feed: by extension (.csv/.tsv/.txt, .json), otherwise by its first character. */
export function detectFormat(path: string, firstChunk: string): "csv" | "json" {
  const ext = extname(path).toLowerCase();
  if (ext === ".json") return "json";
  if (ext === ".csv" || ext === ".tsv" || ext === ".txt") return "csv";
  return firstChunk.replace(/^\uFEFF/, "").trimStart().startsWith("[") ? "json" : "csv";
}

const CHUNK_BYTES = 1 << 18;

/**
 * Opens a feed file. CSV is streamed (the header is read now, rows as {@link Feed.records} is iterated); JSON is read
 * whole. Throws {@link FeedError} when the file cannot be read, is empty, is not a JSON array, or has duplicate columns.
 */
export async function openFeed(path: string): Promise<Feed> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new FeedError(`${path} is not a file`);
    size = s.size;
  } catch (e) {
    if (e instanceof FeedError) throw e;
    throw new FeedError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const head = await readHead(path);
  return detectFormat(path, head) === "json" ? openJson(path, size) : openCsv(path, size, head);
}

/** The first few kilobytes of a file, for sniffing its format and delimiter. */
async function readHead(path: string): Promise<string> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(path, "r");
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    // A multi-byte character cut at the end decodes as U+FFFD: harmless for sniffing.
    return buf.subarray(0, bytesRead).toString("utf8");
  } catch (e) {
    throw new FeedError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await fh?.close();
  }
}

async function openJson(path: string, size: number): Promise<Feed> {
  const text = await readFile(path, "utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new FeedError(`${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const elements = z.array(z.unknown()).safeParse(parsed);
  if (!elements.success) throw new FeedError(`${path}: a JSON feed must be an array of objects`);
  const { header, records } = jsonRecords(elements.data, jsonElementLines(text) ?? []);
  let consumed = 0;
  return {
    format: "json",
    header,
    size,
    bytesRead: () => consumed,
    async *records() {
      let n = 0;
      for (const r of records) {
        n++;
        consumed = Math.round((size * n) / records.length);
        yield r;
      }
    },
  };
}

async function openCsv(path: string, size: number, head: string): Promise<Feed> {
  const parser = new CsvParser(sniffDelimiter(head.replace(/^\uFEFF/, "")));
  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: CHUNK_BYTES });
  const chunks = stream[Symbol.asyncIterator]();
  // The records parsed from the current chunk and how many have been handed out. Progress counts the bytes of the
  // records handed out (a chunk's bytes spread over its records), not of the chunks the stream has read ahead.
  let batch: CsvRecord[] = [];
  let next = 0;
  let done = false;
  let consumedBefore = 0;
  let chunkBytes = 0;

  /** The next record, reading chunks as needed; undefined at the end of the input. */
  const take = async (): Promise<CsvRecord | undefined> => {
    while (next >= batch.length) {
      if (done) return undefined;
      consumedBefore += chunkBytes;
      const chunk: IteratorResult<unknown> = await chunks.next();
      if (chunk.done) {
        done = true;
        chunkBytes = 0;
        batch = parser.end();
      } else {
        const text = typeof chunk.value === "string" ? chunk.value : String(chunk.value);
        chunkBytes = Buffer.byteLength(text);
        batch = parser.push(text);
      }
      next = 0;
    }
    return batch[next++];
  };
  const bytesRead = (): number => {
    if (done && next >= batch.length) return size;
    return consumedBefore + (batch.length === 0 ? 0 : (chunkBytes * next) / batch.length);
  };

  let headerRecord: CsvRecord | undefined;
  try {
    while (!headerRecord) {
      const rec = await take();
      if (!rec) break;
      if (!blank(rec.fields)) headerRecord = rec;
    }
  } catch (e) {
    stream.destroy();
    throw new FeedError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!headerRecord) {
    stream.destroy();
    throw new FeedError(`${path} is empty (no header row)`);
  }
  let header: HeaderMap;
  try {
    header = mapHeader(headerRecord.fields);
  } catch (e) {
    stream.destroy();
    throw e;
  }
  return {
    format: "csv",
    header,
    size,
    bytesRead,
    async *records() {
      try {
        for (let rec = await take(); rec; rec = await take()) {
          const record = csvRecord(header, rec);
          if (record) yield record;
        }
      } finally {
        stream.destroy();
      }
    },
  };
}
