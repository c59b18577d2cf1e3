/**
 * `npm run bench:compression`: what gzip-compressing shared pages in the worker costs and saves (decision 011).
 * Starts the built worker with `wrangler dev` on loopback (its own catalogue, .wrangler/bench-compression,
 * BENCH_DIAMONDS diamonds, default 20,000) and prints figures — it asserts nothing.
 *
 * For the diamond search page and a diamond page: the HTML size raw / gzip (as the worker sends it) /
 * brotli (what Cloudflare's edge can send instead), the CPU time of compressing it once (Node's zlib, the
 * same zlib as workerd's CompressionStream: a proxy for the worker's cost), the round trip of a render
 * (cache miss) and of a cache hit, and what the compression costs per request at
 * several hit rates of the 30 s page cache. It also checks the answer to a client without Accept-Encoding.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { startWorker } from "../tests/e2e/server";

const DIAMONDS = Number(process.env.BENCH_DIAMONDS ?? 20_000);
const RUNS = 200;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the given headers, body bytes as sent (Node's fetch would decompress them). */
function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** Loopback round trip of a GET, in ms. */
async function roundTrip(url: string, headers: Record<string, string>): Promise<number> {
  const t = performance.now();
  await get(url, headers);
  return performance.now() - t;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median CPU milliseconds of one call of `f` over RUNS calls (after a warm-up). */
function cpuMs(f: () => unknown): number {
  for (let i = 0; i < 20; i++) f();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.cpuUsage();
    f();
    const d = process.cpuUsage(t);
    times.push((d.user + d.system) / 1000);
  }
  return median(times);
}

async function measure(base: string, path: string): Promise<void> {
  const cookie = "Hide_Tariff_Alert_V2=1";
  // A client without Accept-Encoding: identity bytes, no Content-Encoding, from the render and from the cache.
  const plain = [await get(base + path, { cookie }), await get(base + path, { cookie })];
  for (const r of plain) {
    const ok = r.status === 200 && r.headers["content-encoding"] === undefined && r.body.subarray(0, 15).toString().toLowerCase() === "<!doctype html>";
    if (!ok) throw new Error(`${path}: a client without Accept-Encoding got ${r.status} ${String(r.headers["content-encoding"])}`);
  }
  const html = plain[0]!.body;
  const zipped = await get(base + path, { cookie, "accept-encoding": "gzip" });
  if (zipped.headers["content-encoding"] !== "gzip") throw new Error(`${path}: a gzip client got ${String(zipped.headers["content-encoding"])}`);
  const br4 = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
  const gzipCpu = cpuMs(() => gzipSync(html));
  // Round trips: a render + gzip (a new query string each time: a miss) and a hit on the same URL.
  const miss: number[] = [];
  const hit: number[] = [];
  for (let i = 0; i < 15; i++) {
    const url = `${base}${path}${path.includes("?") ? "&" : "?"}bench=${Date.now()}-${i}`;
    miss.push(await roundTrip(url, { cookie, "accept-encoding": "gzip" }));
    hit.push(await roundTrip(url, { cookie, "accept-encoding": "gzip" }));
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\n${path}`);
  console.log(
    `  HTML raw ${kb(html.length)}   gzip (worker, as sent) ${kb(zipped.body.length)}   gzip -6 (node) ${kb(gzipSync(html).length)}   brotli q4 ${kb(br4)}`,
  );
  console.log(`  gzip once: ${gzipCpu.toFixed(2)} ms CPU (node zlib, median of ${RUNS})`);
  console.log(`  round trip on loopback (median of 15): render + gzip (miss) ${median(miss).toFixed(1)} ms   cache hit ${median(hit).toFixed(1)} ms`);
  const perRequest = [0, 0.5, 0.9, 0.99].map((h) => `${Math.round(h * 100)}% hits: ${(gzipCpu * (1 - h)).toFixed(3)} ms`);
  console.log(`  gzip CPU per request at a page-cache hit rate of  ${perRequest.join("   ")}`);
}

const worker = await startWorker({ persistTo: ".wrangler/bench-compression", diamonds: DIAMONDS });
try {
  const search = await get(worker.url + "/diamond-search", {});
  const diamond = /href="(\/diamond\/\d+\/[^"?#]+)"/.exec(search.body.toString())?.[1];
  if (!diamond) throw new Error("no diamond link on /diamond-search");
  console.log(
    `Compression of shared pages (wrangler dev, ${DIAMONDS.toLocaleString("en")} diamonds; wrangler ${(JSON.parse(readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string> }).devDependencies.wrangler})`,
  );
  await measure(worker.url, "/diamond-search");
  await measure(worker.url, diamond);
} finally {
  await worker.stop();
}
