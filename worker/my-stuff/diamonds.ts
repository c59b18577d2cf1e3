/**
 * A customer's saved diamonds (issue 19; migrations/0013_my_stuff.sql): save (the pair follows, §4), notes,
 * remove, the list, and the local favourites pushed at sign-in. Every call is for the signed-in customer
 * only; another customer's saved row is "not found" and nothing changes. At most MAX_SAVED_DIAMONDS each.
 */
import { MAX_SAVED_DIAMONDS, type SavedDiamond } from "#shared/my-stuff/schemas.ts";
import { refused } from "#shared/refusal.ts";
import type { DiamondSummary } from "#shared/schemas.ts";
import { HOLD_JOIN, HOLD_STATE, summary, type RetailerColumns, type SummaryColumns } from "../diamonds/summary";
import { similarDiamonds, type SearchBindings } from "../search/service";
import { reportScoresColumn, scoresOf } from "./reports";

type Row = SummaryColumns & RetailerColumns & { saved_id: number; notes: string; saved_at: number; alert_price_cents: number | null; scores: string | null };

const SELECT = `SELECT d.*, r.name AS r_name, r.slugurl AS r_slugurl, r.logo_url AS r_logo_url, r.small_logo_url AS r_small_logo_url, ${HOLD_STATE},
  s.id AS saved_id, s.notes, s.created_at AS saved_at, s.alert_price_cents, ${reportScoresColumn("s.user_id", "d.id")} AS scores
  FROM user_saved_diamonds s JOIN diamonds d ON d.id = s.diamond_id JOIN retailers r ON r.id = d.retailer_id ${HOLD_JOIN}`;

/**
 * Sold saved diamonds whose similar stones one answer looks up (newest saved first): each is one call to the
 * search index, and a request may make only so many. Older sold ones answer `similar: []`.
 */
export const MAX_SIMILAR_LOOKUPS = 50;

function saved(r: Row): SavedDiamond {
  return {
    id: r.id,
    itemId: r.id,
    userSavedDiamondId: r.saved_id,
    certificateId: r.certificate_id,
    notes: r.notes,
    ...scoresOf(r.scores),
    isFavorite: true,
    savedAt: r.saved_at,
    // Rows saved before migration 0014 without a diamond row to copy from have none: the current price.
    savedPrice: r.alert_price_cents ?? r.price_cents,
    diamond: { ...summary(r), isFavorite: true },
    similar: [],
  };
}

/**
 * Fills `similar` of the sold ones (§9: up to 5 available stones like it, from the search index), the
 * customer's own favourites among them marked. `favorites` are the ids the customer saved.
 */
async function withSimilar(env: SearchBindings, list: SavedDiamond[], favorites: ReadonlySet<number>): Promise<SavedDiamond[]> {
  const sold = list.filter((s) => s.diamond.isSold).slice(0, MAX_SIMILAR_LOOKUPS);
  if (sold.length === 0) return list;
  const found = new Map<number, DiamondSummary[]>();
  await Promise.all(
    sold.map(async ({ diamond: d }) => {
      const like = await similarDiamonds(env, {
        id: d.id,
        certificateLab: d.certificateLab,
        isLabGrown: d.isLabGrown,
        shape: d.shape,
        carat: d.carat,
        cut: d.cut,
        color: d.color,
        clarity: d.clarity,
      });
      found.set(
        d.id,
        like.map((x) => (favorites.has(x.id) ? { ...x, isFavorite: true } : x)),
      );
    }),
  );
  return list.map((s) => (found.has(s.id) ? { ...s, similar: found.get(s.id)! } : s));
}

/** The customer's saved diamonds, newest first (a sold one stays listed, shown as sold, with similar available stones). */
export async function savedDiamonds(env: SearchBindings, userId: number): Promise<SavedDiamond[]> {
  const { results } = await env.DB.prepare(`${SELECT} WHERE s.user_id = ? ORDER BY s.created_at DESC, s.id DESC`).bind(userId).all<Row>();
  const list = results.map(saved);
  return withSimilar(env, list, new Set(list.map((s) => s.id)));
}

/**
 * Saves diamonds (and the pair of each) for the customer, keeping notes already written; unknown ids are
 * refused (404) before anything is written, and the customer's limit is checked in the same statements.
 */
