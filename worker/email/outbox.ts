/**
 * The email outbox (migrations/0009_email_outbox.sql): `queueEmail` writes the row, then delivers it after
 * the response (`waitUntil`); the Cron Trigger (`deliverDue`, every 5 minutes) sends whatever is due again.
 * Every row — `queueEmail`'s and `outboxRowStatement`'s, for a sender's own batch — is written by the gate
 * (gate.ts), which refuses it past the hourly limits per recipient, per client address and in total
 * (docs/decisions/053-email-limits-and-unsubscribe.md).
 *
 * A delivery first claims its row in one statement (status `sending`, one more attempt, and a 10-minute
 * lease in `next_attempt_at`), so the request's delivery and the cron never send the same row at once and a
 * row left `sending` by a crashed isolate is due again when its lease ends. Then it sends through Resend
 * with the idempotency key `outbox-<id>` (a retry after a lost answer can never deliver twice) and marks
 * the row `sent`, `queued` again after a backoff (1 min, 5 min, 30 min, 2 h, 6 h) or `failed` (a permanent
 * refusal, or the 6th attempt). Without `RESEND_API_KEY` rows are `local`: kept for /dev/outbox, never sent.
 * docs/decisions/014-email-outbox.md
 */
import { type OutgoingEmail, RESEND_API_URL, type ResendConfig, sendViaResend } from "./resend";
import { refusedRetry } from "#shared/refusal.ts";
import { categoryOf, type EmailLimitHit, type EmailSend, gatedInsert, limitHit } from "./gate";
import { type EmailMessage, isEmailTemplate, renderEmail } from "./templates";
import { isLocal } from "../platform/config";

export type { EmailSend } from "./gate";

/** The bindings the outbox reads (a subset of the worker's `Bindings`). */
export interface EmailBindings {
  DB: D1Database;
  /** Resend API key (`wrangler secret put RESEND_API_KEY`); unset, emails stay in the outbox as `local`. */
  RESEND_API_KEY?: string;
  /** Resend's API origin; default https://api.resend.com (tests point it at a loopback fake). */
  RESEND_API_URL?: string;
  /** The sender, e.g. `Loupe <hello@loupe.example>`. */
  EMAIL_FROM?: string;
  APP_ENV?: string;
}

/**
 * The send as the limits count it. On a developer's machine (`APP_ENV` local) every browser and test run comes
 * from loopback, or names no address at all: one shared key would stop a morning's clicking after 20 emails, so
 * such requests are counted per recipient and in total only. Deployed, Cloudflare always names the client.
 */
function counted(env: EmailBindings, send: EmailSend): EmailSend {
  const loopback = send.clientIp === null || send.clientIp === "unknown" || send.clientIp === "::1" || send.clientIp.startsWith("127.");
  return isLocal(env) && loopback ? { ...send, clientIp: null } : send;
}

/** Where the sender writes and sends: the D1 database, and Resend (null: no provider configured). */
export interface SenderConfig {
  db: D1Database;
  resend: ResendConfig | null;
}

/** Waits before attempt n+1 after attempt n failed (n = 1…5); the 6th failure is final. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/** Attempts before a row is `failed`. */
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** A claimed row is due again after this long if its delivery never finished (a crashed isolate). */
export const LEASE_MS = 10 * 60_000;
/** Rows one cron run delivers at most. */
export const CRON_BATCH = 50;
/** The sender address when `EMAIL_FROM` is not set. */
export const DEFAULT_FROM = "Loupe <hello@loupe.example>";

/** The sender's configuration from the bindings; `fetch` is injectable for tests. */
export function senderConfig(env: EmailBindings, fetcher: ResendConfig["fetch"] = (input, init) => fetch(input, init)): SenderConfig {
  const apiKey = env.RESEND_API_KEY?.trim();
  return {
    db: env.DB,
    resend: apiKey
      ? { apiKey, apiUrl: env.RESEND_API_URL?.trim() || RESEND_API_URL, from: env.EMAIL_FROM?.trim() || DEFAULT_FROM, fetch: fetcher, timeoutMs: 10_000 }
      : null,
  };
}

/** When to try again after the given attempt failed, or null when it was the last. */
export function retryDelay(attempts: number): number | null {
  return attempts >= 1 && attempts < MAX_ATTEMPTS ? BACKOFF_MS[attempts - 1]! : null;
}

/** What one delivery did to its row (`skipped`: not due, or another delivery holds it). */
export interface DeliveryOutcome {
  id: number;
  status: "sent" | "queued" | "failed" | "skipped";
  attempts?: number;
  error?: string;
}

function logDelivery(outcome: DeliveryOutcome): void {
  const level = outcome.status === "failed" ? "error" : outcome.status === "queued" ? "warn" : "info";
  console.log(JSON.stringify({ level, message: "email delivery", ...outcome }));
}

/**
 * The statement that writes `send`'s outbox row through the gate (gate.ts: the hourly limits, counted in the
 * same statement) and RETURNs its id, for the batch of the change the email announces (the change and its
 * email happen together or not at all). With `ifChanged`, the row is written only when the statement just
 * before it in the batch changed exactly one row — the caller's claim, so of any number of racing requests
 * exactly one emails. Nothing is written past a limit; the claim stands.
 */
export function outboxRowStatement(env: EmailBindings, send: EmailSend, now: number, ifChanged = false): D1PreparedStatement {
  return gatedInsert(env.DB, counted(env, send), senderConfig(env).resend ? "queued" : "local", now, ifChanged);
}

/** The outbox ids a batch's `outboxRowStatement`s RETURNed. */
export function returnedIds(results: readonly D1Result[]): number[] {
  return results.flatMap((r) => (r.results as { id?: unknown }[]).map((row) => row.id).filter((id): id is number => typeof id === "number"));
}

