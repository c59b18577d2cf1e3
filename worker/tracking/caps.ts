/**
 * The ad engines' daily event caps (decision 039: 10,000 events per UTC day, shared/tracking/engine-view.ts
 * `EVENT_CAPS`), counted per engine and event kind (docs/decisions/055-abuse-limits-and-promotion-rules.md): a
 * flood of anonymous view_content events uses up view_content's share only, never the day's purchases. The
 * fan-out claims what it is about to send from `tracking_engine_event_days` in one D1 batch (a transaction): read,
 * raise by at most what is left, read again — so concurrent consumers together never exceed a cap, and each
 * learns exactly how many of its events may go.
 */
import { type CappedEngine, EVENT_CAPS, eventCapDay } from "#shared/tracking/engine-view.ts";
import type { TrackingEventName } from "#shared/tracking/event.ts";

/** One counter: an engine's events of one kind. */
export type CapCounter = { engine: CappedEngine; kind: TrackingEventName };

/** The map key of a counter ("meta:purchase"). */
export const counterKey = (c: CapCounter) => `${c.engine}:${c.kind}`;

/** Why a delivery over the cap is skipped (shown on /dev/events and in the delivery's last_error). */
export const capReason = ({ engine, kind }: CapCounter) => `daily cap of ${EVENT_CAPS[engine].toLocaleString("en-US")} ${kind} events reached`;

/**
 * Claims up to `n` events for each counter asked for, for the UTC day of `now`: how many each may send (the rest are
 * over its cap), by counterKey. One batch; counters asking for nothing are not touched.
 */
export async function claimDailyEvents(db: D1Database, wanted: readonly (CapCounter & { n: number })[], now: number): Promise<Map<string, number>> {
  const asked = wanted.filter((w) => w.n > 0);
  const granted = new Map<string, number>();
  if (!asked.length) return granted;
  const day = eventCapDay(now);
  const statements = asked.flatMap(({ engine, kind, n }) => [
    db.prepare("INSERT INTO tracking_engine_event_days (engine, event_name, day, sent) VALUES (?, ?, ?, 0) ON CONFLICT DO NOTHING").bind(engine, kind, day),
    db.prepare("SELECT sent FROM tracking_engine_event_days WHERE engine = ? AND event_name = ? AND day = ?").bind(engine, kind, day),
    db
      .prepare("UPDATE tracking_engine_event_days SET sent = MIN(?, sent + ?) WHERE engine = ? AND event_name = ? AND day = ? RETURNING sent")
      .bind(EVENT_CAPS[engine], n, engine, kind, day),
  ]);
  const answers = await db.batch<{ sent: number }>(statements);
  asked.forEach((counter, i) => {
    const before = answers[3 * i + 1]!.results[0]?.sent ?? 0;
    const after = answers[3 * i + 2]!.results[0]?.sent ?? before;
    granted.set(counterKey(counter), Math.max(0, after - before));
  });
  return granted;
}
