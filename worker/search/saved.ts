/**
 * Saved searches (§3 "Search filters and results are kept by searchId"). A searchId is derived from the
 * validated filters (SHA-256 of their canonical JSON, 60 bits in Crockford base 32), so saving the same
 * filters twice gives the same id and a link never changes meaning.
 */
import * as v from "valibot";
import { DiamondFilters, DiamondSearchRequest, SEARCH_ID_PATTERN, type DiamondSearchResponse, type SavedSearch } from "#shared/schemas.ts";
import { searchDiamonds, type SearchBindings } from "./service";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** The searchId of a diamond filter state. */
export function searchIdOf(filters: DiamondFilters): Promise<string> {
  return hashId(canonicalJson(filters));
}

/**
 * The searchId of another kind's filter state: the kind is part of what is hashed, so equal JSON of two
 * kinds never shares an id (diamond ids keep their original derivation).
 */
export function searchIdFor(kind: "setting" | "jewellery", filters: object): Promise<string> {
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

/** Stores a filter state and returns its searchId (saving again only marks it used). */
export async function saveSearch(db: D1Database, filters: DiamondFilters, now: number): Promise<string> {
  const id = await searchIdOf(filters);
  await db
    .prepare(
      `INSERT INTO saved_searches (id, kind, filters, created_at, last_used_at, uses) VALUES (?, 'diamond', ?, ?, ?, 0)
       ON CONFLICT (id) DO UPDATE SET last_used_at = excluded.last_used_at`,
    )
    .bind(id, JSON.stringify(filters), now, now)
    .run();
  return id;
}

/**
 * A saved search, or null when the id is unknown or what it stores no longer validates (a restore
 * failure: §8 'No filters found').
 */
export async function loadSearch(db: D1Database, id: string): Promise<SavedSearch | null> {
  if (!SEARCH_ID_PATTERN.test(id)) return null;
  const row = await db.prepare("SELECT filters, created_at FROM saved_searches WHERE id = ? AND kind = 'diamond'").bind(id).first<{ filters: string; created_at: number }>();
  if (!row) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(row.filters);
  } catch {
    return null;
  }
  const parsed = v.safeParse(DiamondFilters, stored);
  if (!parsed.success) return null;
  return { searchId: id, kind: "diamond", filters: parsed.output, createdAt: row.created_at };
}

/** Counts a use of a saved search (fire and forget). */
function markUsed(db: D1Database, id: string, now: number): Promise<unknown> {
  return db.prepare("UPDATE saved_searches SET uses = uses + 1, last_used_at = ? WHERE id = ?").bind(now, id).run();
}

/**
 * Runs a saved search (`GET /api/diamonds?searchId=` and `/diamond-search/{searchId}`): its filters and
 * the asked page of results, or null when the id is malformed or unknown. The use is counted in the
 * background.
 */
export async function restoreSearch(
  env: SearchBindings,
  id: string,
  page: { pageNumber: number; pageSize?: number; includeFacets: boolean },
  waitUntil: (p: Promise<unknown>) => void,
): Promise<{ saved: SavedSearch; result: DiamondSearchResponse } | null> {
  const saved = SEARCH_ID_PATTERN.test(id) ? await loadSearch(env.DB, id) : null;
  if (!saved) return null;
  const result = await searchDiamonds(env, v.parse(DiamondSearchRequest, { ...saved.filters, ...page }));
  waitUntil(markUsed(env.DB, id, Date.now()).catch(() => undefined));
  return { saved, result };
}
