/**
 * What an import changes: validated feed stones against the retailer's stones already in D1 → rows to insert, rows
 * to update, unchanged rows, price history rows and stones to mark sold; then the SQL that does it. Pure: no I/O
 * (./apply.ts runs the statements).
 *
 * Rules (docs/decisions/006-feed-import.md):
 * - Upsert by (certificate_lab, certificate_id, retailer_id). New stones get ids above every existing id.
 * - A stone is "unchanged" when every column the feed determines equals what D1 holds; it is not written at all.
 * - Every price change is recorded in diamond_price_history (source 'import'): a new stone's first price, and an
 *   existing stone's new price. Unchanged price, no row.
 * - A stone present in the feed is listed (is_sold = 0), also when it had been sold. With `--full`, the retailer's
 *   unsold stones that the feed does not mention (not even in a rejected row) are marked sold — unless no row of
 *   the feed was valid, which looks like a broken feed rather than a sold-out retailer.
 */
import { z } from "zod";
import { diamondImageUrl } from "#shared/catalogue/generate.ts";
import type { DiamondRow, PriceHistoryRow } from "#shared/catalogue/rows.ts";
import { modelPriceCents } from "#shared/catalogue/price-model.ts";
import { insertStatements, sqlLiteral } from "#shared/catalogue/sql.ts";
import { catalogueVersionStatement } from "#shared/catalogue/seed-plan.ts";
import type { FeedStone } from "./rules.ts";

/** Source of the price history rows the importer writes. */
export const HISTORY_SOURCE = "import";

/** Every column of `diamonds`, in table order (the keys of {@link DiamondRow}). */
export const DIAMOND_COLUMNS = [
  "id",
  "retailer_id",
  "certificate_lab",
  "certificate_id",
  "is_lab_grown",
  "shape",
  "carat",
  "cut",
  "color",
  "clarity",
  "polish",
  "symmetry",
  "fluorescence",
  "depth_pct",
  "table_pct",
  "length_mm",
  "width_mm",
  "depth_mm",
  "lw_ratio",
  "eye_clean",
  "shipping_days",
  "price_cents",
  "price_before_discount_cents",
  "discount_percentage",
  "is_sold",
  "is_rc_ideal",
  "has_video",
  "has_image",
  "image_url",
  "video_preview_url",
  "paired_diamond_id",
  "sorting_order",
  "updated_at",
  "growth_method",
  "treated",
] as const satisfies readonly (keyof DiamondRow)[];

/**
 * Columns an import leaves alone on an existing stone: the id and the key, and what feeds do not carry (video, the
 * pairing, which the catalogue maintains itself).
 */
const KEPT_ON_UPDATE = new Set<string>([
  "id",
  "retailer_id",
  "certificate_lab",
  "certificate_id",
  "has_video",
  "has_image",
  "video_preview_url",
  "paired_diamond_id",
]);

/** Columns an import overwrites on an existing stone. */
export const UPDATED_COLUMNS = DIAMOND_COLUMNS.filter((c) => !KEPT_ON_UPDATE.has(c));

/** Columns compared to tell an unchanged stone: the updated ones except the timestamp. */
export const COMPARED_COLUMNS = UPDATED_COLUMNS.filter((c) => c !== "updated_at");
type ComparedColumn = (typeof COMPARED_COLUMNS)[number];

const SqlScalar = z.union([z.number(), z.string(), z.null()]);

/** A stone of the retailer as D1 holds it: id, key and the compared columns. */
export const ExistingRow = z.object({ id: z.number().int(), certificate_lab: z.number().int(), certificate_id: z.string() }).catchall(SqlScalar);
export type ExistingRow = z.infer<typeof ExistingRow>;

/** The SELECT list that reads {@link ExistingRow}s. */
export const EXISTING_SELECT = ["id", "certificate_lab", "certificate_id", ...COMPARED_COLUMNS.filter((c) => c !== "certificate_lab")]
  .filter((c, i, all) => all.indexOf(c) === i)
  .join(", ");

