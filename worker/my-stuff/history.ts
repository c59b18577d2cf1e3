/**
 * A customer's recently viewed diamonds (issue 19; table user_history, §4 recently viewed, §9 6 stored): the
 * view logging call records a signed-in customer's view (the same diamond again moves to the top), and keeps
 * only their HISTORY_STORED newest in the same batch.
 */
import { HISTORY_STORED, type HistoryEntry } from "#shared/my-stuff/lists.ts";
import { HOLD_JOIN, HOLD_STATE, summary, type RetailerColumns, type SummaryColumns } from "../diamonds/summary";

/**
 * The statements that record customer `userId`'s view of diamond `diamondId` at `now` (nothing for an unknown
 * diamond), then trim their history to the newest HISTORY_STORED; run them in the view logging call's batch.
 * A view is always newer than the customer's last one (at least 1 ms later), so two views within the same
 * millisecond keep their order.
 */
export function recordViewStatements(db: D1Database, userId: number, diamondId: number, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO user_history (user_id, diamond_id, viewed_at)
         SELECT ?1, d.id, MAX(?3, COALESCE((SELECT MAX(viewed_at) FROM user_history WHERE user_id = ?1), 0) + 1) FROM diamonds d WHERE d.id = ?2
         ON CONFLICT (user_id, diamond_id) DO UPDATE SET viewed_at = excluded.viewed_at`,
      )
      .bind(userId, diamondId, now),
    db
      .prepare(
        `DELETE FROM user_history WHERE user_id = ?1 AND diamond_id NOT IN
         (SELECT diamond_id FROM user_history WHERE user_id = ?1 ORDER BY viewed_at DESC LIMIT ?2)`,
      )
      .bind(userId, HISTORY_STORED),
  ];
}

type Row = SummaryColumns & RetailerColumns & { viewed_at: number; saved: number };

/** The customer's recently viewed diamonds, newest first (a sold one shown as sold; their saved ones `isFavorite`). */
export async function viewedDiamonds(db: D1Database, userId: number): Promise<HistoryEntry[]> {
  const { results } = await db
    .prepare(
      `SELECT d.*, r.name AS r_name, r.slugurl AS r_slugurl, r.logo_url AS r_logo_url, r.small_logo_url AS r_small_logo_url, ${HOLD_STATE}, h.viewed_at,
         EXISTS (SELECT 1 FROM user_saved_diamonds s WHERE s.user_id = h.user_id AND s.diamond_id = h.diamond_id) AS saved
       FROM user_history h JOIN diamonds d ON d.id = h.diamond_id JOIN retailers r ON r.id = d.retailer_id ${HOLD_JOIN}
       WHERE h.user_id = ? ORDER BY h.viewed_at DESC LIMIT ?`,
    )
    .bind(userId, HISTORY_STORED)
    .all<Row>();
  return results.map((r) => ({ viewedAt: r.viewed_at, diamond: { ...summary(r), isFavorite: r.saved === 1 } }));
}
