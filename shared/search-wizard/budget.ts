/**
 * The wizard's arithmetic besides the picks (pure): how a budget splits between the stone and a ring's
 * setting, the three grade/carat trade-offs SearchWizard/qualities answers, and the diamond search that
 * shows more stones like the recommended ones.
 */
import { CLARITIES, COLORS, SHAPES, labelOf, styleLabels } from "../enums";
import { formatCount } from "../money";
import { DEFAULT_STATE, searchHref } from "../search-url";
import type { QualityOption, RequestType, WizardBudget } from "./schemas";

/** The least a stone's share of the budget may be: below it no certified stone is listed. */
export const MIN_STONE_CENTS = 100_00;

/** A typical setting price of the chosen style (the median of the catalogue's ring settings of it). */
export interface TypicalSetting {
  style: number;
  price: number;
  count: number;
}

/** "Halo or Three-Stone"; "Any style" for 0. */
export function styleWords(style: number): string {
  const labels = styleLabels(style);
  return labels.length ? labels.join(" or ") : "Any style";
}

/**
 * The budget's split: all of it for a loose diamond; for a ring, the typical setting price is reserved. Null
 * when a ring's setting leaves the stone less than MIN_STONE_CENTS.
 */
export function splitBudget(totalCents: number, requestType: RequestType, setting: TypicalSetting | null): WizardBudget | null {
  if (requestType === "diamond" || !setting) return { total: totalCents, diamond: totalCents, setting: null };
  const diamond = totalCents - setting.price;
  if (diamond < MIN_STONE_CENTS) return null;
  return { total: totalCents, diamond, setting: { style: setting.style, styleLabel: styleWords(setting.style), price: setting.price, count: setting.count } };
}

/** One trade-off of SearchWizard/qualities: the lowest colour and clarity it takes. */
export interface QualityBand {
  name: QualityOption["name"];
  color: number;
  clarity: number;
}

/** Biggest: I/SI1 or better (the most carat that still looks white and clean); Balanced: G/VS2; Finest: E/VVS2. */
export const QUALITY_BANDS: readonly QualityBand[] = [
  { name: "Biggest", color: 6, clarity: 7 },
  { name: "Balanced", color: 4, clarity: 6 },
  { name: "Finest", color: 2, clarity: 4 },
];

/** A trade-off within 10% of its largest carat counts toward "how many such stones". */
export const COUNT_CARAT_SHARE = 0.9;

/** "G colour or better, VS2 or better". */
export function bandGrades(band: Pick<QualityBand, "color" | "clarity">): string {
  return `${labelOf(COLORS, band.color)} colour or better, ${labelOf(CLARITIES, band.clarity)} or better`;
}

/** The option a band gives: the largest carat found of its grades within the budget and how many such stones are listed. */
export function qualityOption(band: QualityBand, carat: number | null, count: number): QualityOption {
  const grades = bandGrades(band);
  const summary =
    carat === null
      ? `No ${grades} stone is listed within this budget.`
      : `Up to ${carat.toFixed(2)} ct, ${grades}: ${formatCount(count)} ${count === 1 ? "stone" : "stones"} listed near that size.`;
  return { name: band.name, color: band.color, clarity: band.clarity, grades, carat, count, summary };
}

/** A shape's name for the reasons ("round", "cushion"), or null for any shape. */
export function shapeName(shape: number | null): string | null {
  return shape === null ? null : labelOf(SHAPES, shape).toLowerCase();
}

/**
 * The diamond search for stones like `stones` (the recommendations): their shape and origin, up to the stone's
 * budget, carat from 5% under the smallest to 5% over the largest, colours and clarities up to the lowest picked.
 */
export function moreLikeThese(
  req: { shape: number | null; IsLabGrown: boolean | null },
  budgetCents: number,
  stones: readonly { carat: number; color: number; clarity: number }[],
): string {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const carats = stones.map((s) => s.carat);
  return searchHref({
    ...DEFAULT_STATE,
    isLabGrown: req.IsLabGrown,
    diamondShapes: req.shape === null ? [] : [req.shape],
    priceMin: 0,
    priceMax: Math.floor(budgetCents / 100),
    ...(stones.length
      ? {
          caratMin: Math.floor(Math.min(...carats) * 95) / 100,
          caratMax: Math.ceil(Math.max(...carats) * 105) / 100,
          colors: range(Math.max(...stones.map((s) => s.color))),
          clarities: range(Math.max(...stones.map((s) => s.clarity))),
        }
      : {}),
  });
}
