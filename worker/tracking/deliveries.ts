/**
 * tracking_deliveries (migrations/0029_tracking.sql): one row per conversion event and engine. The fan-out
 * writes it `pending` (or `recorded` for the local delivery when no engine is configured); a delivery moves it to
 * delivered, skipped (the engine does not take the event) or failed (a permanent refusal); the dead-letter
 * consumer to dead. A row that left `pending` is never sent again: a redelivered message is acknowledged as is.
 */
import type { TrackingEvent } from "#shared/tracking/event.ts";

export type DeliveryStatus = "pending" | "delivered" | "recorded" | "skipped" | "failed" | "dead";
/** Where a delivery goes: an engine, or `local` (recorded only, for /dev/events). */
export type DeliveryTarget = string;

/** Statuses a delivery never leaves by itself (a replay turns `dead` back into `pending`). */
export const FINAL: ReadonlySet<DeliveryStatus> = new Set(["delivered", "recorded", "skipped", "failed", "dead"]);

/**
 * Creates the event's rows (one per target) unless they exist; RETURNING the targets it created, so a redelivered
 * conversion does not fan out twice.
 */
export function createDeliveries(
  db: D1Database,
  event: TrackingEvent,
  targets: readonly DeliveryTarget[],
  status: "pending" | "recorded",
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO tracking_deliveries (event_id, engine, event_name, visitor, status, attempts, event, created_at, at)
       SELECT ?, j.value, ?, ?, ?, ?, ?, ?, ? FROM json_each(?) j WHERE true
       ON CONFLICT (event_id, engine) DO NOTHING RETURNING engine`,
    )
    .bind(
      event.event_id,
      event.event_name,
      event.user_data.external_id ?? null,
      status,
      status === "recorded" ? 1 : 0,
      JSON.stringify(event),
      now,
      now,
      JSON.stringify(targets),
    );
}

/** The targets of an event still pending. */
export function pendingTargets(db: D1Database, eventId: string): D1PreparedStatement {
  return db.prepare("SELECT engine FROM tracking_deliveries WHERE event_id = ? AND status = 'pending'").bind(eventId);
}

/** The key of a delivery in maps. */
export const deliveryKey = (eventId: string, target: DeliveryTarget) => `${eventId}|${target}`;

/** The status of each (event, target) pair asked, keyed by deliveryKey (one read, on the primary key). */
export async function deliveryStatuses(db: D1Database, pairs: readonly (readonly [string, DeliveryTarget])[]): Promise<Map<string, DeliveryStatus>> {
  if (!pairs.length) return new Map();
  const { results } = await db
    .prepare(
      "SELECT event_id, engine, status FROM tracking_deliveries WHERE (event_id, engine) IN (SELECT j.value ->> '$[0]', j.value ->> '$[1]' FROM json_each(?) j)",
    )
    .bind(JSON.stringify(pairs))
    .all<{ event_id: string; engine: string; status: DeliveryStatus }>();
  return new Map(results.map((r) => [deliveryKey(r.event_id, r.engine), r.status]));
}

/** One delivery's result. */
export interface DeliveryResult {
  event: TrackingEvent;
  target: DeliveryTarget;
  status: DeliveryStatus;
  attempts: number;
  error: string | null;
}

/**
 * Writes a delivery's result: creates the row if the fan-out's was lost, and changes only a pending row (a
 * delivery already settled by another message stays as it is).
 */
export function saveDelivery(db: D1Database, r: DeliveryResult, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO tracking_deliveries (event_id, engine, event_name, visitor, status, attempts, last_error, event, created_at, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (event_id, engine) DO UPDATE SET status = excluded.status, attempts = excluded.attempts, last_error = excluded.last_error, at = excluded.at
       WHERE tracking_deliveries.status = 'pending'`,
    )
    .bind(
      r.event.event_id,
      r.target,
      r.event.event_name,
      r.event.user_data.external_id ?? null,
      r.status,
      r.attempts,
      r.error,
      JSON.stringify(r.event),
      now,
      now,
    );
}

/** A delivery as /dev/events shows it. */
export interface DeliveryRow {
  event_id: string;
  engine: string;
  event_name: string;
  visitor: string | null;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  event: string;
  created_at: number;
  at: number;
}

/** Rows /dev/events lists. */
export const DEV_EVENTS_PAGE = 200;

/** The newest deliveries (by creation), optionally of one event name and/or one visitor. */
export async function newestDeliveries(db: D1Database, filter: { event?: string; visitor?: string } = {}): Promise<DeliveryRow[]> {
  const where: string[] = [];
  const binds: unknown[] = [];
  if (filter.event) {
    where.push("event_name = ?");
    binds.push(filter.event);
  }
  if (filter.visitor) {
    where.push("visitor = ?");
    binds.push(filter.visitor);
  }
  const sql = `SELECT event_id, engine, event_name, visitor, status, attempts, last_error, event, created_at, at FROM tracking_deliveries
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at DESC, event_id, engine LIMIT ?`;
  return (
    await db
      .prepare(sql)
      .bind(...binds, DEV_EVENTS_PAGE)
      .all<DeliveryRow>()
  ).results;
}
