/**
 * A customer's favourite settings and fine jewellery (issue 19; table user_saved_settings, kind 'setting' or
 * 'jewellery' by the call used): save (again: nothing changes), remove, and the list as result cards. At most
 * MAX_SAVED_SETTINGS of each kind, counted by the insert itself so concurrent saves cannot pass it. Every call
 * is for the signed-in customer only; another customer's favourites are "not found" and nothing changes.
 */
import type { Variant } from "#shared/experiments/bucketing.ts";
import { MAX_SAVED_SETTINGS, type SavedSetting, type SavedSettingKind } from "#shared/my-stuff/lists.ts";
import { refused } from "#shared/refusal.ts";
import { settingCards } from "../settings/service";

const WHAT: Record<SavedSettingKind, string> = { setting: "settings", jewellery: "jewellery pieces" };

/**
 * The customer's favourites of `kind`, newest first, each as the search's card with `isFavorite: true` (a piece
 * no longer sold stays, its metals `isSold`). Cards carry the promo codes of `variation`.
 */
export async function savedSettings(db: D1Database, userId: number, kind: SavedSettingKind, now: number, variation: Variant = 0): Promise<SavedSetting[]> {
  const { results } = await db
    .prepare("SELECT id, setting_id, created_at FROM user_saved_settings WHERE user_id = ? AND kind = ? ORDER BY created_at DESC, id DESC")
    .bind(userId, kind)
    .all<{ id: number; setting_id: number; created_at: number }>();
  if (results.length === 0) return [];
  const cards = await settingCards(
    db,
    results.map((r) => r.setting_id),
    variation,
    now,
  );
  return results.flatMap((r) => {
    const card = cards.get(r.setting_id);
    return card ? [{ id: r.id, itemId: r.setting_id, kind, savedAt: r.created_at, setting: { ...card, isFavorite: true } }] : [];
  });
}

/**
 * Keeps setting `settingId` among the customer's favourites of `kind`: 404 for an unknown setting, 409 when
 * they keep MAX_SAVED_SETTINGS already (the insert counts in the same statement), the same answer when it is
 * saved already.
 */
export async function saveSetting(db: D1Database, userId: number, kind: SavedSettingKind, settingId: number, now: number): Promise<void> {
  const inserted = await db
    .prepare(
      `INSERT INTO user_saved_settings (user_id, setting_id, kind, created_at)
       SELECT ?1, s.id, ?3, ?4 FROM settings s
       WHERE s.id = ?2 AND (SELECT COUNT(*) FROM user_saved_settings WHERE user_id = ?1 AND kind = ?3) < ?5
       ON CONFLICT (user_id, kind, setting_id) DO NOTHING`,
    )
    .bind(userId, settingId, kind, now, MAX_SAVED_SETTINGS)
    .run();
  if ((inserted.meta.changes ?? 0) > 0) return;
  // Nothing written: an unknown setting, one saved already (fine), or the limit reached.
  const why = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM settings WHERE id = ?2) AS known,
              EXISTS (SELECT 1 FROM user_saved_settings WHERE user_id = ?1 AND kind = ?3 AND setting_id = ?2) AS kept`,
    )
    .bind(userId, settingId, kind)
    .first<{ known: number; kept: number }>();
  if (!why?.known) refused("not_found", `No setting ${settingId}`);
  if (!why.kept) refused("conflict", `You can keep at most ${MAX_SAVED_SETTINGS} favourite ${WHAT[kind]}; remove some to save more.`);
}

/** Removes setting `settingId` from the customer's favourites of `kind` (404 when it is not among them: nothing changes). */
export async function removeSetting(db: D1Database, userId: number, kind: SavedSettingKind, settingId: number): Promise<void> {
  const r = await db.prepare("DELETE FROM user_saved_settings WHERE user_id = ? AND kind = ? AND setting_id = ?").bind(userId, kind, settingId).run();
  if ((r.meta.changes ?? 0) === 0) refused("not_found", `This is not among your favourite ${WHAT[kind]}`);
}
