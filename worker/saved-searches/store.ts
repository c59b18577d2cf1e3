/**
 * Saved searches (§3 "Search filters and results are kept by searchId"), every kind in one table and one
 * format: `saved_searches` rows of (id, kind, canonical JSON filters, created_at, last_used_at, uses). A
 * searchId is derived from the validated filters (SHA-256 of their canonical JSON, 60 bits in Crockford
 * base 32), so saving the same filters twice gives the same id and a link never changes meaning.
 */
import * as v from "valibot";
import { SEARCH_ID_PATTERN } from "#shared/schemas.ts";

export type SavedKind = "diamond" | "setting" | "jewellery";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** The searchId of a diamond filter state. */
function searchIdOf(filters: object): Promise<string> {
  return hashId(canonicalJson(filters));
}

/**
 * The searchId of another kind's filter state: the kind is part of what is hashed, so equal JSON of two
 * kinds never shares an id (diamond ids keep their original derivation).
 */
function searchIdFor(kind: "setting" | "jewellery", filters: object): Promise<string> {
  return hashId(`${kind}:${canonicalJson(filters)}`);
}

async function hashId(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let id = "";
  let bits = 0;
  let acc = 0;
  for (const byte of digest) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5 && id.length < 12) {
      id += ALPHABET[(acc >> (bits - 5)) & 31];
      bits -= 5;
    }
    acc &= (1 << bits) - 1;
    if (id.length === 12) break;
  }
  return id;
}

/** JSON with keys sorted and undefined/default-free order-independent lists, so equal filters hash equally. */
export function canonicalJson(filters: object): string {
  const entries = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([k, value]) => [k, Array.isArray(value) ? [...(value as (number | string)[])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(Object.fromEntries(entries));
}

/** The searchId of a filter state of this kind (diamond ids hash the filters alone, other kinds their kind too). */
export function savedSearchId(kind: SavedKind, filters: object): Promise<string> {
  return kind === "diamond" ? searchIdOf(filters) : searchIdFor(kind, filters);
}

/** Stores a filter state under its kind and returns its searchId (saving again only marks it used). */
export async function saveFilters(db: D1Database, kind: SavedKind, filters: object, now: number): Promise<string> {
  const id = await savedSearchId(kind, filters);
  await db
    .prepare(
      `INSERT INTO saved_searches (id, kind, filters, created_at, last_used_at, uses) VALUES (?, ?, ?, ?, ?, 0)
       ON CONFLICT (id) DO UPDATE SET last_used_at = excluded.last_used_at`,
    )
    .bind(id, kind, canonicalJson(filters), now, now)
    .run();
  return id;
}

/**
 * A saved filter state of one of `kinds`, validated by `schema`: null when the id is malformed or unknown,
 * of another kind, or what it stores no longer validates (a restore failure: §8 'No filters found').
 */
export async function loadFilters<S extends v.GenericSchema, K extends SavedKind>(
  db: D1Database,
  id: string,
  kinds: readonly K[],
  schema: S,
): Promise<{ kind: K; filters: v.InferOutput<S>; createdAt: number } | null> {
  if (!SEARCH_ID_PATTERN.test(id)) return null;
  const row = await db
    .prepare(`SELECT kind, filters, created_at FROM saved_searches WHERE id = ? AND kind IN (${kinds.map(() => "?").join(", ")})`)
    .bind(id, ...kinds)
    .first<{ kind: K; filters: string; created_at: number }>();
  if (!row) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(row.filters);
  } catch {
    return null;
  }
  const parsed = v.safeParse(schema, stored);
  return parsed.success ? { kind: row.kind, filters: parsed.output, createdAt: row.created_at } : null;
}

/** Counts a use of a saved search in the background. */
export function markUsed(db: D1Database, id: string, now: number, waitUntil: (p: Promise<unknown>) => void): void {
  waitUntil(
    db
      .prepare("UPDATE saved_searches SET uses = uses + 1, last_used_at = ? WHERE id = ?")
      .bind(now, id)
      .run()
      .catch(() => undefined),
  );
}
