/**
 * The report's eye-clean verdict (docs/decisions/028-report-sections.md): whether inclusions are likely to show
 * to the naked eye at a normal viewing distance, from clarity, carat and shape — one rule table, no guesswork.
 * Larger stones show inclusions more (bigger facets, bigger inclusions for the same grade), and step cuts
 * (emerald, asscher) show them most: their long open facets work like windows where a brilliant's sparkle
 * would hide them. VVS2 and better are always clean. The catalogue's own `eye_clean` (the retailer's statement)
 * is not an input: the report reads the certificate's grades. Pure.
 */
import { CLARITIES, SHAPES, labelOf } from "../enums";
import type { ReportSection, ReportStone } from "./schemas";
import { type Verdict, line } from "./section-kit";

/** The four verdicts, best first. */
export const EYE_CLEAN_VERDICTS = ["Eye clean", "Likely eye clean", "Check the photos", "Not eye clean"] as const;
export type EyeCleanVerdict = (typeof EYE_CLEAN_VERDICTS)[number];

/** Shapes cut in steps (emerald 4, asscher 9). */
export const STEP_CUT_SHAPES: ReadonlySet<number> = new Set([4, 9]);

/** Carat bands of the table: under 1 ct, 1.00-1.99 ct, 2 ct and up. */
export const CARAT_BANDS = [1, 2] as const;

const [C, L, P, N] = EYE_CLEAN_VERDICTS;

/**
 * The rule table: per clarity code 5-8 (VS1, VS2, SI1, SI2) and carat band (under 1, 1-2, 2 and up), for
 * brilliant shapes and for step cuts. Clarity 1-4 (FL, IF, VVS1, VVS2) is always eye clean.
 */
export const EYE_CLEAN_TABLE: Readonly<Record<"brilliant" | "step", Readonly<Record<number, readonly [EyeCleanVerdict, EyeCleanVerdict, EyeCleanVerdict]>>>> = {
  brilliant: { 5: [C, C, L], 6: [C, L, L], 7: [L, P, P], 8: [P, P, N] },
  step: { 5: [C, L, L], 6: [L, P, P], 7: [P, P, N], 8: [P, N, N] },
};

/** The carat band index: 0 under 1 ct, 1 for 1.00-1.99 ct, 2 from 2 ct. */
export function caratBand(carat: number): 0 | 1 | 2 {
  return carat < CARAT_BANDS[0] ? 0 : carat < CARAT_BANDS[1] ? 1 : 2;
}

/** The eye-clean verdict of a clarity code, carat and shape code. */
export function eyeCleanVerdict(clarity: number, carat: number, shape: number): EyeCleanVerdict {
  if (clarity <= 4) return C;
  const row = EYE_CLEAN_TABLE[STEP_CUT_SHAPES.has(shape) ? "step" : "brilliant"][clarity];
  if (!row) throw new RangeError(`unknown clarity code ${clarity}`);
  return row[caratBand(carat)];
}

/** Each verdict's score out of 10 and checklist verdict. */
export const EYE_CLEAN_SCORES: Readonly<Record<EyeCleanVerdict, { score: number; verdict: Verdict }>> = {
  "Eye clean": { score: 10, verdict: "good" },
  "Likely eye clean": { score: 8, verdict: "good" },
  "Check the photos": { score: 5, verdict: "fair" },
  "Not eye clean": { score: 2, verdict: "poor" },
};

/** The eye-clean section's maximum. */
export const EYE_CLEAN_MAX = 10;

const BAND_WORDS = ["under 1 carat", "between 1 and 2 carats", "of 2 carats or more"] as const;

function verdictWhy(v: EyeCleanVerdict, clarityLabel: string): string {
  switch (v) {
    case "Eye clean":
      return `At ${clarityLabel} the inclusions are too small to see without magnification.`;
    case "Likely eye clean":
      return `Most ${clarityLabel} stones like this look clean to the eye, though an inclusion near the centre can show up close.`;
    case "Check the photos":
      return `Some ${clarityLabel} stones like this show an inclusion to the eye and some do not: look at the photos or video, or ask the retailer.`;
    case "Not eye clean":
      return `At ${clarityLabel} in a stone this size and shape, inclusions usually show to the eye.`;
  }
}

/** The "Eye clean" section: the verdict with why, and the two things besides clarity that decide it. */
export function eyeCleanSection(s: ReportStone): ReportSection {
  const v = eyeCleanVerdict(s.clarity, s.carat, s.shape);
  const clarityLabel = labelOf(CLARITIES, s.clarity);
  const shape = labelOf(SHAPES, s.shape).toLowerCase();
  const step = STEP_CUT_SHAPES.has(s.shape);
  const band = caratBand(s.carat);
  const { score, verdict } = EYE_CLEAN_SCORES[v];
  const checklist = [line(verdict, v, verdictWhy(v, clarityLabel))];
  if (s.clarity > 4) {
    checklist.push(
      line(
        step ? "fair" : "good",
        step ? `${s.shape === 4 ? "Emerald" : "Asscher"} cut: a step cut` : `${shape[0]!.toUpperCase()}${shape.slice(1)}: a brilliant cut`,
        step
          ? "Step cuts have long, open facets that work like windows: inclusions show more than in a brilliant cut of the same clarity."
          : "A brilliant cut's many small facets scatter light and help hide small inclusions.",
      ),
      line(
        band === 0 ? "good" : band === 1 ? "fair" : "poor",
        `${s.carat.toFixed(2)} carats: ${BAND_WORDS[band]}`,
        band === 0
          ? "In a small stone the inclusions of a clarity grade are small too."
          : "Larger stones have larger facets and, at the same grade, larger inclusions: they show more easily.",
      ),
    );
  }
  return { name: "eyeClean", title: "Eye clean", score, maxScore: EYE_CLEAN_MAX, checklist };
}
