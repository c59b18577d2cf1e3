/**
 * The deal score on the search index against a brute-force oracle over the plain rows (issue 21 point 8;
 * docs/decisions/026-deal-score.md): generated inventories dense enough that comparison sets reach every edge
 * (carats exactly 5 % away, grades 1 and 8, the house cut grade, both origins, equal prices, 3-decimal carats),
 * and the cases a shopper would recognise.
 */
import { describe, expect, it } from "vitest";
import { MIN_COMPARABLES, type DealStone } from "#shared/reports/schemas.ts";
import type { IndexRow } from "#worker/search/columns.ts";
import { adjustedPrice, dealScoreRows } from "#worker/search/deal-score.ts";
import { buildIndex } from "#worker/search/engine.ts";

/** mulberry32: a small seeded PRNG, so every run generates the same inventories. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof prng>;

function row(id: number, fields: Partial<IndexRow> & Pick<IndexRow, "carat" | "priceCents">): IndexRow {
  return {
    id,
    isLabGrown: false,
    shape: 1,
    color: 4,
    clarity: 4,
    cut: 0,
    certificateLab: 0,
    polish: 1,
    symmetry: 1,
    fluorescence: 0,
    eyeClean: 1,
    hasImage: true,
    hasVideo: false,
    retailerId: 1,
    shippingDays: 3,
    depthPct: 62,
    tablePct: 57,
    lwRatio: 1,
    sortingOrder: id,
    ...fields,
  };
}

/** Milli-carats an inventory draws from: anchors (multiples of 20), their exact ±5 % edges, just past them, and a few others. */
function caratChoices(rng: Rng): number[] {
  const anchors = [rng.int(15, 60) * 20, rng.int(15, 60) * 20];
  const out: number[] = [];
  for (const a of anchors) out.push(a, (a * 95) / 100, (a * 105) / 100, (a * 95) / 100 - 1, (a * 105) / 100 + 1, a + 10, a - 7, a + 33);
  return out;
}

/** A dense inventory: one or two shapes, a band of three colours and clarities (at an edge half the time), prices with duplicates. */
function inventory(seed: number, size: number) {
  const rng = prng(seed);
  const carats = caratChoices(rng);
  const band = (edge: boolean) => (edge ? rng.pick([1, 6]) : rng.int(2, 5));
  const color0 = band(rng.next() < 0.5);
  const clarity0 = band(rng.next() < 0.5);
  const prices = [150_000, 150_000, 275_050, 410_000, 999_999];
  const rows: IndexRow[] = [];
  for (let i = 0; i < size; i++) {
    const milli = rng.pick(carats);
    rows.push(
      row(1000 + i * 7, {
        isLabGrown: rng.next() < 0.5,
        shape: rng.next() < 0.8 ? 1 : 6,
        color: color0 + rng.int(0, 2),
        clarity: clarity0 + rng.int(0, 2),
        cut: rng.int(0, 4),
        fluorescence: rng.int(0, 4),
        carat: milli / 1000,
        priceCents: rng.next() < 0.3 ? rng.pick(prices) : rng.int(50_000, 2_000_000),
      }),
    );
  }
  return { rng, rows, carats, color0, clarity0 };
}

const rank = (cut: number) => (cut === 4 ? 0 : cut);

