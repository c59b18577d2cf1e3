/**
 * The demo diamonds with their price history (generate.ts): diamond i depends only on i (and, for the second
 * stone of a pair, on its partner i − 1), drawn from the distributions of diamond-weights.ts.
 */
import { modelPriceCents } from "./price-model";
import { type Rng, rng, seedOf } from "./random";
import type { DiamondRow, PriceHistoryRow } from "./rows";
import {
  CLARITY_WEIGHTS,
  COLOR_WEIGHTS,
  CUT_WEIGHTS,
  FINISH_BY_CUT,
  FLUORESCENCE_WEIGHTS,
  GEOMETRY,
  LAB_WEIGHTS,
  SHAPE_WEIGHTS,
  SHIPPING_DAYS,
  SIZE_WEIGHTS,
  eyeCleanWeights,
} from "./diamond-weights";
import { DAY_MS, DIAMOND_ID_BASE, clamp, diamondImageUrl, round1, round2 } from "./generate";
import { retailerPools, retailerSendsPhotos } from "./generate-retailers";
import { wholeDollarCents } from "../money";

/** The grading and proportions a stone is born with; the second stone of a pair copies its partner's. */
interface StoneBase {
  isLab: boolean;
  shape: number;
  carat: number;
  color: number;
  clarity: number;
  cut: number;
  polish: number;
  symmetry: number;
  fluorescence: number;
  certificateLab: number;
  retailer: { id: number; markup: number };
  depthPct: number;
  tablePct: number;
  /** Length / width. */
  ratio: number;
  /** Round, Ideal or house-grade cut, excellent polish and symmetry, depth 59-62.5 %, table 53-58 %. */
  rcIdeal: boolean;
}

const diamondRng = (index: number): Rng => rng(seedOf("diamond", index));

/** About 2 % of diamonds come in pairs: even index e and e + 1, decided by e alone. */
export function isPairStart(index: number): boolean {
  return index % 2 === 0 && rng(seedOf("pair", index)).chance(0.02);
}

function drawCarat(r: Rng, isLab: boolean): number {
  let carat: number;
  if (r.chance(0.72)) {
    const size = r.weighted(SIZE_WEIGHTS[isLab ? "lab" : "natural"]);
    carat = size * (1 + 0.12 * r.next() ** 2); // at or just above the popular size
  } else {
    carat = Math.exp(Math.log(isLab ? 1.3 : 0.8) + (isLab ? 0.5 : 0.55) * r.normal());
  }
  return round2(clamp(carat, 0.23, 5.0));
}

function drawBase(r: Rng, isLab: boolean): StoneBase {
  const origin = isLab ? "lab" : "natural";
  const shape = r.weighted(SHAPE_WEIGHTS);
  const carat = drawCarat(r, isLab);
  const color = r.weighted(COLOR_WEIGHTS[origin]);
  const clarity = r.weighted(CLARITY_WEIGHTS[origin]);
  const gradedCut = r.weighted(CUT_WEIGHTS[shape !== 1 ? "fancy" : isLab ? "labRound" : "round"]);
  const finish = FINISH_BY_CUT[gradedCut]!;
  const polish = r.weighted(finish);
  const symmetry = r.weighted(finish);

  // Proportions: worse cuts drift deeper and wider-tabled, with more spread.
  const geo = GEOMETRY[shape]!;
  const spread = [1, 1.3, 1.8, 2.4][gradedCut]!;
  const depthPct = round1(clamp(geo.depth[0] + 0.4 * gradedCut + geo.depth[1] * spread * r.normal(), 55, 78));
  const tablePct = round1(clamp(geo.table[0] + 0.8 * gradedCut + geo.table[1] * spread * r.normal(), 50, 78));
  const [lo, hi] = geo.ratio;
  const ratio = shape === 8 && r.chance(0.4) ? r.range(1.0, 1.05) : r.range(lo, hi); // radiants: square or long

  // Ideal-proportioned rounds with excellent polish and symmetry; some Ideal ones get the house grade (cut 4).
  const rcIdeal = shape === 1 && polish === 1 && symmetry === 1 && depthPct >= 59 && depthPct <= 62.5 && tablePct >= 53 && tablePct <= 58;
  const cut = gradedCut === 0 && rcIdeal && r.chance(0.17) ? 4 : gradedCut;

  return {
    isLab,
    shape,
    carat,
    color,
    clarity,
    cut,
    polish,
    symmetry,
    fluorescence: r.weighted(FLUORESCENCE_WEIGHTS[origin]),
    certificateLab: r.weighted(LAB_WEIGHTS[origin]),
    retailer: r.weighted(retailerPools[origin]),
    depthPct,
    tablePct,
    ratio,
    rcIdeal: rcIdeal && (cut === 0 || cut === 4),
  };
}

