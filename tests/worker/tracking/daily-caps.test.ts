/**
 * The ad engines' daily event caps (decision 039, counted per event kind: docs/decisions/055-abuse-limits-and-
 * promotion-rules.md): the fan-out gives an engine at most its cap of events of one kind per UTC day — exactly, when
 * batches fan out at the same time — and settles the rest as skipped with the reason, never sending them; another
 * engine's count is its own, another kind's too (anonymous page events never use up purchases), and the next day
 * starts again.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EVENT_CAPS } from "#shared/tracking/engine-view.ts";
import type { TrackingEvent } from "#shared/tracking/event.ts";
import type { Bindings } from "#worker/env.ts";
import { consumeTracking } from "#worker/tracking/consumer.ts";
import { configuredEngines } from "#worker/tracking/engines/config.ts";
import type { TrackingMessage } from "#worker/tracking/messages.ts";
import { ga4Stream, metaPixel, purchaseEvent } from "./engine-fakes";

const NOON = Date.UTC(2031, 4, 6, 12);
const DAY = 86_400_000;

let seq = 0;
const conversion = (event: TrackingEvent) => ({
  id: `cap-${++seq}`,
  attempts: 1,
  body: { type: "conversion", event } as TrackingMessage,
  ack: () => {},
  retry: () => {},
});

async function engines() {
  const [meta, ga4] = await Promise.all([metaPixel(), ga4Stream()]);
  return configuredEngines({ ...env, ...meta.env, ...ga4.env } as Bindings);
}

/** Fans out `events` at `now`; what was put on the queue. */
async function fanOut(events: TrackingEvent[], adapters: Awaited<ReturnType<typeof engines>>, now: number) {
  const sent: TrackingMessage[] = [];
  const producer = { sendBatch: async (m: Iterable<MessageSendRequest<TrackingMessage>>) => void sent.push(...[...m].map((x) => x.body)) };
  await consumeTracking(env.DB, events.map(conversion), { now, engines: adapters, producer, retryBaseSeconds: 0 });
  return sent.filter((m) => m.type === "deliver");
}

const sentToday = async (engine: string, now: number, kind = "purchase") =>
  (
    await env.DB.prepare("SELECT sent FROM tracking_engine_event_days WHERE engine = ? AND event_name = ? AND day = ?")
      .bind(engine, kind, new Date(now).toISOString().slice(0, 10))
      .first<{ sent: number }>()
  )?.sent ?? 0;

describe("daily event caps", () => {
  it("two batches fanning out at once past Meta's cap: exactly the cap is sent, the rest skipped with the reason; GA4 counts its own", async () => {
    const adapters = await engines();
    const day = new Date(NOON).toISOString().slice(0, 10);
    await env.DB.prepare("INSERT OR REPLACE INTO tracking_engine_event_days (engine, event_name, day, sent) VALUES ('meta', 'purchase', ?, ?)")
      .bind(day, EVENT_CAPS.meta - 2)
      .run();
    const a = Array.from({ length: 3 }, () => purchaseEvent());
    const b = Array.from({ length: 3 }, () => purchaseEvent());
    const [sentA, sentB] = await Promise.all([fanOut(a, adapters, NOON), fanOut(b, adapters, NOON)]);
    const toMeta = [...sentA, ...sentB].filter((m) => m.type === "deliver" && m.engine === "meta");
    expect(toMeta).toHaveLength(2);
    expect([...sentA, ...sentB].filter((m) => m.type === "deliver" && m.engine === "ga4")).toHaveLength(6);
    expect(await sentToday("meta", NOON)).toBe(EVENT_CAPS.meta);
    expect(await sentToday("ga4", NOON)).toBeGreaterThanOrEqual(6);

    const ids = [...a, ...b].map((e) => e.event_id);
    const { results } = await env.DB.prepare(
      "SELECT status, last_error FROM tracking_deliveries WHERE engine = 'meta' AND event_id IN (SELECT value FROM json_each(?)) ORDER BY status",
    )
      .bind(JSON.stringify(ids))
      .all<{ status: string; last_error: string | null }>();
    expect(results.filter((r) => r.status === "pending")).toHaveLength(2);
    expect(results.filter((r) => r.status === "skipped").map((r) => r.last_error)).toEqual(Array(4).fill("daily cap of 10,000 purchase events reached"));
  });

  it("the next UTC day starts from zero", async () => {
    const adapters = await engines();
    const day = new Date(NOON + 10 * DAY).toISOString().slice(0, 10);
    await env.DB.prepare("INSERT OR REPLACE INTO tracking_engine_event_days (engine, event_name, day, sent) VALUES ('meta', 'purchase', ?, ?)")
      .bind(day, EVENT_CAPS.meta)
      .run();
    expect((await fanOut([purchaseEvent()], adapters, NOON + 10 * DAY)).filter((m) => m.type === "deliver" && m.engine === "meta")).toHaveLength(0);
    expect((await fanOut([purchaseEvent()], adapters, NOON + 11 * DAY)).filter((m) => m.type === "deliver" && m.engine === "meta")).toHaveLength(1);
    expect(await sentToday("meta", NOON + 11 * DAY)).toBe(1);
  });

  it("view_content's cap used up by a flood of anonymous events: its next one is skipped, a purchase still goes to the engine", async () => {
    const adapters = await engines();
    const now = NOON + 20 * DAY;
    const day = new Date(now).toISOString().slice(0, 10);
    await env.DB.prepare("INSERT OR REPLACE INTO tracking_engine_event_days (engine, event_name, day, sent) VALUES ('meta', 'view_content', ?, ?)")
      .bind(day, EVENT_CAPS.meta)
      .run();
    const viewed = purchaseEvent({ event_name: "view_content", event_id: `view-${++seq}` });
    const bought = purchaseEvent();
    const sent = await fanOut([viewed, bought], adapters, now);
    const toMeta = sent.filter((m) => m.type === "deliver" && m.engine === "meta");
    expect(toMeta.map((m) => m.type === "deliver" && m.event.event_id)).toEqual([bought.event_id]);
    expect(await sentToday("meta", now, "view_content")).toBe(EVENT_CAPS.meta);
    expect(await sentToday("meta", now, "purchase")).toBe(1);
    const skipped = await env.DB.prepare("SELECT status, last_error FROM tracking_deliveries WHERE engine = 'meta' AND event_id = ?")
      .bind(viewed.event_id)
      .first<{ status: string; last_error: string }>();
    expect(skipped).toEqual({ status: "skipped", last_error: "daily cap of 10,000 view_content events reached" });
  });
});
