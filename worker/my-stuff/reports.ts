/**
 * The customer's diamond reports in my stuff (§3 My stuff reports): none exist until the reports issue adds
 * them; it fills these in. Until then the list is empty and every saved diamond's scores are null.
 */
import type { ReportScores } from "#shared/my-stuff/lists.ts";
import type { MyStuffReport } from "#shared/my-stuff/lists.ts";
import type * as v from "valibot";

type Report = v.InferOutput<typeof MyStuffReport>;

/** `GET my-stuff-reports`: the customer's reports (none yet: the reports issue fills this). */
export async function myReports(_db: D1Database, _userId: number): Promise<Report[]> {
  return [];
}

/** `GET my-stuff/reportscores`: one entry per saved diamond of the customer's, newest saved first, scores null until a report exists. */
export async function reportScores(db: D1Database, userId: number): Promise<v.InferOutput<typeof ReportScores>["scores"]> {
  const { results } = await db
    .prepare("SELECT diamond_id FROM user_saved_diamonds WHERE user_id = ? ORDER BY created_at DESC, id DESC")
    .bind(userId)
    .all<{ diamond_id: number }>();
  return results.map((r) => ({ diamondId: r.diamond_id, qualityScore: null, qualityMaxScore: null, cutScoreDiff: null }));
}