/** 10-digit certificate number derived from the id by a bijection modulo 9·10⁹, so distinct ids never collide. */
export function certificateNumber(id: number): string {
  const n = (BigInt(id) * 7_654_321_007n + 1_234_567_891n) % 9_000_000_000n;
  return String(1_000_000_000n + n);
}

/**
 * What the retailer states about a lab-grown stone's making, from a hash of the id alone (not the seeded stream, so
 * every other generated value stays as it was): about 15 % not stated (both null), else about 65 % CVD and 35 % HPHT;
 * about 40 % of CVD stones treated after growth (colour improved), HPHT stones as grown. Null for natural stones.
 * The second stone of a pair takes its partner's (`key`: the pair's first id).
 */
export function labOrigin(key: number, isLab: boolean): { growth_method: "CVD" | "HPHT" | null; treated: number | null } {
  if (!isLab) return { growth_method: null, treated: null };
  const u = seedOf("growth", key) / 0x1_0000_0000;
  if (u < 0.15) return { growth_method: null, treated: null };
  if ((u - 0.15) / 0.85 >= 0.65) return { growth_method: "HPHT", treated: 0 };
  return { growth_method: "CVD", treated: seedOf("treated", key) / 0x1_0000_0000 < 0.4 ? 1 : 0 };
}

/** A price within ±6 % of `cents` (normal, sd 2.5 %, clipped). */
function noisy(r: Rng, cents: number): number {
  return cents * (1 + clamp(0.07 * r.normal(), -0.18, 0.18));
}

/**
 * The default order (§9 "sort by sortingOrder ascending"), lower first: how the stone is priced against the
 * same grades at its own retailer (so every retailer's good buys surface, not one retailer's whole stock),
 * nudged towards top cuts (Ideal, Loupe Ideal) and eye-clean stones.
 */
function sortingOrder(price: number, expected: number, cut: number, eyeClean: number): number {
  const nudge = 1 - (cut === 0 || cut === 4 ? 0.04 : 0) - (eyeClean === 1 ? 0.03 : 0);
  return Math.round((1e6 * price * nudge) / expected);
}

