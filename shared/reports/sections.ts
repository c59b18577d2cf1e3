/**
 * A report's sections from the stone, its price, deal score and retailer (issue 21; §3 Diamond report;
 * docs/decisions/028-report-sections.md): price, cut and proportions, eye clean, fluorescence, certificate, a
 * lab-grown stone's origin and the retailer of an inventory stone. Each checklist line has a verdict and says why.
 * A section with nothing known is not rated (maxScore 0). Pure: the worker builds reports with it and tests check it.
 */
import { cutSection } from "./cut";
import { eyeCleanSection } from "./eye-clean";
import { certificateSection, fluorescenceSection, originSection, priceSection, retailerSection } from "./facts-sections";
import type { DealScore, ReportSection, ReportStone } from "./schemas";
import { round1 } from "./section-kit";

/** What a report knows of the retailer selling an inventory stone. */
export interface RetailerFacts {
  id: number;
  name: string;
  slugurl: string;
  /** Average rating out of 5 over its review providers, null without ratings. */
  rating: number | null;
  ratingCount: number;
  shippingDays: number | null;
}

/** Everything the sections read. */
export interface SectionInput {
  stone: ReportStone;
  priceCents: number;
  deal: DealScore | null;
  retailer: RetailerFacts | null;
}

/** The overall score's scale. */
export const REPORT_SCORE_MAX = 10;

/**
 * The report's sections in page order and its overall score: the sum of the sections' scores over the sum of their
 * maxima, out of 10 with one decimal (0 when no section is rated). No origin section for a natural stone, no
 * retailer section without a retailer (a stone seen elsewhere).
 */
export function reportSections(input: SectionInput): { sections: ReportSection[]; score: number; maxScore: number } {
  const { stone } = input;
  const sections = [
    priceSection(input.deal, input.priceCents),
    cutSection(stone),
    eyeCleanSection(stone),
    fluorescenceSection(stone),
    certificateSection(stone),
    originSection(stone),
    input.retailer === null ? null : retailerSection(input.retailer),
  ].filter((s): s is ReportSection => s !== null);
  let score = 0;
  let max = 0;
  for (const s of sections) {
    score += s.score;
    max += s.maxScore;
  }
  return { sections, score: max === 0 ? 0 : round1((REPORT_SCORE_MAX * score) / max), maxScore: REPORT_SCORE_MAX };
}