/** The rule written out over plain rows: filter every row, adjust, count, sort. */
function oracle(rows: IndexRow[], s: DealStone, limit: number) {
  const sm = Math.round(s.carat * 1000);
  const comparables = rows.filter((r) => {
    const dm = Math.abs(Math.round(r.carat * 1000) - sm);
    return (
      r.id !== s.id &&
      r.isLabGrown === s.isLabGrown &&
      r.shape === s.shape &&
      dm * 100 <= 5 * sm &&
      Math.abs(r.color - s.color) <= 1 &&
      Math.abs(r.clarity - s.clarity) <= 1 &&
      (s.cut === null || Math.abs(rank(r.cut) - rank(s.cut)) <= 1)
    );
  });
  const adjusted = comparables.map((r) => adjustedPrice(s, r, r.priceCents));
  const count = comparables.length;
  const near = (r: IndexRow) => {
    const caratPart = Math.abs(r.carat - s.carat) / (0.05 * s.carat);
    const grades = 0.3 * Math.abs(r.color - s.color) + 0.3 * Math.abs(r.clarity - s.clarity) + (s.cut === null ? 0 : 0.1 * Math.abs(rank(r.cut) - rank(s.cut)));
    return Math.round((caratPart + grades) * 1e6) / 1e6;
  };
  const nearest = comparables
    .map((r, i) => ({ r, i, d: near(r) }))
    .sort((a, b) => a.d - b.d || a.r.id - b.r.id)
    .slice(0, limit);
  const ids = nearest.map((x) => x.r.id);
  const nearestAdjusted = nearest.map((x) => Math.round(adjusted[x.i]!));
  if (count < MIN_COMPARABLES) return { count, score: null, percentile: null, medianCents: null, differencePct: null, ids, nearestAdjusted };
  const sorted = [...adjusted].sort((a, b) => a - b);
  const median = count % 2 ? sorted[(count - 1) / 2]! : (sorted[count / 2 - 1]! + sorted[count / 2]!) / 2;
  // Stones that cost more, in halves (a tie counts half), so exact halves round up.
  const halves = 2 * adjusted.filter((a) => a > s.priceCents).length + adjusted.filter((a) => a === s.priceCents).length;
  return {
    count,
    score: Math.round((halves * 50) / count) / 10,
    percentile: Math.round((halves * 500) / count) / 10,
    medianCents: Math.round(median),
    differencePct: Math.round(((s.priceCents - median) / median) * 1000) / 10,
    ids,
    nearestAdjusted,
  };
}

const stoneOf = (r: IndexRow): DealStone => ({
  id: r.id,
  isLabGrown: r.isLabGrown,
  shape: r.shape,
  carat: r.carat,
  color: r.color,
  clarity: r.clarity,
  cut: r.cut,
  fluorescence: r.fluorescence,
  priceCents: r.priceCents,
});

describe("deal score against the brute-force oracle", () => {
  const seeds = Array.from({ length: 12 }, (_, i) => 21_000 + i);
  it.each(seeds)("inventory %i: every figure and the nearest comparables agree", (seed) => {
    const { rng, rows, carats, color0, clarity0 } = inventory(seed, rng0(seed));
    const index = buildIndex(rows);
    const byId = new Map(rows.map((r) => [r.id, r]));
    let scored = 0;
    let edges = 0;
    const subjects: DealStone[] = [];
    for (let i = 0; i < 80; i++) subjects.push(stoneOf(rng.pick(rows)));
    for (let i = 0; i < 80; i++) {
      subjects.push({
        id: null,
        isLabGrown: rng.next() < 0.5,
        shape: rng.next() < 0.8 ? 1 : 6,
        carat: (rng.next() < 0.7 ? rng.pick(carats) : rng.int(280, 1300)) / 1000,
        color: Math.min(8, Math.max(1, color0 + rng.int(-1, 3))),
        clarity: Math.min(8, Math.max(1, clarity0 + rng.int(-1, 3))),
        cut: rng.next() < 0.5 ? null : rng.int(0, 4),
        fluorescence: rng.next() < 0.5 ? null : rng.int(0, 4),
        priceCents: rng.next() < 0.3 ? 150_000 : rng.int(40_000, 2_500_000),
      });
    }
    for (const s of subjects) {
      const limit = rng.pick([1, 5, 24, 1000]);
      const got = dealScoreRows(index, s, limit);
      const want = oracle(rows, s, limit);
      const where = JSON.stringify(s);
      expect({ count: got.count, score: got.score, percentile: got.percentile, medianCents: got.medianCents, differencePct: got.differencePct }, where).toEqual(
        {
          count: want.count,
          score: want.score,
          percentile: want.percentile,
          medianCents: want.medianCents,
          differencePct: want.differencePct,
        },
      );
      expect(
        got.rows.map((r) => index.id[r]),
        where,
      ).toEqual(want.ids);
      expect(got.adjusted, where).toEqual(want.nearestAdjusted);
      if (got.score !== null) scored++;
      const sm = Math.round(s.carat * 1000);
      if (want.ids.some((id) => Math.abs(Math.round(byId.get(id)!.carat * 1000) - sm) * 100 === 5 * sm)) edges++;
    }
    // The generated sets are not degenerate: many subjects get a score, and some sets reach the ±5 % edge.
    expect(scored).toBeGreaterThan(40);
    expect(edges).toBeGreaterThan(0);
  });
});

