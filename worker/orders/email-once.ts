/**
 * An order's email sent exactly once (issue 22: the missing-ring-size request, the expiry reminder and the
 * expiry notice). The order's own column is the claim — `UPDATE orders SET x_at = now WHERE … AND x_at IS
 * NULL` — and the outbox row is written in the same batch only when that update changed the order
 * (`INSERT … SELECT … WHERE changes() = 1`): a batch is one transaction, so of any number of concurrent
 * senders (two cron runs, a cron run and a payment) exactly one writes both and the others write nothing.
 * The row is the outbox's own (worker/email/outbox.ts): delivered after the response when a provider is
 * configured, and by the email cron if that delivery is lost. Unlike `queueEmail` there is no hourly cap:
 * the claim already makes it one email per order.
 */
import { deliverEmail, type EmailBindings, senderConfig } from "../email/outbox";
import type { EmailMessage } from "../email/templates";

/** The outbox row of `message`, written only when the statement just before it changed exactly one row. */
export function outboxRowIfClaimed(env: EmailBindings, message: EmailMessage, now: number): D1PreparedStatement {
  const status = senderConfig(env).resend ? "queued" : "local";
  return env.DB.prepare(
    `INSERT INTO email_outbox (recipient, template, data, status, next_attempt_at, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?5 WHERE changes() = 1 RETURNING id`,
  ).bind(message.to, message.template, JSON.stringify(message.data), status, now);
}

/** Delivers an outbox row after the response (without a provider the row stays `local` for /dev/outbox). */
export function deliverLater(env: EmailBindings, id: number, now: number, waitUntil?: (p: Promise<unknown>) => void): void {
  const config = senderConfig(env);
  if (!config.resend || !waitUntil) return;
  waitUntil(
    deliverEmail(config, id, now).catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", message: `email delivery of ${id}: ${String(err)}` })),
    ),
  );
}

/**
 * Runs `claim` (an UPDATE of one order that changes it only the first time) and, in the same batch, the
 * outbox row of `message` when the claim changed the order. Resolves to the row's id, or null when the
 * claim was taken before (nothing written).
 */
export async function sendOnce(
  env: EmailBindings,
  claim: D1PreparedStatement,
  message: EmailMessage,
  now: number,
  waitUntil?: (p: Promise<unknown>) => void,
): Promise<number | null> {
  const [, row] = await env.DB.batch<{ id: number }>([claim, outboxRowIfClaimed(env, message, now)]);
  const id = row?.results[0]?.id ?? null;
  if (id !== null) deliverLater(env, id, now, waitUntil);
  return id;
}