function buildDiamond(index: number, base: StoneBase, r: Rng, pairedId: number | null, now: number): DiamondRow {
  const id = DIAMOND_ID_BASE + index;
  const { shape, isLab, cut, depthPct, ratio } = base;
  const geo = GEOMETRY[shape]!;
  const width = Math.cbrt(base.carat / (ratio * (depthPct / 100) * geo.k(ratio)));
  const widthMm = round2(width);
  const lengthMm = round2(width * ratio);
  const depthMm = round2(width * (depthPct / 100));

  const model = modelPriceCents({
    shape,
    carat: base.carat,
    color: base.color,
    clarity: base.clarity,
    cut,
    fluorescence: base.fluorescence,
    isLabGrown: isLab,
  });
  // Catalogue prices are whole dollars (docs/decisions/059-one-money-rule.md).
  const price = wholeDollarCents(Math.round(noisy(r, model * base.retailer.markup)));
  const discount = r.chance(0.12) ? r.int(5, 20) : null;
  const hasVideo = r.chance(0.6);
  const image = diamondImageUrl(shape);
  const [shipMin, shipMax] = r.weighted(SHIPPING_DAYS[isLab ? "lab" : "natural"]);
  const eyeClean = r.weighted(eyeCleanWeights(base.clarity));

  return {
    id,
    retailer_id: base.retailer.id,
    certificate_lab: base.certificateLab,
    certificate_id: certificateNumber(id),
    is_lab_grown: isLab ? 1 : 0,
    shape,
    carat: base.carat,
    cut,
    color: base.color,
    clarity: base.clarity,
    polish: base.polish,
    symmetry: base.symmetry,
    fluorescence: base.fluorescence,
    depth_pct: depthPct,
    table_pct: base.tablePct,
    length_mm: lengthMm,
    width_mm: widthMm,
    depth_mm: depthMm,
    lw_ratio: round2(lengthMm / widthMm),
    eye_clean: eyeClean,
    shipping_days: r.int(shipMin, shipMax),
    price_cents: price,
    price_before_discount_cents: discount === null ? null : wholeDollarCents(Math.round(price / (1 - discount / 100))),
    discount_percentage: discount,
    is_sold: r.chance(0.03) ? 1 : 0,
    is_rc_ideal: base.rcIdeal ? 1 : 0,
    has_video: hasVideo ? 1 : 0,
    has_image: hasVideo || retailerSendsPhotos(base.retailer.id) ? 1 : 0,
    image_url: image,
    video_preview_url: hasVideo ? image : null,
    paired_diamond_id: pairedId,
    sorting_order: sortingOrder(price, model * base.retailer.markup, cut, eyeClean),
    updated_at: now,
    ...labOrigin(pairedId !== null && pairedId < id ? pairedId : id, isLab),
  };
}

/** 1-4 seed price rows at distinct earlier days within 180 days, ending with the current price at `now`. */
function priceHistory(r: Rng, diamond: DiamondRow, now: number): PriceHistoryRow[] {
  const count = r.weighted([
    [1, 25],
    [2, 35],
    [3, 25],
    [4, 15],
  ]);
  const days = new Set<number>();
  while (days.size < count - 1) days.add(r.int(1, 180));
  const rows = [...days]
    .sort((a, b) => b - a)
    .map((d) => ({
      diamond_id: diamond.id,
      at: now - d * DAY_MS + r.int(0, 43_199) * 1000, // within the first half of that day back
      price_cents: wholeDollarCents(Math.round(diamond.price_cents * (1 + r.range(-0.12, 0.12)))),
      source: "seed",
    }));
  rows.push({ diamond_id: diamond.id, at: now, price_cents: diamond.price_cents, source: "seed" });
  return rows;
}

/** The stone's grading: its own draw, or for the second stone of a pair a near-copy of its partner's. */
function stoneBase(index: number, r: Rng): StoneBase {
  if (index % 2 === 1 && isPairStart(index - 1)) {
    const partner = diamondBase(index - 1);
    const carat = round2(clamp(partner.carat + r.int(-2, 2) / 100, 0.23, 5.0));
    return { ...partner, carat };
  }
  return drawBase(r, r.chance(0.45));
}

function diamondBase(index: number): StoneBase {
  return stoneBase(index, diamondRng(index));
}

/**
 * Diamonds with indexes [start, start + count): diamond i has id 1_000_001 + i and depends only on i (and, for the
 * second stone of a pair, on its partner i − 1), so slices can be generated independently. Each gets 1-4 price
 * history rows. A pair whose second stone lies beyond the generated total points at a missing id; the seed plan
 * clears that link for the last diamond.
 */
export function generateDiamonds(start: number, count: number, now: number): { diamonds: DiamondRow[]; history: PriceHistoryRow[] } {
  if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 0) {
    throw new RangeError(`generateDiamonds(${start}, ${count})`);
  }
  const diamonds: DiamondRow[] = [];
  const history: PriceHistoryRow[] = [];
  for (let i = start; i < start + count; i++) {
    const r = diamondRng(i);
    const base = stoneBase(i, r);
    const paired = i % 2 === 0 ? (isPairStart(i) ? i + 1 : null) : isPairStart(i - 1) ? i - 1 : null;
    const diamond = buildDiamond(i, base, r, paired === null ? null : DIAMOND_ID_BASE + paired, now);
    diamonds.push(diamond);
    history.push(...priceHistory(r, diamond, now));
  }
  return { diamonds, history };
}
