/**
 * Feed rows → validated stones in the catalogue's codes. Each row is checked by a zod schema (one transform per
 * field, mapping the feed's vocabulary with ./vocabulary.ts), then by cross-field checks; every problem becomes a
 * human-readable reason, and a row with any reason is rejected with its file line. Pure: no I/O.
 *
 * Rules that are decisions rather than validation (docs/decisions/006-feed-import.md):
 * - The upsert key is (certificate lab, certificate id, retailer). A feed without a certificate column gets the
 *   stable id `L{line}`; a feed without a lab column gets `--default-lab`, else GIA for natural and IGI for
 *   lab-grown stones (the labs that grade most of each in our inventory).
 * - A feed without a shape column needs `--default-shape`; without polish/symmetry columns the finish follows the
 *   cut grade (Ideal/Excellent → Excellent, Very Good → Very Good, Good → Good); without fluorescence, None;
 *   without shipping days, 7; eye cleanliness follows clarity (FL–VS2 eye clean, SI1/SI2 unknown).
 * - Rows of one feed that share a key: the first valid one is kept, later ones are rejected ("duplicate of line N").
 */
import { z } from "zod";
import { CERTIFICATE_LABS, EYE_CLEAN_UNKNOWN, byName } from "#shared/enums.ts";
import { retailerAccepts } from "#shared/catalogue/generate.ts";
import { modelPriceCents } from "#shared/catalogue/price-model.ts";
import type { FeedRecord, Field, RawRow } from "./feed.ts";
import {
  mapClarity,
  mapColor,
  mapCut,
  mapEyeClean,
  mapFinish,
  mapFluorescence,
  mapLab,
  mapLabGrown,
  mapShape,
  shown,
  type Mapped,
} from "./vocabulary.ts";

/** Sanity limits of numeric fields (inclusive). */
export const LIMITS = {
  carat: [0.1, 30],
  depthPct: [40, 90],
  tablePct: [40, 90],
  /** Millimetres: a 30 ct marquise is about 33 mm long. */
  mm: [0, 40],
  shippingDays: [0, 365],
  /** USD: a guard against misplaced decimal points, far above any stone in the catalogue. */
  priceUsd: [0, 100_000_000],
  /** Carat over the weight implied by the measurements (see {@link impliedCarat}). */
  caratToMeasurements: [0.5, 2],
} as const;

/** Days to ship when the feed does not say. */
export const DEFAULT_SHIPPING_DAYS = 7;

const GIA = codeOfLab("GIA");
const IGI = codeOfLab("IGI");

function codeOfLab(name: string): number {
  const e = byName(CERTIFICATE_LABS, name);
  if (!e) throw new Error(`no lab ${name}`);
  return e.code;
}

/** Everything about the import that row validation depends on. */
export interface MapOptions {
  retailerId: number;
  /** Retailer type: 1 natural only, 2 lab-grown only, 3 both (shared/catalogue/generate.ts RETAILER_TYPE). */
  retailerType: number;
  /** Fields the feed has a column for. */
  present: ReadonlySet<Field>;
  /** Shape code for every row when the feed has no shape column (`--default-shape`). */
  defaultShape: number | null;
  /** Lab code when the feed has no lab column (`--default-lab`); null: GIA for natural, IGI for lab-grown. */
  defaultLab: number | null;
  /** Origin when the feed has no lab-grown column or leaves it empty: 0 natural, 1 lab-grown. */
  defaultOrigin: 0 | 1;
}

/** A row that passed validation, in catalogue codes (money in integer cents, lengths in mm). */
export interface FeedStone {
  line: number;
  /** `{lab code}|{certificate id}`: unique per retailer. */
  key: string;
  certificateLab: number;
  certificateId: string;
  isLabGrown: 0 | 1;
  shape: number;
  carat: number;
  cut: number;
  color: number;
  clarity: number;
  polish: number;
  symmetry: number;
  fluorescence: number;
  depthPct: number;
  tablePct: number;
  lengthMm: number;
  widthMm: number;
  depthMm: number;
  eyeClean: number;
  shippingDays: number;
  priceCents: number;
  /** Price before a discount, when the feed gives one above the price. */
  listPriceCents: number | null;
  /** The price model's price for these grades (shared/catalogue/price-model.ts), for the default order. */
  modelCents: number;
}

