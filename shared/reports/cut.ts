/**
 * The report's "Cut and proportions" section (docs/decisions/028-report-sections.md). Rounds: the cut grade, depth,
 * table and finish against ROUND_PROPORTIONS. Fancy shapes, which no lab gives a cut grade: a cut score of Loupe's
 * own from length-to-width ratio, depth, table and finish against the shape's FANCY_PROPORTIONS. Out of 10 for both,
 * from the figures that are known (weights: grade or ratio 4, depth 3, table 2, finish 1). Pure.
 */
import { CUTS, FINISH_GRADES, SHAPES, labelOf } from "../enums";
import { type Band, FANCY_PROPORTIONS, ROUND_PROPORTIONS, normalisedRatio, rangeText, rate } from "./proportions";
import type { ReportSection, ReportStone } from "./schemas";
import { type WeightedLine, line, scoredSection, verdictOf } from "./section-kit";

/** The cut section's maximum. */
export const CUT_MAX = 10;

/** A proportion (ratio, depth or table) well outside its range caps the cut score here: a stone is only as good as its weakest proportion. */
export const POOR_PROPORTION_CAP = 5;

const WEIGHT = { grade: 4, ratio: 4, depth: 3, table: 2, finish: 1 } as const;

/** How a measurement reads when it is out of range, on each side. */
interface Words {
  label: string;
  unit: "%" | "";
  good: string;
  low: [fair: string, poor: string, why: string];
  high: [fair: string, poor: string, why: string];
  between?: string;
}

function measureLine(value: number, b: Band, w: Words, forWhat: string): WeightedLine["line"] {
  const shown = w.unit === "%" ? `${value.toFixed(1)}%` : value.toFixed(2);
  const { verdict, side } = rate(value, b);
  const ideal = rangeText(b.ideal, w.unit);
  if (verdict === "good") return line("good", `${w.label} ${shown}`, `Inside Loupe's ideal ${ideal} for ${forWhat}: ${w.good}`);
  if (side === null) return line(verdict, `${w.label} ${shown}`, `${w.between ?? "Between the ideal ranges"} (ideal ${ideal} for ${forWhat}).`);
  const [fair, poor, why] = side === "low" ? w.low : w.high;
  const outside = verdict === "fair" ? `just outside the ideal ${ideal}` : `well outside the ideal ${ideal} (good: ${rangeText(b.good, w.unit)})`;
  const cap = verdict === "poor" ? ` This caps the cut score at ${POOR_PROPORTION_CAP}.` : "";
  return line(verdict, `${w.label} ${shown} — ${verdict === "fair" ? fair : poor}`, `${why}; ${outside} for ${forWhat}.${cap}`);
}

const DEPTH: Words = {
  label: "Depth",
  unit: "%",
  good: "enough depth to send light back up through the top without hiding weight below the girdle.",
  low: ["a little shallow", "too shallow", "A shallow stone faces up large, but light leaks out through the bottom and the centre can look glassy"],
  high: ["a little deep", "too deep", "A deep stone hides weight below the girdle, so it looks smaller for its carat and the centre can look dark"],
};

const TABLE: Words = {
  label: "Table",
  unit: "%",
  good: "a balance of white sparkle (brilliance) and flashes of colour (fire).",
  low: ["a little small", "too small", "A small table gives fire but less brightness, and the stone faces up smaller"],
  high: ["a little large", "too large", "A large table looks bright but shows less fire, and leaves a thin crown"],
};

const ratioWords = (shape: string): Words => ({
  label: "Length to width",
  unit: "",
  good: `the outline most buyers of ${shape} stones look for.`,
  low: ["a little short", "too short", `Shorter and rounder than the classic ${shape} outline`],
  high: ["a little long", "too long", `Longer and narrower than the classic ${shape} outline`],
  between: "Between the square and the elongated looks buyers usually choose",
});

const article = (word: string): string => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

function gradeLine(cut: number | null): WeightedLine["line"] {
  if (cut === null) return line("unknown", "Cut grade not given", "The certificate's cut grade was not given");
  const label = labelOf(CUTS, cut);
  if (cut === 0 || cut === 4 || cut === 1) {
    return line("good", `${label} cut grade`, "A top cut grade: the facets are angled to return the most light as sparkle.");
  }
  if (cut === 2)
    return line("fair", `${label} cut grade`, "One step below the top grades: a little less sparkle, rarely obvious, and often a saving worth taking.");
  return line("poor", `${label} cut grade`, "Noticeably less sparkle than the top grades: the cut is what makes a diamond lively.");
}

