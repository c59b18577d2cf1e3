/**
 * A report's sections from the stone, its price, deal score and retailer (issue 21; §3 Diamond report;
 * docs/decisions/026-deal-score-and-reports.md). Pure: the worker builds reports with it and tests check it.
 * PLACEHOLDER until the sections engineer's version lands: only the price section.
 */
import type { DealScore, ReportSection, ReportStone } from "./schemas";

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

/** The report's sections and its overall score (the sum of the sections' scores over the sum of their maxima, out of 10). */
export function reportSections(input: SectionInput): { sections: ReportSection[]; score: number; maxScore: number } {
  const deal = input.deal;
  const price: ReportSection = {
    name: "price",
    title: "Price",
    score: deal?.score ?? 0,
    maxScore: 10,
    checklist: [
      {
        verdict: deal?.score == null ? "unknown" : deal.score >= 5 ? "good" : "fair",
        text: deal?.explanation ?? "Not scored",
        why: "Against comparable stones listed now.",
      },
    ],
  };
  return { sections: [price], score: price.score, maxScore: 10 };
}
