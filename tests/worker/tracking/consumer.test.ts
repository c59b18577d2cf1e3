/**
 * The tracking queue's consumer (worker/tracking/consumer.ts) called as the Queues runtime calls it — the worker's
 * `queue` handler with a batch from `createMessageBatch` and its acks and retries read by `getQueueResult` — against
 * real D1 and the loopback Meta and GA4 fakes: the fan-out, deliveries acknowledged, retried with backoff or failed
 * for good, redeliveries that change nothing, the analytics records written once, the dead-letter queue's batches.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { TrackingEvent } from "#shared/tracking/event.ts";
import type { Bindings } from "#worker/env.ts";
import worker from "#worker/index.ts";
import { consumeTracking, sendBatches } from "#worker/tracking/consumer.ts";
import { backoffSeconds } from "#worker/tracking/deliver.ts";
import { configuredEngines } from "#worker/tracking/engines/config.ts";
import type { TrackingMessage } from "#worker/tracking/messages.ts";
import { fakeHash, ga4Stream, metaPixel, purchaseEvent } from "./engine-fakes";

/** A producer that keeps what the consumer puts back on the queue. */
function recordingQueue() {
  const sent: TrackingMessage[] = [];
  return {
    sent,
    queue: {
      send: async () => {},
      sendBatch: async (messages: Iterable<MessageSendRequest<TrackingMessage>>) => void sent.push(...[...messages].map((m) => m.body)),
    } as unknown as Queue,
  };
}

let seq = 0;
const message = (body: unknown, attempts = 1) => ({ id: `msg-${Date.now()}-${++seq}`, timestamp: new Date(), attempts, body });

async function run(queueName: string, messages: ReturnType<typeof message>[], bindings: Partial<Bindings>) {
  const batch = createMessageBatch<unknown>(queueName, messages);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...bindings } as Bindings, ctx);
  return getQueueResult(batch, ctx);
}

const deliveries = async (eventId: string) =>
  (
    await env.DB.prepare("SELECT engine, status, attempts, last_error FROM tracking_deliveries WHERE event_id = ? ORDER BY engine")
      .bind(eventId)
      .all<{ engine: string; status: string; attempts: number; last_error: string | null }>()
  ).results;

const deliver = (engine: string, event: TrackingEvent, attempts = 1) => message({ type: "deliver", engine, event }, attempts);

describe("conversion: the fan-out", () => {
  it("puts one deliver message per configured engine on the queue, each with a pending delivery, and acknowledges", async () => {
    const [meta, ga4] = await Promise.all([metaPixel(), ga4Stream()]);
    const { sent, queue } = recordingQueue();
    const event = purchaseEvent();
    const result = await run("loupe-tracking", [message({ type: "conversion", event })], { ...meta.env, ...ga4.env, TRACKING_QUEUE: queue });
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(sent.map((m) => m.type === "deliver" && m.engine).sort()).toEqual(["ga4", "meta"]);
    expect(await deliveries(event.event_id)).toEqual([
      { engine: "ga4", status: "pending", attempts: 0, last_error: null },
      { engine: "meta", status: "pending", attempts: 0, last_error: null },
    ]);
    // The engines saw nothing yet: delivering is the deliver messages' job.
    expect(await meta.received()).toEqual([]);
  });

  it("with no engine configured records one local delivery, and puts nothing back on the queue", async () => {
    const { sent, queue } = recordingQueue();
    const event = purchaseEvent();
    const result = await run("loupe-tracking", [message({ type: "conversion", event })], { TRACKING_QUEUE: queue });
    expect(result.explicitAcks).toHaveLength(1);
    expect(sent).toEqual([]);
    expect(await deliveries(event.event_id)).toEqual([{ engine: "local", status: "recorded", attempts: 1, last_error: null }]);
  });

  it("a redelivered conversion does not fan out twice; one redelivered after a retry re-sends only what is still pending", async () => {
    const [meta, ga4] = await Promise.all([metaPixel(), ga4Stream()]);
    const { sent, queue } = recordingQueue();
    const bindings = { ...meta.env, ...ga4.env, TRACKING_QUEUE: queue };
    const event = purchaseEvent();
    await run("loupe-tracking", [message({ type: "conversion", event })], bindings);
    await run("loupe-tracking", [message({ type: "conversion", event })], bindings);
    expect(sent).toHaveLength(2);
    await run("loupe-tracking", [deliver("meta", event)], bindings);
    sent.length = 0;
    await run("loupe-tracking", [message({ type: "conversion", event }, 2)], bindings);
    expect(sent.map((m) => m.type === "deliver" && m.engine)).toEqual(["ga4"]);
  });
});