/** The key a stored stone is matched on (as {@link FeedStone.key}). */
export const existingKey = (row: Pick<ExistingRow, "certificate_lab" | "certificate_id">): string => `${row.certificate_lab}|${row.certificate_id}`;

// ---------------------------------------------------------------------------------------------------------------
// The default order

/** Fewer priced stones of one origin than this: no markup is estimated for it (1 is used). */
export const MIN_MARKUP_SAMPLES = 20;

/** A retailer's typical price over the model price, per origin, and how many stones each was measured on. */
export interface Markup {
  natural: number;
  lab: number;
  samples: { natural: number; lab: number };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The retailer's markup over the model per origin: the median of price / model price over the stones it will list
 * after the import (at least {@link MIN_MARKUP_SAMPLES}, else 1). The seed knows each demo retailer's markup; a feed's
 * has to be measured — and it absorbs a feed priced in another market (ggplot2's 2008 dollars), so imported stones
 * interleave with the rest in the default order instead of all looking like bargains.
 */
export function estimateMarkup(samples: readonly { priceCents: number; modelCents: number; isLabGrown: number }[]): Markup {
  const ratiosOf = (lab: number): number[] => samples.filter((s) => s.isLabGrown === lab && s.modelCents > 0).map((s) => s.priceCents / s.modelCents);
  // Rounded to 1 %: a few changed prices must not move every stone's rank (and rewrite every row) on each import.
  const of = (ratios: number[]): number => (ratios.length >= MIN_MARKUP_SAMPLES ? Math.round(median(ratios) * 100) / 100 : 1);
  const natural = ratiosOf(0);
  const lab = ratiosOf(1);
  return { natural: of(natural), lab: of(lab), samples: { natural: natural.length, lab: lab.length } };
}

/**
 * The default rank (lower first), as the seed computes it (shared/catalogue/generate-diamonds.ts): price against the model
 * price at the retailer's markup, nudged 4 % towards Ideal cuts and 3 % towards eye-clean stones.
 */
export function sortingOrder(priceCents: number, expectedCents: number, cut: number, eyeClean: number): number {
  const nudge = 1 - (cut === 0 || cut === 4 ? 0.04 : 0) - (eyeClean === 1 ? 0.03 : 0);
  return Math.round((1e6 * priceCents * nudge) / expectedCents);
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The `diamonds` row of a feed stone (`id` is the stored id for updates, a new one for inserts). */
export function diamondRow(stone: FeedStone, id: number, retailerId: number, markup: Markup, now: number): DiamondRow {
  const discount = stone.listPriceCents === null ? null : Math.round(100 * (1 - stone.priceCents / stone.listPriceCents));
  const rcIdeal =
    stone.shape === 1 &&
    (stone.cut === 0 || stone.cut === 4) &&
    stone.polish === 1 &&
    stone.symmetry === 1 &&
    stone.depthPct >= 59 &&
    stone.depthPct <= 62.5 &&
    stone.tablePct >= 53 &&
    stone.tablePct <= 58;
  const expected = stone.modelCents * (stone.isLabGrown ? markup.lab : markup.natural);
  return {
    id,
    retailer_id: retailerId,
    certificate_lab: stone.certificateLab,
    certificate_id: stone.certificateId,
    is_lab_grown: stone.isLabGrown,
    shape: stone.shape,
    carat: stone.carat,
    cut: stone.cut,
    color: stone.color,
    clarity: stone.clarity,
    polish: stone.polish,
    symmetry: stone.symmetry,
    fluorescence: stone.fluorescence,
    depth_pct: stone.depthPct,
    table_pct: stone.tablePct,
    length_mm: stone.lengthMm,
    width_mm: stone.widthMm,
    depth_mm: stone.depthMm,
    lw_ratio: round2(stone.lengthMm / stone.widthMm),
    eye_clean: stone.eyeClean,
    shipping_days: stone.shippingDays,
    price_cents: stone.priceCents,
    price_before_discount_cents: discount === null || discount <= 0 ? null : stone.listPriceCents,
    discount_percentage: discount === null || discount <= 0 ? null : discount,
    is_sold: 0,
    is_rc_ideal: rcIdeal ? 1 : 0,
    has_video: 0,
    // Feeds do not carry photographs yet: the listing shows the shape drawing.
    has_image: 0,
    image_url: diamondImageUrl(stone.shape),
    video_preview_url: null,
    paired_diamond_id: null,
    sorting_order: sortingOrder(stone.priceCents, expected, stone.cut, stone.eyeClean),
    updated_at: now,
    growth_method: stone.growthMethod,
    treated: stone.treated,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The plan

/** Inputs of {@link planImport}. */
export interface PlanInput {
  stones: readonly FeedStone[];
  existing: readonly ExistingRow[];
  /** Keys the feed mentions, valid rows or not (see FeedValidator.seenKeys). */
  seenKeys: ReadonlySet<string>;
  retailerId: number;
  full: boolean;
  now: number;
  /** The id the first new stone gets (the largest id in `diamonds` + 1). */
  firstNewId: number;
}

/** What an import will do. */
export interface ImportPlan {
  inserts: DiamondRow[];
  updates: DiamondRow[];
  unchanged: number;
  /** Updated stones that had been sold and are listed again. */
  relisted: number;
  /** One row per new stone and per changed price. */
  history: PriceHistoryRow[];
  /** Ids of unsold stones absent from a `--full` feed. */
  sold: number[];
  /** True when `--full` was asked but no feed row was valid, so nothing was marked sold. */
  fullSkipped: boolean;
  markup: Markup;
}

function modelOf(row: ExistingRow): number | null {
  const n = (c: ComparedColumn): number | null => {
    const v = row[c];
    return typeof v === "number" ? v : null;
  };
  const [shape, carat, color, clarity, cut, fluorescence, lab] = [
    n("shape"),
    n("carat"),
    n("color"),
    n("clarity"),
    n("cut"),
    n("fluorescence"),
    n("is_lab_grown"),
  ];
  if (shape === null || carat === null || color === null || clarity === null || cut === null || fluorescence === null || lab === null) {
    return null;
  }
  try {
    return modelPriceCents({ shape, carat, color, clarity, cut, fluorescence, isLabGrown: lab === 1 });
  } catch {
    return null; // a stored code the model does not know: leave that stone out of the markup estimate
  }
}

/** Compares a computed row with the stored one on every compared column. */
export function sameRow(row: DiamondRow, stored: ExistingRow): boolean {
  return COMPARED_COLUMNS.every((c) => row[c] === stored[c]);
}

/** Decides inserts, updates, unchanged stones, history rows and sold stones. */
export function planImport(input: PlanInput): ImportPlan {
  const existingByKey = new Map(input.existing.map((r) => [existingKey(r), r] as const));
  const feedKeys = new Set(input.stones.map((s) => s.key));
  const fullSkipped = input.full && input.stones.length === 0;
  const willSell = (r: ExistingRow): boolean => input.full && !fullSkipped && r.is_sold === 0 && !input.seenKeys.has(existingKey(r));

  // The markup is measured on what the retailer will list after the import: the feed's stones, plus its other unsold
  // stones that stay listed.
  const samples: { priceCents: number; modelCents: number; isLabGrown: number }[] = input.stones.map((s) => ({
    priceCents: s.priceCents,
    modelCents: s.modelCents,
    isLabGrown: s.isLabGrown,
  }));
  for (const r of input.existing) {
    if (feedKeys.has(existingKey(r)) || r.is_sold !== 0 || willSell(r)) continue;
    const model = modelOf(r);
    if (model !== null && typeof r.price_cents === "number" && typeof r.is_lab_grown === "number") {
      samples.push({ priceCents: r.price_cents, modelCents: model, isLabGrown: r.is_lab_grown });
    }
  }
  const markup = estimateMarkup(samples);

  const plan: ImportPlan = { inserts: [], updates: [], unchanged: 0, relisted: 0, history: [], sold: [], fullSkipped, markup };
  let nextId = input.firstNewId;
  for (const stone of input.stones) {
    const stored = existingByKey.get(stone.key);
    if (!stored) {
      const row = diamondRow(stone, nextId++, input.retailerId, markup, input.now);
      plan.inserts.push(row);
      plan.history.push({ diamond_id: row.id, at: input.now, price_cents: row.price_cents, source: HISTORY_SOURCE });
      continue;
    }
    const row = diamondRow(stone, stored.id, input.retailerId, markup, input.now);
    if (sameRow(row, stored)) {
      plan.unchanged++;
      continue;
    }
    plan.updates.push(row);
    if (stored.is_sold === 1) plan.relisted++;
    if (stored.price_cents !== row.price_cents) {
      plan.history.push({ diamond_id: row.id, at: input.now, price_cents: row.price_cents, source: HISTORY_SOURCE });
    }
  }
  for (const r of input.existing) if (willSell(r)) plan.sold.push(r.id);
  return plan;
}

// ---------------------------------------------------------------------------------------------------------------
// SQL

/** Diamond rows per upsert statement (about 30 kB, well under D1's 100 kB statement limit). */
export const ROWS_PER_STATEMENT = 100;
/** Diamond rows per D1 batch (one transaction each). */
export const ROWS_PER_BATCH = 5_000;
const HISTORY_ROWS_PER_STATEMENT = 250;
const IDS_PER_SOLD_STATEMENT = 1_000;

/**
 * Multi-row upserts of diamond rows: `INSERT … VALUES … ON CONFLICT (certificate_lab, certificate_id, retailer_id)
 * DO UPDATE SET` every {@link UPDATED_COLUMNS} column. Inserts and updates use the same statement, so a stone that
 * appeared since the importer read the retailer's keys is updated rather than failing the batch.
 */
export function upsertStatements(rows: readonly DiamondRow[], perStatement = ROWS_PER_STATEMENT): string[] {
  const head = `INSERT INTO diamonds (${DIAMOND_COLUMNS.join(", ")}) VALUES `;
  const tail =
    ` ON CONFLICT (certificate_lab, certificate_id, retailer_id) DO UPDATE SET ` + `${UPDATED_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ")};`;
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const tuples = rows.slice(i, i + perStatement).map((row) => `(${DIAMOND_COLUMNS.map((c) => sqlLiteral(row[c])).join(",")})`);
    out.push(head + tuples.join(",") + tail);
  }
  return out;
}

/** `UPDATE diamonds SET is_sold = 1 …` for the given ids, in chunks. */
export function soldStatements(ids: readonly number[], now: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_SOLD_STATEMENT) {
    const chunk = ids.slice(i, i + IDS_PER_SOLD_STATEMENT).map((id) => sqlLiteral(id));
    out.push(`UPDATE diamonds SET is_sold = 1, updated_at = ${sqlLiteral(now)} WHERE id IN (${chunk.join(",")});`);
  }
  return out;
}

/** A group of statements run as one D1 batch, with the number of feed rows it writes (for progress). */
export interface StatementGroup {
  statements: string[];
  rows: number;
}

/**
 * The plan as batches: diamonds ({@link ROWS_PER_BATCH} per batch, inserts then updates) each followed by their
 * history rows (the history references the diamond, so it comes after it), then the sold stones.
 */
export function planStatements(plan: ImportPlan, now: number): StatementGroup[] {
  const rows = [...plan.inserts, ...plan.updates];
  const historyById = new Map(plan.history.map((h) => [h.diamond_id, h] as const));
  const groups: StatementGroup[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_BATCH) {
    const slice = rows.slice(i, i + ROWS_PER_BATCH);
    const history = slice.flatMap((r) => {
      const h = historyById.get(r.id);
      return h ? [h] : [];
    });
    groups.push({
      statements: [...upsertStatements(slice), ...insertStatements("diamond_price_history", history, HISTORY_ROWS_PER_STATEMENT, "INSERT OR REPLACE")],
      rows: slice.length,
    });
  }
  if (plan.sold.length > 0) groups.push({ statements: soldStatements(plan.sold, now), rows: 0 });
  // Last: a new catalogue version, so the search index reloads (only when something changed).
  if (groups.length > 0) groups.push({ statements: [catalogueVersionStatement()], rows: 0 });
  return groups;
}
