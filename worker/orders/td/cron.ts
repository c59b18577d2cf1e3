/**
 * Referred financing applications wait for the lender's decision (issue 22 point 3; docs/decisions/034): every
 * run of the Cron Trigger (ordersCron, every 5 minutes) asks the provider again about the open payments of
 * orders in `financing_referred` — through `confirmWithProvider`, so the decision is applied exactly once like
 * any approval (paid, or payment_failed) — and then emails each decision not yet emailed: one outbox row per
 * transition out of financing_referred, written in one transaction with its marker, so a decision is emailed
 * once however it arrived (this run, the shopper's return page, an approve call) and however often runs overlap.
 */
import { deliverRows, type EmailBindings, outboxRowStatement } from "../../email/outbox";
import { siteOrigin } from "../../platform/config";
import { orderLink } from "../lookup/confirmation";
import { confirmWithProvider, type OrderBindings } from "../service";
import type { FinancingDecisionEmailData } from "./email";

/** Referred payments asked about, and decisions emailed, per run at most (the rest wait for the next run). */
export const FINANCING_CRON_BATCH = 50;
/** Decisions older than this are not emailed any more (a run missed for days should not send stale news). */
export const DECISION_EMAIL_WINDOW_MS = 7 * 24 * 3600_000;

export type FinancingCronBindings = OrderBindings & EmailBindings & { SITE_ORIGIN?: string };

/** What one run did. */
export interface FinancingRun {
  asked: number;
  decided: number;
  emailed: number;
}

/** Asks the provider about the open payments of referred orders; resolves to how many were asked and decided. */
async function askAgain(env: FinancingCronBindings, now: number, waitUntil: (p: Promise<unknown>) => void): Promise<{ asked: number; decided: number }> {
  const { results } = await env.DB.prepare(
    `SELECT p.id, p.order_number FROM payments p JOIN orders o ON o.order_number = p.order_number
     WHERE o.status = 'financing_referred' AND p.method = 'financing' AND p.status IN ('created', 'pending')
       AND p.provider_payment_id IS NOT NULL AND p.claimed_until <= ?
     ORDER BY p.updated_at LIMIT ?`,
  )
    .bind(now, FINANCING_CRON_BATCH)
    .all<{ id: string; order_number: string }>();
  let decided = 0;
  for (const p of results) {
    try {
      // A payment it captures: the order's effects (the cart's financing fields with them) run after this run.
      const r = await confirmWithProvider(env, p.order_number, p.id, now, { waitUntil });
      if (r.outcome === "paid" || r.outcome === "declined") decided++;
    } catch (err) {
      // The lender could not be reached, or the order moved on: the next run asks again.
      console.warn(JSON.stringify({ level: "warn", message: `financing cron: ${p.order_number}: ${String(err)}` }));
    }
  }
  return { asked: results.length, decided };
}

/** Emails each decision on a referred application not yet emailed, once; resolves to how many were queued. */
export async function emailDecisions(env: FinancingCronBindings, now: number, waitUntil: (p: Promise<unknown>) => void): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT t.id, t.order_number, t.to_status, o.email, o.amount_due_cents FROM order_transitions t JOIN orders o ON o.order_number = t.order_number
     WHERE t.from_status = 'financing_referred' AND t.to_status IN ('paid', 'payment_failed') AND t.at > ?
       AND NOT EXISTS (SELECT 1 FROM financing_decision_emails e WHERE e.transition_id = t.id)
     ORDER BY t.at LIMIT ?`,
  )
    .bind(now - DECISION_EMAIL_WINDOW_MS, FINANCING_CRON_BATCH)
    .all<{ id: number; order_number: string; to_status: string; email: string; amount_due_cents: number }>();
  const origin = siteOrigin(env);
  let emailed = 0;
  for (const t of results) {
    const outcome = t.to_status === "paid" ? "approved" : "declined";
    const data: FinancingDecisionEmailData = {
      orderNumber: t.order_number,
      outcome,
      amountCents: t.amount_due_cents,
      link: await orderLink(env, t.order_number, origin),
    };
    // The marker and the email in one transaction: of two runs at once, one inserts the marker and its email.
    const [, queued] = await env.DB.batch([
      env.DB.prepare("INSERT INTO financing_decision_emails (transition_id, order_number, outcome, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING").bind(
        t.id,
        t.order_number,
        outcome,
        now,
      ),
      outboxRowStatement(env, { message: { to: t.email, template: "financing-decision", data }, clientIp: null }, now, true),
      env.DB.prepare("UPDATE financing_decision_emails SET email_id = last_insert_rowid() WHERE transition_id = ? AND changes() = 1").bind(t.id),
    ]);
    const id = (queued?.results[0] as { id?: number } | undefined)?.id;
    if (id === undefined) continue;
    emailed++;
    deliverRows(env, [id], now, waitUntil);
  }
  return emailed;
}

/** One run at `now`: the lender asked again about referred applications, then the decisions emailed. */
export async function financingCron(env: FinancingCronBindings, now: number, waitUntil: (p: Promise<unknown>) => void): Promise<FinancingRun> {
  const { asked, decided } = await askAgain(env, now, waitUntil);
  const emailed = await emailDecisions(env, now, waitUntil);
  return { asked, decided, emailed };
}