describe("deliver", () => {
  it("2xx: the engine has the event once, the delivery is delivered, the message acknowledged; a redelivery calls nobody", async () => {
    const meta = await metaPixel();
    const event = purchaseEvent();
    const msg = deliver("meta", event);
    const first = await run("loupe-tracking", [msg], meta.env);
    expect(first.explicitAcks).toEqual([msg.id]);
    expect(first.retryMessages).toEqual([]);
    expect(await deliveries(event.event_id)).toEqual([{ engine: "meta", status: "delivered", attempts: 1, last_error: null }]);
    const again = await run("loupe-tracking", [deliver("meta", event, 2)], meta.env);
    expect(again.explicitAcks).toHaveLength(1);
    expect((await meta.received()).map((e) => e.event_id)).toEqual([event.event_id]);
    expect(await meta.requests()).toHaveLength(1);
  });

  it("429, 5xx and Meta's throttling 400: retried with a backoff, the delivery pending with its attempts and error", async () => {
    const meta = await metaPixel();
    for (const [status, code] of [
      [500, undefined],
      [503, undefined],
      [400, 17],
    ] as const) {
      await meta.fail(status, 1, code);
      const event = purchaseEvent();
      const msg = deliver("meta", event, 2);
      const result = await run("loupe-tracking", [msg], meta.env);
      expect(result.retryMessages).toEqual([{ msgId: msg.id }]);
      expect(result.explicitAcks).toEqual([]);
      const [row] = await deliveries(event.event_id);
      expect(row).toMatchObject({ engine: "meta", status: "pending", attempts: 2 });
      expect(row!.last_error).toContain(`meta ${status}`);
    }
  });

  it("a permanent 4xx is recorded as failed and acknowledged: never retried", async () => {
    const meta = await metaPixel();
    await meta.fail(400, 1, 100);
    const event = purchaseEvent();
    const result = await run("loupe-tracking", [deliver("meta", event)], meta.env);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    const [row] = await deliveries(event.event_id);
    expect(row).toMatchObject({ engine: "meta", status: "failed", attempts: 1 });
    expect(row!.last_error).toContain("(#100) Invalid parameter");
  });

  it("the delays double per attempt from the base, at least the engine's Retry-After, at most 12 hours", async () => {
    expect([1, 2, 3, 4].map((a) => backoffSeconds(a, 30))).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(1, 30, 90)).toBe(90);
    expect(backoffSeconds(30, 30)).toBe(43_200);
    expect(backoffSeconds(3, 0)).toBe(0);
    // The consumer passes them to msg.retry.
    const meta = await metaPixel();
    await meta.fail(503, 1);
    const retry = vi.fn();
    const event = purchaseEvent();
    await consumeTracking(env.DB, [{ id: "m1", attempts: 3, body: { type: "deliver", engine: "meta", event }, ack: vi.fn(), retry }], {
      now: Date.now(),
      engines: configuredEngines(meta.env),
      producer: recordingQueue().queue,
      retryBaseSeconds: 30,
    });
    expect(retry).toHaveBeenCalledWith({ delaySeconds: 120 });
  });

  it("batches GA4's events per client, up to 25 a request, and skips what an engine does not take", async () => {
    const ga4 = await ga4Stream();
    const visitor = fakeHash();
    const events = Array.from({ length: 30 }, () => purchaseEvent({}, visitor));
    const twin = purchaseEvent({ event_name: "add_shipping_info_user_data" });
    const result = await run("loupe-tracking", [...events.map((e) => deliver("ga4", e)), deliver("ga4", twin)], ga4.env);
    expect(result.explicitAcks).toHaveLength(31);
    const received = await ga4.received();
    expect(received.map((r) => r.events.length).sort((a, b) => a - b)).toEqual([5, 25]);
    expect(received.every((r) => r.clientId === visitor && r.apiSecretOk && r.validationMessages.length === 0)).toBe(true);
    expect(await deliveries(twin.event_id)).toEqual([
      { engine: "ga4", status: "skipped", attempts: 1, last_error: "GA4 does not take add_shipping_info_user_data" },
    ]);
  });

  it("an engine that is no longer configured fails the delivery (acknowledged) instead of retrying for ever", async () => {
    const event = purchaseEvent();
    const result = await run("loupe-tracking", [deliver("tiktok", event)], {});
    expect(result.explicitAcks).toHaveLength(1);
    expect(await deliveries(event.event_id)).toEqual([
      { engine: "tiktok", status: "failed", attempts: 1, last_error: "tiktok is not configured (or disabled)" },
    ]);
  });
});

