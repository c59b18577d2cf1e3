/**
 * Saved-search alerts over the index (issue 19; docs/decisions/016-my-stuff-and-alerts.md): the rows listed
 * after a run's watermark are found once (one pass over the id column), then each alert's query is checked
 * against those rows alone through the engine's own filters (Query with preset rows), so a stone matches an
 * alert exactly when the search page would list it — without scanning the catalogue per alert.
 */
import type { SearchIndex } from "./engine";
import { Query } from "./query";
import type { EngineQuery } from "./types";

/** One saved search's alert: its key (the user_saved_searches id), its query, and the id it watches after. */
export interface AlertQuery {
  key: number;
  query: EngineQuery;
  /** Only diamonds with an id above this count (the catalogue's newest when the search was saved). */
  afterId: number;
}

/** What an alert evaluation found: per alert key, the new matching diamond ids (ascending); the new watermark. */
export interface AlertMatchResult {
  matches: { key: number; ids: number[] }[];
  /** The newest diamond id the index holds (at least the run's afterId): the next run starts after it. */
  upToId: number;
  /** Rows listed after the run's afterId. */
  newRows: number;
}

/** The rows whose diamond id is above `afterId`, by id ascending, and the index's newest id. */
export function rowsAbove(ix: SearchIndex, afterId: number): { rows: Uint32Array; maxId: number } {
  const rows: number[] = [];
  let maxId = 0;
  const id = ix.id;
  for (let r = 0; r < ix.size; r++) {
    const v = id[r]!;
    if (v > maxId) maxId = v;
    if (v > afterId) rows.push(r);
  }
  rows.sort((a, b) => id[a]! - id[b]!);
  return { rows: Uint32Array.from(rows), maxId };
}

/** Evaluates every alert against the rows listed after `afterId` (computed once). */
export function alertMatches(ix: SearchIndex, queries: readonly AlertQuery[], afterId: number): AlertMatchResult {
  const { rows, maxId } = rowsAbove(ix, afterId);
  const matches: AlertMatchResult["matches"] = [];
  if (rows.length > 0) {
    for (const a of queries) {
      let own = rows;
      if (a.afterId > afterId || a.query.onlyIds) {
        const only = a.query.onlyIds ? new Set(a.query.onlyIds) : null;
        own = rows.filter((r) => ix.id[r]! > a.afterId && (only === null || only.has(ix.id[r]!)));
      }
      if (own.length === 0) continue;
      const q = new Query(ix, { ...a.query, onlyIds: null, offset: 0, limit: own.length, facets: false });
      q.presetRows = own;
      const ids = q.run().ids.sort((x, y) => x - y);
      if (ids.length) matches.push({ key: a.key, ids });
    }
  }
  return { matches, upToId: Math.max(afterId, maxId), newRows: rows.length };
}