/** A rejected row: its line, why, and the row as written. */
export interface Reject {
  line: number;
  reasons: string[];
  raw: string;
}

/** The feed columns a feed must have, with the accepted alternatives: missing ones are a usage error. */
export function missingColumns(present: ReadonlySet<Field>): string[] {
  const missing: string[] = [];
  for (const f of ["carat", "cut", "color", "clarity", "price", "depth_pct", "table_pct"] as const) {
    if (!present.has(f)) missing.push(f);
  }
  const mm = (["length_mm", "width_mm", "depth_mm"] as const).filter((f) => !present.has(f));
  if (mm.length > 0 && !present.has("measurements")) missing.push(`${mm.join(", ")} (or measurements)`);
  return missing;
}

// ---------------------------------------------------------------------------------------------------------------
// Field parsers

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const THOUSANDS = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/** A decimal number, after removing `unit` (e.g. /ct$/) and, when `thousands`, "1,234.50"-style separators. */
export function parseDecimal(value: string, unit?: RegExp, thousands = false): number | null {
  let s = value.trim();
  if (unit) s = s.replace(unit, "").trim();
  if (thousands && THOUSANDS.test(s)) s = s.replaceAll(",", "");
  if (!NUMBER.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const fmt = (n: number): string => String(n);

function inRange(label: string, n: number, [lo, hi]: readonly [number, number], unit = ""): Parsed<number> {
  if (n < lo || n > hi) return { ok: false, reason: `${label} must be between ${lo} and ${hi}${unit} (got ${fmt(n)})` };
  return { ok: true, value: n };
}

function decimal(label: string, unit: RegExp | undefined, check: (n: number) => Parsed<number>, thousands = false) {
  return (value: string): Parsed<number> => {
    const n = parseDecimal(value, unit, thousands);
    if (n === null) return { ok: false, reason: `${label} is not a number (got ${shown(value)})` };
    return check(n);
  };
}

const vocab = (map: (v: string) => Mapped) => (value: string): Parsed<number> => {
  const m = map(value);
  return m.ok ? { ok: true, value: m.code } : { ok: false, reason: m.reason };
};

/**
 * A zod schema for one optional text cell: blank means missing (`fallback`'s value, or the reason "{label} is
 * missing"), anything else goes through `parse`, whose failure reason becomes the zod issue message.
 */
function cell<T>(label: string, parse: (value: string) => Parsed<T>, fallback?: () => T) {
  return z
    .string()
    .optional()
    .transform((v, ctx): T => {
      const text = v?.trim() ?? "";
      if (text === "") {
        if (fallback) return fallback();
        ctx.addIssue({ code: "custom", message: `${label} is missing` });
        return z.NEVER;
      }
      const r = parse(text);
      if (!r.ok) {
        ctx.addIssue({ code: "custom", message: r.reason });
        return z.NEVER;
      }
      return r.value;
    });
}

const priceUsd = (label: string) =>
  decimal(
    label,
    /^\$|\s*(usd|\$)$/i,
    (n) => {
      if (n <= 0) return { ok: false, reason: `${label} must be positive (got ${fmt(n)})` };
      if (n > LIMITS.priceUsd[1]) return { ok: false, reason: `${label} must be at most ${LIMITS.priceUsd[1]} USD (got ${fmt(n)})` };
      return { ok: true, value: Math.round(n * 100) };
    },
    true,
  );

const MM_UNIT = /\s*mm$/i;
const PCT_UNIT = /\s*%$/;

/** Length × width × depth in mm from "6.43 x 6.45 x 3.98", "6.43*6.45*3.98 mm" or GIA's "6.43 - 6.45 x 3.98". */
export function parseMeasurements(value: string): [number, number, number] | null {
  const m = /^\s*(\d+\.?\d*)\s*[x×*\-]\s*(\d+\.?\d*)\s*[x×*]\s*(\d+\.?\d*)\s*(mm)?\s*$/i.exec(value);
  if (!m) return null;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The measurement cells of a row, grouped so they are checked (and reported) together. */
const Measurements = z
  .object({ length: z.string().optional(), width: z.string().optional(), depth: z.string().optional(), combined: z.string().optional() })
  .transform((m, ctx): [number, number, number] => {
    const blank = (v: string | undefined) => (v?.trim() ?? "") === "";
    let values: (number | null)[];
    let written: string[];
    if (blank(m.length) && blank(m.width) && blank(m.depth) && !blank(m.combined)) {
      const parsed = parseMeasurements(m.combined ?? "");
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: `measurements are not length x width x depth in mm (got ${shown(m.combined ?? "")})` });
        return z.NEVER;
      }
      values = parsed;
      written = parsed.map(fmt);
    } else {
      const cells = [m.length, m.width, m.depth];
      const names = ["length", "width", "depth"];
      const missing = names.filter((_, i) => blank(cells[i]));
      if (missing.length > 0) {
        ctx.addIssue({ code: "custom", message: `measurements (mm) are missing: ${missing.join(", ")}` });
        return z.NEVER;
      }
      values = cells.map((c) => parseDecimal(c ?? "", MM_UNIT));
      written = cells.map((c) => (c ?? "").trim());
      const bad = names.filter((_, i) => values[i] === null);
      if (bad.length > 0) {
        ctx.addIssue({ code: "custom", message: `measurements (mm) are not numbers: ${bad.join(", ")} (got ${written.join(" x ")})` });
        return z.NEVER;
      }
    }
    const [l = 0, w = 0, d = 0] = values.map((v) => v ?? 0);
    const got = `got ${written.join(" x ")}`;
    if (!(l > 0 && w > 0 && d > 0)) {
      ctx.addIssue({ code: "custom", message: `length/width/depth (mm) must be positive (${got})` });
      return z.NEVER;
    }
    if (Math.max(l, w, d) > LIMITS.mm[1]) {
      ctx.addIssue({ code: "custom", message: `length/width/depth (mm) must be at most ${LIMITS.mm[1]} (${got})` });
      return z.NEVER;
    }
    return [l, w, d];
  });