describe("exposures, visitor events and page views", () => {
  it("are written in one go, and a redelivered batch counts nothing twice", async () => {
    const visitor = `v-${crypto.randomUUID()}`;
    const at = Date.now();
    const messages = [
      message({ type: "exposure", visitorId: visitor, experiment: "probe-experiment", variant: 1, source: "split", at }),
      message({ type: "visitor-event", visitorId: visitor, kind: "add-to-cart", at: at + 1 }),
      message({ type: "visitor-event", visitorId: visitor, kind: "checkout", at: at + 2 }),
      message({
        type: "page-view",
        record: { at, url: "https://loupe.test/diamonds?utm_source=news", referrer: null, cookieId: visitor, utm: { utm_source: "news" } },
      }),
    ];
    for (let i = 0; i < 2; i++) {
      const result = await run("loupe-tracking", messages, {});
      expect(result.explicitAcks).toHaveLength(4);
    }
    const count = async (sql: string) => (await env.DB.prepare(sql).bind(visitor).first<{ n: number }>())!.n;
    expect(await count("SELECT COUNT(*) AS n FROM experiment_events WHERE visitor_id = ?")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM visitor_events WHERE visitor_id = ?")).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM page_views WHERE cookie_id = ? AND utm_source = 'news'")).toBe(1);
  });

  it("100 visitor events fit D1's parameter limit (multi-row inserts in one batch)", async () => {
    const visitor = `v-${crypto.randomUUID()}`;
    const messages = Array.from({ length: 100 }, (_, i) => message({ type: "visitor-event", visitorId: visitor, kind: "add-to-cart", at: i }));
    const result = await run("loupe-tracking", messages, {});
    expect(result.explicitAcks).toHaveLength(100);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM visitor_events WHERE visitor_id = ?").bind(visitor).first<{ n: number }>())!.n).toBe(100);
  });

  it("a message that is no tracking message is kept with the dead letters, not retried", async () => {
    const msg = message({ type: "nonsense", value: 1 });
    const result = await run("loupe-tracking", [msg], {});
    expect(result.explicitAcks).toEqual([msg.id]);
    const row = await env.DB.prepare("SELECT type, error FROM tracking_dead_letters WHERE message_id = ?").bind(msg.id).first();
    expect(row).toEqual({ type: "nonsense", error: "not a tracking message" });
  });
});

