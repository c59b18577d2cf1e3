/**
 * `npm run bench`: starts the built worker with `wrangler dev` on loopback against its own local catalogue
 * (.wrangler/bench, seeded with 1,000,000 diamonds the first time, reused after) and prints figures — it
 * asserts nothing.
 *
 * 1. Search: ≥ 500 seeded random realistic searches (1-6 filters + ranges, every sort, pages up to 50) sent
 *    one at a time to `POST /api/diamonds2`, without and with facet counts: p50/p95/p99 of the worker's
 *    own time (its `Server-Timing: app` header: index object + D1 page read) and of the round trip seen by
 *    the client, each next to a trivial route on the same server (an unknown /api path: no I/O).
 * 2. SSR throughput: requests/s of the full `/diamond-search` page against the trivial route (repeated
 *    URLs are shared renders, see worker/page-cache.ts), and of a different search on every request.
 * 3. Memory: the index's own bytes; the worker isolate's heap and array buffers (over the inspector) before,
 *    during (peak) and after the index load and the runs, live (garbage included) and retained (after a full
 *    collection); the workerd processes' resident memory.
 * 4. Page weight: gzip bytes of the JavaScript each page loads, and the server HTML size.
 * 1b. Deal score (scripts/bench-deal.ts): `GET /api/diamonds/{id}/deal-score` for a few hundred random available
 *    diamonds, server time p50/p95/p99 against the target p95 ≤ 20 ms.
 * 5. Cart (scripts/bench-cart.ts): add-to-cart and get-cart at 32 concurrent visitors and at one hot cart,
 *    next to a trivial call to the same Durable Object.
 *
 * Options (env): SEED_DIAMONDS (default 1,000,000), BENCH_QUERIES (default 600), BENCH_SECONDS (default 10
 * per throughput run), BENCH_CONCURRENCY (default 8), BENCH_PERSIST_TO (default .wrangler/bench).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { startWorker } from "../tests/e2e/server";
import { benchQueries } from "./bench-queries";
import { cartBench } from "./bench-cart";
import { dealScoreBench } from "./bench-deal";
import { quantiles, type Quantiles } from "./bench-stats";
import { IsolateInspector, describeMemory, mb } from "./isolate-memory";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const QUERIES = Math.max(500, Number(process.env.BENCH_QUERIES ?? 600));
const DIAMONDS = Number(process.env.SEED_DIAMONDS ?? 1_000_000);
const PERSIST = process.env.BENCH_PERSIST_TO ?? ".wrangler/bench";

const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(10);
const fmt = (q: Quantiles) => `p50 ${ms(q.p50)}  p95 ${ms(q.p95)}  p99 ${ms(q.p99)}`;

function serverTime(res: Response): number {
  const m = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  return m ? Number(m[1]) : NaN;
}

/** Sends requests one at a time; returns client round trips and the worker's own times. */
async function latencies(make: (i: number) => Promise<Response>, n: number): Promise<{ client: number[]; server: number[]; errors: number }> {
  const client: number[] = [];
  const server: number[] = [];
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await make(i);
    await res.arrayBuffer();
    client.push(performance.now() - t);
    server.push(serverTime(res));
    if (res.status >= 500 || (res.status !== 200 && res.status !== 404)) errors++;
  }
  return { client, server, errors };
}

/**
 * Requests/s of a route under CONCURRENCY keep-alive connections, wrk-style: node:http with no body
 * decoding (a browser's `accept-encoding`, the compressed bytes counted, not inflated), so the load
 * generator sharing the machine's CPUs spends as little of them as it can.
 */
async function rate(base: string, path: string | ((i: number) => string)): Promise<{ rps: number; p50: number; p95: number; errors: number }> {
  const at = typeof path === "string" ? () => path : path;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const get = (p: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(base + p, { agent, headers: { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html" } }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      });
      req.on("error", reject);
    });
  let n = 0;
  if (typeof path === "string") for (let w = 0; w < 20; w++) await get(path);
  const end = Date.now() + SECONDS * 1000;
  const times: number[] = [];
  let errors = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        if ((await get(at(n++))) >= 500) errors++;
        times.push(performance.now() - t);
      }
    }),
  );
  agent.destroy();
  const q = quantiles(times);
  return { rps: times.length / ((Date.now() - started) / 1000), p50: q.p50, p95: q.p95, errors };
}

