/**
 * `npm run bench:tracking` (issue 23): figures for the tracking queue and the API proxy, against the built worker
 * under wrangler dev (run `npm run build` first). Prints figures; asserts nothing.
 * 1. The queue: EVENTS `POST /api/tracking/view-content` calls (consented visitors, 10 at a time): the call's own
 *    time (`Server-Timing: app`) and round trip, and how long until every event is recorded as delivered
 *    (`/dev/events`, no engine configured: the `local` delivery) — the queue's end-to-end lag and throughput.
 * 2. The proxy: a loopback upstream answering `GET /content/item/{name}`; the same call direct, through the
 *    worker's proxy uncached (the upstream says no-store) and as a cache hit (`x-cache: hit`).
 */
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startWorker } from "../tests/e2e/server";
import { quantiles } from "./bench-stats";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const REQUESTS = Number(process.env.BENCH_PROXY_REQUESTS ?? 200);
const fmt = (xs: number[]) => {
  const q = quantiles(xs);
  return `p50 ${q.p50.toFixed(1)} ms  p95 ${q.p95.toFixed(1)} ms  p99 ${q.p99.toFixed(1)} ms`;
};

async function timed(url: string, init: RequestInit = {}): Promise<{ status: number; ms: number; server: number; headers: Headers }> {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  const ms = performance.now() - started;
  const server = Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
  return { status: res.status, ms, server, headers: res.headers };
}

async function queueBench(): Promise<void> {
  const persistTo = ".wrangler/bench-tracking";
  rmSync(persistTo, { recursive: true, force: true });
  const worker = await startWorker({ persistTo, diamonds: 2000 });
  try {
    const ids = (await await fetch(`${worker.url}/api/diamonds2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pageSize: 50 }),
    }).then((r) => r.json())) as { items?: { id: number }[]; diamonds?: { id: number }[] };
    const diamondIds = (ids.items ?? ids.diamonds ?? []).map((d) => d.id);
    if (!diamondIds.length) throw new Error("no diamonds to view");
    const calls: { status: number; ms: number; server: number }[] = [];
    const started = performance.now();
    for (let i = 0; i < EVENTS; i += 10) {
      const batch = Array.from({ length: Math.min(10, EVENTS - i) }, (_, k) =>
        timed(`${worker.url}/api/tracking/view-content`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: "loupe_consent=granted", "user-agent": `bench-${i + k}` },
          body: JSON.stringify({
            product: "diamond",
            id: diamondIds[(i + k) % diamondIds.length],
            url: `${worker.url}/diamond/${diamondIds[(i + k) % diamondIds.length]}`,
          }),
        }),
      );
      calls.push(...(await Promise.all(batch)));
    }
    const sentIn = performance.now() - started;
    let recorded = 0;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      const res = (await (await fetch(`${worker.url}/dev/events?format=json&event=view_content`)).json()) as { events: { status: string }[] };
      recorded = res.events.filter((e) => e.status === "recorded" || e.status === "delivered").length;
      if (recorded >= EVENTS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const allIn = performance.now() - started;
    const refused = calls.filter((c) => c.status !== 202).length;
    console.log(`tracking: ${EVENTS} view_content calls (10 at a time)${refused ? ` — ${refused} not 202` : ""}`);
    console.log(`  the call      server ${fmt(calls.map((c) => c.server))} | round trip ${fmt(calls.map((c) => c.ms))}`);
    console.log(
      `  sent in ${sentIn.toFixed(0)} ms; ${recorded} of ${EVENTS} recorded by the consumer after ${allIn.toFixed(0)} ms (${((recorded / allIn) * 1000).toFixed(0)} events/s end to end; the last ${(allIn - sentIn).toFixed(0)} ms after the last call answered)`,
    );
  } finally {
    await worker.stop();
  }
}

async function proxyBench(): Promise<void> {
  const body = JSON.stringify({ name: "HomeBanner", value: { title: "Loupe", items: Array.from({ length: 20 }, (_, i) => ({ i, text: "x".repeat(40) })) } });
  const upstream = createServer((req, res) => {
    const cacheable = req.url?.includes("cacheable");
    res.writeHead(200, { "content-type": "application/json", "cache-control": cacheable ? "public, max-age=300" : "no-store" });
    res.end(body);
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", () => r()));
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const persistTo = ".wrangler/bench-tracking-proxy";
  const worker = await startWorker({ persistTo, diamonds: 500, args: ["--var", `API_UPSTREAMS:${JSON.stringify({ content: origin })}`] });
  try {
    const direct: number[] = [];
    const miss: number[] = [];
    const hit: number[] = [];
    await timed(`${worker.url}/api/content/item/cacheable`);
    for (let i = 0; i < REQUESTS; i++) {
      direct.push((await timed(`${origin}/content/item/HomeBanner`)).ms);
      miss.push((await timed(`${worker.url}/api/content/item/HomeBanner`)).ms);
      const h = await timed(`${worker.url}/api/content/item/cacheable`);
      if (h.headers.get("x-cache") === "hit") hit.push(h.ms);
    }
    console.log(`proxy: ${REQUESTS} GET content/item calls, one at a time`);
    console.log(`  upstream direct        ${fmt(direct)}`);
    console.log(`  through the proxy      ${fmt(miss)} (uncached: the upstream says no-store)`);
    console.log(`  proxy cache hit        ${hit.length ? fmt(hit) : "no hits"} (${hit.length} of ${REQUESTS} hit)`);
  } finally {
    await worker.stop();
    upstream.close();
  }
}

await queueBench();
await proxyBench();
