/**
 * The small vocabulary every report section is built from (docs/decisions/028-report-sections.md): a checklist
 * line with its weight, the points a verdict earns, and a section's score from its known lines. Pure.
 */
import type { ChecklistLine, ReportSection, SectionName } from "./schemas";

/** A verdict of a checklist line. */
export type Verdict = ChecklistLine["verdict"];

/** Points a known verdict earns (of 1): good 1, fair ½, poor 0. Unknown lines earn nothing and count for nothing. */
export const VERDICT_POINTS: Readonly<Record<Exclude<Verdict, "unknown">, number>> = { good: 1, fair: 0.5, poor: 0 };

/** A checklist line and how much it weighs in its section's score. */
export interface WeightedLine {
  line: ChecklistLine;
  weight: number;
}

/** A checklist line. */
export function line(verdict: Verdict, text: string, why: string): ChecklistLine {
  return { verdict, text, why };
}

/** One decimal. */
export const round1 = (n: number): number => Math.round(n * 10) / 10;

/**
 * A section scored from its lines: `max` × the weighted mean of the known lines' points, one decimal. A section
 * whose every line is unknown is not rated: score 0 of maxScore 0, so it neither helps nor hurts the overall score.
 */
export function scoredSection(name: SectionName, title: string, max: number, lines: readonly WeightedLine[]): ReportSection {
  let weight = 0;
  let points = 0;
  for (const { line: l, weight: w } of lines) {
    if (l.verdict === "unknown") continue;
    weight += w;
    points += w * VERDICT_POINTS[l.verdict];
  }
  const checklist = lines.map((l) => l.line);
  if (weight === 0) return { name, title, score: 0, maxScore: 0, checklist };
  return { name, title, score: round1((max * points) / weight), maxScore: max, checklist };
}

/** How many of `lines` are known, in words for a "scored from …" note ("the 2 measurements that were"). */
export function knownCount(lines: readonly WeightedLine[]): number {
  return lines.filter((l) => l.line.verdict !== "unknown").length;
}

/** Whole US dollars from cents: "$12,345". */
export function dollars(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString("en-US")}`;
}

/** A verdict for a score out of `max`: three quarters and up good, 45 % and up fair, below poor. */
export function verdictOf(score: number, max = 10): Verdict {
  const share = max > 0 ? score / max : 0;
  return share >= 0.75 ? "good" : share >= 0.45 ? "fair" : "poor";
}