function finishLine(polish: number | null, symmetry: number | null): WeightedLine["line"] {
  const known = [polish, symmetry].filter((g): g is number => g !== null);
  if (known.length === 0) return line("unknown", "Polish and symmetry not given", "The certificate's polish and symmetry were not given");
  const worst = Math.max(...known);
  const text =
    polish !== null && symmetry !== null
      ? `${labelOf(FINISH_GRADES, polish)} polish, ${labelOf(FINISH_GRADES, symmetry)} symmetry`
      : polish !== null
        ? `${labelOf(FINISH_GRADES, polish)} polish (symmetry not given)`
        : `${labelOf(FINISH_GRADES, symmetry!)} symmetry (polish not given)`;
  if (worst <= 2) return line("good", text, "Flaws in the facets' finish and alignment at this level need magnification to see.");
  return line("fair", text, "Good (the lowest usual grade) polish or symmetry: slightly misaligned or less crisp facets can dull the sparkle a little.");
}

const unknownLine = (text: string, why: string): WeightedLine["line"] => line("unknown", text, why);

/** The score is from what is known: each unknown line's why says so. */
function withScoreNote(lines: WeightedLine[]): WeightedLine[] {
  const known = lines.filter((l) => l.line.verdict !== "unknown").length;
  const note =
    known === 0 ? "; with no figures given, the cut is not rated." : `; the score is from the ${known} ${known === 1 ? "figure" : "figures"} that were given.`;
  return lines.map((l) => (l.line.verdict === "unknown" ? { ...l, line: { ...l.line, why: l.line.why.replace(/\.$/, "") + note } } : l));
}

function roundLines(s: ReportStone): WeightedLine[] {
  return [
    { line: gradeLine(s.cut), weight: WEIGHT.grade },
    {
      line:
        s.depthPct === null
          ? unknownLine("Depth not given", "The certificate's depth was not given")
          : measureLine(s.depthPct, ROUND_PROPORTIONS.depth, DEPTH, "a round"),
      weight: WEIGHT.depth,
    },
    {
      line:
        s.tablePct === null
          ? unknownLine("Table not given", "The certificate's table was not given")
          : measureLine(s.tablePct, ROUND_PROPORTIONS.table, TABLE, "a round"),
      weight: WEIGHT.table,
    },
    { line: finishLine(s.polish, s.symmetry), weight: WEIGHT.finish },
  ];
}

function fancyLines(s: ReportStone): WeightedLine[] {
  const p = FANCY_PROPORTIONS[s.shape]!;
  const name = labelOf(SHAPES, s.shape).toLowerCase();
  const forWhat = article(name);
  return [
    {
      line:
        s.lwRatio === null
          ? unknownLine("Length to width not given", "The length-to-width ratio was not given")
          : measureLine(normalisedRatio(s.shape, s.lwRatio), p.ratio, ratioWords(name), forWhat),
      weight: WEIGHT.ratio,
    },
    {
      line: s.depthPct === null ? unknownLine("Depth not given", "The certificate's depth was not given") : measureLine(s.depthPct, p.depth, DEPTH, forWhat),
      weight: WEIGHT.depth,
    },
    {
      line: s.tablePct === null ? unknownLine("Table not given", "The certificate's table was not given") : measureLine(s.tablePct, p.table, TABLE, forWhat),
      weight: WEIGHT.table,
    },
    { line: finishLine(s.polish, s.symmetry), weight: WEIGHT.finish },
  ];
}

/** A fancy shape (2-10): judged on Loupe's own cut score rather than a lab's cut grade. */
export const isFancy = (shape: number): boolean => shape !== 1 && FANCY_PROPORTIONS[shape] !== undefined;

/** The "Cut and proportions" section of a stone. */
export function cutSection(s: ReportStone): ReportSection {
  const lines = withScoreNote(isFancy(s.shape) ? fancyLines(s) : roundLines(s));
  const section = scoredSection("cut", "Cut and proportions", CUT_MAX, lines);
  // Lines 0-2 of a fancy shape and 1-2 of a round are proportions (the rest: grade and finish).
  const proportions = lines.slice(isFancy(s.shape) ? 0 : 1, 3);
  if (proportions.some((l) => l.line.verdict === "poor")) section.score = Math.min(section.score, POOR_PROPORTION_CAP);
  if (isFancy(s.shape) && section.maxScore > 0) {
    const name = labelOf(SHAPES, s.shape).toLowerCase();
    section.checklist.push(
      line(
        verdictOf(section.score),
        `Loupe cut score ${section.score} of ${CUT_MAX}`,
        `No lab gives ${name} stones a cut grade, so Loupe scores the cut itself from the figures above against its own ${name} ranges.`,
      ),
    );
  }
  return section;
}
