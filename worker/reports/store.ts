/**
 * Reports and gemologist review requests in D1 (migration 0022; docs/decisions/027-reports.md). Every read and
 * write is scoped to the customer (`user_id`), so another customer's report is simply not found; the limits are
 * checked in the statement that inserts, so concurrent requests can never pass them.
 */
import type { DealScore, GemologistReview, ReportSection, ReportStone } from "#shared/reports/schemas.ts";

/** A report row as stored. */
export interface ReportRow {
  id: number;
  user_id: number;
  diamond_id: number | null;
  certificate_id: string;
  stone: string;
  price_cents: number;
  product_url: string | null;
  sections: string;
  score: number;
  max_score: number;
  deal_score: string | null;
  deal_scored_at: number | null;
  has_gemologist_review: number;
  created_at: number;
}

/** What a new report stores. */
export interface NewReport {
  userId: number;
  diamondId: number | null;
  certificateId: string;
  stone: ReportStone;
  priceCents: number;
  productUrl: string | null;
  sections: ReportSection[];
  score: number;
  maxScore: number;
  deal: DealScore;
  now: number;
}

/** The UTC day's first millisecond. */
export const utcDayStart = (now: number) => now - (now % 86_400_000);

/**
 * Inserts the report unless the customer made `perDay` reports today (UTC, removed ones included) or keeps
 * `live` reports: one statement, so concurrent creates cannot pass either limit. Null when refused.
 */
export async function insertReport(db: D1Database, r: NewReport, limits: { perDay: number; live: number }): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO reports (user_id, diamond_id, certificate_id, stone, price_cents, product_url, sections, score, max_score, deal_score, deal_scored_at, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11
       WHERE (SELECT COUNT(*) FROM reports WHERE user_id = ?1 AND created_at >= ?12) < ?13
         AND (SELECT COUNT(*) FROM reports WHERE user_id = ?1 AND removed_at IS NULL) < ?14
       RETURNING id`,
    )
    .bind(
      r.userId,
      r.diamondId,
      r.certificateId,
      JSON.stringify(r.stone),
      r.priceCents,
      r.productUrl,
      JSON.stringify(r.sections),
      r.score,
      r.maxScore,
      JSON.stringify(r.deal),
      r.now,
      utcDayStart(r.now),
      limits.perDay,
      limits.live,
    )
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** How many reports the customer made today and keeps (to say which limit refused). */
export async function reportCounts(db: D1Database, userId: number, now: number): Promise<{ today: number; live: number }> {
  const row = await db
    .prepare("SELECT COALESCE(SUM(created_at >= ?2), 0) AS today, COALESCE(SUM(removed_at IS NULL), 0) AS live FROM reports WHERE user_id = ?1")
    .bind(userId, utcDayStart(now))
    .first<{ today: number; live: number }>();
  return { today: row?.today ?? 0, live: row?.live ?? 0 };
}

/** The customer's live report, or null (another customer's, removed or unknown). */
export function reportRow(db: D1Database, userId: number, id: number): Promise<ReportRow | null> {
  return db.prepare("SELECT * FROM reports WHERE id = ? AND user_id = ? AND removed_at IS NULL").bind(id, userId).first<ReportRow>();
}

/** The customer's newest live report on an inventory diamond, or null. */
export function latestRowForDiamond(db: D1Database, userId: number, diamondId: number): Promise<ReportRow | null> {
  return db
    .prepare("SELECT * FROM reports WHERE user_id = ? AND diamond_id = ? AND removed_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1")
    .bind(userId, diamondId)
    .first<ReportRow>();
}

/** The customer's live reports, newest first. */
export async function reportRows(db: D1Database, userId: number, limit: number): Promise<ReportRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM reports WHERE user_id = ? AND removed_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ?")
    .bind(userId, limit)
    .all<ReportRow>();
  return results;
}

/** Keeps a new deal score and the sections it changed on the customer's live report; false when there is none. */
export async function updateScores(
  db: D1Database,
  userId: number,
  id: number,
  s: { sections: ReportSection[]; score: number; maxScore: number; deal: DealScore; now: number },
): Promise<boolean> {
  const res = await db
    .prepare(
      "UPDATE reports SET sections = ?, score = ?, max_score = ?, deal_score = ?, deal_scored_at = ? WHERE id = ? AND user_id = ? AND removed_at IS NULL",
    )
    .bind(JSON.stringify(s.sections), s.score, s.maxScore, JSON.stringify(s.deal), s.now, id, userId)
    .run();
  return res.meta.changes > 0;
}

/** Removes the customer's live report; false when there is none. */
export async function markRemoved(db: D1Database, userId: number, id: number, now: number): Promise<boolean> {
  const res = await db.prepare("UPDATE reports SET removed_at = ? WHERE id = ? AND user_id = ? AND removed_at IS NULL").bind(now, id, userId).run();
  return res.meta.changes > 0;
}

/** A gemologist review row as a report (and the operators' queue) reads it. */
export interface ReviewRow {
  id: number;
  status: "pending" | "answered";
  product_url: string | null;
  requested_at: number;
  answered_at: number | null;
  verdict: GemologistReview["verdict"];
  answer: string | null;
  gemologist: string | null;
}

/** A review row on the wire. */
export const reviewOf = (r: ReviewRow): GemologistReview => ({
  id: r.id,
  status: r.status,
  productUrl: r.product_url,
  requestedAt: r.requested_at,
  answeredAt: r.answered_at,
  verdict: r.verdict,
  answer: r.answer,
  gemologist: r.gemologist,
});

/** A report's gemologist reviews, newest first. */
export async function reviewsOf(db: D1Database, reportId: number): Promise<GemologistReview[]> {
  const { results } = await db
    .prepare(
      "SELECT id, status, product_url, requested_at, answered_at, verdict, answer, gemologist FROM gemologist_reviews WHERE report_id = ? ORDER BY requested_at DESC, id DESC",
    )
    .bind(reportId)
    .all<ReviewRow>();
  return results.map(reviewOf);
}

/**
 * Queues a review of the customer's live report. The partial unique index allows one pending review per report,
 * so of concurrent requests exactly one is queued: "queued", "pending" (one is waiting) or "missing".
 */
export async function insertReview(
  db: D1Database,
  userId: number,
  reportId: number,
  productUrl: string | null,
  now: number,
): Promise<{ outcome: "queued"; review: GemologistReview } | { outcome: "pending" | "missing" }> {
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT OR IGNORE INTO gemologist_reviews (report_id, user_id, product_url, status, requested_at)
         SELECT id, user_id, COALESCE(?3, product_url), 'pending', ?4 FROM reports WHERE id = ?1 AND user_id = ?2 AND removed_at IS NULL
         RETURNING id, status, product_url, requested_at, answered_at, verdict, answer, gemologist`,
      )
      .bind(reportId, userId, productUrl, now),
    db.prepare("UPDATE reports SET has_gemologist_review = 1 WHERE id = ? AND user_id = ? AND removed_at IS NULL").bind(reportId, userId),
  ]);
  const row = (inserted!.results as ReviewRow[])[0];
  if (row) return { outcome: "queued", review: reviewOf(row) };
  return { outcome: (await reportRow(db, userId, reportId)) ? "pending" : "missing" };
}
