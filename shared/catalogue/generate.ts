/**
 * The deterministic demo inventory: retailers, diamonds with price history, and settings with metal variants.
 * Pure TypeScript (no Node, DOM or Workers APIs). Every row is a plain object whose keys are exactly the column
 * names of migrations/0001_catalogue.sql, in column order, so rows can be handed to `insertStatements` as they are.
 *
 * Determinism: diamond i (0-based) is generated from a random stream seeded by i alone (the second stone of a
 * pair also re-derives its partner i−1), so any slice is reproducible on its own and the full set is the union
 * of its slices. Retailers and settings are small fixed sets generated from fixed seeds.
 * See docs/decisions/002-demo-inventory-and-price-model.md for the distributions and their reasons.
 */
import {
  EYE_CLEAN_UNKNOWN,
  METALS,
  PRODUCT_NAME,
  SHAPES,
  labelOf,
  slugify,
  twoToneCode,
} from "../enums";
import { modelPriceCents } from "./price-model";
import { ALTERNATIVE_BAND_METALS, SETTING_METALS, TWO_TONE_SETTING_METALS } from "../settings/pages";
import { type Rng, rng, seedOf } from "./random";
import type { DiamondRow, PriceHistoryRow, RetailerRow, SettingRow, SettingVariantRow } from "./rows";

// ---------------------------------------------------------------------------------------------------------------
// Shared helpers

const DAY_MS = 86_400_000;
const round2 = (v: number): number => Math.round(v * 100) / 100;
const round1 = (v: number): number => Math.round(v * 10) / 10;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Id of diamond index 0; diamond i has id DIAMOND_ID_BASE + i. */
export const DIAMOND_ID_BASE = 1_000_001;

/** Retailer type codes: which origins a retailer sells. */
export const RETAILER_TYPE = { natural: 1, lab: 2, both: 3 } as const;

/** True when a retailer of `type` sells diamonds of that origin. */
export function retailerAccepts(type: number, isLabGrown: boolean): boolean {
  return type === RETAILER_TYPE.both || type === (isLabGrown ? RETAILER_TYPE.lab : RETAILER_TYPE.natural);
}

/** Image of a diamond shape: `/images/diamonds/{shape-slug}.svg`. */
export function diamondImageUrl(shape: number): string {
  const s = SHAPES.find((e) => e.code === shape);
  if (!s) throw new RangeError(`unknown shape ${shape}`);
  return `/images/diamonds/${s.slug}.svg`;
}

/** Logo, small logo and about image of a retailer, by its slug. */
export function retailerImageUrls(slug: string): { logo: string; small: string; about: string } {
  return {
    logo: `/images/retailers/${slug}.svg`,
    small: `/images/retailers/${slug}-small.svg`,
    about: `/images/retailers/${slug}-about.svg`,
  };
}

/** Image of a setting style in a metal: `/images/settings/{style-slug}-{metal code}.svg`. */
export function settingImageUrl(styleSlug: string, metal: number): string {
  return `/images/settings/${styleSlug}-${metal}.svg`;
}

// ---------------------------------------------------------------------------------------------------------------
// Retailers

interface RetailerSpec {
  name: string;
  type: number;
  tradeType: string;
  city: string;
  founded: number;
  hidden?: boolean;
}

const { natural: N, lab: L, both: B } = RETAILER_TYPE;

/** 24 invented retailers (10 natural-only, 8 lab-only, 6 both; two hidden). Ids are positions + 1. */
const RETAILER_SPECS: readonly RetailerSpec[] = [
  { name: "Aldergate Diamonds", type: N, tradeType: "Online retailer", city: "New York", founded: 1998 },
  { name: "Northlight Lab Diamonds", type: L, tradeType: "Online retailer", city: "Austin", founded: 2016 },
  { name: "Meridian & Vale", type: B, tradeType: "Jeweller with showroom", city: "London", founded: 1987 },
  { name: "Harrowgate Stone Co", type: N, tradeType: "Wholesaler", city: "Antwerp", founded: 1969 },
  { name: "Pinecrest Created Gems", type: L, tradeType: "Manufacturer", city: "Surat", founded: 2014 },
  { name: "Quillfeather & Sons", type: N, tradeType: "Jeweller with showroom", city: "Boston", founded: 1952 },
  { name: "Larkspur Atelier", type: B, tradeType: "Online retailer", city: "San Francisco", founded: 2009 },
  { name: "Copperbeech Jewellers", type: N, tradeType: "Jeweller with showroom", city: "Chicago", founded: 1976 },
  { name: "Brightfold Lab Co", type: L, tradeType: "Online retailer", city: "Denver", founded: 2019 },
  { name: "Maren O'Dell Fine Jewelry", type: N, tradeType: "Online retailer", city: "Seattle", founded: 2004 },
  { name: "Ember & Facet", type: L, tradeType: "Online retailer", city: "Los Angeles", founded: 2018 },
  { name: "Tidewell Diamond Co", type: B, tradeType: "Wholesaler", city: "Miami", founded: 1993 },
  { name: "Saltmarsh Gem House", type: N, tradeType: "Wholesaler", city: "Tel Aviv", founded: 1981 },
  { name: "Cloudmere Labs", type: L, tradeType: "Manufacturer", city: "Singapore", founded: 2015 },
  { name: "Oakhaven Diamond Exchange", type: N, tradeType: "Wholesaler", city: "New York", founded: 1962 },
  { name: "Halden & Rye", type: B, tradeType: "Jeweller with showroom", city: "Toronto", founded: 2001 },
  { name: "Kestrel Grown Diamonds", type: L, tradeType: "Online retailer", city: "Phoenix", founded: 2020 },
  { name: "Tessellate Gems", type: N, tradeType: "Online retailer", city: "Atlanta", founded: 2011 },
  { name: "Wrenfield Brothers", type: N, tradeType: "Manufacturer", city: "Mumbai", founded: 1958, hidden: true },
  { name: "Solenne Lab Jewels", type: L, tradeType: "Online retailer", city: "Paris", founded: 2021 },
  { name: "Silverfen Jewellers", type: B, tradeType: "Jeweller with showroom", city: "Dallas", founded: 1990 },
  { name: "Lanternfall Diamonds", type: N, tradeType: "Online retailer", city: "Portland", founded: 2013 },
  { name: "Glasswing Lab Diamonds", type: L, tradeType: "Manufacturer", city: "Houston", founded: 2017, hidden: true },
  { name: "Morrow Lane Diamonds", type: B, tradeType: "Online retailer", city: "Philadelphia", founded: 2007 },
];

