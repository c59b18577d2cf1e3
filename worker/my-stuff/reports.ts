/**
 * The customer's diamond reports in my stuff (§3 My stuff: qualityScore, qualityMaxScore, cutScoreDiff; §7
 * `my-stuff-reports`, `my-stuff/reportscores`; docs/decisions/027-reports.md). A saved diamond's scores are
 * those of the customer's newest live report on it: the overall score and its maximum, and how far the cut
 * section falls short of its maximum (0: as well cut as it gets; null without a rated cut section).
 */
import type { MyStuffReport, ReportScores } from "#shared/my-stuff/lists.ts";
import { MAX_REPORTS, type DealScore, type ReportStone } from "#shared/reports/schemas.ts";
import type * as v from "valibot";
import { reportTitle } from "../reports/stone";
import { reportRows } from "../reports/store";

type Report = v.InferOutput<typeof MyStuffReport>;
type Scores = v.InferOutput<typeof ReportScores>["scores"][number];

/**
 * SQL for one column (JSON or NULL) with the scores of user `user`'s newest live report on diamond `diamond`
 * (both SQL expressions): {"score", "max", "cut"}.
 */
export const reportScoresColumn = (user: string, diamond: string) => `(
  SELECT json_object('score', rp.score, 'max', rp.max_score, 'cut', (
    SELECT json_extract(value, '$.score') - json_extract(value, '$.maxScore') FROM json_each(rp.sections)
    WHERE json_extract(value, '$.name') = 'cut' AND json_extract(value, '$.maxScore') > 0))
  FROM reports rp WHERE rp.user_id = ${user} AND rp.diamond_id = ${diamond} AND rp.removed_at IS NULL
  ORDER BY rp.created_at DESC, rp.id DESC LIMIT 1)`;

/** The scores fields of a saved diamond from `reportScoresColumn`'s value (all null without a report). */
export function scoresOf(json: string | null): Pick<Scores, "qualityScore" | "qualityMaxScore" | "cutScoreDiff"> {
  if (!json) return { qualityScore: null, qualityMaxScore: null, cutScoreDiff: null };
  const s = JSON.parse(json) as { score: number; max: number; cut: number | null };
  return { qualityScore: s.score, qualityMaxScore: s.max, cutScoreDiff: s.cut === null ? null : Math.round(s.cut * 10) / 10 };
}

/** `GET my-stuff-reports`: the customer's live reports, newest first. */
export async function myReports(db: D1Database, userId: number): Promise<Report[]> {
  return (await reportRows(db, userId, MAX_REPORTS)).map((row) => ({
    id: row.id,
    diamondId: row.diamond_id,
    title: reportTitle(JSON.parse(row.stone) as ReportStone),
    price: row.price_cents,
    score: row.score,
    maxScore: row.max_score,
    dealScore: row.deal_score ? ((JSON.parse(row.deal_score) as Pick<DealScore, "score">).score ?? null) : null,
    createdAt: row.created_at,
  }));
}

/** `GET my-stuff/reportscores`: one entry per saved diamond of the customer's, newest saved first. */
export async function reportScores(db: D1Database, userId: number): Promise<Scores[]> {
  const { results } = await db
    .prepare(
      `SELECT s.diamond_id, ${reportScoresColumn("s.user_id", "s.diamond_id")} AS scores FROM user_saved_diamonds s WHERE s.user_id = ? ORDER BY s.created_at DESC, s.id DESC`,
    )
    .bind(userId)
    .all<{ diamond_id: number; scores: string | null }>();
  return results.map((r) => ({ diamondId: r.diamond_id, ...scoresOf(r.scores) }));
}
