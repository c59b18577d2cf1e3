/**
 * `npm run bench:engine`: the search engine alone, in Node, on the generated catalogue (SEED_DIAMONDS,
 * default 1,000,000) and the same seeded queries as `npm run bench` — per-query engine time without the
 * worker, RPC or D1, and the slowest queries with their filters. Prints figures; asserts nothing.
 */
import * as v from "valibot";
import { generateDiamonds } from "#shared/catalogue/generate-diamonds.ts";
import { DiamondSearchRequest } from "#shared/schemas.ts";
import { indexRowOf } from "#worker/search/columns.ts";
import { dealScoreRows } from "#worker/search/deal-score.ts";
import { IndexBuilder } from "#worker/search/engine.ts";
import { toEngineQuery } from "#worker/search/plan.ts";
import { benchQueries } from "./bench-queries";
import { quantiles } from "./bench-stats";

const DIAMONDS = Number(process.env.SEED_DIAMONDS ?? 1_000_000);
const QUERIES = Math.max(500, Number(process.env.BENCH_QUERIES ?? 600));
const SEED_NOW = Date.UTC(2026, 10, 1);
const NOW = Date.UTC(2026, 10, 21, 15, 30);

let t = performance.now();
const builder = new IndexBuilder(DIAMONDS);
for (let start = 0; start < DIAMONDS; start += 50_000) {
  const { diamonds } = generateDiamonds(start, Math.min(50_000, DIAMONDS - start), SEED_NOW);
  for (const d of diamonds) {
    if (d.is_sold) continue;
    builder.push(indexRowOf(d));
  }
}
console.log(`generated ${DIAMONDS.toLocaleString("en")} diamonds in ${((performance.now() - t) / 1000).toFixed(1)} s`);
t = performance.now();
const index = builder.build("bench");
index.prepareSorts();
console.log(`index: ${index.size.toLocaleString("en")} rows, ${(index.bytes / 1e6).toFixed(1)} MB, built in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const requests = benchQueries(QUERIES).map((q) => v.parse(DiamondSearchRequest, q));
function summary(xs: number[]) {
  const q = quantiles(xs);
  return `p50 ${q.p50.toFixed(2)} ms  p95 ${q.p95.toFixed(2)} ms  p99 ${q.p99.toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms`;
}
for (const facets of [false, true]) {
  // One warm-up round, then the measured one.
  const times: { ms: number; i: number; total: number }[] = [];
  for (let round = 0; round < 2; round++) {
    times.length = 0;
    requests.forEach((req, i) => {
      const q = toEngineQuery({ ...req, includeFacets: facets }, { now: NOW, onlyIds: null });
      const s = performance.now();
      const r = index.search(q);
      times.push({ ms: performance.now() - s, i, total: r.total });
    });
  }
  console.log(`${facets ? "with facets" : "results    "}  ${summary(times.map((x) => x.ms))}`);
  if (process.env.BENCH_SLOWEST) {
    for (const x of [...times].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.BENCH_SLOWEST))) {
      const q = benchQueries(QUERIES)[x.i]!;
      console.log(`  ${x.ms.toFixed(2)} ms  total ${x.total}  ${JSON.stringify(q)}`);
    }
  }
}

// Deal score (worker/search/deal-score.ts): a few hundred random available diamonds scored against the rest,
// with the 24 nearest comparables — the work `GET /api/diamonds/{id}/deal-score` asks of the index object.
{
  const DEALS = Number(process.env.BENCH_DEALS ?? 400);
  let seed = 21;
  const rand = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const rows = Array.from({ length: DEALS }, () => Math.floor(rand() * index.size));
  const leafGrades = (r: number) => {
    const k = index.leaf[r]!;
    return {
      cut: k % 5,
      clarity: (Math.floor(k / 5) % 8) + 1,
      color: (Math.floor(k / 40) % 8) + 1,
      shape: (Math.floor(k / 320) % 10) + 1,
      isLabGrown: k >= 3200,
    };
  };
  const times: number[] = [];
  let counts = 0;
  for (let round = 0; round < 2; round++) {
    times.length = 0;
    counts = 0;
    for (const r of rows) {
      const d = index.display([r])[0]!;
      const stone = { id: index.id[r]!, ...leafGrades(r), carat: index.exactCarat(r), fluorescence: d.fluorescence, priceCents: index.price[r]! };
      const s = performance.now();
      counts += dealScoreRows(index, stone, 24).count;
      times.push(performance.now() - s);
    }
  }
  console.log(`deal score   ${summary(times)}  (${DEALS} stones, ${Math.round(counts / DEALS)} comparables on average)`);
}
