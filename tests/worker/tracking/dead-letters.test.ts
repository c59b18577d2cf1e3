/**
 * The dead letters' admin API (shared/api/tracking-admin.ts): the list newest first in pages, only the pending ones,
 * and a replay that happens once however many operators click at once — the replayed message goes back on the real
 * queue and its delivery is settled.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { DeadLetter, DeadLetterList } from "#shared/api/tracking-admin.ts";
import type { Bindings } from "#worker/env.ts";
import worker from "#worker/index.ts";
import { call } from "../helpers";
import { purchaseEvent } from "./engine-fakes";

const ADMIN = { authorization: "Bearer test-admin-token" };

/** Dead-letters `bodies` through the DLQ consumer; their ids, oldest first. */
async function deadLetter(bodies: unknown[]): Promise<number[]> {
  const messages = bodies.map((body) => ({ id: `dl-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body }));
  const batch = createMessageBatch<unknown>("loupe-tracking-dlq", messages);
  const ctx = createExecutionContext();
  await worker.queue(batch, env as Bindings, ctx);
  expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(bodies.length);
  const ids: number[] = [];
  for (const m of messages)
    ids.push((await env.DB.prepare("SELECT id FROM tracking_dead_letters WHERE message_id = ?").bind(m.id).first<{ id: number }>())!.id);
  return ids;
}

const list = async (query = "") => {
  const res = await call(`/api/tracking/dead-letters${query}`, { headers: ADMIN });
  expect(res.status).toBe(200);
  return (await res.json()) as DeadLetterList;
};

describe("GET /api/tracking/dead-letters", () => {
  it("lists newest first, 50 a page with the next cursor, and only the pending ones on request", async () => {
    const ids = await deadLetter(Array.from({ length: 52 }, () => ({ type: "deliver", engine: "local", event: purchaseEvent() })));
    const first = await list();
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.id).toBeGreaterThanOrEqual(ids[51]!);
    expect(first.items.map((d) => d.id)).toEqual([...first.items.map((d) => d.id)].sort((a, b) => b - a));
    const before = await list(`?before=${ids[2]}`);
    expect(before.items.slice(0, 2).map((d) => d.id)).toEqual([ids[1], ids[0]]);
    expect(first.next).toBe(first.items[49]!.id);
    expect(first.items[0]).toMatchObject({ type: "deliver", engine: "local", attempts: 4, error: null, replayedAt: null });
    expect((await call("/api/tracking/dead-letters?pending=maybe", { headers: ADMIN })).status).toBe(400);
  });
});

describe("POST /api/tracking/dead-letters/{id}/replay", () => {
  it("ten operators at once: one replay (200), nine 409s; the message goes back on the queue and is delivered", async () => {
    const event = purchaseEvent();
    const [id] = await deadLetter([{ type: "deliver", engine: "local", event }]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(`/api/tracking/dead-letters/${id}/replay`, { method: "POST", headers: ADMIN })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const replayed = (await (await answers.find((r) => r.status === 200)!).json()) as DeadLetter;
    expect(replayed).toMatchObject({ id, eventId: event.event_id, engine: "local" });
    expect((await list("?pending=true")).items.some((d) => d.id === id)).toBe(false);
    const deadline = Date.now() + 15_000;
    let row: { status: string } | null = null;
    while (!row && Date.now() < deadline) {
      row = await env.DB.prepare("SELECT status FROM tracking_deliveries WHERE event_id = ? AND engine = 'local'")
        .bind(event.event_id)
        .first<{ status: string }>();
      if (!row) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(row).toEqual({ status: "recorded" });
  });

  it("refuses what is not a tracking message (409) and leaves it replayable", async () => {
    const [id] = await deadLetter(["just text"]);
    expect((await call(`/api/tracking/dead-letters/${id}/replay`, { method: "POST", headers: ADMIN })).status).toBe(409);
    expect((await list("?pending=true")).items.some((d) => d.id === id)).toBe(true);
  });
});
