/**
 * The tracking queue's consumer (wrangler.toml `[[queues.consumers]]`; docs/decisions/040-tracking-queue.md):
 * - `conversion`: fanned out into one `deliver` message per configured engine (worker/tracking/engines/config.ts;
 *   §1's disabled engines have no adapter), each with its `pending` row; with no engine configured, one `local`
 *   delivery that is only recorded (/dev/events shows it);
 * - `deliver`: deliver.ts (the engine's adapter; acknowledged, retried with backoff, or failed for good);
 * - `exposure`, `visitor-event`, `page-view`: written to D1 in one db.batch (records.ts), and page views also to
 *   Workers Analytics Engine when the optional `PAGE_VIEWS` dataset is bound;
 * - anything else is not a tracking message: stored with the dead letters at once, never retried, never lost.
 * The dead-letter queue's batches go to dead-letters.ts. `batch.queue` tells them apart.
 */
import { engineView } from "#shared/tracking/engine-view.ts";
import type { EngineName, TrackingEvent } from "#shared/tracking/event.ts";
import type { Bindings } from "../env";
import { deadLetterStatements, consumeDeadLetters } from "./dead-letters";
import { type CapCounter, capReason, claimDailyEvents, counterKey } from "./caps";
import { createDeliveries, pendingTargets, saveDelivery } from "./deliveries";
import { backoffSeconds, type DeliverMessage, deliverAll } from "./deliver";
import { configuredEngines } from "./engines/config";
import type { EngineAdapter } from "./engines/types";
import type { TrackingMessage, TrackingProducer } from "./messages";
import { type RecordMessage, recordStatements } from "./records";

/** The dead-letter queue's name starts so in every environment (loupe-tracking-dlq, …-staging, …-production). */
export const DEAD_LETTER_QUEUE = "loupe-tracking-dlq";
export const isDeadLetterQueue = (name: string) => name === DEAD_LETTER_QUEUE || name.startsWith(`${DEAD_LETTER_QUEUE}-`);

/** The default first retry delay (doubling per attempt: 30 s, 60 s, 120 s before the dead-letter queue). */
export const RETRY_BASE_SECONDS = 30;

export interface ConsumerOptions {
  now: number;
  engines: readonly EngineAdapter[];
  /** Where the fan-out puts its `deliver` messages (the tracking queue). */
  producer: TrackingProducer;
  retryBaseSeconds: number;
  /** Workers Analytics Engine's page-view dataset, when bound. */
  pageViews?: AnalyticsEngineDataset;
}

type Msg = Pick<Message<unknown>, "id" | "attempts" | "body" | "ack" | "retry">;

/** The consumer's options from the worker's bindings. */
export function consumerOptions(env: Bindings, now: number): ConsumerOptions {
  const base = Number(env.TRACKING_RETRY_BASE_SECONDS);
  const pageViews = (env as { PAGE_VIEWS?: AnalyticsEngineDataset }).PAGE_VIEWS;
  return {
    now,
    engines: configuredEngines(env),
    producer: env.TRACKING_QUEUE,
    retryBaseSeconds: env.TRACKING_RETRY_BASE_SECONDS !== undefined && Number.isFinite(base) && base >= 0 ? base : RETRY_BASE_SECONDS,
    ...(pageViews ? { pageViews } : {}),
  };
}

/** The `queue` handler: the tracking queue or its dead-letter queue. */
export async function trackingQueue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const now = Date.now();
  if (isDeadLetterQueue(batch.queue)) return consumeDeadLetters(env.DB, batch.messages, now);
  return consumeTracking(env.DB, batch.messages, consumerOptions(env, now));
}

const TYPES = new Set(["conversion", "deliver", "exposure", "visitor-event", "page-view"]);

