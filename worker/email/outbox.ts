/**
 * The email outbox (migrations/0009_email_outbox.sql): `queueEmail` writes the row, then the sender
 * delivers it after the response (`waitUntil`); the Cron Trigger retries what failed.
 * STUB (issue 17 foundation): only the row is written; delivery comes with worker/email/sender.ts.
 */
import type { EmailMessage } from "./templates";

export interface EmailBindings {
  DB: D1Database;
}

/** Queues an email: the outbox row now, the delivery after the response. Resolves to the row's id. */
export async function queueEmail(env: EmailBindings, message: EmailMessage, waitUntil: (p: Promise<unknown>) => void, now = Date.now()): Promise<number> {
  void waitUntil;
  const row = await env.DB.prepare("INSERT INTO email_outbox (recipient, template, data, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id")
    .bind(message.to, message.template, JSON.stringify(message.data), now, now)
    .first<{ id: number }>();
  return row!.id;
}
