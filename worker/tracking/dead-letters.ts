/**
 * The dead letters: every message the tracking queue gave up on (after max_retries it lands on the dead-letter
 * queue, whose consumer is here) is written to D1's tracking_dead_letters with the delivery's last error and
 * attempts, and its delivery marked dead — nothing is lost. An operator lists them and replays one (put back on
 * the tracking queue once; its delivery pending again) through the admin API (admin-routes.ts).
 */
import type { DeadLetter, DeadLetterList } from "#shared/api/tracking-admin.ts";
import { refused } from "#shared/refusal.ts";
import type { TrackingMessage, TrackingProducer } from "./messages";
import { parseBody } from "../lib/body";

type Msg = Pick<Message<unknown>, "id" | "attempts" | "body">;

/** Attempts a dead letter had when the delivery row does not say (max_retries 3 → 4 attempts). */
export const ATTEMPTS_BEFORE_DEAD_LETTER = 4;

function deliveryOf(body: unknown): { engine: string | null; eventId: string | null; type: string } {
  const b = (body && typeof body === "object" ? body : {}) as { type?: unknown; engine?: unknown; event?: { event_id?: unknown } };
  const type = typeof b.type === "string" ? b.type.slice(0, 40) : "unknown";
  const eventId = typeof b.event?.event_id === "string" ? b.event.event_id : null;
  return { type, engine: type === "deliver" && typeof b.engine === "string" ? b.engine : null, eventId };
}

/** The statements keeping one dead letter (once per message id) and marking its delivery dead. */
export function deadLetterStatements(db: D1Database, msg: Msg, now: number, error: string | null = null): D1PreparedStatement[] {
  const { type, engine, eventId } = deliveryOf(msg.body);
  let body: string;
  try {
    body = JSON.stringify(msg.body) ?? "null";
  } catch {
    body = JSON.stringify(String(msg.body));
  }
  const statements = [
    db
      .prepare(
        `INSERT INTO tracking_dead_letters (message_id, type, engine, event_id, body, error, attempts, at)
         VALUES (?, ?, ?, ?, ?,
           COALESCE(?, (SELECT last_error FROM tracking_deliveries WHERE event_id = ? AND engine = ?)),
           COALESCE((SELECT attempts FROM tracking_deliveries WHERE event_id = ? AND engine = ?), ?), ?)
         ON CONFLICT (message_id) DO NOTHING`,
      )
      .bind(msg.id, type, engine, eventId, body, error, eventId, engine, eventId, engine, error ? msg.attempts : ATTEMPTS_BEFORE_DEAD_LETTER, now),
  ];
  if (engine && eventId) {
    statements.push(
      db.prepare("UPDATE tracking_deliveries SET status = 'dead', at = ? WHERE event_id = ? AND engine = ? AND status = 'pending'").bind(now, eventId, engine),
    );
  }
  return statements;
}

/** The dead-letter queue's consumer: the batch written in one db.batch, then acknowledged (retried when D1 failed). */
export async function consumeDeadLetters(db: D1Database, messages: readonly (Msg & Pick<Message<unknown>, "ack" | "retry">)[], now: number): Promise<void> {
  if (!messages.length) return;
  try {
    await db.batch(messages.flatMap((m) => deadLetterStatements(db, m, now)));
  } catch (e) {
    console.error(JSON.stringify({ level: "error", message: `${messages.length} dead letters not written (retried): ${String(e)}` }));
    for (const m of messages) m.retry();
    return;
  }
  for (const m of messages) m.ack();
}

interface DeadLetterRow {
  id: number;
  message_id: string;
  type: string;
  engine: string | null;
  event_id: string | null;
  body: string;
  error: string | null;
  attempts: number;
  at: number;
  replayed_at: number | null;
}

const view = (r: DeadLetterRow): DeadLetter => ({
  id: r.id,
  type: r.type,
  engine: r.engine,
  eventId: r.event_id,
  // Kept as the text it was when it is not JSON.
  body: parseBody(r.body),
  error: r.error,
  attempts: r.attempts,
  at: new Date(r.at).toISOString(),
  replayedAt: r.replayed_at === null ? null : new Date(r.replayed_at).toISOString(),
});

/** Dead letters shown per page. */
export const DEAD_LETTER_PAGE = 50;

/** The dead letters newest first, before `before` (an id) when given; optionally only those not replayed. */
export async function listDeadLetters(db: D1Database, query: { before?: number; pending?: boolean }): Promise<DeadLetterList> {
  const where: string[] = [];
  const binds: unknown[] = [];
  if (query.before !== undefined) {
    where.push("id < ?");
    binds.push(query.before);
  }
  if (query.pending) where.push("replayed_at IS NULL");
  const { results } = await db
    .prepare(`SELECT * FROM tracking_dead_letters ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ?`)
    .bind(...binds, DEAD_LETTER_PAGE + 1)
    .all<DeadLetterRow>();
  const page = results.slice(0, DEAD_LETTER_PAGE);
  return { items: page.map(view), next: results.length > DEAD_LETTER_PAGE ? page[page.length - 1]!.id : null };
}

/** The tracking queue did not take the replayed message (the dead letter stays replayable). */
export class QueueUnavailable extends Error {}

/**
 * Puts a dead letter back on the tracking queue, once: compare-and-set on replayed_at (a second replay, or two at
 * once, is a 409 for all but one); its delivery turns pending again so the consumer sends it. If the queue refuses
 * the message the replay is undone.
 */
export async function replayDeadLetter(db: D1Database, producer: TrackingProducer, id: number, now: number): Promise<DeadLetter> {
  const claimed = await db
    .prepare("UPDATE tracking_dead_letters SET replayed_at = ? WHERE id = ? AND replayed_at IS NULL RETURNING *")
    .bind(now, id)
    .first<DeadLetterRow>();
  if (!claimed) {
    const exists = await db.prepare("SELECT id FROM tracking_dead_letters WHERE id = ?").bind(id).first();
    if (!exists) throw refused("not_found", "No such dead letter");
    throw refused("conflict", "This dead letter was already replayed");
  }
  let body: TrackingMessage;
  try {
    body = JSON.parse(claimed.body) as TrackingMessage;
  } catch {
    body = null as never;
  }
  if (!body || typeof body !== "object" || claimed.type === "unknown") {
    await db.prepare("UPDATE tracking_dead_letters SET replayed_at = NULL WHERE id = ?").bind(id).run();
    throw refused("conflict", "This dead letter is not a tracking message: it cannot be replayed");
  }
  if (claimed.engine && claimed.event_id) {
    await db
      .prepare("UPDATE tracking_deliveries SET status = 'pending', attempts = 0, at = ? WHERE event_id = ? AND engine = ? AND status = 'dead'")
      .bind(now, claimed.event_id, claimed.engine)
      .run();
  }
  try {
    await producer.sendBatch([{ body, contentType: "json" }]);
  } catch (e) {
    await db.prepare("UPDATE tracking_dead_letters SET replayed_at = NULL WHERE id = ?").bind(id).run();
    throw new QueueUnavailable(`The tracking queue did not take the message: ${String(e)}`);
  }
  return view(claimed);
}
