/**
 * The one door into the email outbox (docs/decisions/053-email-limits-and-unsubscribe.md): every row is
 * written by the statement built here, which counts the last hour's rows and inserts only when every limit
 * has room — one statement, so D1 (which runs statements one at a time) keeps it exact under concurrency,
 * and the row is its own reservation (no second table to keep in step). The limits:
 * - per recipient (its normalised address, `target`): a stranger's inbox gets at most so many emails an hour
 *   whoever asks, from however many addresses;
 * - per client (the request's `CF-Connecting-IP`; none for a cron job, a webhook or an operator): one client
 *   cannot make us write to many inboxes;
 * - in total: a bound on what the whole site sends in an hour.
 * Each is counted per category, so requested mail can never crowd out transactional mail and back.
 */
import type { EmailMessage, EmailTemplate } from "./templates";

/** Transactional: what the recipient's own account or order needs. Other: marketing and mail asked for. */
export type EmailCategory = "transactional" | "other";

/**
 * Each template's category. Transactional: account security (confirmation, reset, password changed, already
 * registered) and an order's life (confirmation, payment and shipping, availability, ring size, expiry,
 * financing). Everything else — offers, alerts, recommendations, answers and invitations — is other.
 */
export const TEMPLATE_CATEGORY: { readonly [T in EmailTemplate]: EmailCategory } = {
  "confirm-email": "transactional",
  "already-registered": "transactional",
  "reset-password": "transactional",
  "password-changed": "transactional",
  // Asked for by whoever signs in with Facebook under this address (possibly not its owner): it must never use up
  // the owner's transactional share.
  "link-facebook": "other",
  "order-confirmation": "transactional",
  "order-shipped": "transactional",
  "operator-notice": "transactional",
  "order-confirm-availability": "transactional",
  "order-item-unavailable": "transactional",
  "missing-ring-size": "transactional",
  "order-expiry-reminder": "transactional",
  "order-expired": "transactional",
  "financing-decision": "transactional",
  "complete-account": "other",
  "welcome-offer": "other",
  "alert-digest": "other",
  "wizard-recommendations": "other",
  "gemologist-review": "other",
  "review-invitation": "other",
  "concierge-reply": "other",
};

/** The window every limit counts in. */
export const EMAIL_WINDOW_MS = 60 * 60 * 1000;
/** Emails to one recipient an hour, per category. */
export const EMAILS_PER_RECIPIENT_HOUR = { transactional: 10, other: 5 } as const satisfies Record<EmailCategory, number>;
/** Emails one client address makes us write in an hour, per category. */
export const EMAILS_PER_CLIENT_HOUR = { transactional: 20, other: 20 } as const satisfies Record<EmailCategory, number>;
/** Emails the whole site writes in an hour, per category. */
export const EMAILS_PER_HOUR = { transactional: 10_000, other: 2_000 } as const satisfies Record<EmailCategory, number>;
/** A retailer's address (from the directory, never from a request) gets one email per paid order: its own cap. */
export const EMAILS_PER_RETAILER_HOUR = 200;

/** One email to write, and who it is written for. */
export interface EmailSend {
  message: EmailMessage;
  /** The client's address (`CF-Connecting-IP`) when a request asks for it; null for a cron job, a webhook or an operator. */
  clientIp: string | null;
  /** `other`: a transactional template sent again on demand (orders/EmailOrder) counts as asked-for mail. */
  category?: "other";
  /** The recipient is a retailer of the directory (`EMAILS_PER_RETAILER_HOUR` instead of the per-recipient cap). */
  retailer?: boolean;
}

/** The category a send is counted in: its template's, unless the sender marks it `other` (never the other way). */
export function categoryOf(send: Pick<EmailSend, "message" | "category">): EmailCategory {
  return send.category ?? TEMPLATE_CATEGORY[send.message.template];
}

/**
 * The recipient as the limits count it: trimmed, lower case, without a `+tag` (`Ada+1@Example.com` and
 * `ada@example.com` reach the same inbox).
 */
