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
 * - Growth method (CVD/HPHT) and post-growth treatment are for lab-grown stones: a natural row with a growth method,
 *   or marked treated, is rejected; "not treated" on a natural row is accepted and stored as not stated (NULL). A
 *   lab-grown flag written as "CVD" or "HPHT" also gives the growth method when the growth method cell is blank.
 * - Rows of one feed that share a key: the first valid one is kept, later ones are rejected ("duplicate of line N").
 */
import { CERTIFICATE_LABS, byName } from "#shared/enums.ts";
import { retailerAccepts } from "#shared/catalogue/generate.ts";
import { modelPriceCents } from "#shared/catalogue/price-model.ts";
import type { FeedRecord, RawRow } from "./columns.ts";
import { growthMethodOfOrigin, mapLab, mapLabGrown, shown } from "./vocabulary.ts";
import { type FeedStone, LIMITS, type MapOptions, type Reject, eyeCleanFromClarity, finishFromCut, impliedCarat } from "./rules.ts";
import { type Parsed, type RowSchema, fmt, rowSchema } from "./row-schema.ts";
import { wholeDollarCents } from "#shared/money.ts";

const GIA = codeOfLab("GIA");
const IGI = codeOfLab("IGI");

function codeOfLab(name: string): number {
  const e = byName(CERTIFICATE_LABS, name);
  if (!e) throw new Error(`no lab ${name}`);
  return e.code;
}

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

const round2 = (v: number): number => Math.round(v * 100) / 100;

// ---------------------------------------------------------------------------------------------------------------
// One row

/** The outcome of validating one row (before duplicate detection). */
export type RowResult = { ok: true; stone: FeedStone } | { ok: false; reasons: string[]; key: string | null };

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
    growth_method: v.growth_method,
    treated: v.treated,
    mm: { length: v.length_mm, width: v.width_mm, depth: v.depth_mm, combined: v.measurements },
  });
  const reasons: string[] = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  // The key's reason may repeat a field's (an unknown lab-grown flag decides the default lab too): report it once.
  if (!key.ok && !reasons.includes(key.reason)) reasons.unshift(key.reason);
  if (!parsed.success || !key.ok) return { ok: false, reasons, key: keyText };

  const r = parsed.data;
  const isLabGrown: 0 | 1 = r.lab_grown === 1 ? 1 : 0;
  if (!retailerAccepts(opts.retailerType, isLabGrown === 1)) {
    reasons.push(
      `retailer ${opts.retailerId} sells ${isLabGrown ? "natural" : "lab-grown"} diamonds only (the row is ${isLabGrown ? "lab-grown" : "natural"})`,
    );
  }
  const fromOrigin = growthMethodOfOrigin(v.lab_grown ?? "");
  const growthMethod = r.growth_method ?? fromOrigin;
  if (isLabGrown === 0) {
    if (r.growth_method !== null)
      reasons.push(`a natural stone has no growth method (got ${shown(v.growth_method ?? "")}; CVD and HPHT are for lab-grown stones)`);
    if (r.treated === 1)
      reasons.push(`a natural stone cannot be marked treated after growth (got ${shown(v.treated ?? "")}; the flag is for lab-grown stones)`);
  } else if (r.growth_method !== null && fromOrigin !== null && r.growth_method !== fromOrigin) {
    reasons.push(`growth method ${r.growth_method} disagrees with the lab-grown column (${fromOrigin})`);
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
    // Catalogue prices are whole dollars, rounded up (docs/decisions/059-one-money-rule.md).
    priceCents: wholeDollarCents(r.price),
    listPriceCents: r.list_price !== null && r.list_price > r.price ? wholeDollarCents(r.list_price) : null,
    growthMethod: isLabGrown ? growthMethod : null,
    treated: isLabGrown ? r.treated : null,
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
