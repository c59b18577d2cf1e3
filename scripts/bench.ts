/**
 * `npm run bench`: starts the built worker with `wrangler dev` on loopback (the default local catalogue,
 * seeded if needed) and prints figures — it asserts nothing.
 *
 * 1. SSR throughput: requests/s of `/diamond-search` against a trivial route on the same worker, and the ratio.
 * 2. Page weight: gzip bytes of the JavaScript each page loads, and the server HTML size.
 *
 * Options (env): BENCH_SECONDS (default 10 per route), BENCH_CONCURRENCY (default 8).
 */
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { startWorker } from "../tests/e2e/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function rate(base: string, pathOf: string | ((i: number) => string)): Promise<{ rps: number; p50: number; p95: number; errors: number }> {
  const next = typeof pathOf === "string" ? () => pathOf : pathOf;
  let i = 0;
  // Warm up the isolate.
  for (let w = 0; w < 20; w++) await (await fetch(base + next(i++))).arrayBuffer();
  const end = Date.now() + SECONDS * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const res = await fetch(base + next(i++));
        await res.arrayBuffer();
        if (res.status >= 500) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: q(0.5), p95: q(0.95), errors };
}

async function pageWeight(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/import \* as \w+ from "([^"]+\.js)"/g)) scripts.add(m[1]!);
  let raw = 0;
  let gz = 0;
  for (const src of scripts) {
    const buf = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: scripts.size, jsRaw: raw, jsGzip: gz, html: Buffer.byteLength(html), htmlGzip: gzipSync(html).length };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  if (!existsSync("build/client/manifest.json")) throw new Error("build/ is missing: run `npm run build` first");
  const worker = await startWorker({ persistTo: ".wrangler/state", diamonds: Number(process.env.SEED_DIAMONDS ?? 50_000) });
  try {
    const first = (await (await fetch(worker.url + "/api/diamonds2", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as { diamonds: { id: number; slug: string }[] };
    const detail = `/diamond/${first.diamonds[0]!.id}/${first.diamonds[0]!.slug}`;

    console.log(`\n== SSR throughput (${SECONDS}s per route, ${CONCURRENCY} concurrent, wrangler dev on loopback) ==`);
    const trivial = await rate(worker.url, "/404");
    const search = await rate(worker.url, "/diamond-search");
    // Every request a different filter set: no two searches alike, so no result is served from the cache.
    const shapes = ["round", "oval", "cushion", "pear", "emerald", "princess", "radiant", "marquise", "asscher", "heart"];
    const varied = await rate(worker.url, (n) => `/diamond-search?shape=${shapes[n % 10]}&origin=${n % 3 === 0 ? "lab" : "natural"}&page=${1 + (Math.floor(n / 10) % 40)}&sort=${n % 2 ? "price" : "carat"}`);
    const detailRate = await rate(worker.url, detail);
    const row = (name: string, r: Awaited<ReturnType<typeof rate>>) =>
      console.log(`${name.padEnd(34)} ${r.rps.toFixed(1).padStart(8)} req/s   p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms${r.errors ? `   (${r.errors} errors)` : ""}`);
    row("trivial route (/404, SSR, no D1)", trivial);
    row("/diamond-search (default view)", search);
    row("/diamond-search (varied, uncached)", varied);
    row("/diamond/{id}/{slug} (SSR + D1)", detailRate);
    console.log(`ratio /diamond-search : trivial = ${((search.rps / trivial.rps) * 100).toFixed(0)}% (goal ≥ 50%); varied filters : trivial = ${((varied.rps / trivial.rps) * 100).toFixed(0)}%`);

    console.log("\n== Page weight ==");
    for (const path of ["/", "/diamond-search", detail]) {
      const w = await pageWeight(worker.url, path);
      console.log(`${path.length > 40 ? "/diamond/{id}/{slug}" : path}`.padEnd(24) + `JS ${w.files} files, ${kb(w.jsRaw)} raw, ${kb(w.jsGzip)} gzip (budget 90 KB)   HTML ${kb(w.html)} raw, ${kb(w.htmlGzip)} gzip`);
    }
  } finally {
    await worker.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
