/**
 * `npm run bench:deal-score`: how well the deal score ranks real prices (issue 21; docs/decisions/026-deal-score.md).
 * Reads the ggplot2 `diamonds` feed (../shared/data/diamonds-ggplot2.csv, 53,940 round stones, 2008 US dollars)
 * through the importer's own reading and row mapping (scripts/import: feed.ts, map.ts, vocabulary.ts — Premium
 * becomes Excellent, Fair and I1 are rejected, as an import would), indexes the stones in Node (`buildIndex`),
 * scores every stone against the rest and prints Spearman's ρ between the deal score's percentile and the price
 * model's residual, ln price − ln(fittedPricePerCarat2008 · carat): strongly negative when stones that are cheap
 * for their grades score high. Writes nothing anywhere. Prints figures; asserts nothing.
 */
import { resolve } from "node:path";
import { fittedPricePerCarat2008 } from "#shared/catalogue/price-model.ts";
import type { DealStone } from "#shared/reports/schemas.ts";
import type { IndexRow } from "#worker/search/columns.ts";
import { dealScoreRows } from "#worker/search/deal-score.ts";
import { buildIndex } from "#worker/search/engine.ts";
import { openFeed } from "./import/feed.ts";
import { FeedValidator } from "./import/map.ts";

const FILE = resolve(process.argv[2] ?? "../shared/data/diamonds-ggplot2.csv");

/** Ranks 1..n with ties sharing their average rank. */
function ranks(xs: readonly number[]): Float64Array {
  const order = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]!);
  const out = new Float64Array(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && xs[order[j + 1]!] === xs[order[i]!]) j++;
    for (let k = i; k <= j; k++) out[order[k]!] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's ρ: Pearson's correlation of the ranks. */
function spearman(a: readonly number[], b: readonly number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  const mean = (n + 1) / 2;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = ra[i]! - mean;
    const db = rb[i]! - mean;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return sab / Math.sqrt(saa * sbb);
}

async function main() {
  const started = performance.now();
  const feed = await openFeed(FILE);
  // As `npm run import -- diamonds-ggplot2.csv --retailer 1 --default-shape round` would map it (a natural-only retailer).
  const validator = new FeedValidator({ retailerId: 1, retailerType: 1, present: feed.header.present, defaultShape: 1, defaultLab: null, defaultOrigin: 0 });
  for await (const record of feed.records()) validator.add(record);
  const rows: IndexRow[] = validator.stones.map((s, i) => ({
    id: i + 1,
    isLabGrown: s.isLabGrown === 1,
    shape: s.shape,
    color: s.color,
    clarity: s.clarity,
    cut: s.cut,
    certificateLab: s.certificateLab,
    polish: s.polish,
    symmetry: s.symmetry,
    fluorescence: s.fluorescence,
    eyeClean: s.eyeClean,
    hasImage: false,
    hasVideo: false,
    retailerId: 1,
    shippingDays: s.shippingDays,
    priceCents: s.priceCents,
    carat: s.carat,
    depthPct: s.depthPct,
    tablePct: s.tablePct,
    lwRatio: s.widthMm > 0 ? Math.round((s.lengthMm / s.widthMm) * 100) / 100 : 1,
    sortingOrder: i,
  }));
  const index = buildIndex(rows, "ggplot2");
  const scores: number[] = [];
  const percentiles: number[] = [];
  const residuals: number[] = [];
  let unscored = 0;
  let comparables = 0;
  const t = performance.now();
  for (const r of rows) {
    const stone: DealStone = {
      id: r.id,
      isLabGrown: r.isLabGrown,
      shape: r.shape,
      carat: r.carat,
      color: r.color,
      clarity: r.clarity,
      cut: r.cut,
      fluorescence: r.fluorescence,
      priceCents: r.priceCents,
    };
    const deal = dealScoreRows(index, stone, 0);
    comparables += deal.count;
    if (deal.percentile === null) {
      unscored++;
      continue;
    }
    // The percentile is the figure ranked (the score is it out of 10, rounded to a tenth).
    percentiles.push(deal.percentile);
    scores.push(deal.score!);
    residuals.push(Math.log(r.priceCents / 100) - Math.log(fittedPricePerCarat2008(r) * r.carat));
  }
  const scoringMs = performance.now() - t;
  const rho = spearman(percentiles, residuals);
  const rejected = new Map<string, number>();
  for (const j of validator.rejects)
    for (const reason of j.reasons) rejected.set(reason.replace(/\(got .*\)/, ""), (rejected.get(reason.replace(/\(got .*\)/, "")) ?? 0) + 1);
  console.log(
    `feed: ${validator.rows.toLocaleString("en-US")} rows, ${rows.length.toLocaleString("en-US")} mapped by the importer's rules, ${validator.rejects.length.toLocaleString("en-US")} rejected`,
  );
  for (const [reason, n] of [...rejected].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  rejected: ${reason} × ${n.toLocaleString("en-US")}`);
  console.log(
    `scored: n = ${scores.length.toLocaleString("en-US")}; no score (fewer than 5 comparables): ${unscored.toLocaleString("en-US")}; ${Math.round(comparables / rows.length)} comparables on average; ${(scoringMs / rows.length).toFixed(3)} ms a stone`,
  );
  console.log(`Spearman ρ (deal score percentile vs price-model residual): ${rho.toFixed(3)}`);
  // Mean score by residual decile: cheapest for their grades first.
  const order = residuals.map((_, i) => i).sort((a, b) => residuals[a]! - residuals[b]!);
  console.log("mean deal score by residual decile (1 = cheapest for its grades):");
  for (let d = 0; d < 10; d++) {
    const part = order.slice(Math.floor((d * order.length) / 10), Math.floor(((d + 1) * order.length) / 10));
    const mean = part.reduce((s, i) => s + scores[i]!, 0) / part.length;
    const lo = residuals[part[0]!]!;
    const hi = residuals[part.at(-1)!]!;
    console.log(`  decile ${String(d + 1).padStart(2)}  residual ${lo.toFixed(2).padStart(6)} … ${hi.toFixed(2).padStart(6)}   mean score ${mean.toFixed(2)}`);
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
