/**
 * The zod schema of one feed row (map.ts): a transform per field — numbers with their units, prices, grades
 * through ./vocabulary.ts, measurements checked together — whose failures are human-readable reasons. Pure.
 */
import { z } from "zod";
import {
  type GrowthMethod,
  type Mapped,
  mapClarity,
  mapColor,
  mapCut,
  mapEyeClean,
  mapFinish,
  mapFluorescence,
  mapGrowthMethod,
  mapLabGrown,
  mapShape,
  mapTreated,
  shown,
} from "./vocabulary.ts";
import { DEFAULT_SHIPPING_DAYS, LIMITS, type MapOptions } from "./rules.ts";

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

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

export const fmt = (n: number): string => String(n);

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

const vocab =
  (map: (v: string) => Mapped) =>
  (value: string): Parsed<number> => {
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
  const m = /^\s*(\d+\.?\d*)\s*[x×*-]\s*(\d+\.?\d*)\s*[x×*]\s*(\d+\.?\d*)\s*(mm)?\s*$/i.exec(value);
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
    opts.present.has("shape") || opts.defaultShape === null ? cell("shape", vocab(mapShape)) : cell("shape", vocab(mapShape), () => opts.defaultShape ?? 1);
  return z.object({
    carat: cell(
      "carat",
      decimal("carat", /\s*(ct|cts|carats?)$/i, (n) => inRange("carat", n, LIMITS.carat)),
    ),
    color: cell("colour", vocab(mapColor)),
    clarity: cell("clarity", vocab(mapClarity)),
    cut: cell("cut", vocab(mapCut)),
    price: cell("price", priceUsd("price")),
    list_price: cell<number | null>("list price", priceUsd("list price"), () => null),
    shape,
    depth_pct: cell(
      "depth %",
      decimal("depth %", PCT_UNIT, (n) => inRange("depth %", n, LIMITS.depthPct)),
    ),
    table_pct: cell(
      "table %",
      decimal("table %", PCT_UNIT, (n) => inRange("table %", n, LIMITS.tablePct)),
    ),
    // Optional grades: null = not given, filled in after parsing from the grades that are (see the module comment).
    polish: cell<number | null>(
      "polish",
      vocab((v) => mapFinish(v, "polish")),
      () => null,
    ),
    symmetry: cell<number | null>(
      "symmetry",
      vocab((v) => mapFinish(v, "symmetry")),
      () => null,
    ),
    fluorescence: cell("fluorescence", vocab(mapFluorescence), () => 0),
    lab_grown: cell<number>("lab-grown flag", vocab(mapLabGrown), () => opts.defaultOrigin),
    eye_clean: cell<number | null>("eye cleanliness", vocab(mapEyeClean), () => null),
    // Lab-grown stones only (checked against the origin in map.ts); blank: not stated.
    growth_method: cell<GrowthMethod | null>(
      "growth method",
      (v) => {
        const m = mapGrowthMethod(v);
        return m.ok ? { ok: true, value: m.method } : m;
      },
      () => null,
    ),
    treated: cell<number | null>("treatment flag", vocab(mapTreated), () => null),
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