function isTrackingMessage(body: unknown): body is TrackingMessage {
  if (!body || typeof body !== "object") return false;
  const b = body as Record<string, unknown>;
  if (!TYPES.has(b.type as string)) return false;
  if (b.type === "conversion" || b.type === "deliver") {
    const e = b.event as TrackingEvent | undefined;
    return (
      !!e &&
      typeof e.event_id === "string" &&
      typeof e.event_name === "string" &&
      !!e.custom_data &&
      !!e.user_data &&
      (b.type === "conversion" || typeof b.engine === "string")
    );
  }
  if (b.type === "page-view") return !!b.record && typeof (b.record as { url?: unknown }).url === "string";
  return typeof b.visitorId === "string" && typeof b.at === "number";
}

/** Consumes one batch of the tracking queue (every message acknowledged or retried; nothing thrown). */
export async function consumeTracking(db: D1Database, messages: readonly Msg[], options: ConsumerOptions): Promise<void> {
  const records: { msg: Msg; record: RecordMessage }[] = [];
  const conversions: { msg: Msg; event: TrackingEvent }[] = [];
  const deliveries: DeliverMessage[] = [];
  const strays: Msg[] = [];
  for (const msg of messages) {
    const body = msg.body;
    if (!isTrackingMessage(body)) strays.push(msg);
    else if (body.type === "conversion") conversions.push({ msg, event: body.event });
    else if (body.type === "deliver") deliveries.push(msg as DeliverMessage);
    else records.push({ msg, record: { id: msg.id, body } as RecordMessage });
  }
  await Promise.all([
    writeRecords(db, records, options),
    fanOut(db, conversions, options),
    deliverAll(db, deliveries, options),
    keepStrays(db, strays, options),
  ]);
}

/** Queues take at most 100 messages and 256 KB per sendBatch (kept under 200 KB for the envelope). */
const SEND_BATCH_MESSAGES = 100;
const SEND_BATCH_BYTES = 200_000;