const FEATURE_GROUPS: readonly (readonly [string, readonly string[]])[] = [
  ["Shipping and returns", ["Free insured shipping", "30-day returns", "Free resizing"]],
  ["Quality", ["Lifetime warranty", "Conflict-free guarantee", "In-house gemologists", "Free appraisal"]],
  ["Service", ["Virtual appointments", "Showroom appointments", "Upgrade program", "Financing"]],
];
const SOCIAL_NETWORKS = ["instagram", "facebook", "pinterest", "youtube", "tiktok"] as const;

const retailerRng = (id: number): Rng => rng(seedOf("retailer", id));

/** Price markup of a retailer over the model price, fixed per retailer, in [0.96, 1.06]. */
/** Whether a demo retailer's feed carries photographs (every fourth one does not); a stone with a video always has stills. */
export function retailerSendsPhotos(id: number): boolean {
  return id % 4 !== 0;
}

export function retailerMarkup(id: number): number {
  return Math.round(retailerRng(id).range(0.96, 1.06) * 1000) / 1000;
}

function originPhrase(type: number): string {
  if (type === RETAILER_TYPE.natural) return "natural diamonds";
  if (type === RETAILER_TYPE.lab) return "lab-grown diamonds";
  return "natural and lab-grown diamonds";
}

function retailerRow(spec: RetailerSpec, id: number): RetailerRow {
  const r = retailerRng(id);
  r.next(); // the markup draw (see retailerMarkup)
  const slug = slugify(spec.name);
  const images = retailerImageUrls(slug);
  const features = FEATURE_GROUPS.flatMap(([group, names]) =>
    names.map((name) => ({ group, name, active: r.chance(0.65) })),
  );
  const networks = SOCIAL_NETWORKS.filter(() => r.chance(0.6));
  const sociallinks = (networks.length ? networks : [SOCIAL_NETWORKS[0]]).map((network) => ({
    network,
    url: `https://${network}.example.com/${slug}`,
  }));
  const ratings = ["google", "trustpilot"].map((provider) => ({
    provider,
    rating: round1(r.range(4.1, 4.95)),
    count: r.int(40, 9000),
  }));
  const trade = spec.tradeType.toLowerCase();
  return {
    id,
    name: spec.name,
    slugurl: slug,
    type: spec.type,
    status: spec.hidden ? 1 : 2,
    logo_url: images.logo,
    small_logo_url: images.small,
    description:
      `${spec.name} is ${/^[aeiou]/.test(trade) ? "an" : "a"} ${trade} of ${originPhrase(spec.type)}, ` +
      `based in ${spec.city} since ${spec.founded}. Every stone listed on ${PRODUCT_NAME} comes with its grading report.`,
    websiteurl: `https://${slug}.example`,
    seller_trade_type: spec.tradeType,
    email: `hello@${slug}.example`,
    phone: `+1 (${r.int(201, 989)}) 555-01${String(id).padStart(2, "0")}`,
    about_image: images.about,
    features: JSON.stringify(features),
    sociallinks: JSON.stringify(sociallinks),
    ratings: JSON.stringify(ratings),
  };
}

/** The 24 demo retailers, ids 1..24 (10 natural-only, 8 lab-only, 6 both; status 1 = hidden for two of them). */
export function generateRetailers(): RetailerRow[] {
  return RETAILER_SPECS.map((spec, i) => retailerRow(spec, i + 1));
}

/** Per origin: the retailers that sell it, each with a fixed share weight and markup. */
const retailerPools = ((): Record<"natural" | "lab", readonly (readonly [{ id: number; markup: number }, number])[]> => {
  const pool = (isLab: boolean) =>
    RETAILER_SPECS.flatMap((spec, i) => {
      const id = i + 1;
      if (!retailerAccepts(spec.type, isLab)) return [];
      const share = 0.5 + 1.5 * rng(seedOf("retailer-share", id)).next();
      return [[{ id, markup: retailerMarkup(id) }, spec.hidden ? share / 3 : share] as const];
    });
  return { natural: pool(false), lab: pool(true) };
})();

// ---------------------------------------------------------------------------------------------------------------
// Diamonds

type Weighted<T> = readonly (readonly [T, number])[];

const SHAPE_WEIGHTS: Weighted<number> = [
  [1, 40], // round
  [6, 12], // oval
  [10, 9], // cushion
  [2, 8], // princess
  [4, 7], // emerald
  [5, 7], // pear
  [8, 6], // radiant
  [3, 4], // marquise
  [9, 4], // asscher
  [7, 3], // heart
];