describe("the dead-letter queue", () => {
  it("writes every dead letter once with the delivery's error and attempts, and marks the delivery dead", async () => {
    const meta = await metaPixel();
    await meta.fail(503, 1);
    const event = purchaseEvent();
    await run("loupe-tracking", [deliver("meta", event, 4)], meta.env);
    const dead = deliver("meta", event);
    for (let i = 0; i < 2; i++) expect((await run("loupe-tracking-dlq", [dead], {})).explicitAcks).toEqual([dead.id]);
    const rows = (await env.DB.prepare("SELECT type, engine, error, attempts, body FROM tracking_dead_letters WHERE event_id = ?").bind(event.event_id).all())
      .results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "deliver", engine: "meta", attempts: 4 });
    expect(rows[0]!.error).toContain("meta 503");
    expect(JSON.parse(rows[0]!.body as string)).toEqual({ type: "deliver", engine: "meta", event });
    expect(await deliveries(event.event_id)).toMatchObject([{ engine: "meta", status: "dead" }]);
  });
});

describe("D1 unavailable", () => {
  const brokenDb = () =>
    ({
      prepare: (sql: string) => env.DB.prepare(sql),
      batch: async () => {
        throw new Error("D1_ERROR: storage unavailable");
      },
    }) as unknown as D1Database;

  it("records, conversions and dead letters are retried, none acknowledged", async () => {
    const { sent, queue } = recordingQueue();
    const messages = [
      message({ type: "conversion", event: purchaseEvent() }),
      message({ type: "visitor-event", visitorId: "v", kind: "checkout", at: 1 }),
      message({ type: "page-view", record: { at: 1, url: "https://loupe.test/", referrer: null, cookieId: "v", utm: {} } }),
    ];
    const result = await run("loupe-tracking", messages, { DB: brokenDb(), TRACKING_QUEUE: queue });
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId).sort()).toEqual(messages.map((m) => m.id).sort());
    expect(sent).toEqual([]);
    const dead = message({ type: "deliver", engine: "meta", event: purchaseEvent() });
    const dlq = await run("loupe-tracking-dlq", [dead], { DB: brokenDb() });
    expect(dlq.retryMessages).toEqual([{ msgId: dead.id }]);
  });
});

describe("the fan-out's sendBatch chunks", () => {
  it("hold at most 100 messages and 200 KB each, in order", () => {
    const small = Array.from({ length: 250 }, () => ({ type: "deliver" as const, engine: "meta" as const, event: purchaseEvent() }));
    expect(sendBatches(small).map((c) => c.length)).toEqual([100, 100, 50]);
    const big = purchaseEvent({ event_source_url: `https://loupe.test/${"x".repeat(60_000)}` });
    const chunks = sendBatches(Array.from({ length: 7 }, () => ({ type: "deliver" as const, engine: "ga4" as const, event: big })));
    expect(chunks.map((c) => c.length)).toEqual([3, 3, 1]);
    expect(chunks.flat()).toHaveLength(7);
  });
});

describe("page views in Workers Analytics Engine", () => {
  it("are also written to the PAGE_VIEWS dataset when it is bound (one data point per view, the visitor as index)", async () => {
    const points: AnalyticsEngineDataPoint[] = [];
    const cookieId = `v-${crypto.randomUUID()}`;
    const ack = vi.fn();
    await consumeTracking(
      env.DB,
      [
        {
          id: `pv-${cookieId}`,
          attempts: 1,
          body: {
            type: "page-view",
            record: { at: 1_800_000_000_000, url: "https://loupe.test/rings", referrer: null, cookieId, utm: { utm_medium: "email" } },
          },
          ack,
          retry: vi.fn(),
        },
      ],
      {
        now: Date.now(),
        engines: [],
        producer: recordingQueue().queue,
        retryBaseSeconds: 0,
        pageViews: { writeDataPoint: (p?: AnalyticsEngineDataPoint) => void points.push(p!) },
      },
    );
    expect(ack).toHaveBeenCalledOnce();
    expect(points).toEqual([{ indexes: [cookieId], blobs: ["https://loupe.test/rings", "", cookieId, "", "email", "", "", ""], doubles: [1_800_000_000_000] }]);
    expect(await env.DB.prepare("SELECT url, utm_medium FROM page_views WHERE cookie_id = ?").bind(cookieId).first()).toEqual({
      url: "https://loupe.test/rings",
      utm_medium: "email",
    });
  });
});
