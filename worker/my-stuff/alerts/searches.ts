/**
 * A customer's saved searches in my stuff (issue 19, §3 My stuff searches; migrations/0014): keep a search
 * saved by its searchId (any kind) with its alert switch, rename, mark its news seen, remove; at most
 * MAX_SAVED_SEARCHES each, exact under concurrency (the insert counts the customer's rows in the same
 * statement). Another customer's entry is "not found" and nothing changes. Any kind of search can have its
 * alert on: a diamond search's watches new diamonds, a setting or jewellery search's new settings
 * (docs/decisions/016-my-stuff-and-alerts.md).
 */
import * as v from "valibot";
import { type DealAlerts, MAX_SAVED_SEARCHES, type SavedSearchEntry, type SavedSearchKind } from "#shared/my-stuff/alerts.ts";
import { refused } from "#shared/refusal.ts";
import { DiamondFilters } from "#shared/schemas.ts";
import { SettingFilters } from "#shared/settings/schemas.ts";
import { describeDiamondFilters, describeSettingFilters, searchLink } from "./describe";
import { priceDrops } from "./price-drops";

interface Row {
  id: number;
  search_id: string;
  name: string;
  has_alert: number;
  created_at: number;
  kind: SavedSearchKind;
  filters: string;
  new_matches: number;
  last_match_at: number | null;
}

/** A saved search's filters in words and its page (an unreadable stored state keeps the generic words). */
export function describeSearch(kind: SavedSearchKind, searchId: string, stored: string): { description: string; link: string } {
  let json: unknown = null;
  try {
    json = JSON.parse(stored);
  } catch {
    // Described generically below.
  }
  if (kind === "diamond") {
    const f = v.safeParse(DiamondFilters, json);
    return { description: f.success ? describeDiamondFilters(f.output) : "Diamond search", link: searchLink("diamond", searchId) };
  }
  const f = v.safeParse(SettingFilters, json);
  if (!f.success) return { description: kind === "jewellery" ? "Jewellery search" : "Setting search", link: searchLink("diamond", searchId) };
  return { description: describeSettingFilters(kind, f.output), link: searchLink(kind, searchId, f.output) };
}

const SELECT = `SELECT u.id, u.search_id, u.name, u.has_alert, u.created_at, ss.kind, ss.filters,
  (SELECT COUNT(*) FROM alert_matches m WHERE m.user_search_id = u.id AND m.found_at > u.seen_at) AS new_matches,
  (SELECT MAX(m.found_at) FROM alert_matches m WHERE m.user_search_id = u.id) AS last_match_at
  FROM user_saved_searches u JOIN saved_searches ss ON ss.id = u.search_id`;

function entry(r: Row): SavedSearchEntry {
  const { description, link } = describeSearch(r.kind, r.search_id, r.filters);
  return {
    id: r.id,
    searchId: r.search_id,
    kind: r.kind,
    name: r.name,
    description,
    link,
    hasAlert: r.has_alert === 1,
    createdAt: r.created_at,
    newMatches: r.new_matches,
    lastMatchAt: r.last_match_at,
  };
}

/** The customer's saved searches, newest first. */
export async function savedSearches(db: D1Database, userId: number): Promise<SavedSearchEntry[]> {
  const { results } = await db.prepare(`${SELECT} WHERE u.user_id = ? ORDER BY u.created_at DESC, u.id DESC`).bind(userId).all<Row>();
  return results.map(entry);
}

async function one(db: D1Database, userId: number, id: number): Promise<SavedSearchEntry | null> {
  const row = await db.prepare(`${SELECT} WHERE u.id = ? AND u.user_id = ?`).bind(id, userId).first<Row>();
  return row && entry(row);
}

/**
 * Keeps a saved search (404 for an unknown searchId; again: the existing entry). Its alert watches what is
 * listed after the catalogue's newest item now (diamonds, or settings for a setting or jewellery search).
 */
