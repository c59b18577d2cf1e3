/**
 * A retailer feed's columns (feed.ts): the canonical fields, the header names that mean each (matched
 * case-insensitively), the mapping of a header onto fields, and the records a feed is read into. Pure: no I/O.
 */

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
  "growth_method",
  "treated",
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
  growth_method: ["growth_method", "growth", "growth_process", "growth_technique", "method_of_growth", "production_method"],
  treated: ["treated", "is_treated", "treatment", "post_growth_treatment", "post_growth_treated", "treatments"],
};

const SYNONYM_INDEX: ReadonlyMap<string, Field> = new Map(FIELDS.flatMap((f) => HEADER_SYNONYMS[f].map((name) => [name, f] as const)));

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