/**
 * Delivers outbox rows after the response when a provider is configured and a request gives `waitUntil`;
 * otherwise the email cron sends them (without a provider they stay `local`, shown at /dev/outbox).
 */
export function deliverRows(env: EmailBindings, ids: readonly number[], now: number, waitUntil?: (p: Promise<unknown>) => void): void {
  const config = senderConfig(env);
  if (!config.resend || !waitUntil) return;
  for (const id of ids)
    waitUntil(
      deliverEmail(config, id, now).catch((err: unknown) =>
        console.error(JSON.stringify({ level: "error", message: `email delivery of ${id}: ${String(err)}` })),
      ),
    );
}

/** What `queueEmail` did: the row's id, or the limit that refused it and the seconds until it has room. */
export type Queued = { id: number } | ({ id: null } & EmailLimitHit);

/** What a user-triggered call answers when its email is refused: 429 with Retry-After. */
export const TOO_MANY_EMAILS = "Too many emails were asked for this hour. Try again later.";

/**
 * Queues an email through the gate (gate.ts): the outbox row now, the delivery after the response. Resolves to
 * the row's id, or — past an hourly limit, nothing written — which limit and when it has room.
 */
export async function queueEmail(env: EmailBindings, send: EmailSend, waitUntil: (p: Promise<unknown>) => void, now = Date.now()): Promise<Queued> {
  const row = await outboxRowStatement(env, send, now).first<{ id: number }>();
  if (row) {
    deliverRows(env, [row.id], now, waitUntil);
    return { id: row.id };
  }
  const hit = (await limitHit(env.DB, counted(env, send), now)) ?? { limit: "total" as const, retryAfter: 1 };
  console.warn(
    JSON.stringify({ level: "warn", message: "email not queued: hourly limit", limit: hit.limit, template: send.message.template, category: categoryOf(send) }),
  );
  return { id: null, ...hit };
}

/** The queued row's id, or a 429 refusal with Retry-After (for calls that may say so: no account is revealed). */
export function queuedOrRefused(queued: Queued): number {
  if (queued.id === null) refusedRetry(TOO_MANY_EMAILS, queued.retryAfter);
  return queued.id;
}

interface ClaimedRow {
  id: number;
  recipient: string;
  template: string;
  data: string;
  attempts: number;
}

/** Claims the row if it is due: one attempt more and a lease, atomically. Null when not due or held. */
async function claim(db: D1Database, id: number, now: number): Promise<ClaimedRow | null> {
  return db
    .prepare(
      `UPDATE email_outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = ?
       WHERE id = ? AND status IN ('queued', 'sending') AND next_attempt_at <= ?
       RETURNING id, recipient, template, data, attempts`,
    )
    .bind(now + LEASE_MS, id, now)
    .first<ClaimedRow>();
}

function outgoing(row: ClaimedRow): OutgoingEmail | string {
  if (!isEmailTemplate(row.template)) return `unknown template ${row.template}`;
  try {
    const email = renderEmail({ template: row.template, data: JSON.parse(row.data) } as EmailMessage);
    return { to: row.recipient, subject: email.subject, html: email.html, text: email.text, headers: email.headers };
  } catch (err) {
    return `cannot render: ${String(err)}`;
  }
}

/**
 * Delivers one row if it is due (status `queued`, or `sending` with an expired lease) and no other
 * delivery holds it. Without a provider it does nothing (`skipped`).
 */
export async function deliverEmail(config: SenderConfig, id: number, now = Date.now()): Promise<DeliveryOutcome> {
  if (!config.resend) return { id, status: "skipped" };
  const row = await claim(config.db, id, now);
  if (!row) return { id, status: "skipped" };
  const email = outgoing(row);
  const result = typeof email === "string" ? { ok: false as const, retryable: false, error: email } : await sendViaResend(config.resend, email, `outbox-${id}`);
  let outcome: DeliveryOutcome;
  if (result.ok) {
    // A success stands even if the lease ran out meanwhile: the idempotency key made both attempts one email.
    await config.db
      .prepare(
        "UPDATE email_outbox SET status = 'sent', provider_message_id = ?, sent_at = ?, last_error = NULL WHERE id = ? AND status IN ('sending', 'queued')",
      )
      .bind(result.id, now, id)
      .run();
    outcome = { id, status: "sent", attempts: row.attempts };
  } else {
    const delay = result.retryable ? retryDelay(row.attempts) : null;
    const status = delay === null ? "failed" : "queued";
    const next = delay === null ? now : now + Math.max(delay, result.retryAfterMs ?? 0);
    // Only the delivery that holds the claim (same attempt) writes its failure.
    await config.db
      .prepare("UPDATE email_outbox SET status = ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND status = 'sending' AND attempts = ?")
      .bind(status, next, result.error, id, row.attempts)
      .run();
    outcome = { id, status, attempts: row.attempts, error: result.error };
  }
  logDelivery(outcome);
  return outcome;
}

/** Delivers the due rows, oldest first, at most `limit` (the Cron Trigger's work), one after another. */
export async function deliverDue(config: SenderConfig, now = Date.now(), limit = CRON_BATCH): Promise<DeliveryOutcome[]> {
  if (!config.resend) return [];
  const due = await config.db
    .prepare("SELECT id FROM email_outbox WHERE status IN ('queued', 'sending') AND next_attempt_at <= ? ORDER BY id LIMIT ?")
    .bind(now, limit)
    .all<{ id: number }>();
  const outcomes: DeliveryOutcome[] = [];
  for (const { id } of due.results) outcomes.push(await deliverEmail(config, id, now));
  return outcomes;
}