export async function saveSearch(
  db: D1Database,
  userId: number,
  req: { searchId: string; name?: string; hasAlert: boolean },
  now: number,
): Promise<SavedSearchEntry> {
  const saved = await db
    .prepare("SELECT kind, filters FROM saved_searches WHERE id = ?")
    .bind(req.searchId)
    .first<{ kind: SavedSearchKind; filters: string }>();
  if (!saved) refused("not_found", "No search with this searchId");
  const name = req.name ?? describeSearch(saved.kind, req.searchId, saved.filters).description.slice(0, 80);
  const newest = saved.kind === "diamond" ? "SELECT COALESCE(MAX(id), 0) FROM diamonds" : "SELECT COALESCE(MAX(id), 0) FROM settings";
  const alert = req.hasAlert ? 1 : 0;
  const row = await db
    .prepare(
      `INSERT INTO user_saved_searches (user_id, search_id, name, has_alert, created_at, seen_at, after_item_id)
       SELECT ?1, ?2, ?3, ?4, ?5, ?5, (${newest})
       WHERE (SELECT COUNT(*) FROM user_saved_searches WHERE user_id = ?1) < ?6
       ON CONFLICT (user_id, search_id) DO NOTHING RETURNING id`,
    )
    .bind(userId, req.searchId, name, alert, now, MAX_SAVED_SEARCHES)
    .first<{ id: number }>();
  const id =
    row?.id ??
    (await db.prepare("SELECT id FROM user_saved_searches WHERE user_id = ? AND search_id = ?").bind(userId, req.searchId).first<{ id: number }>())?.id;
  if (id === undefined) refused("conflict", `You can keep at most ${MAX_SAVED_SEARCHES} searches; remove some to save more.`);
  return (await one(db, userId, id))!;
}

/** Switches the alert, renames or marks the news seen (404 for another customer's entry: nothing changes). */
export async function updateSearch(
  db: D1Database,
  userId: number,
  id: number,
  req: { hasAlert?: boolean; name?: string; markSeen?: true },
  now: number,
): Promise<SavedSearchEntry> {
  const current = await one(db, userId, id);
  if (!current) refused("not_found", "No such saved search of this customer");
  await db
    .prepare(
      `UPDATE user_saved_searches SET has_alert = COALESCE(?1, has_alert), name = COALESCE(?2, name),
       seen_at = CASE WHEN ?3 = 1 THEN ?4 ELSE seen_at END WHERE id = ?5 AND user_id = ?6`,
    )
    .bind(req.hasAlert === undefined ? null : req.hasAlert ? 1 : 0, req.name ?? null, req.markSeen ? 1 : 0, now, id, userId)
    .run();
  return (await one(db, userId, id))!;
}

/** Removes a saved search and what its alert found (404 for another customer's entry: nothing changes). */
export async function removeSearch(db: D1Database, userId: number, id: number): Promise<void> {
  const [, removed] = await db.batch([
    db.prepare("DELETE FROM alert_matches WHERE user_search_id = (SELECT id FROM user_saved_searches WHERE id = ? AND user_id = ?)").bind(id, userId),
    db.prepare("DELETE FROM user_saved_searches WHERE id = ? AND user_id = ?").bind(id, userId),
  ]);
  if ((removed!.meta.changes ?? 0) === 0) refused("not_found", "No such saved search of this customer");
}

/** The deal alerts (GET my-stuff-deal-alerts): the saved searches with their news, and the price drops. Marks nothing seen. */
export async function dealAlertsFor(db: D1Database, userId: number): Promise<DealAlerts> {
  const [searches, drops] = await Promise.all([savedSearches(db, userId), priceDrops(db, userId)]);
  return { searches, priceDrops: drops };
}

/** The customer looked at their alerts: what their searches found so far is no longer new. */
export async function markAlertsSeen(db: D1Database, userId: number, now: number): Promise<void> {
  await db.prepare("UPDATE user_saved_searches SET seen_at = ? WHERE user_id = ?").bind(now, userId).run();
}
