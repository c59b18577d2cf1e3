/**
 * Realistic random diamond searches for the benchmark, from a seeded generator (the same seed gives the
 * same queries): 1-6 filters of the kinds shoppers combine, plus ranges, every sort and direction, and
 * pages up to 50 (most on the first).
 */
import type { DiamondSearchInput } from "#shared/schemas.ts";
import { SORT_FIELDS } from "#shared/schemas.ts";

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function benchQueries(count: number, seed = 20261121): DiamondSearchInput[] {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const span = (lo: number, hi: number, min: number, max: number) => {
    const a = int(lo, hi);
    const b = Math.min(max, a + int(min, max - lo));
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  };
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const filters: ((q: DiamondSearchInput) => void)[] = [
    (q) => (q.diamondShapes = [...new Set(Array.from({ length: rnd() < 0.7 ? 1 : int(2, 3) }, () => int(1, 10)))]),
    (q) => {
      const lo = pick([0.3, 0.5, 0.7, 0.9, 1, 1.2, 1.5, 2, 2.5, 3]);
      q.caratMin = lo;
      q.caratMax = round2(lo + pick([0.09, 0.19, 0.29, 0.49, 0.99]));
    },
    (q) => (q.colors = span(1, 6, 1, 4)),
    (q) => (q.clarities = span(2, 7, 1, 4)),
    (q) => (q.cuts = rnd() < 0.6 ? [0] : [0, 1]),
    (q) => (q.isLabGrown = rnd() < 0.5),
    (q) => {
      const lo = pick([500, 1000, 2000, 3000, 5000, 8000]);
      q.priceMin = lo;
      q.priceMax = lo * pick([2, 3, 5, 10]);
    },
    (q) => (q.certificateLabs = rnd() < 0.7 ? [0] : [0, 1]),
    (q) => {
      q.polishes = [1];
      q.symmetries = [1];
    },
    (q) => (q.fluorescences = rnd() < 0.5 ? [0] : [0, 1]),
    (q) => (q.eyeClean = true),
    (q) => (q.hasVideo = true),
    (q) => {
      q.depthMin = pick([58, 59, 60]);
      q.depthMax = pick([62, 63, 65]);
    },
    (q) => {
      q.tableMin = pick([53, 54, 55]);
      q.tableMax = pick([58, 60, 62]);
    },
    (q) => (q.shippingDays = pick([2, 3, 5, 7])),
    (q) => (q.loupeIdeal = true),
  ];
  const out: DiamondSearchInput[] = [];
  for (let i = 0; i < count; i++) {
    const q: DiamondSearchInput = {
      pageNumber: rnd() < 0.6 ? 1 : int(2, 50),
      pageSize: 16,
      sortBy: pick(SORT_FIELDS),
      sortOrder: rnd() < 0.5 ? "asc" : "desc",
      isLabGrown: null,
    };
    const n = int(1, 6);
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(int(0, filters.length - 1));
    for (const f of chosen) filters[f]!(q);
    out.push(q);
  }
  return out;
}