/** Popular sizes (stones cluster at and just above them); lab-grown skews larger. */
const SIZE_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [
    [0.3, 5], [0.4, 6], [0.5, 14], [0.7, 12], [0.9, 9], [1.0, 16], [1.01, 8], [1.2, 7], [1.5, 9], [2.0, 6], [3.0, 2],
  ],
  lab: [
    [0.5, 5], [0.7, 6], [0.9, 5], [1.0, 13], [1.01, 6], [1.2, 8], [1.5, 15], [2.0, 16], [2.5, 6], [3.0, 9], [4.0, 3],
  ],
};

const COLOR_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [[1, 8], [2, 12], [3, 16], [4, 20], [5, 17], [6, 13], [7, 9], [8, 5]],
  lab: [[1, 18], [2, 24], [3, 22], [4, 17], [5, 10], [6, 5], [7, 3], [8, 1]],
};

const CLARITY_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [[1, 0.4], [2, 3], [3, 7], [4, 10], [5, 17], [6, 22], [7, 24], [8, 16.6]],
  lab: [[1, 0.8], [2, 6], [3, 16], [4, 20], [5, 23], [6, 20], [7, 11], [8, 3.2]],
};

/** Cut 0-3 (code 4 is a promotion of the best Ideal rounds, see below). */
const CUT_WEIGHTS: Record<"round" | "labRound" | "fancy", Weighted<number>> = {
  round: [[0, 36], [1, 34], [2, 22], [3, 8]],
  labRound: [[0, 50], [1, 35], [2, 12], [3, 3]],
  fancy: [[0, 25], [1, 30], [2, 32], [3, 13]],
};

/** Polish and symmetry grade weights by cut code (0-3). */
const FINISH_BY_CUT: readonly Weighted<number>[] = [
  [[1, 88], [2, 12]],
  [[1, 72], [2, 25], [3, 3]],
  [[1, 35], [2, 50], [3, 15]],
  [[1, 10], [2, 45], [3, 45]],
];

const FLUORESCENCE_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [[0, 62], [1, 18], [2, 11], [3, 7], [4, 2]],
  lab: [[0, 97], [1, 3]],
};

/** Certificate lab codes (shared/enums.ts CERTIFICATE_LABS). */
const LAB_WEIGHTS: Record<"natural" | "lab", Weighted<number>> = {
  natural: [[0, 75], [1, 10], [2, 8], [4, 4], [3, 1], [5, 2]],
  lab: [[2, 70], [5, 15], [0, 15]],
};

/** Shipping-day ranges: natural stones mostly ship within days, lab-grown ones often take longer. */
const SHIPPING_DAYS: Record<"natural" | "lab", Weighted<readonly [number, number]>> = {
  natural: [[[1, 5], 70], [[6, 10], 25], [[11, 14], 5]],
  lab: [[[3, 7], 55], [[8, 14], 45]],
};

/** Eye cleanliness by clarity code. */
function eyeCleanWeights(clarity: number): Weighted<number> {
  if (clarity <= 5) return [[1, 95], [EYE_CLEAN_UNKNOWN, 5]];
  if (clarity === 6) return [[1, 85], [2, 8], [EYE_CLEAN_UNKNOWN, 7]];
  if (clarity === 7) return [[1, 45], [2, 35], [3, 10], [EYE_CLEAN_UNKNOWN, 10]];
  return [[1, 10], [2, 40], [3, 40], [EYE_CLEAN_UNKNOWN, 10]];
}

interface ShapeGeometry {
  /** Mean and sd of depth % and table % for the best cut. */
  depth: readonly [number, number];
  table: readonly [number, number];
  /** Length/width ratio range. */
  ratio: readonly [number, number];
  /** Weight factor k in carat = length × width × depth(mm) × k (emerald's grows with its ratio). */
  k: (ratio: number) => number;
}

/** Proportions by shape code. Rounds: k = 0.0061 gives the usual ≈ 6.43 × carat^(1/3) mm at 61.8 % depth. */
const GEOMETRY: Readonly<Record<number, ShapeGeometry>> = {
  1: { depth: [61.6, 0.55], table: [56, 1.1], ratio: [1.0, 1.012], k: () => 0.0061 },
  2: { depth: [70.5, 1.8], table: [69, 2.5], ratio: [1.0, 1.05], k: () => 0.0083 },
  3: { depth: [61, 2], table: [58, 2.5], ratio: [1.9, 2.1], k: () => 0.0058 },
  4: { depth: [66.5, 2], table: [64, 2.5], ratio: [1.3, 1.5], k: (r) => 0.008 + 0.0024 * (r - 1) },
  5: { depth: [61.5, 2], table: [58.5, 2.5], ratio: [1.5, 1.7], k: () => 0.0059 },
  6: { depth: [61.5, 2], table: [58, 2.5], ratio: [1.35, 1.5], k: () => 0.0062 },
  7: { depth: [61, 2], table: [58, 2.5], ratio: [0.9, 1.05], k: () => 0.0059 },
  8: { depth: [66, 2.2], table: [65, 3], ratio: [1.0, 1.4], k: () => 0.0081 },
  9: { depth: [66, 2], table: [64, 2.5], ratio: [1.0, 1.05], k: () => 0.008 },
  10: { depth: [66, 2.5], table: [61, 3], ratio: [1.0, 1.2], k: () => 0.0081 },
};

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
  const rcIdeal =
    shape === 1 && polish === 1 && symmetry === 1 && depthPct >= 59 && depthPct <= 62.5 && tablePct >= 53 && tablePct <= 58;
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
  const price = Math.round(noisy(r, model * base.retailer.markup));
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
    price_before_discount_cents: discount === null ? null : Math.round(price / (1 - discount / 100)),
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
  };
}

