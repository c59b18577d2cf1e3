/**
 * Saved diamond searches (`POST /api/diamond-filter`, `GET /api/searches/{id}`, `GET /api/diamonds?searchId=`),
 * stored with every other kind (saved-searches/store.ts).
 */
import * as v from "valibot";
import { DiamondFilters, DiamondSearchRequest, type DiamondSearchResponse, type SavedSearch } from "#shared/schemas.ts";
import { loadFilters, markUsed, saveFilters } from "../saved-searches/store";
import { searchDiamonds, type SearchBindings } from "./service";

/** Stores a filter state and returns its searchId (saving again only marks it used). */
export function saveSearch(db: D1Database, filters: DiamondFilters, now: number): Promise<string> {
  return saveFilters(db, "diamond", filters, now);
}

/** A saved diamond search, or null (unknown, malformed, or no longer valid: §8 'No filters found'). */
export async function loadSearch(db: D1Database, id: string): Promise<SavedSearch | null> {
  const saved = await loadFilters(db, id, ["diamond"], DiamondFilters);
  return saved && { searchId: id, kind: "diamond", filters: saved.filters, createdAt: saved.createdAt };
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
  const saved = await loadSearch(env.DB, id);
  if (!saved) return null;
  const result = await searchDiamonds(env, v.parse(DiamondSearchRequest, { ...saved.filters, ...page }));
  markUsed(env.DB, id, Date.now(), waitUntil);
  return { saved, result };
}
