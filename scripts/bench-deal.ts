/**
 * The deal-score part of `npm run bench` (scripts/bench.ts): `GET /api/diamonds/{id}/deal-score` for a few
 * hundred random available diamonds (each asked once, so none is answered from the isolate's cache), one at a
 * time — the worker's own time (Server-Timing app) against the target p95 ≤ 20 ms at 1,000,000 diamonds.
 */
import { benchQueries } from "./bench-queries";
import { quantiles } from "./bench-stats";

const DEALS = Number(process.env.BENCH_DEALS ?? 400);

function appTime(res: Response): number {
  const m = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  return m ? Number(m[1]) : Number.NaN;
}

/** Random available diamond ids: one from each of many random searches (seeded, so the same every run). */
async function randomIds(base: string, count: number): Promise<number[]> {
  const ids = new Set<number>();
  const queries = benchQueries(count * 2, 2126);
  for (let i = 0; ids.size < count && i < queries.length; i++) {
    const res = await fetch(`${base}/api/diamonds2`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(queries[i]) });
    const { diamonds } = (await res.json()) as { diamonds: { id: number }[] };
    const pick = diamonds[(i * 7) % Math.max(1, diamonds.length)];
    if (pick) ids.add(pick.id);
  }
  return [...ids];
}

/** Prints p50/p95/p99 of the deal score's server time and round trip, and the target line. */
export async function dealScoreBench(base: string): Promise<void> {
  console.log(`\n== Deal score: GET /api/diamonds/{id}/deal-score for ${DEALS} random available diamonds, one at a time ==`);
  const ids = await randomIds(base, DEALS + 50);
  // Warm-up on other diamonds (the first call also orders the index by id once).
  for (const id of ids.slice(DEALS)) await (await fetch(`${base}/api/diamonds/${id}/deal-score`)).arrayBuffer();
  const server: number[] = [];
  const engine: number[] = [];
  const client: number[] = [];
  let scored = 0;
  let comparables = 0;
  let errors = 0;
  for (const id of ids.slice(0, DEALS)) {
    const t = performance.now();
    const res = await fetch(`${base}/api/diamonds/${id}/deal-score`);
    const body = (await res.json()) as { score: number | null; comparableCount: number };
    client.push(performance.now() - t);
    server.push(appTime(res));
    engine.push(Number(/engine;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN));
    if (res.status !== 200) errors++;
    else {
      if (body.score !== null) scored++;
      comparables += body.comparableCount;
    }
  }
  const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(10);
  const row = (name: string, xs: number[]) => {
    const q = quantiles(xs);
    console.log(`${name.padEnd(46)} p50 ${ms(q.p50)}  p95 ${ms(q.p95)}  p99 ${ms(q.p99)}`);
  };
  const n = server.length;
  row("server time (Server-Timing app;dur)", server);
  row("  of which the index's own work (engine)", engine);
  row("client round trip", client);
  console.log(`${scored} of ${n} scored (the rest had fewer than 5 comparables); ${Math.round(comparables / Math.max(1, n - errors))} comparables on average`);
  const p95 = quantiles(server).p95;
  console.log(`target: deal score p95 ${p95.toFixed(2)} ms (≤ 20): ${p95 <= 20 ? "met" : "not met"}${errors ? `; ${errors} errors` : ""}`);
}