/** The messages in sendBatch-sized chunks: at most 100 each, and at most SEND_BATCH_BYTES of JSON. */
export function sendBatches(messages: readonly TrackingMessage[]): TrackingMessage[][] {
  const out: TrackingMessage[][] = [];
  let chunk: TrackingMessage[] = [];
  let bytes = 0;
  for (const m of messages) {
    const size = JSON.stringify(m).length;
    if (chunk.length && (chunk.length === SEND_BATCH_MESSAGES || bytes + size > SEND_BATCH_BYTES)) {
      out.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(m);
    bytes += size;
  }
  if (chunk.length) out.push(chunk);
  return out;
}

const retryLater = (msgs: Iterable<Msg>, options: ConsumerOptions) => {
  for (const m of msgs) m.retry({ delaySeconds: backoffSeconds(m.attempts, options.retryBaseSeconds) });
};

async function writeRecords(db: D1Database, records: readonly { msg: Msg; record: RecordMessage }[], options: ConsumerOptions): Promise<void> {
  if (!records.length) return;
  try {
    await db.batch(
      recordStatements(
        db,
        records.map((r) => r.record),
      ),
    );
  } catch (e) {
    console.error(JSON.stringify({ level: "error", message: `${records.length} tracking records not written: ${String(e)}` }));
    return retryLater(
      records.map((r) => r.msg),
      options,
    );
  }
  if (options.pageViews) {
    for (const { record } of records) {
      if (record.body.type !== "page-view") continue;
      const r = record.body.record;
      // Analytics Engine: blobs are the dimensions, doubles the measures, the index the sampling key (the visitor).
      options.pageViews.writeDataPoint({
        indexes: [r.cookieId.slice(0, 96)],
        blobs: [
          r.url,
          r.referrer ?? "",
          r.cookieId,
          r.utm.utm_source ?? "",
          r.utm.utm_medium ?? "",
          r.utm.utm_campaign ?? "",
          r.utm.utm_term ?? "",
          r.utm.utm_content ?? "",
        ],
        doubles: [r.at],
      });
    }
  }
  for (const r of records) r.msg.ack();
}

async function fanOut(db: D1Database, conversions: readonly { msg: Msg; event: TrackingEvent }[], options: ConsumerOptions): Promise<void> {
  if (!conversions.length) return;
  const engines = options.engines.map((a) => a.engine);
  const local = engines.length === 0;
  try {
    const statements = conversions.flatMap(({ event }) => [
      createDeliveries(db, event, local ? ["local"] : engines, local ? "recorded" : "pending", options.now),
      pendingTargets(db, event.event_id),
    ]);
    const answers = await db.batch<{ engine: string }>(statements);
    const pairs: { event: TrackingEvent; engine: EngineName; fresh: boolean }[] = [];
    conversions.forEach(({ msg, event }, i) => {
      const created = answers[2 * i]!.results.map((r) => r.engine);
      // A redelivered conversion re-sends what is still pending (its first fan-out may not have reached the queue).
      const targets = msg.attempts > 1 ? answers[2 * i + 1]!.results.map((r) => r.engine) : created;
      for (const engine of targets) if (engine !== "local") pairs.push({ event, engine: engine as EngineName, fresh: created.includes(engine) });
    });
    const deliver = await underDailyCaps(db, pairs, options.now);
    for (const chunk of sendBatches(deliver)) await options.producer.sendBatch(chunk.map((body) => ({ body, contentType: "json" as const })));
  } catch (e) {
    console.error(JSON.stringify({ level: "error", message: `${conversions.length} conversions not fanned out: ${String(e)}` }));
    return retryLater(
      conversions.map((c) => c.msg),
      options,
    );
  }
  for (const c of conversions) c.msg.ack();
}

/**
 * The deliveries that may go, under each engine's daily cap (caps.ts): a newly fanned-out delivery the engine takes
 * claims one of the day's events; those over the cap are settled as skipped (with why), never sent. A delivery
 * the engine does not take costs nothing (its adapter skips it).
 */
async function underDailyCaps(
  db: D1Database,
  pairs: readonly { event: TrackingEvent; engine: EngineName; fresh: boolean }[],
  now: number,
): Promise<TrackingMessage[]> {
  const counted = pairs.filter((p) => p.fresh && engineView(p.engine, p.event) !== null);
  const wanted = new Map<string, CapCounter & { n: number }>();
  for (const p of counted) {
    const counter = { engine: p.engine, kind: p.event.event_name };
    const w = wanted.get(counterKey(counter)) ?? { ...counter, n: 0 };
    wanted.set(counterKey(counter), { ...w, n: w.n + 1 });
  }
  const granted = await claimDailyEvents(db, [...wanted.values()], now);
  const over = new Set<(typeof pairs)[number]>();
  for (const p of counted) {
    const key = counterKey({ engine: p.engine, kind: p.event.event_name });
    const left = granted.get(key) ?? 0;
    if (left > 0) granted.set(key, left - 1);
    else over.add(p);
  }
  if (over.size) {
    await db.batch(
      [...over].map((p) =>
        saveDelivery(
          db,
          { event: p.event, target: p.engine, status: "skipped", attempts: 0, error: capReason({ engine: p.engine, kind: p.event.event_name }) },
          now,
        ),
      ),
    );
  }
  return pairs.filter((p) => !over.has(p)).map((p) => ({ type: "deliver", engine: p.engine, event: p.event }));
}

/** A message that is no tracking message: kept with the dead letters (an operator can read it), acknowledged. */
async function keepStrays(db: D1Database, strays: readonly Msg[], options: ConsumerOptions): Promise<void> {
  if (!strays.length) return;
  try {
    await db.batch(strays.flatMap((m) => deadLetterStatements(db, m, options.now, "not a tracking message")));
  } catch (e) {
    console.error(JSON.stringify({ level: "error", message: `stray tracking messages not kept: ${String(e)}` }));
    return retryLater(strays, options);
  }
  for (const m of strays) m.ack();
}
