/**
 * The search wizard's D1 side (migrations/0023_search_wizard.sql): saved wizard searches with their
 * recommendations and the shopper's notes, and the typical price of a ring setting style.
 */
import type { Recommendation, SavedWizardRequest, WizardBudget, WizardSearch } from "#shared/search-wizard/schemas.ts";
import type { TypicalSetting } from "#shared/search-wizard/budget.ts";
import { TimedCache } from "../lib/timed-cache";

/** A new searchId: 128 random bits, URL-safe base64 (22 characters). */
export function newSearchId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** What a saved search keeps besides its request: the budget's split, the picks and the more-like-these link. */
interface StoredAnswer {
  budget: WizardBudget;
  recommendations: Recommendation[];
  moreLikeThese: string;
}

interface Row {
  id: string;
  source: "search" | "quiz";
  request: string;
  recommendations: string;
  notes_at: number | null;
  created_at: number;
}

/** Saves a new wizard search; answers it as the API shows it. */
export async function insertSearch(
  db: D1Database,
  s: { id: string; userId: number | null; source: "search" | "quiz"; request: SavedWizardRequest; answer: StoredAnswer; now: number },
): Promise<WizardSearch> {
  await db
    .prepare("INSERT INTO wizard_searches (id, user_id, source, request, recommendations, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(s.id, s.userId, s.source, JSON.stringify(s.request), JSON.stringify(s.answer), s.now)
    .run();
  return { searchId: s.id, source: s.source, request: s.request, ...s.answer, hasNotes: false, createdAt: s.now };
}

/** A saved wizard search, or null. */
export async function readSearch(db: D1Database, id: string): Promise<WizardSearch | null> {
  const row = await db.prepare("SELECT id, source, request, recommendations, notes_at, created_at FROM wizard_searches WHERE id = ?").bind(id).first<Row>();
  if (!row) return null;
  const answer = JSON.parse(row.recommendations) as StoredAnswer;
  return {
    searchId: row.id,
    source: row.source,
    request: JSON.parse(row.request) as SavedWizardRequest,
    ...answer,
    hasNotes: row.notes_at !== null,
    createdAt: row.created_at,
  };
}

/** Replaces a search's request and recommendations (get-recommendations with `initial: false`). */
export async function updateSearch(db: D1Database, id: string, request: SavedWizardRequest, answer: StoredAnswer): Promise<void> {
  await db.prepare("UPDATE wizard_searches SET request = ?, recommendations = ? WHERE id = ?").bind(JSON.stringify(request), JSON.stringify(answer), id).run();
}

/**
 * Keeps the shopper's email and comments on a search (a gemologist's follow-up reads them); `emailed` also
 * records when its recommendations were emailed. False when there is no such search.
 */
export async function saveNotes(db: D1Database, id: string, notes: { email: string; comments: string; emailed: boolean }, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE wizard_searches SET email = ?1, comments = CASE WHEN ?2 = '' THEN comments ELSE ?2 END, notes_at = ?3,
       emailed_at = CASE WHEN ?4 THEN ?3 ELSE emailed_at END WHERE id = ?5 RETURNING id`,
    )
    .bind(notes.email, notes.comments, now, notes.emailed ? 1 : 0, id)
    .first();
  return row !== null;
}

/** Typical setting prices by style for five minutes per isolate (the settings catalogue changes rarely). */
const settingPrices = new TimedCache<TypicalSetting | null>({ ttlMs: 300_000, maxEntries: 64 });

/**
 * The typical price of a ring setting of `style` (any of its bits; 0 any style): the median price of the
 * available variants of the catalogue's ring settings. Null when the catalogue has none.
 */
export function typicalSettingPrice(db: D1Database, style: number): Promise<TypicalSetting | null> {
  return settingPrices.get(String(style), async () => {
    const row = await db
      .prepare(
        `WITH m AS (
           SELECT v.price_cents AS p, v.setting_id AS s FROM setting_variants v JOIN settings t ON t.id = v.setting_id
           WHERE t.item_type = 1 AND t.item_type_name = 'Setting' AND v.is_sold = 0 AND (?1 = 0 OR (t.style & ?1) != 0)
         )
         SELECT (SELECT COUNT(DISTINCT s) FROM m) AS n,
                (SELECT p FROM m ORDER BY p LIMIT 1 OFFSET (SELECT COUNT(*) FROM m) / 2) AS median`,
      )
      .bind(style)
      .first<{ n: number; median: number | null }>();
    return row && row.median !== null ? { style, price: row.median, count: row.n } : null;
  });
}
