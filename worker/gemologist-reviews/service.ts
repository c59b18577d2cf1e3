/**
 * The operators' side of gemologist reviews (issue 21 point 5; docs/decisions/029-gemologist-reviews.md): the
 * queue (pending requests oldest first, with what answering needs) and the answer. Answering is one D1 batch:
 * the compare-and-set UPDATE (only a pending review of a live report changes) and the outbox row, inserted only
 * when that UPDATE changed the review — so of two operators answering at once exactly one wins, and the answer
 * and its email land together or not at all, never twice.
 */
import { ANSWERED_SHOWN, type AnswerRequest, type QueueEntry, VERDICTS, dealSummaryOf } from "#shared/gemologist-reviews.ts";
import { refused } from "#shared/refusal.ts";
import type { DealScore, GemologistReview, ReportStone } from "#shared/reports/schemas.ts";
import { deliverRows, type EmailBindings, outboxRowStatement } from "../email/outbox";
import { reportTitle } from "../reports/stone";
import { type ReviewRow, reviewOf } from "../reports/store";

interface QueueRow extends ReviewRow {
  report_id: number;
  stone: string;
  price_cents: number;
  deal_score: string | null;
  diamond_id: number | null;
  report_url: string | null;
  removed_at: number | null;
  first_name: string;
  email: string;
}

const SELECT = `SELECT g.id, g.status, g.product_url, g.requested_at, g.answered_at, g.verdict, g.answer, g.gemologist, g.report_id,
  r.stone, r.price_cents, r.deal_score, r.diamond_id, r.product_url AS report_url, r.removed_at, u.first_name, u.email
  FROM gemologist_reviews g JOIN reports r ON r.id = g.report_id JOIN users u ON u.id = g.user_id`;

function entryOf(r: QueueRow): QueueEntry {
  const stone = JSON.parse(r.stone) as ReportStone;
  return {
    review: { ...reviewOf(r), productUrl: r.product_url ?? r.report_url },
    reportId: r.report_id,
    title: reportTitle(stone),
    stone,
    price: r.price_cents,
    deal: dealSummaryOf(r.deal_score ? (JSON.parse(r.deal_score) as DealScore) : null),
    diamondId: r.diamond_id,
    customer: { firstName: r.first_name, email: r.email },
    reportRemoved: r.removed_at !== null,
  };
}

/** Pending reviews oldest first, or the latest answered ones. */
export async function reviewQueue(db: D1Database, status: "pending" | "answered"): Promise<QueueEntry[]> {
  const sql =
    status === "pending"
      ? `${SELECT} WHERE g.status = 'pending' ORDER BY g.requested_at, g.id`
      : `${SELECT} WHERE g.status = 'answered' ORDER BY g.answered_at DESC, g.id DESC LIMIT ${ANSWERED_SHOWN}`;
  const { results } = await db.prepare(sql).all<QueueRow>();
  return results.map(entryOf);
}

/** Answers a pending review of a live report and emails the customer; 404 unknown, 409 answered or removed. */
export async function answerReview(
  env: EmailBindings,
  id: number,
  input: AnswerRequest,
  o: { origin: string; now: number; waitUntil: (p: Promise<unknown>) => void },
): Promise<GemologistReview> {
  const row = (await env.DB.prepare(`${SELECT} WHERE g.id = ?`).bind(id).first<QueueRow>()) ?? refused("not_found", "No such review");
  if (row.status === "answered") refused("conflict", "This review was already answered");
  if (row.removed_at !== null) refused("conflict", "The customer removed this report: there is no one to answer");
  const entry = entryOf(row);
  const data = {
    firstName: row.first_name,
    title: entry.title,
    verdict: VERDICTS.find((x) => x.value === input.verdict)!.label,
    answer: input.answer,
    gemologist: input.gemologist,
    link: new URL(`/diamond-report/${row.report_id}`, o.origin).toString(),
  };
  const [updated, emailed] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE gemologist_reviews SET status = 'answered', verdict = ?2, answer = ?3, gemologist = ?4, answered_at = ?5
       WHERE id = ?1 AND status = 'pending' AND EXISTS (SELECT 1 FROM reports r WHERE r.id = report_id AND r.removed_at IS NULL)
       RETURNING id, status, product_url, requested_at, answered_at, verdict, answer, gemologist`,
    ).bind(id, input.verdict, input.answer, input.gemologist, o.now),
    // changes() is the UPDATE's: the email is queued only by the request that answered.
    outboxRowStatement(env, { message: { to: row.email, template: "gemologist-review", data }, clientIp: null }, o.now, true),
  ]);
  const answered = (updated!.results as ReviewRow[])[0];
  if (!answered) refused("conflict", "This review was already answered, or the report was removed");
  const outboxId = (emailed!.results as { id: number }[])[0]?.id;
  if (outboxId !== undefined) deliverRows(env, [outboxId], o.now, o.waitUntil);
  return { ...reviewOf(answered), productUrl: answered.product_url ?? row.report_url };
}