/** Builds the zod schema of one row for an import's options (defaults depend on the feed's columns and flags). */
export function rowSchema(opts: MapOptions) {
  const shape =
    opts.present.has("shape") || opts.defaultShape === null
      ? cell("shape", vocab(mapShape))
      : cell("shape", vocab(mapShape), () => opts.defaultShape ?? 1);
  return z.object({
    carat: cell("carat", decimal("carat", /\s*(ct|cts|carats?)$/i, (n) => inRange("carat", n, LIMITS.carat))),
    color: cell("colour", vocab(mapColor)),
    clarity: cell("clarity", vocab(mapClarity)),
    cut: cell("cut", vocab(mapCut)),
    price: cell("price", priceUsd("price")),
    list_price: cell<number | null>("list price", priceUsd("list price"), () => null),
    shape,
    depth_pct: cell("depth %", decimal("depth %", PCT_UNIT, (n) => inRange("depth %", n, LIMITS.depthPct))),
    table_pct: cell("table %", decimal("table %", PCT_UNIT, (n) => inRange("table %", n, LIMITS.tablePct))),
    // Optional grades: null = not given, filled in after parsing from the grades that are (see the module comment).
    polish: cell<number | null>("polish", vocab((v) => mapFinish(v, "polish")), () => null),
    symmetry: cell<number | null>("symmetry", vocab((v) => mapFinish(v, "symmetry")), () => null),
    fluorescence: cell("fluorescence", vocab(mapFluorescence), () => 0),
    lab_grown: cell<number>("lab-grown flag", vocab(mapLabGrown), () => opts.defaultOrigin),
    eye_clean: cell<number | null>("eye cleanliness", vocab(mapEyeClean), () => null),
    shipping_days: cell(
      "shipping days",
      decimal("shipping days", /\s*days?$/i, (n) =>
        Number.isInteger(n) ? inRange("shipping days", n, LIMITS.shippingDays) : { ok: false, reason: `shipping days must be a whole number (got ${fmt(n)})` },
      ),
      () => DEFAULT_SHIPPING_DAYS,
    ),
    mm: Measurements,
  });
}

export type RowSchema = ReturnType<typeof rowSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Keys

