/**
 * The SQL that seeds the demo catalogue, as groups of statements meant to be sent one group per D1 `batch`.
 * Pure TypeScript: used by scripts/seed.ts (Node, through wrangler's platform proxy) and by worker tests (inside
 * workerd): `for (const group of seedStatements({ diamonds: 500, now })) await env.DB.batch(group.map((s) => env.DB.prepare(s)))`.
 */
import { DIAMOND_ID_BASE } from "./generate";
import { generateDiamonds } from "./generate-diamonds";
import { generateRetailers } from "./generate-retailers";
import { generateSettings } from "./generate-settings";
import { insertStatements, sqlLiteral } from "./sql";

/** Bump when the generator or the price model changes, so existing local databases are reseeded. */
export const SEED_VERSION = 8;

/** The fixed "now" of the demo data (1 Nov 2026, 00:00 UTC), so seeded rows are deterministic. */
export const DEFAULT_SEED_NOW = Date.UTC(2026, 10, 1);

/** Diamonds generated per group. */
export const DEFAULT_DIAMOND_CHUNK = 5_000;

/** Key of the seed bookkeeping row in `seed_meta`. */
export const SEED_META_KEY = "catalogue";

/** Catalogue tables in a safe deletion order (children before parents). */
export const CATALOGUE_TABLES = [
  // Rows about the demo catalogue's diamonds, settings and retailers (they refer to them): cleared with it. The alert
  // runs' id watermarks and found stones too, or a reseeded catalogue's new stones would sit below an old watermark.
  "alert_matches",
  "alert_runs",
  "diamond_clicks",
  "setting_clicks",
  "retailer_ratings",
  "diamond_views",
  "diamond_price_history",
  "diamonds",
  "setting_variants",
  "settings",
  "retailers",
] as const;

/** Options of a seed run. */
export interface SeedOptions {
  /** Number of diamonds (indexes 0 .. diamonds − 1). */
  diamonds: number;
  /** The seed's "now" in epoch ms (updated_at and the end of the price history). */
  now: number;
  /** Diamonds per yielded group; default {@link DEFAULT_DIAMOND_CHUNK}. */
  chunk?: number;
}

/** What `seed_meta` holds after a seed: equal values mean the database already holds this exact catalogue. */
export function seedMetaValue(opts: SeedOptions): string {
  return JSON.stringify({ version: SEED_VERSION, diamonds: opts.diamonds, now: opts.now });
}

/** Statements that remove every catalogue row and the seed bookkeeping (seed_meta first, so a run cut short reseeds). */
export function clearStatements(): string[] {
  return [`DELETE FROM seed_meta WHERE key = ${sqlLiteral(SEED_META_KEY)};`, ...CATALOGUE_TABLES.map((t) => `DELETE FROM ${t};`)];
}

/** The statement recording a finished seed in `seed_meta` (and a new catalogue version, see below). */
export function seedMetaStatement(opts: SeedOptions): string {
  return `INSERT OR REPLACE INTO seed_meta (key, value) VALUES (${sqlLiteral(SEED_META_KEY)}, ${sqlLiteral(seedMetaValue(opts))}), ${catalogueVersionValues()};`;
}

/** Key of the `seed_meta` row that changes whenever the diamond catalogue does (the search index reloads on a change). */
export const CATALOGUE_VERSION_KEY = "catalogue_version";

function catalogueVersionValues(): string {
  return `(${sqlLiteral(CATALOGUE_VERSION_KEY)}, ${sqlLiteral(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`)})`;
}

/** The statement every catalogue writer (seed, feed import, admin update) runs last: a new catalogue version. */
export function catalogueVersionStatement(): string {
  return `INSERT OR REPLACE INTO seed_meta (key, value) VALUES ${catalogueVersionValues()};`;
}

/** One group of statements (one D1 batch) with what it inserts. */
export interface SeedGroup {
  /** e.g. "retailers" or "diamonds 0-4999". */
  label: string;
  /** Main-table rows inserted by the group (price history rows not counted). */
  rows: number;
  /** Diamonds inserted by the group (0 for the retailer and setting groups). */
  diamonds: number;
  statements: string[];
}

/**
 * The seed as labelled groups of INSERT statements, in foreign-key order: retailers, settings, setting variants,
 * then one group per chunk of diamonds with their price history. Does not clear tables or write seed_meta (see
 * {@link clearStatements} and {@link seedMetaStatement}).
 */
export function* seedGroups(opts: SeedOptions): Generator<SeedGroup> {
  const total = opts.diamonds;
  const chunk = opts.chunk ?? DEFAULT_DIAMOND_CHUNK;
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`diamonds must be a non-negative integer: ${total}`);
  if (!Number.isInteger(chunk) || chunk < 1) throw new RangeError(`chunk must be a positive integer: ${chunk}`);
  if (!Number.isFinite(opts.now)) throw new RangeError(`now must be a finite epoch ms: ${opts.now}`);

  const retailers = generateRetailers();
  yield { label: "retailers", rows: retailers.length, diamonds: 0, statements: insertStatements("retailers", retailers) };
  const { settings, variants } = generateSettings();
  yield { label: "settings", rows: settings.length, diamonds: 0, statements: insertStatements("settings", settings) };
  yield {
    label: "setting_variants",
    rows: variants.length,
    diamonds: 0,
    statements: insertStatements("setting_variants", variants),
  };

  const lastId = DIAMOND_ID_BASE + total - 1;
  for (let start = 0; start < total; start += chunk) {
    const count = Math.min(chunk, total - start);
    const { diamonds, history } = generateDiamonds(start, count, opts.now);
    for (const d of diamonds) {
      if (d.paired_diamond_id !== null && d.paired_diamond_id > lastId) d.paired_diamond_id = null; // partner not seeded
    }
    yield {
      label: `diamonds ${start}-${start + count - 1}`,
      rows: count,
      diamonds: count,
      statements: [...insertStatements("diamonds", diamonds), ...insertStatements("diamond_price_history", history, 250)],
    };
  }
}

/**
 * Groups of INSERT statements (see {@link seedGroups}), each meant for one `env.DB.batch(...)`: retailers,
 * settings, setting variants, then diamond chunks with their price history.
 */
export function* seedStatements(opts: SeedOptions): Generator<string[]> {
  for (const group of seedGroups(opts)) yield group.statements;
}
