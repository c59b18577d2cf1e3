/**
 * Shared by the catalogue tests of this folder: the seed date, the reference price data, enum codes, SVG ids,
 * and the migrations' columns.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { EnumEntry } from "#shared/enums.ts";

export const NOW = Date.UTC(2026, 10, 1);
export const CSV = new URL("../../../../shared/data/diamonds-ggplot2.csv", import.meta.url);

export const codes = (list: readonly EnumEntry[]): Set<number> => new Set(list.map((e) => e.code));

/** The values of every id attribute in an SVG. */
export const idsOf = (svg: string): string[] => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Column names of a table in the migration, in order. */
/** A table's columns after every migration (CREATE TABLE, then ALTER TABLE … ADD COLUMN), sorted. */
export function columnsOf(table: string): string[] {
  const dir = new URL("../../../migrations/", import.meta.url);
  const sql = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => readFileSync(new URL(f, dir), "utf8"))
    .join("\n");
  const body = new RegExp(`CREATE TABLE ${table} \\(([\\s\\S]*?)\\n\\);`).exec(sql)?.[1];
  if (!body) throw new Error(`no table ${table}`);
  const created = body
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^[a-z_]+ [A-Z]/.test(l))
    .map((l) => l.split(" ")[0]!);
  const added = [...sql.matchAll(new RegExp(`ALTER TABLE ${table} ADD COLUMN ([a-z_]+)`, "g"))].map((m) => m[1]!);
  return [...created, ...added].sort();
}

export const keysOf = (row: object) => Object.keys(row).sort();