async function pageWeight(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const scripts = new Set<string>();
  // The scripts the page loads after its first paint (client/entry.server.tsx's loader), and any script src.
  for (const m of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(m[1]!);
  let raw = 0;
  let gz = 0;
  for (const src of scripts) {
    const buf = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: scripts.size, jsRaw: raw, jsGzip: gz, html: Buffer.byteLength(html), htmlGzip: gzipSync(html).length };
}

/** Resident memory of the workerd processes serving the worker (current and peak), from /proc. */
function workerdMemory(): string {
  try {
    const pids = execFileSync("pgrep", ["-f", "workerd serve"], { encoding: "utf8" }).trim().split("\n").filter(Boolean);
    return pids
      .map((pid) => {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
        return `pid ${pid}: RSS ${(kb("VmRSS") / 1024).toFixed(0)} MB (peak ${(kb("VmHWM") / 1024).toFixed(0)} MB)`;
      })
      .join("; ");
  } catch {
    return "unavailable (no /proc or pgrep)";
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  if (!existsSync("build/client/manifest.json")) throw new Error("build/ is missing: run `npm run build` first");
  console.log(`Seeding (or reusing) ${DIAMONDS.toLocaleString("en-US")} diamonds in ${PERSIST} …`);
  const worker = await startWorker({ persistTo: PERSIST, diamonds: DIAMONDS });
  const post = (body: unknown) =>
    fetch(worker.url + "/api/diamonds2", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const trivial = () => fetch(worker.url + "/api/bench-trivial");
  try {
    const inspector = await IsolateInspector.connect(worker.inspectorUrl);
    const atStart = await inspector.memory();
    const t = performance.now();
    // The first search-index call loads it: the isolate's memory is sampled all along (the load's peak).
    const loading = await inspector.peakWhile(fetch(worker.url + "/api/search/status").then((r) => r.json()));
    const loadingMs = performance.now() - t;
    const status = loading.value as { diamonds: number; bytes: number; loadMs: number; readMs: number; version: string };
    // Right after the load, then after a full collection (the index object is still loaded: it just answered).
    const loaded = await inspector.memory();
    const loadedRetained = await inspector.retained();
    // A connected inspector slows the isolate down: measure the runs without it.
    inspector.close();
    if (typeof status.diamonds !== "number") throw new Error(`the search index did not load: ${JSON.stringify(status)}\n${worker.log()}`);
    console.log(
      `\nIndex: ${status.diamonds.toLocaleString("en-US")} available diamonds, ${(status.bytes / 1e6).toFixed(1)} MB of typed arrays, loaded from D1 in ${(status.loadMs / 1000).toFixed(1)} s (reading D1 ${(status.readMs / 1000).toFixed(1)} s, building ${((status.loadMs - status.readMs) / 1000).toFixed(1)} s; first request waited ${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );

    const queries = benchQueries(QUERIES);
    // Warm-up: JIT and caches (a different query set, so no result is served from the worker's cache).
    for (const q of benchQueries(100, 7)) await (await post({ ...q, includeFacets: true })).arrayBuffer();
    await latencies(trivial, 100);

    console.log(`\n== Search: ${QUERIES} random realistic queries, one at a time ==`);
    const base = await latencies(trivial, QUERIES);
    const plain = await latencies((i) => post(queries[i]), QUERIES);
    const facets = await latencies((i) => post({ ...queries[i], includeFacets: true }), QUERIES);
    const row = (name: string, xs: number[]) => console.log(`${name.padEnd(46)} ${fmt(quantiles(xs))}`);
    console.log("server time (Server-Timing app;dur)");
    row("  trivial route (unknown /api path, no I/O)", base.server);
    row("  POST /api/diamonds2 (page + exact total)", plain.server);
    row("  … with facet counts + price histogram", facets.server);
    console.log("client round trip (loopback HTTP through wrangler dev)");
    row("  trivial route", base.client);
    row("  POST /api/diamonds2", plain.client);
    row("  … with facet counts", facets.client);
    const tb = quantiles(base.client);
    const r = (xs: number[]) => {
      const q = quantiles(xs);
      return `${(q.p50 / tb.p50).toFixed(2)}× / ${(q.p95 / tb.p95).toFixed(2)}× / ${(q.p99 / tb.p99).toFixed(2)}×`;
    };
    console.log(`ratio to trivial (client p50 / p95 / p99): search ${r(plain.client)}; with facets ${r(facets.client)}`);
    const sp = quantiles(plain.server);
    const fp = quantiles(facets.server);
    console.log(
      `targets: search p95 ${sp.p95.toFixed(2)} ms (≤ 5), with facets p95 ${fp.p95.toFixed(2)} ms (≤ 10)${plain.errors + facets.errors ? `; ${plain.errors + facets.errors} errors` : ""}`,
    );

    await dealScoreBench(worker.url);

    // Facet-less searches were sent first, so the facet run cannot reuse their cached results (the key differs).
    console.log(`\n== SSR throughput (${SECONDS}s per route, ${CONCURRENCY} keep-alive connections, gzip accepted, wrangler dev on loopback) ==`);
    const triv = await rate(worker.url, "/api/bench-trivial");
    const search = await rate(worker.url, "/diamond-search");
    const semantic = await rate(worker.url, "/diamond-search/s?origin=lab&shape=oval&carat=1-1.5");
    // Every request a different search (shape × colour range × page): no shared render, no cached result.
    const SHAPES = ["round", "princess", "marquise", "emerald", "pear", "oval", "heart", "radiant", "asscher", "cushion"];
    const uncached = await rate(
      worker.url,
      (i) => `/diamond-search/s?shape=${SHAPES[i % 10]}&color=d-${"efghij"[Math.floor(i / 10) % 6]}&page=${2 + Math.floor(i / 60)}`,
    );
    const first = (await (await post({})).json()) as { diamonds: { id: number; slug: string }[] };
    const detail = `/diamond/${first.diamonds[0]!.id}/${first.diamonds[0]!.slug}`;
    const detailRate = await rate(worker.url, detail);
    const line = (name: string, x: Awaited<ReturnType<typeof rate>>) =>
      console.log(
        `${name.padEnd(40)} ${x.rps.toFixed(1).padStart(8)} req/s   p50 ${x.p50.toFixed(1)} ms   p95 ${x.p95.toFixed(1)} ms${x.errors ? `   (${x.errors} errors)` : ""}`,
      );
    line("trivial route (unknown /api path)", triv);
    line("/diamond-search (full SSR page)", search);
    line("/diamond-search/s?… (filtered SSR page)", semantic);
    line("… a different search every request", uncached);
    line("/diamond/{id}/{slug} (SSR + D1)", detailRate);
    console.log(
      `ratio /diamond-search : trivial = ${((search.rps / triv.rps) * 100).toFixed(0)}%; target ≥ 300 req/s: ${search.rps >= 300 ? "met" : "not met"} (repeated pages are shared renders for 30 s: worker/page-cache.ts; the line above renders and searches every time)`,
    );

    await cartBench(worker.url);

    console.log("\n== Memory (the worker isolate, over the inspector: Runtime.getHeapUsage) ==");
    const again = await IsolateInspector.connect(worker.inspectorUrl);
    const after = await again.memory();
    const afterRetained = await again.retained();
    again.close();
    console.log(`index arrays ${mb(status.bytes)} (budget: isolate < 128 MB = 134.2 MB)`);
    console.log('"live" counts garbage not yet collected; "retained" is what is left after a full collection (a heap snapshot forces one)');
    console.log(`isolate before the index loaded      ${describeMemory(atStart)}`);
    console.log(
      `isolate while it loaded (peak)       live ${mb(loading.peakLive)}; committed ${mb(loading.peakCommitted)} — ${loading.samples} samples over ${(loadingMs / 1000).toFixed(1)} s, requested 10 ms after each answer; longest gap ${loading.longestGapMs.toFixed(0)} ms (the build's synchronous steps)`,
    );
    console.log(`isolate just after the load          ${describeMemory(loaded)}`);
    console.log(`  retained                           ${describeMemory(loadedRetained)}`);
    console.log(`isolate after every run above        ${describeMemory(after)}`);
    console.log(`  retained                           ${describeMemory(afterRetained)}`);
    const worst = Math.max(loadedRetained.heapUsed + loadedRetained.buffers, afterRetained.heapUsed + afterRetained.buffers);
    const peakLoad = Math.max(loading.peakLive, loaded.heapUsed + loaded.buffers);
    console.log(
      `target: peak live while loading ${mb(peakLoad)} ≤ 110 MB: ${peakLoad <= 110e6 ? "met" : "not met"}; retained ${mb(worst)} < 134.2 MB: ${worst < 128 * 1024 * 1024 ? "met" : "not met"}; highest live seen ${mb(Math.max(loading.peakLive, loaded.heapUsed + loaded.buffers, after.heapUsed + after.buffers))}`,
    );
    console.log(`workerd processes: ${workerdMemory()}`);

    console.log("\n== Page weight ==");
    for (const path of ["/", "/diamond-search", detail, "/setting-search", "/jewelry-search", "/setting/1/2", "/viewer?setting=1&metal=2&shape=1"]) {
      const w = await pageWeight(worker.url, path);
      console.log(
        `${path.length > 40 ? "/diamond/{id}/{slug}" : path}`.padEnd(34) +
          `JS ${w.files} files, ${kb(w.jsRaw)} raw, ${kb(w.jsGzip)} gzip (budget 100 KB)   HTML ${kb(w.html)} raw, ${kb(w.htmlGzip)} gzip`,
      );
    }
  } catch (e) {
    // What the worker said last explains most failures (an exception, a reset object).
    console.error(
      worker
        .log()
        .split("\n")
        .filter((l) => !/Request\.cf|getaddrinfo|GetAddrInfo/.test(l))
        .slice(-40)
        .join("\n"),
    );
    throw e;
  } finally {
    await worker.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? `${e.message}${e.cause ? ` (${String(e.cause)})` : ""}` : e);
  process.exit(1);
});
