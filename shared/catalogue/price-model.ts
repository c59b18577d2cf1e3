/**
 * The demo catalogue's diamond price model. Pure TypeScript: runs in Node, the browser and workerd.
 *
 * The core is a log-linear model of price per carat fitted by `scripts/calibrate.ts` to the ggplot2 `diamonds`
 * data set (round diamonds, 2008 US dollars) and stored in `price-model.json`:
 *
 *   ln(USD per carat) = intercept + b1·ln(carat) + b2·ln(carat)² + color[code] + clarity[code] + cut[code]
 *
 * Everything else is an assumption layered on top, not fitted (docs/decisions/002-demo-inventory-and-price-model.md):
 * - Shape: the data holds only rounds. Fancy shapes sell at a discount to rounds of the same grades because less
 *   rough is lost cutting them; {@link SHAPE_FACTORS} uses typical trade discounts of 15-30 %.
 * - Fluorescence (natural only): the data has no fluorescence column; {@link FLUORESCENCE_FACTORS} applies the
 *   usual discounts for colourless stones (faint 2 %, medium 7 %, strong 12 %, very strong 15 %).
 * - Market drift 2008 → 2026 for natural stones: × {@link MARKET_DRIFT}.
 * - Lab-grown: a fraction of the natural price of the same stone that falls with carat ({@link LAB_FRACTION}),
 *   never below {@link LAB_FLOOR_CENTS}. Natural stones never go below {@link NATURAL_FLOOR_CENTS}, so a lab-grown
 *   stone is always the cheaper of the two.
 * - Beyond the fitted carat range (about 0.2-3.5 ct) the quadratic in ln(carat) is extrapolated as is.
 */
import model from "./price-model.json" with { type: "json" };

/** Shape of the JSON written by scripts/calibrate.ts (only the fields the model reads). */
export interface PriceModelCoefficients {
  intercept: number;
  logCarat: number;
  logCarat2: number;
  /** Natural-log offsets keyed by colour code 1-8 (J = 0). */
  color: Record<string, number>;
  /** Natural-log offsets keyed by clarity code 1-8 (SI2 = 0). */
  clarity: Record<string, number>;
  /** Natural-log offsets keyed by cut code 0-4 (relative to the data's Fair grade). */
  cut: Record<string, number>;
  fit: {
    n: number;
    r2LogPricePerCarat: number;
    mdapePricePerCarat: number;
    mdapePricePerCaratAtLeastOneCarat: number;
  };
}

/** The fitted coefficients and fit statistics. */
export const PRICE_MODEL: PriceModelCoefficients = model;

/** Price factor by shape code relative to a round of the same grades (assumption, see the module comment). */
export const SHAPE_FACTORS: Readonly<Record<number, number>> = {
  1: 1.0, // round
  2: 0.75, // princess
  3: 0.76, // marquise
  4: 0.74, // emerald
  5: 0.78, // pear
  6: 0.8, // oval
  7: 0.77, // heart
  8: 0.76, // radiant
  9: 0.74, // asscher
  10: 0.72, // cushion
};

/** Price factor by fluorescence code for natural diamonds (assumption). */
export const FLUORESCENCE_FACTORS: Readonly<Record<number, number>> = {
  0: 1.0,
  1: 0.98,
  2: 0.93,
  3: 0.88,
  4: 0.85,
};

/** Natural price change from the data's 2008 market to the catalogue's 2026 market (assumption). */
export const MARKET_DRIFT = 1.25;

/**
 * Lowest price of any natural diamond, in cents: a graded stone costs at least its grading and handling (the
 * cheapest stone in the calibration data sold for $326 in 2008). Keeps every natural price above the lab floor.
 */
export const NATURAL_FLOOR_CENTS = 30_000;

/** Lowest price of any lab-grown diamond, in cents. */
export const LAB_FLOOR_CENTS = 15_000;

/** The grades the fitted core of the model reads. */
export interface GradedStone {
  carat: number;
  color: number;
  clarity: number;
  cut: number;
}

/** A diamond as the model prices it (codes from shared/enums.ts). */
export interface PricedDiamond extends GradedStone {
  shape: number;
  fluorescence: number;
  isLabGrown: boolean;
}

function offset(table: Record<string, number>, code: number, what: string): number {
  const v = table[String(code)];
  if (v === undefined) throw new RangeError(`price model: unknown ${what} code ${code}`);
  return v;
}

function factor(table: Readonly<Record<number, number>>, code: number, what: string): number {
  const v = table[code];
  if (v === undefined) throw new RangeError(`price model: unknown ${what} code ${code}`);
  return v;
}

function checkCarat(carat: number): void {
  if (!Number.isFinite(carat) || carat <= 0) throw new RangeError(`price model: bad carat ${carat}`);
}

/**
 * The fitted model alone: USD per carat of a round diamond in the data's 2008 market, by carat, colour, clarity
 * and cut codes. This is what reproduces the ggplot2 data; the catalogue uses {@link naturalPricePerCaratUsd}.
 */
export function fittedPricePerCarat2008(d: GradedStone): number {
  checkCarat(d.carat);
  const lc = Math.log(d.carat);
  const m = PRICE_MODEL;
  return Math.exp(
    m.intercept +
      m.logCarat * lc +
      m.logCarat2 * lc * lc +
      offset(m.color, d.color, "colour") +
      offset(m.clarity, d.clarity, "clarity") +
      offset(m.cut, d.cut, "cut"),
  );
}

/**
 * USD per carat of a natural diamond in today's (2026) market: the fitted model times the shape factor, the
 * fluorescence factor and the market drift.
 */
export function naturalPricePerCaratUsd(d: Omit<PricedDiamond, "isLabGrown">): number {
  return fittedPricePerCarat2008(d) * factor(SHAPE_FACTORS, d.shape, "shape") * factor(FLUORESCENCE_FACTORS, d.fluorescence, "fluorescence") * MARKET_DRIFT;
}

/**
 * The lab-grown price as a fraction of the natural price of the same stone: about 0.28 at 0.3 ct, 0.16 at 1 ct,
 * 0.11 at 2 ct and approaching 0.10 from 3 ct up (0.10 + 0.18·e^(−1.6·(carat − 0.3)), carat floored at 0.2).
 */
export function LAB_FRACTION(carat: number): number {
  checkCarat(carat);
  return 0.1 + 0.18 * Math.exp(-1.6 * (Math.max(carat, 0.2) - 0.3));
}

/**
 * The model price of a diamond in integer cents: natural price per carat × carat (at least
 * {@link NATURAL_FLOOR_CENTS}), or for a lab-grown stone that times {@link LAB_FRACTION} (at least
 * {@link LAB_FLOOR_CENTS}).
 */
export function modelPriceCents(d: PricedDiamond): number {
  const natural = naturalPricePerCaratUsd(d) * d.carat * 100;
  if (!d.isLabGrown) return Math.max(NATURAL_FLOOR_CENTS, Math.round(natural));
  return Math.max(LAB_FLOOR_CENTS, Math.round(natural * LAB_FRACTION(d.carat)));
}
