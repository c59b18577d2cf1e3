/**
 * The anonymous tracking writes are limited (worker/tracking/throttle.ts; docs/decisions/055-abuse-limits-and-
 * promotion-rules.md): page events 120 per visitor and 600 per client address a minute, over every tracking
 * endpoint together; emails left in popups 10 per address an hour. Exact when the requests arrive at once; the next
 * answers 429 with Retry-After and writes nothing.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EMAIL_CAPTURES_PER_IP, PAGE_EVENTS_PER_IP, PAGE_EVENTS_PER_VISITOR } from "#worker/tracking/throttle.ts";
import { callAndWait, recordingQueue, someDiamonds, trackedVisitor } from "./tracking-helpers";

const NOT_TARGETED = "?exc=One_Trust_Script&exv=0";
const GRANTED = "loupe_consent=granted";
const PAGE = "https://loupe.test/diamond-search";

let n = 0;
/** A client address of its own per use (the tests share one D1). */
const freshIp = () => `192.0.2.${++n}`;

/** Requests of the last minute counted already for a key (a visitor or an address). */
async function alreadyCounted(column: "visitor" | "ip", key: string, count: number, at = Date.now() - 1_000) {
  const rows = Array.from({ length: count }, () => env.DB.prepare(`INSERT INTO tracking_requests (${column}, at) VALUES (?, ?)`).bind(key, at));
  for (let i = 0; i < rows.length; i += 100) await env.DB.batch(rows.slice(i, i + 100));
}

const statuses = (answers: Response[]) => answers.map((r) => r.status).sort();

describe("page events per visitor", () => {
  it(`of 20 page views sent at once with ${PAGE_EVENTS_PER_VISITOR - 10} counted, exactly 10 are accepted; the rest 429 with Retry-After, not queued`, async () => {
    const q = recordingQueue();
    const v = await trackedVisitor(q.queue, NOT_TARGETED, GRANTED);
    await alreadyCounted("visitor", v.visitorId, PAGE_EVENTS_PER_VISITOR - 10);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        v.send("/api/tracking/pageview", { method: "POST", body: JSON.stringify({ url: PAGE }), headers: { "cf-connecting-ip": ip } }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(10).fill(202), ...Array(10).fill(429)]);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect(q.events("page_view")).toHaveLength(10);
  });

  it("a visitor over the limit is refused by every tracking endpoint, and nothing is written", async () => {
    const q = recordingQueue();
    const fbc = "fb.1.1700000000009.Throttled";
    const v = await trackedVisitor(q.queue, NOT_TARGETED, `${GRANTED}; _fbc=${fbc}`);
    const email = `throttled-${crypto.randomUUID()}@example.com`;
    expect((await v.post("/api/cart", { type: "set-contact", userEmail: email })).status).toBe(200);
    const { lab } = await someDiamonds();
    await alreadyCounted("visitor", v.visitorId, PAGE_EVENTS_PER_VISITOR);
    const before = q.messages.length;
    const calls: [string, unknown][] = [
      ["/api/tracking/pageview", { url: PAGE }],
      ["/api/tracking/view-content", { product: "diamond", id: lab[0]!.id }],
      ["/api/tracking/search", { query: "oval", resultIds: [lab[0]!.id] }],
      ["/api/tracking/purchase", { orderNumber: "LP0000000001" }],
      ["/api/tracking/savefbc", { email }],
      ["/api/experiments/events", { name: "One_Trust_Script", variant: 0 }],
      [
        "/api/logging/client-event",
        { event: "local-storage-error", storage: "localStorage", operation: "set", error: "QuotaExceededError", message: "full", page: "/" },
      ],
    ];
    for (const [path, body] of calls) {
      const res = await v.send(path, { method: "POST", body: JSON.stringify(body), headers: { "cf-connecting-ip": freshIp() } });
      expect(res.status, path).toBe(429);
      expect(res.headers.get("retry-after"), path).toBeTruthy();
    }
    expect(q.messages.slice(before)).toEqual([]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM ad_clicks WHERE fbc = ?").bind(fbc).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("requests older than a minute no longer count", async () => {
    const q = recordingQueue();
    const v = await trackedVisitor(q.queue, NOT_TARGETED, GRANTED);
    await alreadyCounted("visitor", v.visitorId, PAGE_EVENTS_PER_VISITOR, Date.now() - 61_000);
    expect((await v.post("/api/tracking/pageview", { url: PAGE })).status).toBe(202);
  });
});

describe("page events per client address", () => {
  it(`a script minting a new visitor for each request stops at ${PAGE_EVENTS_PER_IP} a minute: of 10 at once with ${PAGE_EVENTS_PER_IP - 4} counted, exactly 4 pass`, async () => {
    const ip = freshIp();
    await alreadyCounted("ip", ip, PAGE_EVENTS_PER_IP - 4);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        callAndWait("/api/tracking/pageview", {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": ip },
          body: JSON.stringify({ url: PAGE }),
        }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(4).fill(202), ...Array(6).fill(429)]);
    // Another address is not affected.
    const other = await callAndWait("/api/tracking/pageview", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
      body: JSON.stringify({ url: PAGE }),
    });
    expect(other.status).toBe(202);
  });
});

describe("email captures per client address", () => {
  it(`of 15 sent at once from one address exactly ${EMAIL_CAPTURES_PER_IP} are taken; the rest 429 with Retry-After and are not kept`, async () => {
    const ip = freshIp();
    const tag = crypto.randomUUID();
    const capture = (i: number, from = ip) =>
      callAndWait("/api/accounts/email-capture", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": from },
        body: JSON.stringify({ email: `capture-${tag}-${i}@example.com`, source: "footer-signup" }),
      });
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => capture(i)));
    expect(statuses(answers)).toEqual([...Array(EMAIL_CAPTURES_PER_IP).fill(200), ...Array(15 - EMAIL_CAPTURES_PER_IP).fill(429)]);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    const kept = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_captures WHERE email LIKE ?").bind(`capture-${tag}-%`).first<{ n: number }>();
    expect(kept).toEqual({ n: EMAIL_CAPTURES_PER_IP });
    expect((await capture(99, freshIp())).status).toBe(200);
  });
});