/** A few hundred stones per inventory. */
const rng0 = (seed: number) => 200 + (seed % 5) * 60;

describe("deal score as a shopper reads it", () => {
  // Ten identical 1.00 ct round G VS1 Excellent stones from $5,000 to $9,500.
  const twins = Array.from({ length: 10 }, (_, i) => row(i + 1, { carat: 1, color: 5, clarity: 5, cut: 1, priceCents: 500_000 + i * 50_000 }));
  const subject = (priceCents: number): DealStone => ({
    id: null,
    isLabGrown: false,
    shape: 1,
    carat: 1,
    color: 5,
    clarity: 5,
    cut: 1,
    fluorescence: 0,
    priceCents,
  });

  it("scores 10 below every comparable and 0 above every one", () => {
    const index = buildIndex(twins);
    const cheap = dealScoreRows(index, subject(400_000), 24);
    expect(cheap).toMatchObject({ count: 10, score: 10, percentile: 100, medianCents: 725_000 });
    expect(cheap.differencePct).toBeCloseTo(-44.8, 1);
    expect(dealScoreRows(index, subject(1_000_000), 24)).toMatchObject({ count: 10, score: 0, percentile: 0 });
    // At the median: half the stones cost more.
    expect(dealScoreRows(index, subject(725_000), 24)).toMatchObject({ score: 5, percentile: 50, differencePct: 0 });
  });

  it("gives no score with fewer than 5 comparables, and says how many there were", () => {
    const index = buildIndex(twins.slice(0, 4));
    expect(dealScoreRows(index, subject(400_000), 24)).toMatchObject({ count: 4, score: null, percentile: null, medianCents: null, differencePct: null });
    expect(dealScoreRows(index, { ...subject(400_000), shape: 2 }, 24)).toMatchObject({ count: 0, score: null });
  });

  it("drops when a cheaper twin is listed", () => {
    const before = dealScoreRows(buildIndex(twins), subject(600_000), 24).score!;
    const after = dealScoreRows(buildIndex([...twins, row(99, { carat: 1, color: 5, clarity: 5, cut: 1, priceCents: 450_000 })]), subject(600_000), 24).score!;
    expect(after).toBeLessThan(before);
  });

  it("leaves an inventory stone out of its own set, adjusts a bigger stone down and lists the nearest first", () => {
    const rows = [
      ...twins,
      row(50, { carat: 1.05, color: 5, clarity: 5, cut: 1, priceCents: 800_000 }),
      row(51, { carat: 1.06, color: 5, clarity: 5, cut: 1, priceCents: 1 }),
    ];
    const index = buildIndex(rows);
    const got = dealScoreRows(index, { ...subject(500_000), id: 1 }, 24);
    expect(got.count).toBe(10); // nine twins and the 1.05 ct stone; 1.06 ct is more than 5 % away
    expect(got.rows.map((r) => index.id[r])).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 50]);
    expect(got.adjusted.at(-1)).toBeLessThan(800_000);
  });

  it("treats the house cut grade as Ideal and a stone without a cut grade as comparable with every cut", () => {
    const rows = [0, 1, 2, 3, 4].flatMap((cut) =>
      Array.from({ length: 5 }, (_, i) => row(cut * 10 + i + 1, { carat: 1, color: 5, clarity: 5, cut, priceCents: 600_000 })),
    );
    const index = buildIndex(rows);
    expect(dealScoreRows(index, { ...subject(600_000), cut: 4 }, 0).count).toBe(15); // Ideal, house and Excellent
    expect(dealScoreRows(index, { ...subject(600_000), cut: 3 }, 0).count).toBe(10); // Good and Very Good
    expect(dealScoreRows(index, { ...subject(600_000), cut: null }, 0).count).toBe(25);
  });
});
