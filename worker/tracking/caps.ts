/**
 * The ad engines' daily event caps (§9; decision 039: 10,000 events per engine per UTC day, shared/tracking/
 * engine-view.ts `EVENT_CAPS`). The fan-out claims what it is about to send from `tracking_engine_days` in one D1
 * batch (a transaction): read, raise by at most what is left, read again — so concurrent consumers together
 * never exceed an engine's cap, and each learns exactly how many of its events may go.
 */
import { type CappedEngine, EVENT_CAPS, eventCapKey } from "#shared/tracking/engine-view.ts";

/** Why a delivery over the cap is skipped (shown on /dev/events and in the delivery's last_error). */
export const capReason = (engine: CappedEngine) => `daily cap of ${EVENT_CAPS[engine].toLocaleString("en-US")} events reached`;

/**
 * Claims up to `wanted` events per engine for the UTC day of `now`: how many each may send (the rest are over
 * its cap). One batch; engines asking for nothing are not touched.
 */
export async function claimDailyEvents(db: D1Database, wanted: ReadonlyMap<CappedEngine, number>, now: number): Promise<Map<CappedEngine, number>> {
  const asked = [...wanted].filter(([, n]) => n > 0);
  const granted = new Map<CappedEngine, number>();
  if (!asked.length) return granted;
  const statements = asked.flatMap(([engine, n]) => {
    const day = eventCapKey(engine, now).slice(engine.length + 1);
    return [
      db.prepare("INSERT INTO tracking_engine_days (engine, day, sent) VALUES (?, ?, 0) ON CONFLICT DO NOTHING").bind(engine, day),
      db.prepare("SELECT sent FROM tracking_engine_days WHERE engine = ? AND day = ?").bind(engine, day),
      db
        .prepare("UPDATE tracking_engine_days SET sent = MIN(?, sent + ?) WHERE engine = ? AND day = ? RETURNING sent")
        .bind(EVENT_CAPS[engine], n, engine, day),
    ];
  });
  const answers = await db.batch<{ sent: number }>(statements);
  asked.forEach(([engine], i) => {
    const before = answers[3 * i + 1]!.results[0]?.sent ?? 0;
    const after = answers[3 * i + 2]!.results[0]?.sent ?? before;
    granted.set(engine, Math.max(0, after - before));
  });
  return granted;
}
