/**
 * The queue's analytics records written to D1 (no engine involved): the experiments' exposures (once per visitor,
 * experiment and variant: experiment_events' key), their conversions (visitor_events) and page views (§7's
 * page-view record). Multi-row inserts within D1's 100 bound parameters, every row keyed so a redelivered message
 * inserts nothing: exposures by their primary key, visitor events and page views by the queue message's id (the
 * same on every delivery of a message).
 */
import type { PageViewRecord, TrackingMessage } from "./messages";

type Exposure = Extract<TrackingMessage, { type: "exposure" }>;
type VisitorEvent = Extract<TrackingMessage, { type: "visitor-event" }>;

/** One analytics record with the id of the queue message that carried it. */
export type RecordMessage =
  | { id: string; body: Exposure }
  | { id: string; body: VisitorEvent }
  | { id: string; body: { type: "page-view"; record: PageViewRecord } };

/** Rows per statement: as many as fit D1's 100 bound parameters. */
const rowsPer = (columns: number) => Math.floor(100 / columns);

function multiRow(db: D1Database, head: string, tail: string, columns: number, rows: readonly unknown[][]): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  const per = rowsPer(columns);
  const tuple = `(${Array.from({ length: columns }, () => "?").join(", ")})`;
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    out.push(db.prepare(`${head} VALUES ${chunk.map(() => tuple).join(", ")} ${tail}`).bind(...chunk.flat()));
  }
  return out;
}

const UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** The statements that write the records (run them in one db.batch: all or none). */
export function recordStatements(db: D1Database, messages: readonly RecordMessage[]): D1PreparedStatement[] {
  const exposures: unknown[][] = [];
  const events: unknown[][] = [];
  const views: unknown[][] = [];
  for (const { id, body } of messages) {
    if (body.type === "exposure") exposures.push([body.visitorId, body.experiment, body.variant, body.source, body.at]);
    else if (body.type === "visitor-event") events.push([body.visitorId, body.kind, body.at, id]);
    else {
      const r = body.record;
      views.push([id, r.at, r.url, r.referrer ?? null, r.cookieId, ...UTM.map((k) => r.utm?.[k] ?? null)]);
    }
  }
  return [
    ...multiRow(db, "INSERT INTO experiment_events (visitor_id, experiment, variant, source, at)", "ON CONFLICT DO NOTHING", 5, exposures),
    ...multiRow(db, "INSERT INTO visitor_events (visitor_id, kind, at, message_id)", "ON CONFLICT DO NOTHING", 4, events),
    ...multiRow(db, `INSERT INTO page_views (id, at, url, referrer, cookie_id, ${UTM.join(", ")})`, "ON CONFLICT DO NOTHING", 10, views),
  ];
}
