/**
 * /dev/outbox, the local mailbox (served only when APP_ENV is `local`, routes.ts): without a provider the
 * outbox rows are the mail, so a developer — or a browser test — reads the newest emails here and opens
 * their links (the confirmation link after registering). Plain server-rendered HTML that works under the
 * worker's strict CSP: no scripts, inline styles only; an email's HTML body is shown in a sandboxed
 * `<iframe srcdoc>` whose links open in the top window, and its links are also listed as plain `<a>`.
 */
import { escapeHtml, safeHref } from "./layout";
import { isEmailTemplate, type RenderedEmail, renderEmail, type EmailMessage } from "./templates";

/** An outbox row as the pages show it. */
export interface OutboxRow {
  id: number;
  recipient: string;
  template: string;
  data: string;
  status: string;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  created_at: number;
  sent_at: number | null;
}

/** Rows the list shows. */
export const OUTBOX_PAGE_SIZE = 100;

const COLUMNS = "id, recipient, template, data, status, attempts, last_error, provider_message_id, created_at, sent_at";

/** The newest rows, optionally only those to one address (case-insensitive). */
export async function newestOutboxRows(db: D1Database, to?: string): Promise<OutboxRow[]> {
  const query = to
    ? db.prepare(`SELECT ${COLUMNS} FROM email_outbox WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC LIMIT ?`).bind(to.trim(), OUTBOX_PAGE_SIZE)
    : db.prepare(`SELECT ${COLUMNS} FROM email_outbox ORDER BY id DESC LIMIT ?`).bind(OUTBOX_PAGE_SIZE);
  return (await query.all<OutboxRow>()).results;
}

/** One row, or null. */
export function outboxRow(db: D1Database, id: number): Promise<OutboxRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM email_outbox WHERE id = ?`).bind(id).first<OutboxRow>();
}

function rendered(row: OutboxRow): RenderedEmail | null {
  if (!isEmailTemplate(row.template)) return null;
  try {
    return renderEmail({ template: row.template, data: JSON.parse(row.data) } as EmailMessage);
  } catch {
    return null;
  }
}

const time = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString().replace("T", " ").slice(0, 19));

const STYLE =
  "body{font-family:system-ui,sans-serif;margin:24px;color:#1a1a1a}table{border-collapse:collapse;width:100%}" +
  "th,td{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top}pre{white-space:pre-wrap;background:#f6f6f6;padding:12px}" +
  "iframe{width:100%;height:640px;border:1px solid #ccc}dt{font-weight:600}dd{margin:0 0 8px}";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The list page: the newest 100 emails (to, template, subject, status, attempts, time). */
export function outboxListHtml(rows: readonly OutboxRow[], to?: string): string {
  const lines = rows.map((row) => {
    const subject = rendered(row)?.subject ?? "(cannot render)";
    return (
      `<tr><td>${row.id}</td><td>${escapeHtml(row.recipient)}</td><td>${escapeHtml(row.template)}</td>` +
      `<td><a href="/dev/outbox/${row.id}">${escapeHtml(subject)}</a></td><td>${escapeHtml(row.status)}</td><td>${row.attempts}</td>` +
      `<td><time datetime="${new Date(row.created_at).toISOString()}">${time(row.created_at)}</time></td></tr>`
    );
  });
  const table = rows.length
    ? `<table><thead><tr><th>#</th><th>To</th><th>Template</th><th>Subject</th><th>Status</th><th>Attempts</th><th>Queued (UTC)</th></tr></thead><tbody>${lines.join("")}</tbody></table>`
    : "<p>No emails yet.</p>";
  return page(
    "Outbox",
    `<h1>Outbox</h1><p>Every email the worker queued, newest first (at most ${OUTBOX_PAGE_SIZE}). Without <code>RESEND_API_KEY</code> they are not sent: their status is <code>local</code>.</p>` +
      `<form method="get" action="/dev/outbox"><label>To <input type="email" name="to" value="${escapeHtml(to ?? "")}"></label> <button type="submit">Filter</button></form>` +
      table,
  );
}

/** One email: its details, its links as plain links, the text body and the HTML body in a sandboxed frame. */
export function outboxEmailHtml(row: OutboxRow): string {
  const email = rendered(row);
  const details =
    `<dl><dt>To</dt><dd>${escapeHtml(row.recipient)}</dd><dt>Template</dt><dd>${escapeHtml(row.template)}</dd>` +
    `<dt>Status</dt><dd>${escapeHtml(row.status)} (attempts: ${row.attempts})</dd><dt>Queued (UTC)</dt><dd>${time(row.created_at)}</dd>` +
    (row.sent_at === null ? "" : `<dt>Sent (UTC)</dt><dd>${time(row.sent_at)}</dd>`) +
    (row.provider_message_id ? `<dt>Provider id</dt><dd>${escapeHtml(row.provider_message_id)}</dd>` : "") +
    (row.last_error ? `<dt>Last error</dt><dd>${escapeHtml(row.last_error)}</dd>` : "") +
    "</dl>";
  const back = '<p><a href="/dev/outbox">← All emails</a></p>';
  if (!email) return page(`Email ${row.id}`, `${back}<h1>Email ${row.id}</h1>${details}<p>This row cannot be rendered.</p><pre>${escapeHtml(row.data)}</pre>`);
  const headers = Object.entries(email.headers).map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`);
  const links = email.links.map((link) => `<li>${escapeHtml(link.label)}: <a href="${escapeHtml(safeHref(link.href))}">${escapeHtml(link.href)}</a></li>`);
  // Links inside the frame open in the top window (the frame is sandboxed: no scripts, no same origin).
  const srcdoc = email.html.replace("<head>", '<head><base target="_top">');
  return page(
    email.subject,
    `${back}<h1>${escapeHtml(email.subject)}</h1>${details}` +
      (headers.length ? `<h2>Headers</h2><dl>${headers.join("")}</dl>` : "") +
      `<h2>Links</h2><ul>${links.join("")}</ul>` +
      `<h2>Text body</h2><pre>${escapeHtml(email.text)}</pre>` +
      `<h2>HTML body</h2><iframe title="HTML body of the email" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(srcdoc)}"></iframe>`,
  );
}
