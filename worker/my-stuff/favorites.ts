/**
 * `isFavorite` for the signed-in owner (issue 19; docs/decisions/017-favourites-and-my-stuff-lists.md): the
 * catalogue answers (search results, one diamond, similar diamonds, setting and jewellery searches) are built
 * for everyone, some of them cached and shared between visitors, with `isFavorite: false`. For a signed-in
 * customer the saved ones are marked here, AFTER any shared cache, on copies (a cached answer is never changed):
 * one D1 read per answer (`json_each` of the page's ids). A visitor's answer is returned as it is.
 */
import type { SavedSettingKind } from "#shared/my-stuff/lists.ts";

/** Which of `ids` the customer saved (one read). */
export async function savedDiamondIds(db: D1Database, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { results } = await db
    .prepare("SELECT diamond_id AS id FROM user_saved_diamonds WHERE user_id = ? AND diamond_id IN (SELECT value FROM json_each(?))")
    .bind(userId, JSON.stringify([...new Set(ids)]))
    .all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

/** Which of the settings `ids` the customer keeps among the favourites of `kind` (one read). */
export async function savedSettingIds(db: D1Database, userId: number, kind: SavedSettingKind, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { results } = await db
    .prepare("SELECT setting_id AS id FROM user_saved_settings WHERE user_id = ? AND kind = ? AND setting_id IN (SELECT value FROM json_each(?))")
    .bind(userId, kind, JSON.stringify([...new Set(ids)]))
    .all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

/** Copies of `items` with `isFavorite` true for the ids in `saved` (the originals, maybe cached, are untouched). */
function marked<T extends { id: number; isFavorite: boolean }>(items: readonly T[], saved: Set<number>): T[] {
  return items.map((d) => (saved.has(d.id) ? { ...d, isFavorite: true } : d));
}

/** Diamonds (summaries or one full diamond) as the customer sees them: their saved ones marked; a visitor's unchanged. */
export async function markFavoriteDiamonds<T extends { id: number; isFavorite: boolean }>(
  db: D1Database,
  userId: number | null,
  items: readonly T[],
): Promise<T[]> {
  if (userId === null || items.length === 0) return [...items];
  return marked(
    items,
    await savedDiamondIds(
      db,
      userId,
      items.map((d) => d.id),
    ),
  );
}

/** A page of settings (or jewellery) as the customer sees it: their favourites of `kind` marked; a visitor's unchanged. */
export async function markFavoriteSettings<T extends { id: number; isFavorite: boolean }>(
  db: D1Database,
  userId: number | null,
  kind: SavedSettingKind,
  items: readonly T[],
): Promise<T[]> {
  if (userId === null || items.length === 0) return [...items];
  return marked(
    items,
    await savedSettingIds(
      db,
      userId,
      kind,
      items.map((s) => s.id),
    ),
  );
}