export function targetOf(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf("@");
  if (at <= 0) return a;
  const local = a.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${a.slice(at)}`;
}

interface Limit {
  name: "recipient" | "client" | "total";
  /** The condition on `email_outbox` that selects this limit's rows (`?1` the key, `?2` the category). */
  where: string;
  key: string | null;
  max: number;
}

function limitsOf(send: EmailSend): Limit[] {
  const category = categoryOf(send);
  const limits: Limit[] = [
    {
      name: "recipient",
      where: "target = ?1 AND category = ?2",
      key: targetOf(send.message.to),
      max: send.retailer ? EMAILS_PER_RETAILER_HOUR : EMAILS_PER_RECIPIENT_HOUR[category],
    },
    { name: "total", where: "category = ?2", key: null, max: EMAILS_PER_HOUR[category] },
  ];
  if (send.clientIp !== null)
    limits.push({ name: "client", where: "client_ip = ?1 AND category = ?2", key: send.clientIp, max: EMAILS_PER_CLIENT_HOUR[category] });
  return limits;
}

/**
 * The statement that writes `send`'s outbox row with status `status` and RETURNs its id — only when every
 * limit has room, and with `ifChanged` only when the statement just before it in the batch changed exactly one
 * row (the caller's claim). Nothing is written otherwise.
 */
export function gatedInsert(db: D1Database, send: EmailSend, status: "queued" | "local", now: number, ifChanged: boolean): D1PreparedStatement {
  const category = categoryOf(send);
  const { to, template, data } = send.message;
  const max = Object.fromEntries(limitsOf(send).map((l) => [l.name, l.max])) as Record<Limit["name"], number | undefined>;
  return db
    .prepare(
      `INSERT INTO email_outbox (recipient, target, category, client_ip, template, data, status, next_attempt_at, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8
       WHERE (?9 = 0 OR changes() = 1)
         AND (SELECT COUNT(*) FROM email_outbox WHERE target = ?2 AND category = ?3 AND created_at > ?10) < ?11
         AND (?4 IS NULL OR (SELECT COUNT(*) FROM email_outbox WHERE client_ip = ?4 AND category = ?3 AND created_at > ?10) < ?12)
         AND (SELECT COUNT(*) FROM email_outbox WHERE category = ?3 AND created_at > ?10) < ?13
       RETURNING id`,
    )
    .bind(
      to,
      targetOf(to),
      category,
      send.clientIp,
      template,
      JSON.stringify(data),
      status,
      now,
      ifChanged ? 1 : 0,
      now - EMAIL_WINDOW_MS,
      max.recipient!,
      max.client ?? 0,
      max.total!,
    );
}

/** The limit that refused a send, and the seconds until every limit has room again. */
export interface EmailLimitHit {
  limit: Limit["name"];
  retryAfter: number;
}

/**
 * After `gatedInsert` wrote nothing: which limit is full and when it has room (its oldest counted row leaves the
 * window), or null when none is (the claim was taken instead). With several full, the latest time wins.
 */
export async function limitHit(db: D1Database, send: EmailSend, now: number): Promise<EmailLimitHit | null> {
  const category = categoryOf(send);
  let hit: EmailLimitHit | null = null;
  for (const limit of limitsOf(send)) {
    const oldest = await db
      .prepare(`SELECT created_at FROM email_outbox WHERE ${limit.where} AND created_at > ?3 ORDER BY created_at DESC LIMIT 1 OFFSET ?4`)
      .bind(limit.key, category, now - EMAIL_WINDOW_MS, limit.max - 1)
      .first<{ created_at: number }>();
    if (!oldest) continue;
    const retryAfter = Math.max(1, Math.ceil((oldest.created_at + EMAIL_WINDOW_MS - now) / 1000));
    if (!hit || retryAfter > hit.retryAfter) hit = { limit: limit.name, retryAfter };
  }
  return hit;
}

/** Forgets the client addresses of rows older than the window (they only ever count within it). */
export function forgetClientsStatement(db: D1Database, now: number): D1PreparedStatement {
  return db.prepare("UPDATE email_outbox SET client_ip = NULL WHERE client_ip IS NOT NULL AND created_at <= ?").bind(now - EMAIL_WINDOW_MS);
}