/** A certificate id as compared and stored: trimmed, without inner spaces, upper case. */
export function normaliseCertificateId(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** The key of a row, or the reason it has none. Used for valid rows and, for `--full`, for rejected ones too. */
export function rowKey(values: RawRow, line: number, opts: MapOptions): Parsed<{ lab: number; id: string }> {
  let lab: number;
  if (opts.present.has("certificate_lab")) {
    const text = values.certificate_lab?.trim() ?? "";
    if (text === "") return { ok: false, reason: "certificate lab is missing" };
    const m = mapLab(text);
    if (!m.ok) return { ok: false, reason: m.reason };
    lab = m.code;
  } else if (opts.defaultLab !== null) {
    lab = opts.defaultLab;
  } else {
    const origin = values.lab_grown?.trim() ? mapLabGrown(values.lab_grown) : ({ ok: true, code: opts.defaultOrigin } as const);
    if (!origin.ok) return { ok: false, reason: origin.reason };
    lab = origin.code === 1 ? IGI : GIA;
  }
  let id: string;
  if (opts.present.has("certificate_id")) {
    id = normaliseCertificateId(values.certificate_id ?? "");
    if (id === "") return { ok: false, reason: "certificate id is missing" };
    if (id.length > 64) return { ok: false, reason: `certificate id is longer than 64 characters (got ${shown(id)})` };
  } else {
    // No certificate column at all (e.g. ggplot2): the file line is the stone's id within this retailer's feed.
    id = `L${line}`;
  }
  return { ok: true, value: { lab, id } };
}

const keyString = (k: { lab: number; id: string }): string => `${k.lab}|${k.id}`;

// ---------------------------------------------------------------------------------------------------------------
// Derived values

/** Weight factor k per shape in carat ≈ length × width × depth × k (the demo generator's, emerald's at ratio 1.4). */
const WEIGHT_FACTOR: Readonly<Record<number, number>> = {
  1: 0.0061, 2: 0.0083, 3: 0.0058, 4: 0.00896, 5: 0.0059, 6: 0.0062, 7: 0.0059, 8: 0.0081, 9: 0.008, 10: 0.0081,
};

/** The carat weight a stone of this shape and these measurements would have (rough: ±20 % for normal cuts). */
export function impliedCarat(shape: number, l: number, w: number, d: number): number {
  return l * w * d * (WEIGHT_FACTOR[shape] ?? 0.0065);
}

/** Polish/symmetry when the feed does not grade them: follow the cut grade (Ideal and Excellent → Excellent). */
export function finishFromCut(cut: number): number {
  return cut <= 1 ? 1 : cut === 2 ? 2 : 3;
}

/**
 * Eye cleanliness when the feed does not say, from clarity alone: FL–VS2 are eye clean (the seed makes ≥ 85 % of
 * them so); SI1 and SI2 are unknown (the seed splits them without a clear majority, and guessing would mislead).
 */
export function eyeCleanFromClarity(clarity: number): number {
  return clarity <= 6 ? 1 : EYE_CLEAN_UNKNOWN;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

// ---------------------------------------------------------------------------------------------------------------
// One row

/** The outcome of validating one row (before duplicate detection). */
export type RowResult =
  | { ok: true; stone: FeedStone }
  | { ok: false; reasons: string[]; key: string | null };

/** Validates one feed row: zod field checks, then cross-field checks and the key. */
export function validateRow(record: FeedRecord, opts: MapOptions, schema: RowSchema = rowSchema(opts)): RowResult {
  const key = rowKey(record.values, record.line, opts);
  const keyText = key.ok ? keyString(key.value) : null;
  if (record.error) return { ok: false, reasons: [record.error], key: keyText };

  const v = record.values;
  const parsed = schema.safeParse({
    carat: v.carat,
    color: v.color,
    clarity: v.clarity,
    cut: v.cut,
    price: v.price,
    list_price: v.list_price,
    shape: v.shape,
    depth_pct: v.depth_pct,
    table_pct: v.table_pct,
    polish: v.polish,
    symmetry: v.symmetry,
    fluorescence: v.fluorescence,
    lab_grown: v.lab_grown,
    eye_clean: v.eye_clean,
    shipping_days: v.shipping_days,
    mm: { length: v.length_mm, width: v.width_mm, depth: v.depth_mm, combined: v.measurements },
  });
  const reasons: string[] = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  // The key's reason may repeat a field's (an unknown lab-grown flag decides the default lab too): report it once.
  if (!key.ok && !reasons.includes(key.reason)) reasons.unshift(key.reason);
  if (!parsed.success || !key.ok) return { ok: false, reasons, key: keyText };

  const r = parsed.data;
  const isLabGrown: 0 | 1 = r.lab_grown === 1 ? 1 : 0;
  if (!retailerAccepts(opts.retailerType, isLabGrown === 1)) {
    reasons.push(`retailer ${opts.retailerId} sells ${isLabGrown ? "natural" : "lab-grown"} diamonds only (the row is ${isLabGrown ? "lab-grown" : "natural"})`);
  }
  let [length, width, depth] = r.mm;
  // Rounds: length is the larger diameter (GIA reports min - max), so the L/W ratio is never below 1.
  if (r.shape === 1 && width > length) [length, width] = [width, length];
  const implied = impliedCarat(r.shape, length, width, depth);
  const ratio = r.carat / implied;
  if (ratio < LIMITS.caratToMeasurements[0] || ratio > LIMITS.caratToMeasurements[1]) {
    reasons.push(
      `measurements do not match the carat weight (got ${fmt(r.carat)} ct for ${fmt(length)} x ${fmt(width)} x ${fmt(depth)} mm, about ${implied.toFixed(2)} ct)`,
    );
  }
  if (reasons.length > 0) return { ok: false, reasons, key: keyText };

  const stone: Omit<FeedStone, "modelCents"> = {
    line: record.line,
    key: keyString(key.value),
    certificateLab: key.value.lab,
    certificateId: key.value.id,
    isLabGrown,
    shape: r.shape,
    carat: round2(r.carat),
    cut: r.cut,
    color: r.color,
    clarity: r.clarity,
    polish: r.polish ?? finishFromCut(r.cut),
    symmetry: r.symmetry ?? finishFromCut(r.cut),
    fluorescence: r.fluorescence,
    depthPct: round2(r.depth_pct),
    tablePct: round2(r.table_pct),
    lengthMm: round2(length),
    widthMm: round2(width),
    depthMm: round2(depth),
    eyeClean: r.eye_clean ?? eyeCleanFromClarity(r.clarity),
    shippingDays: r.shipping_days,
    priceCents: r.price,
    listPriceCents: r.list_price !== null && r.list_price > r.price ? r.list_price : null,
  };
  const modelCents = modelPriceCents({
    shape: stone.shape,
    carat: stone.carat,
    color: stone.color,
    clarity: stone.clarity,
    cut: stone.cut,
    fluorescence: stone.fluorescence,
    isLabGrown: stone.isLabGrown === 1,
  });
  return { ok: true, stone: { ...stone, modelCents } };
}

// ---------------------------------------------------------------------------------------------------------------
// A whole feed

/**
 * Validates a feed row by row (streaming: call {@link FeedValidator.add} per record) and keeps the good stones, the
 * rejects with their reasons, and every key the feed mentions (for `--full`: a stone whose row is present but
 * rejected is not marked sold).
 */
export class FeedValidator {
  readonly stones: FeedStone[] = [];
  readonly rejects: Reject[] = [];
  /** Keys of every row whose key could be read, valid or not. */
  readonly seenKeys = new Set<string>();
  rows = 0;
  private readonly kept = new Map<string, number>();
  private readonly schema: RowSchema;

  constructor(private readonly opts: MapOptions) {
    this.schema = rowSchema(opts);
  }

  /** Validates one record and files it as a stone or a reject. */
  add(record: FeedRecord): void {
    this.rows++;
    const result = validateRow(record, this.opts, this.schema);
    const key = result.ok ? result.stone.key : result.key;
    if (key !== null) this.seenKeys.add(key);
    const first = key === null ? undefined : this.kept.get(key);
    if (result.ok && first === undefined) {
      this.kept.set(result.stone.key, record.line);
      this.stones.push(result.stone);
      return;
    }
    const reasons = result.ok ? [] : result.reasons;
    if (first !== undefined) reasons.push(`duplicate of line ${first}`);
    this.rejects.push({ line: record.line, reasons, raw: record.raw });
  }
}

/**
 * The group a reason is counted under in the summary: the reason without the value it quotes, so
 * "carat must be between 0.1 and 30 (got 45)" and "(got 31)" count together, and every "duplicate of line N" is one.
 */
export function reasonKey(reason: string): string {
  if (/^duplicate of line \d+$/.test(reason)) return "duplicate of an earlier line";
  return reason.replace(/\s*\(got .*\)$/, "");
}
