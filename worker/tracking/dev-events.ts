/**
 * /dev/events, the local view of the conversion events (served only when APP_ENV is `local`, dev-routes.ts): each
 * event's deliveries (an engine, or `local` when none is configured) newest first, with status, attempts, last
 * error and the event's JSON; filtered by event name and visitor. `?format=json` answers the same rows as JSON for
 * tests. Plain HTML under the worker's strict CSP: no scripts, inline styles only.
 */
import { escapeHtml } from "../email/layout";
import { DEV_EVENTS_PAGE, type DeliveryRow } from "./deliveries";
import { parseBody } from "../lib/body";

/** A delivery as `?format=json` gives it. */
export interface DevEvent {
  eventId: string;
  engine: string;
  eventName: string;
  visitor: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  at: string;
  event: unknown;
}

/** The JSON form of a row. */
export function devEvent(row: DeliveryRow): DevEvent {
  return {
    eventId: row.event_id,
    engine: row.engine,
    eventName: row.event_name,
    visitor: row.visitor,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    at: new Date(row.at).toISOString(),
    // Shown as stored when it is not JSON.
    event: parseBody(row.event),
  };
}

const STYLE =
  "body{font-family:system-ui,sans-serif;margin:24px;color:#1a1a1a}table{border-collapse:collapse;width:100%}" +
  "th,td{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top}pre{white-space:pre-wrap;background:#f6f6f6;padding:8px;margin:0;max-height:240px;overflow:auto}" +
  "details summary{cursor:pointer}form{margin:12px 0}label{margin-right:12px}";

/** The list page. */
export function devEventsHtml(rows: readonly DeliveryRow[], filter: { event?: string; visitor?: string }): string {
  const lines = rows.map((row) => {
    const e = devEvent(row);
    const visitor = row.visitor ? `<a href="/dev/events?visitor=${encodeURIComponent(row.visitor)}">${escapeHtml(row.visitor.slice(0, 12))}…</a>` : "";
    return (
      `<tr><td><time datetime="${e.createdAt}">${e.createdAt.replace("T", " ").slice(0, 19)}</time></td>` +
      `<td><a href="/dev/events?event=${encodeURIComponent(row.event_name)}">${escapeHtml(row.event_name)}</a></td>` +
      `<td>${escapeHtml(row.engine)}</td><td>${escapeHtml(row.status)}</td><td>${row.attempts}</td><td>${escapeHtml(row.last_error ?? "")}</td><td>${visitor}</td>` +
      `<td><details><summary>${escapeHtml(row.event_id)}</summary><pre>${escapeHtml(JSON.stringify(e.event, null, 2))}</pre></details></td></tr>`
    );
  });
  const table = rows.length
    ? `<table><thead><tr><th>Queued (UTC)</th><th>Event</th><th>Engine</th><th>Status</th><th>Attempts</th><th>Last error</th><th>Visitor</th><th>Event id and JSON</th></tr></thead><tbody>${lines.join("")}</tbody></table>`
    : "<p>No events yet.</p>";
  const body =
    "<h1>Tracking events</h1>" +
    `<p>The conversion events the tracking queue's consumer handled, newest first (at most ${DEV_EVENTS_PAGE}): one row per engine, or <code>local</code> when no engine is configured (recorded only). <a href="/dev/events?format=json">JSON</a></p>` +
    `<form method="get" action="/dev/events"><label>Event <input name="event" value="${escapeHtml(filter.event ?? "")}"></label><label>Visitor <input name="visitor" value="${escapeHtml(filter.visitor ?? "")}"></label><button type="submit">Filter</button></form>` +
    table;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Tracking events</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}