/** 1-4 seed price rows at distinct earlier days within 180 days, ending with the current price at `now`. */
function priceHistory(r: Rng, diamond: DiamondRow, now: number): PriceHistoryRow[] {
  const count = r.weighted([[1, 25], [2, 35], [3, 25], [4, 15]]);
  const days = new Set<number>();
  while (days.size < count - 1) days.add(r.int(1, 180));
  const rows = [...days]
    .sort((a, b) => b - a)
    .map((d) => ({
      diamond_id: diamond.id,
      at: now - d * DAY_MS + r.int(0, 43_199) * 1000, // within the first half of that day back
      price_cents: Math.round(diamond.price_cents * (1 + r.range(-0.12, 0.12))),
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
export function generateDiamonds(
  start: number,
  count: number,
  now: number,
): { diamonds: DiamondRow[]; history: PriceHistoryRow[] } {
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

// ---------------------------------------------------------------------------------------------------------------
// Settings

// The metals are in shared/settings/pages.ts (the search pages offer them too): every demo setting may come in
// SETTING_METALS; about a quarter of the engagement ring settings and women's bands also in the 14K two-tones
// TWO_TONE_SETTING_METALS (`twoToneCode(first, second)`: the band in the first, the head in the second); the
// men's bands also in ALTERNATIVE_BAND_METALS.

/**
 * Price factor by metal over the 14K price: 18K +25 %, platinum +45 %; rose gold as white and yellow (the FAQ);
 * a 14K two-tone +10 % (the second colour's work); palladium +15 %; the alternative men's metals below 14K gold
 * (cobalt 60 %, tantalum 80 %, titanium 50 %, tungsten 45 %, carbon fibre 55 %, ceramic 40 %, Damascus steel 75 %).
 */
const METAL_PRICE_FACTOR: Readonly<Record<number, number>> = {
  1: 1.45,
  2: 1,
  3: 1.25,
  4: 1,
  5: 1.25,
  6: 1,
  7: 1.25,
  124: 1.1,
  142: 1.1,
  126: 1.1,
  162: 1.1,
  146: 1.1,
  164: 1.1,
  8: 1.15,
  10: 0.6,
  11: 0.8,
  12: 0.5,
  13: 0.45,
  14: 0.55,
  15: 0.4,
  16: 0.75,
};

/** Slugs of the engagement ring settings and women's bands: the ones that may come in two-tone. */
const TWO_TONE_SLUGS = [
  "solitaire",
  "pave-solitaire",
  "halo",
  "pave-halo",
  "hidden-halo",
  "three-stone",
  "halo-three-stone",
  "pave",
  "band",
  "pave-band",
  "eternity-band",
] as const;

/** Every style slug a setting image can have (images are `/images/settings/{slug}-{metal}.svg`). */
export const SETTING_IMAGE_SLUGS = [
  ...TWO_TONE_SLUGS,
  "mens-band",
  "stud",
  "halo-stud",
  "stud-setting",
  "halo-stud-setting",
  "drop-earrings",
  "solitaire-pendant",
  "halo-pendant",
  "side-stone-pendant",
  "necklace",
  "bracelet",
] as const;
export type SettingImageSlug = (typeof SETTING_IMAGE_SLUGS)[number];

/**
 * Every (style slug, metal) pair the generated variants may refer to (a superset of the pairs they do): every
 * slug in metals 1-7, ring and women's band slugs in the two-tone codes, the men's band in the alternative metals.
 */
export function settingImageKeys(): { slug: SettingImageSlug; metal: number }[] {
  return [
    ...SETTING_IMAGE_SLUGS.flatMap((slug) => SETTING_METALS.map((metal) => ({ slug, metal }))),
    ...TWO_TONE_SLUGS.flatMap((slug) => TWO_TONE_SETTING_METALS.map((metal) => ({ slug, metal }))),
    ...ALTERNATIVE_BAND_METALS.map((metal) => ({ slug: "mens-band" as const, metal })),
  ];
}

const ALL_SHAPES_MASK = 1023;
const shapeBit = (shape: number): number => 1 << (shape - 1);
const maskOf = (shapes: readonly number[]): number => shapes.reduce((m, s) => m | shapeBit(s), 0);

interface RingStyle {
  mask: number;
  noun: string;
  slug: SettingImageSlug;
  weight: number;
  /** 14K list price range in dollars. */
  price: readonly [number, number];
  sideStones: readonly [number, number];
  shapes: number;
}

/** Engagement setting styles: bitmask of STYLE_BITS (1 solitaire, 2 halo, 4 pavé, 8 three-stone, 16 hidden halo). */
const RING_STYLES: readonly RingStyle[] = [
  { mask: 1, noun: "Solitaire", slug: "solitaire", weight: 30, price: [340, 1100], sideStones: [0, 0], shapes: ALL_SHAPES_MASK },
  { mask: 1 | 4, noun: "Pavé Solitaire", slug: "pave-solitaire", weight: 16, price: [600, 1800], sideStones: [0.1, 0.4], shapes: ALL_SHAPES_MASK },
  { mask: 1 | 16, noun: "Hidden Halo Solitaire", slug: "hidden-halo", weight: 8, price: [650, 1900], sideStones: [0.05, 0.15], shapes: maskOf([1, 2, 4, 5, 6, 8, 10]) },
  { mask: 2, noun: "Halo", slug: "halo", weight: 14, price: [800, 2400], sideStones: [0.15, 0.4], shapes: maskOf([1, 2, 4, 5, 6, 7, 8, 10]) },
  { mask: 2 | 4, noun: "Pavé Halo", slug: "pave-halo", weight: 12, price: [950, 2800], sideStones: [0.25, 0.6], shapes: maskOf([1, 2, 3, 4, 5, 6, 7, 8, 10]) },
  { mask: 4, noun: "Side-Stone", slug: "pave", weight: 8, price: [700, 2200], sideStones: [0.2, 0.5], shapes: ALL_SHAPES_MASK },
  { mask: 8, noun: "Three-Stone", slug: "three-stone", weight: 8, price: [900, 3200], sideStones: [0.3, 1.2], shapes: maskOf([1, 2, 4, 6, 8, 9, 10]) },
  { mask: 8 | 4, noun: "Pavé Three-Stone", slug: "three-stone", weight: 4, price: [1100, 3600], sideStones: [0.45, 1.4], shapes: maskOf([1, 4, 6, 10]) },
  { mask: 2 | 8, noun: "Halo Three-Stone", slug: "halo-three-stone", weight: 2, price: [1500, 4200], sideStones: [0.6, 1.6], shapes: maskOf([1, 6, 10]) },
  { mask: 16 | 4, noun: "Hidden Halo Pavé", slug: "hidden-halo", weight: 6, price: [900, 2500], sideStones: [0.2, 0.45], shapes: maskOf([1, 5, 6, 8, 10]) },
];

const RING_PREFIXES = ["Petite", "Classic", "Delicate", "Bold", "Slender", "Graceful", "Timeless", "Modern"] as const;

/** Descriptors with the search keywords they imply (FILTER_STYLES "Unique" and "Vintage" match by keyword). */
const RING_DESCRIPTORS: readonly (readonly [string, string[]])[] = [
  ["Cathedral", ["cathedral"]],
  ["Knife-Edge", ["knife-edge"]],
  ["Tapered", ["tapered"]],
  ["Twisted", ["twist", "unique"]],
  ["Milgrain", ["milgrain", "vintage"]],
  ["Floral", ["floral", "nature", "unique"]],
  ["Bypass", ["bypass", "unique"]],
  ["Art Deco", ["art deco", "vintage"]],
  ["Six-Prong", ["six-prong"]],
  ["Bezel-Set", ["bezel"]],
  ["Split-Shank", ["split-shank"]],
  ["Filigree", ["filigree", "vintage"]],
  ["Trellis", ["trellis"]],
  ["Comfort-Fit", ["comfort-fit"]],
  ["Vine", ["nature", "unique"]],
  ["Crown", ["crown", "vintage"]],
];

interface Priced {
  /** 14K list price in dollars. */
  base: number;
  discount: number | null;
}

/** Rounds a dollar amount to the nearest $10. */
const tens = (usd: number): number => Math.round(usd / 10) * 10;

/** The metals a setting comes in: usually all seven, sometimes a subset that always includes 14K white gold. */
function pickMetals(r: Rng): number[] {
  if (r.chance(0.7)) return [...SETTING_METALS];
  const variant = r.int(0, 2);
  if (variant === 0) return [2, 3, 4, 5, 6, 7]; // gold only
  if (variant === 1) return [1, 2, 4, 6]; // platinum and 14K
  return [1, 2, 3]; // white metals only
}

function variantRow(setting: SettingRow, slug: SettingImageSlug, metal: number, priced: Priced, r: Rng): SettingVariantRow {
  const listCents = tens(priced.base * METAL_PRICE_FACTOR[metal]!) * 100;
  const price = priced.discount === null ? listCents : Math.round(listCents * (1 - priced.discount / 100));
  return {
    id: setting.id * 1000 + metal,
    setting_id: setting.id,
    metal,
    name: `${setting.name} in ${labelOf(METALS, metal)}`,
    price_cents: price,
    price_before_discount_cents: priced.discount === null ? null : listCents,
    discount_percentage: priced.discount,
    image_url: settingImageUrl(slug, metal),
    is_sold: r.chance(0.01) ? 1 : 0,
  };
}

/**
 * The two-tone codes a setting also comes in: one pair of its 14K golds (white/yellow, white/rose or
 * yellow/rose) in one or both orders, sometimes a second pair in one order; none when it lacks two 14K golds.
 */
function pickTwoTones(r: Rng, metals: readonly number[]): number[] {
  const pairs = ([[2, 4], [2, 6], [4, 6]] as const).filter(([a, b]) => metals.includes(a) && metals.includes(b));
  if (pairs.length === 0) return [];
  const first = r.pick(pairs);
  const codes = r.chance(0.5)
    ? [twoToneCode(first[0], first[1]), twoToneCode(first[1], first[0])]
    : [r.chance(0.5) ? twoToneCode(first[0], first[1]) : twoToneCode(first[1], first[0])];
  const others = pairs.filter((p) => p !== first);
  if (others.length > 0 && r.chance(0.3)) {
    const [a, b] = r.pick(others);
    codes.push(r.chance(0.5) ? twoToneCode(a, b) : twoToneCode(b, a));
  }
  return codes.sort((a, b) => a - b);
}

/** Two to five of the alternative metals, for a men's band. */
function pickAlternativeMetals(r: Rng): number[] {
  const pool: number[] = [...ALTERNATIVE_BAND_METALS];
  const picked: number[] = [];
  for (let n = r.int(2, 5); n > 0; n--) picked.push(...pool.splice(r.int(0, pool.length - 1), 1));
  return picked.sort((a, b) => a - b);
}

/** A 14K list price in [lo, hi] dollars with an occasional discount, never selling below `floor`. */
function drawPrice(r: Rng, [lo, hi]: readonly [number, number], floor = 0): Priced {
  const base = tens(lo + (hi - lo) * r.next() ** 1.5);
  let discount: number | null = r.chance(0.2) ? r.int(10, 25) : null;
  if (discount !== null && base * (1 - discount / 100) < floor) discount = null;
  return { base, discount };
}

/**
 * Draws with `make` until the drawn item's name is unused (the draw includes the attributes the name is made of),
 * falling back to a numbered name after 50 tries.
 */
function drawUnique<T extends { name: string }>(used: Set<string>, make: () => T): T {
  let item = make();
  for (let attempt = 0; attempt < 50 && used.has(item.name); attempt++) item = make();
  if (used.has(item.name)) {
    let n = 2;
    while (used.has(`${item.name} ${n}`)) n++;
    item = { ...item, name: `${item.name} ${n}` };
  }
  used.add(item.name);
  return item;
}

function shuffledRanks(r: Rng, count: number): number[] {
  const ranks = Array.from({ length: count }, (_, i) => i + 1);
  for (let i = count - 1; i > 0; i--) {
    const j = r.int(0, i);
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  return ranks;
}

const SHAPE_NAMES = SHAPES.map((s) => [s.code, s.label] as const);

/** Cheapest 14K price of any engagement ring setting, in dollars. */
export const MIN_RING_SETTING_USD = 340;

/**
 * The demo settings (ids 1..300) and their metal variants (id = setting id × 1000 + metal, grouped by setting in
 * metal order): 180 engagement ring settings (1-180), 40 wedding bands (181-220), 20 preset engagement rings
 * (221-240), 20 earrings (241-260: 8 stud settings for a pair of loose diamonds, then 12 preset earrings),
 * 20 pendants and necklaces (261-280) and 20 bracelets (281-300). Every setting comes in some of metals 1-7;
 * about a quarter of the engagement ring settings and women's bands also in 14K two-tone, and the men's bands
 * also in alternative metals, both drawn from their own stream after everything else.
 */
export function generateSettings(): { settings: SettingRow[]; variants: SettingVariantRow[] } {
  const r = rng(seedOf("settings", 0));
  const settings: SettingRow[] = [];
  /** Each setting's variants, and what its extra variants are made from (image slug, 14K price, metals 1-7). */
  const variantsOf = new Map<number, SettingVariantRow[]>();
  const made = new Map<number, { slug: SettingImageSlug; priced: Priced; metals: readonly number[] }>();
  const used = new Set<string>();
  const retailerIds = RETAILER_SPECS.map((_, i) => i + 1);

  const add = (
    row: Omit<SettingRow, "id" | "retailer_id" | "sorting_order">,
    slug: SettingImageSlug,
    priced: Priced,
    metals: readonly number[] = pickMetals(r),
  ): SettingRow => {
    const setting: SettingRow = {
      id: settings.length + 1,
      name: row.name,
      item_type: row.item_type,
      item_type_name: row.item_type_name,
      style: row.style,
      retailer_id: r.pick(retailerIds),
      description: row.description,
      keywords: row.keywords,
      shapes_mask: row.shapes_mask,
      side_stones_weight: row.side_stones_weight,
      width_mm: row.width_mm,
      shipping_days: row.shipping_days,
      matching_band_id: row.matching_band_id,
      gender: row.gender,
      is_eternity: row.is_eternity,
      sorting_order: 0,
    };
    settings.push(setting);
    variantsOf.set(setting.id, metals.map((metal) => variantRow(setting, slug, metal, priced, r)));
    made.set(setting.id, { slug, priced, metals });
    return setting;
  };

  // Engagement ring settings, 1-180. Bands get ids 181-220; about a third of rings reference one of the women's.
  const RING_COUNT = 180;
  const BAND_FIRST_ID = RING_COUNT + 1;
  const WOMENS_BANDS = 24;
  for (let i = 0; i < RING_COUNT; i++) {
    const style = i === 0 ? RING_STYLES[0]! : r.weighted(RING_STYLES.map((s) => [s, s.weight] as const));
    const { name, descriptor, words } = drawUnique(used, () => {
      const [descriptor, words] = r.pick(RING_DESCRIPTORS);
      return { name: `${r.pick(RING_PREFIXES)} ${descriptor} ${style.noun}`, descriptor, words };
    });
    const [lo, hi] = style.sideStones;
    add(
      {
        name,
        item_type: 1,
        item_type_name: "Setting",
        style: style.mask,
        description: `A ${descriptor.toLowerCase()} ${style.noun.toLowerCase()} engagement ring setting.`,
        keywords: [...words, ...style.noun.toLowerCase().split(" ")].join(","),
        shapes_mask: style.shapes,
        side_stones_weight: round2(lo + (hi - lo) * r.next()),
        width_mm: round1(r.range(1.6, 2.8)),
        shipping_days: r.int(5, 21),
        matching_band_id: r.chance(0.35) ? BAND_FIRST_ID + r.int(0, WOMENS_BANDS - 1) : null,
        gender: "women",
        is_eternity: 0,
      },
      style.slug,
      // The first setting is the cheapest: a plain solitaire at exactly the floor price, always in 14K.
      i === 0 ? { base: MIN_RING_SETTING_USD, discount: null } : drawPrice(r, [style.price[0] + 40, style.price[1]], MIN_RING_SETTING_USD),
      i === 0 ? [...SETTING_METALS] : undefined,
    );
  }

  // Wedding bands: 24 women's (8 eternity), then 16 men's.
  const womensBands = ["Pavé", "Milgrain", "Channel-Set", "Curved Contour", "Shared-Prong", "Knife-Edge", "Comfort-Fit", "French Pavé", "Scalloped", "Twisted", "Bezel-Set", "Marquise Station"];
  const mensBands = ["Comfort-Fit", "Brushed Flat", "Beveled Edge", "Hammered", "Satin Dome", "Grooved", "Knife-Edge", "Stepped Edge"];
  for (let i = 0; i < 40; i++) {
    const women = i < WOMENS_BANDS;
    const eternity = women && i % 3 === 2;
    const { name, kind, width } = drawUnique(used, () => {
      const kind = r.pick(women ? womensBands : mensBands);
      const width = women ? round1(r.range(1.5, 3)) : r.pick([4, 5, 6, 7, 8]);
      const name = women
        ? `${r.pick(RING_PREFIXES)} ${kind} ${eternity ? "Eternity Ring" : "Wedding Band"}`
        : `${kind} ${width}mm Men's Band`;
      return { name, kind, width };
    });
    const diamonds = women && kind !== "Comfort-Fit" && kind !== "Twisted";
    add(
      {
        name,
        item_type: 0,
        item_type_name: "WeddingBands",
        style: 0,
        description: women ? `A ${kind.toLowerCase()} band for her.` : `A ${width}mm ${kind.toLowerCase()} band for him.`,
        keywords: [kind.toLowerCase(), eternity ? "eternity" : "band"].join(","),
        shapes_mask: ALL_SHAPES_MASK,
        side_stones_weight: eternity ? round2(r.range(0.75, 3)) : diamonds ? round2(r.range(0.1, 0.5)) : 0,
        width_mm: width,
        shipping_days: r.int(5, 18),
        matching_band_id: null,
        gender: women ? "women" : "men",
        is_eternity: eternity ? 1 : 0,
      },
      eternity ? "eternity-band" : !women ? "mens-band" : diamonds ? "pave-band" : "band",
      drawPrice(r, eternity ? [1400, 6000] : diamonds ? [600, 2400] : women ? [300, 900] : [450, 1800]),
    );
  }

  // Preset engagement rings: a setting with its centre stone.
  for (let i = 0; i < 20; i++) {
    const { name, shape, shapeName, style, carat } = drawUnique(used, () => {
      const [shape, shapeName] = r.pick(SHAPE_NAMES);
      const style = r.pick([RING_STYLES[0]!, RING_STYLES[1]!, RING_STYLES[3]!]);
      const carat = r.pick([0.5, 0.75, 1, 1.5, 2]);
      const name = `${r.pick(RING_PREFIXES)} ${shapeName} ${style.noun} Engagement Ring, ${carat} ct`;
      return { name, shape, shapeName, style, carat };
    });
    add(
      {
        name,
        item_type: 5,
        item_type_name: "PresetEngagementRing",
        style: style.mask,
        description: `A ready-to-ship ${style.noun.toLowerCase()} ring set with a ${carat} ct ${shapeName.toLowerCase()} diamond.`,
        keywords: ["preset", shapeName.toLowerCase(), ...style.noun.toLowerCase().split(" ")].join(","),
        shapes_mask: shapeBit(shape),
        side_stones_weight: style.mask === 1 ? 0 : round2(r.range(0.1, 0.4)),
        width_mm: round1(r.range(1.7, 2.5)),
        shipping_days: r.int(3, 10),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      style.slug,
      drawPrice(r, [1500 * carat + 600, 4200 * carat + 1200]),
    );
  }

  // Earrings, 241-260. First 8 stud settings (item type name "Stud"): mountings without stones for a pair of loose
  // diamonds the shopper chooses (found by POST /api/studsettings). Then 12 preset earrings with their stones:
  // studs (style 32), halo studs (2) and drops (128).
  const studSettings: readonly {
    noun: string;
    style: number;
    slug: SettingImageSlug;
    shapes: readonly number[];
    price: readonly [number, number];
    words: readonly string[];
    detail: string;
  }[] = [
    { noun: "Four-Prong Basket Stud Earring Settings", style: 32, slug: "stud-setting", shapes: [1, 2, 6, 8, 9, 10], price: [340, 900], words: ["four-prong", "basket"], detail: "Four prongs on an open basket let the light in" },
    { noun: "Martini Stud Earring Settings", style: 32, slug: "stud-setting", shapes: [1, 2, 7, 10], price: [380, 950], words: ["martini", "three-prong"], detail: "Three prongs on a tapered martini cup sit the stones close to the ear" },
    { noun: "Bezel Stud Earring Settings", style: 32, slug: "stud-setting", shapes: [1, 4, 5, 6, 9, 10], price: [420, 1000], words: ["bezel"], detail: "A smooth metal rim wraps each stone" },
    { noun: "Halo Stud Earring Settings", style: 2, slug: "halo-stud-setting", shapes: [1, 2, 4, 5, 6, 10], price: [640, 1200], words: ["halo"], detail: "A halo of small diamonds frames each stone" },
  ];
  const STUD_SETTINGS = 8;
  const shapeList = (shapes: readonly number[]): string => {
    const names = shapes.map((code) => labelOf(SHAPES, code).toLowerCase());
    return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]!}`;
  };
  for (let i = 0; i < STUD_SETTINGS; i++) {
    const design = studSettings[i % studSettings.length]!;
    const { name } = drawUnique(used, () => ({ name: `${r.pick(RING_PREFIXES)} ${design.noun}` }));
    add(
      {
        name,
        item_type: 4,
        item_type_name: "Stud",
        style: design.style,
        description: `${design.noun} for a pair of diamonds you choose (${shapeList(design.shapes)}). ${design.detail}.`,
        keywords: ["earrings", "stud", "settings", ...design.words].join(","),
        shapes_mask: maskOf(design.shapes),
        side_stones_weight: design.style === 2 ? round2(r.range(0.1, 0.3)) : 0,
        width_mm: 0,
        shipping_days: r.int(3, 10),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      design.slug,
      drawPrice(r, design.price, MIN_RING_SETTING_USD),
    );
  }
  const earrings: readonly (readonly [number, string, SettingImageSlug])[] = [
    [32, "Diamond Stud Earrings", "stud"],
    [2, "Halo Stud Earrings", "halo-stud"],
    [128, "Diamond Drop Earrings", "drop-earrings"],
    [32, "Bezel Stud Earrings", "stud"],
  ];
  for (let i = 0; i < 20 - STUD_SETTINGS; i++) {
    const [style, noun, slug] = earrings[i % earrings.length]!;
    const { name, shape, shapeName, total } = drawUnique(used, () => {
      const [shape, shapeName] = r.pick(SHAPE_NAMES.filter(([s]) => [1, 2, 5, 6, 10].includes(s)));
      const total = r.pick([0.25, 0.5, 0.75, 1, 1.5, 2]);
      return { name: `${shapeName} ${noun}, ${total} ct tw`, shape, shapeName, total };
    });
    add(
      {
        name,
        item_type: 4,
        item_type_name: "PresetEarrings",
        style,
        description: `${noun} set with two ${shapeName.toLowerCase()} diamonds, ${total} carats total.`,
        keywords: ["earrings", "preset", shapeName.toLowerCase(), slug.replace("-", " ")].join(","),
        shapes_mask: shapeBit(shape),
        side_stones_weight: style === 2 ? round2(r.range(0.1, 0.3)) : 0,
        width_mm: 0,
        shipping_days: r.int(3, 10),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      slug,
      drawPrice(r, [600 + 2000 * total, 900 + 4200 * total]),
    );
  }

  // Pendants and necklaces, 261-280: "Pendant" settings for a diamond the shopper chooses (pendant styles
  // 1 solitaire, 2 halo, 4 side stone) and "Necklace" presets with their diamonds.
  const pendants: readonly (readonly [string, number, string, SettingImageSlug])[] = [
    ["Pendant", 1, "Solitaire Pendant", "solitaire-pendant"],
    ["Pendant", 2, "Halo Pendant", "halo-pendant"],
    ["Pendant", 4, "Side-Stone Pendant", "side-stone-pendant"],
    ["Necklace", 1, "Bezel Necklace", "necklace"],
    ["Necklace", 4, "Station Necklace", "necklace"],
  ];
  for (let i = 0; i < 20; i++) {
    const [typeName, style, noun, slug] = pendants[i % pendants.length]!;
    const { name } = drawUnique(used, () => ({ name: `${r.pick(RING_PREFIXES)} ${noun}` }));
    add(
      {
        name,
        item_type: 2,
        item_type_name: typeName,
        style,
        description:
          typeName === "Pendant"
            ? `A ${noun.toLowerCase()} setting for a diamond you choose, on an adjustable 16-18 inch chain.`
            : `A ${noun.toLowerCase()} set with diamonds, on an adjustable 16-18 inch chain.`,
        keywords: [typeName.toLowerCase(), ...noun.toLowerCase().split(" ")].join(","),
        shapes_mask: ALL_SHAPES_MASK,
        side_stones_weight: style === 1 ? 0 : round2(r.range(0.05, 0.5)),
        width_mm: 0,
        shipping_days: r.int(3, 12),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      slug,
      drawPrice(r, [350, 3800]),
    );
  }

  // Bracelets.
  const bracelets = ["Tennis Bracelet", "Station Bracelet", "Bangle", "Bezel Line Bracelet", "Open Cuff"];
  for (let i = 0; i < 20; i++) {
    const noun = bracelets[i % bracelets.length]!;
    const { name, total } = drawUnique(used, () => {
      const total = r.pick([0.5, 1, 2, 3, 5]);
      return { name: `${r.pick(RING_PREFIXES)} ${noun}, ${total} ct tw`, total };
    });
    add(
      {
        name,
        item_type: 2,
        item_type_name: "Bracelet",
        style: 0,
        description: `A ${noun.toLowerCase()} set with ${total} carats of diamonds.`,
        keywords: ["bracelet", ...noun.toLowerCase().split(" ")].join(","),
        shapes_mask: ALL_SHAPES_MASK,
        side_stones_weight: total,
        width_mm: round1(r.range(2, 5)),
        shipping_days: r.int(5, 14),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      "bracelet",
      drawPrice(r, [700 + 1200 * total, 1200 + 2600 * total]),
    );
  }

  // Sorting order: a popularity rank within each item type name.
  const byType = new Map<string, SettingRow[]>();
  for (const s of settings) byType.set(s.item_type_name, [...(byType.get(s.item_type_name) ?? []), s]);
  for (const group of byType.values()) {
    const ranks = shuffledRanks(r, group.length);
    group.forEach((s, i) => (s.sorting_order = ranks[i]!));
  }

  // Two-tone and alternative metals: their own stream, so every draw above (and every row it made) stays as it was.
  const m = rng(seedOf("settings-metals", 0));
  const variants: SettingVariantRow[] = [];
  for (const s of settings) {
    const { slug, priced, metals } = made.get(s.id)!;
    let extra: number[] = [];
    if (s.item_type === 1 || (s.item_type === 0 && s.gender === "women")) {
      if (m.chance(0.28)) extra = pickTwoTones(m, metals);
    } else if (s.item_type === 0) {
      extra = pickAlternativeMetals(m);
    }
    variants.push(...variantsOf.get(s.id)!, ...extra.map((metal) => variantRow(s, slug, metal, priced, m)));
  }
  return { settings, variants };
}