export async function saveDiamonds(env: SearchBindings, userId: number, ids: readonly number[], now: number, notes = ""): Promise<SavedDiamond[]> {
  const db = env.DB;
  const unique = [...new Set(ids)];
  if (unique.length) {
    const { results } = await db
      // One JSON parameter (D1 binds at most 100 values per statement).
      .prepare("SELECT id, paired_diamond_id FROM diamonds WHERE id IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(unique))
      .all<{ id: number; paired_diamond_id: number | null }>();
    const missing = unique.filter((id) => !results.some((r) => r.id === id));
    if (missing.length) refused("not_found", `No diamond ${missing.join(", ")}`);
    const all = [...new Set([...unique, ...results.flatMap((r) => (r.paired_diamond_id ? [r.paired_diamond_id] : []))])];
    const kept = await db
      .prepare("SELECT COUNT(*) AS n FROM user_saved_diamonds WHERE user_id = ? AND diamond_id NOT IN (SELECT value FROM json_each(?))")
      .bind(userId, JSON.stringify(all))
      .first<{ n: number }>();
    if (kept!.n + all.length > MAX_SAVED_DIAMONDS) refused("conflict", `You can keep at most ${MAX_SAVED_DIAMONDS} diamonds; remove some to save more.`);
    // Each insert also counts the customer's rows: concurrent saves cannot pass the limit either. The price
    // it is saved at is the price-drop alert's baseline (alert_price_cents).
    await db.batch(
      all.map((id) =>
        db
          .prepare(
            `INSERT INTO user_saved_diamonds (user_id, diamond_id, notes, created_at, alert_price_cents)
             SELECT ?1, d.id, ?3, ?4, d.price_cents FROM diamonds d
             WHERE d.id = ?2 AND (SELECT COUNT(*) FROM user_saved_diamonds WHERE user_id = ?1) < ?5
             ON CONFLICT (user_id, diamond_id) DO NOTHING`,
          )
          .bind(userId, id, unique.includes(id) ? notes : "", now, MAX_SAVED_DIAMONDS),
      ),
    );
  }
  return savedDiamonds(env, userId);
}

/** Writes the notes of a saved diamond of the customer's (404 when it is not saved by them). */
export async function addNotes(env: SearchBindings, userId: number, diamondId: number, notes: string): Promise<SavedDiamond> {
  const db = env.DB;
  const row = await db
    .prepare("UPDATE user_saved_diamonds SET notes = ? WHERE user_id = ? AND diamond_id = ? RETURNING id")
    .bind(notes, userId, diamondId)
    .first<{ id: number }>();
  if (!row) refused("not_found", "This diamond is not in your saved diamonds");
  const updated = await db.prepare(`${SELECT} WHERE s.id = ?`).bind(row.id).first<Row>();
  const [one] = await withSimilar(env, [saved(updated!)], await savedIdsOf(db, userId));
  return one!;
}

/** Every diamond id the customer saved. */
async function savedIdsOf(db: D1Database, userId: number): Promise<Set<number>> {
  const { results } = await db.prepare("SELECT diamond_id AS id FROM user_saved_diamonds WHERE user_id = ?").bind(userId).all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

/** Removes saved diamonds of the customer's by diamond id (404 when none of them was saved by them). */
export async function removeDiamonds(db: D1Database, userId: number, diamondIds: readonly number[]): Promise<void> {
  const r = await db
    .prepare("DELETE FROM user_saved_diamonds WHERE user_id = ? AND diamond_id IN (SELECT value FROM json_each(?))")
    .bind(userId, JSON.stringify(diamondIds))
    .run();
  if ((r.meta.changes ?? 0) === 0) refused("not_found", "This diamond is not in your saved diamonds");
}

/** Removes one saved row by its userSavedDiamondId (404 for another customer's row: nothing changes). */
export async function removeSaved(db: D1Database, userId: number, savedId: number): Promise<void> {
  const r = await db.prepare("DELETE FROM user_saved_diamonds WHERE id = ? AND user_id = ?").bind(savedId, userId).run();
  if ((r.meta.changes ?? 0) === 0) refused("not_found", "No such saved diamond");
}
