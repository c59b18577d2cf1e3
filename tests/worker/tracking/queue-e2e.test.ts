/**
 * The tracking queue end to end through miniflare's real queue (wrangler.toml's consumers: this worker consumes
 * loupe-tracking with max_retries 3 and loupe-tracking-dlq; TRACKING_RETRY_BASE_SECONDS is 0 locally, so retries
 * come at once): messages sent with env.TRACKING_QUEUE, D1 polled until the consumer wrote (no sleeps beyond polling
 * with a deadline). A failing engine is retried, then dead-lettered into D1 — never lost — and replayed by the
 * operator once it recovers.
 * The queue's consumer runs with this isolate's `env`, so the engine tests set the fakes' bindings on it for their
 * duration (and take them off after).
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { DeadLetter, DeadLetterList } from "#shared/api/tracking-admin.ts";
import type { DevEvent } from "#worker/tracking/dev-events.ts";
import { call } from "../helpers";
import { fakeHash, ga4Stream, metaPixel, purchaseEvent } from "./engine-fakes";
import { deployedBindings } from "../deployed-env";

const ADMIN = { authorization: "Bearer test-admin-token" };

/** Polls `read` until it gives a value (not null/undefined/false), or fails after `ms`. */
async function until<T>(read: () => Promise<T | null | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const configured: string[] = [];
/** Configures the consumer's engines (this isolate's env) until the test ends. */
function configure(bindings: Record<string, string>) {
  Object.assign(env, bindings);
  configured.push(...Object.keys(bindings));
}
afterEach(() => {
  for (const key of configured.splice(0)) delete (env as unknown as Record<string, unknown>)[key];
});

const devEvents = async (query: string) => ((await (await call(`/dev/events?format=json&${query}`)).json()) as { events: DevEvent[] }).events;

describe("through the real queue, no engine configured", () => {
  it("a conversion is recorded as a local delivery that /dev/events shows, newest first, filtered by visitor and event", async () => {
    const visitor = fakeHash();
    const first = purchaseEvent({}, visitor);
    const second = purchaseEvent({ event_name: "add_to_cart" }, visitor);
    await env.TRACKING_QUEUE.send({ type: "conversion", event: first }, { contentType: "json" });
    await until(async () => (await devEvents(`visitor=${visitor}`)).length === 1, "the first event");
    await env.TRACKING_QUEUE.send({ type: "conversion", event: second }, { contentType: "json" });
    const events = await until(async () => {
      const list = await devEvents(`visitor=${visitor}`);
      return list.length === 2 && list;
    }, "both events");
    expect(events.map((e) => [e.eventName, e.engine, e.status])).toEqual([
      ["add_to_cart", "local", "recorded"],
      ["purchase", "local", "recorded"],
    ]);
    expect(events[1]!.event).toEqual(first);
    expect((await devEvents(`visitor=${visitor}&event=purchase`)).map((e) => e.eventId)).toEqual([first.event_id]);
    const page = await call(`/dev/events?visitor=${visitor}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain(first.event_id);
  });

  it("exposures, visitor events and page views sent on the queue land in D1", async () => {
    const visitor = `v-${crypto.randomUUID()}`;
    const at = Date.now();
    await env.TRACKING_QUEUE.sendBatch(
      [
        { type: "exposure", visitorId: visitor, experiment: "queue-e2e", variant: 0, source: "split", at },
        { type: "visitor-event", visitorId: visitor, kind: "checkout", at: at + 5 },
        { type: "page-view", record: { at, url: "https://loupe.test/", referrer: "https://example.com/", cookieId: visitor, utm: { utm_campaign: "spring" } } },
      ].map((body) => ({ body, contentType: "json" as const })),
    );
    await until(() => env.DB.prepare("SELECT 1 FROM page_views WHERE cookie_id = ? AND utm_campaign = 'spring'").bind(visitor).first(), "the page view");
    await until(() => env.DB.prepare("SELECT 1 FROM visitor_events WHERE visitor_id = ? AND kind = 'checkout'").bind(visitor).first(), "the visitor event");
    await until(
      () => env.DB.prepare("SELECT 1 FROM experiment_events WHERE visitor_id = ? AND experiment = 'queue-e2e'").bind(visitor).first(),
      "the exposure",
    );
  });
});

describe("through the real queue, Meta and GA4 configured", () => {
  it("Meta failing: retried 3 times, then dead-lettered into D1 with its error; GA4 delivered; the replay delivers it once", async () => {
    const [meta, ga4] = await Promise.all([metaPixel(), ga4Stream()]);
    configure({ ...meta.env, ...ga4.env });
    await meta.fail(503, -1);
    const event = purchaseEvent();
    await env.TRACKING_QUEUE.send({ type: "conversion", event }, { contentType: "json" });

    const dead = await until(async () => {
      const list = (await (await call("/api/tracking/dead-letters?pending=true", { headers: ADMIN })).json()) as DeadLetterList;
      return list.items.find((d) => d.eventId === event.event_id);
    }, "the dead letter");
    expect(dead).toMatchObject({ type: "deliver", engine: "meta", attempts: 4, replayedAt: null });
    expect(dead.error).toContain("meta 503");
    expect(dead.body).toEqual({ type: "deliver", engine: "meta", event });
    expect((await meta.requests()).map((r) => r.status)).toEqual([503, 503, 503, 503]);
    expect(await meta.received()).toEqual([]);
    const received = await until(async () => (await ga4.received()).length === 1 && ga4.received(), "GA4's delivery");
    expect(received[0]!.events.map((e) => [e.name, e.params.transaction_id])).toEqual([["purchase", event.custom_data.order_id]]);
    const statuses = async () => (await devEvents(`visitor=${event.user_data.external_id}`)).map((e) => [e.engine, e.status, e.attempts]).sort();
    expect(await statuses()).toEqual([
      ["ga4", "delivered", 1],
      ["meta", "dead", 4],
    ]);

    // Meta recovers; the operator replays the dead letter: delivered once. A second replay is refused.
    await meta.fail(503, 0);
    const replay = await call(`/api/tracking/dead-letters/${dead.id}/replay`, { method: "POST", headers: ADMIN });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as DeadLetter).id).toBe(dead.id);
    await until(async () => (await statuses()).some(([engine, status]) => engine === "meta" && status === "delivered"), "the replayed delivery");
    expect((await meta.received()).map((e) => e.event_id)).toEqual([event.event_id]);
    expect((await call(`/api/tracking/dead-letters/${dead.id}/replay`, { method: "POST", headers: ADMIN })).status).toBe(409);
  });
});

describe("the dead-letter admin API", () => {
  it("answers 404 without the admin token, and for an unknown dead letter", async () => {
    expect((await call("/api/tracking/dead-letters")).status).toBe(404);
    expect((await call("/api/tracking/dead-letters/1/replay", { method: "POST" })).status).toBe(404);
    expect((await call("/api/tracking/dead-letters/999999999/replay", { method: "POST", headers: ADMIN })).status).toBe(404);
  });
});

describe("/dev/events elsewhere", () => {
  for (const appEnv of ["staging", "production"] as const) {
    it(`does not exist when APP_ENV is ${appEnv}: 404 (as /dev/outbox)`, async () => {
      for (const path of ["/dev/events", "/dev/events?format=json"]) {
        const res = await call(path, { env: deployedBindings(appEnv) });
        expect(res.status).toBe(404);
      }
    });
  }
});
