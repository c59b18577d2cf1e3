/**
 * An order's email sent exactly once (issue 22: the missing-ring-size request, the expiry reminder and the
 * expiry notice). The order's own column is the claim — `UPDATE orders SET x_at = now WHERE … AND x_at IS
 * NULL` — and the outbox row is written in the same batch only when that update changed the order
 * (`INSERT … SELECT … WHERE changes() = 1`): a batch is one transaction, so of any number of concurrent
 * senders (two cron runs, a cron run and a payment) exactly one writes both and the others write nothing.
 * The row is the outbox's own (worker/email/outbox.ts): delivered after the response when a provider is
 * configured, and by the email cron if that delivery is lost. The claim makes it one email per order; the
 * gate's hourly limits (worker/email/gate.ts) still apply, without a client address (no one asked for it).
 */
import { deliverRows, type EmailBindings, outboxRowStatement } from "../email/outbox";
import type { EmailMessage } from "../email/templates";

/**
 * Runs `claim` (an UPDATE of one order that changes it only the first time) and, in the same batch, the
 * outbox row of `message` when the claim changed the order. Resolves to the row's id, or null when the
 * claim was taken before or an hourly email limit is reached (no row written).
 */
export async function sendOnce(
  env: EmailBindings,
  claim: D1PreparedStatement,
  message: EmailMessage,
  now: number,
  waitUntil?: (p: Promise<unknown>) => void,
): Promise<number | null> {
  const [, row] = await env.DB.batch<{ id: number }>([claim, outboxRowStatement(env, { message, clientIp: null }, now, true)]);
  const id = row?.results[0]?.id ?? null;
  if (id !== null) deliverRows(env, [id], now, waitUntil);
  return id;
}
