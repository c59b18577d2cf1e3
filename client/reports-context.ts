/**
 * Diamond reports as the report pages' loaders and actions use them (issue 21 point 3): `/diamond-report`,
 * `/diamond-report/{id}` and `/my-stuff/reports` post their forms as documents and load on the server, where
 * worker/loaders/reports.ts provides this service from the reports services (worker/reports/service.ts).
 * Refusals come back as an `Outcome` for the page to show beside the form.
 */
import { createContext } from "react-router";
import type { Outcome } from "#shared/refusal.ts";
import type { DealScore, GemologistReview, Report } from "#shared/reports/schemas.ts";

/** Which of the landing's two forms was posted: a certificate number of ours, or a stone seen elsewhere. */
export type ReportWay = "certificate" | "stone";

/** The landing's form fields, as typed (strings; "" when left empty). */
export const REPORT_FIELDS = [
  "certificateId",
  "price",
  "productUrl",
  "origin",
  "shape",
  "carat",
  "color",
  "clarity",
  "cut",
  "fluorescence",
  "lab",
  "depthPct",
  "tablePct",
  "lwRatio",
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];
export type ReportFormValues = Record<ReportField, string>;

/** A report in the customer's list (`/my-stuff/reports`). */
export interface ReportListEntry {
  id: number;
  title: string;
  /** The inventory diamond, or null for a stone seen elsewhere. */
  diamondId: number | null;
  createdAt: number;
  score: number;
  maxScore: number;
  /** The deal score out of 10, or null (too few comparable stones, or not known in the list). */
  dealScore: number | null;
}

export interface ReportsService {
  /** Whether a customer is signed in. */
  signedIn(): Promise<boolean>;
  /** The certificate number of inventory diamond `diamondId` (the landing's prefill), or null. */
  certificateOf(diamondId: number): Promise<string | null>;
  /** The signed-in customer's live report on inventory diamond `diamondId`, or null (also when signed out). */
  reportOnDiamond(diamondId: number): Promise<{ id: number; title: string } | null>;
  /**
   * Makes a report from the landing's form. Refusals: unauthorized (signed out), bad_request (details name the
   * form's fields), not_found (no listed stone has that certificate), conflict (the limits).
   */
  create(way: ReportWay, values: ReportFormValues): Promise<Outcome<{ report: Report }>>;
  /** The customer's report; null for another customer's, a removed one or an unknown id; "signed-out" without a session. */
  get(id: number): Promise<Report | null | "signed-out">;
  /** Scores the report's stone again against today's listings. */
  rescore(id: number): Promise<Outcome<{ dealScore: DealScore }>>;
  /** Asks a gemologist to review the report (refused with conflict while one is pending). */
  requestReview(id: number, productUrl: string): Promise<Outcome<{ review: GemologistReview }>>;
  /** Removes the report from the customer's reports. */
  remove(id: number): Promise<Outcome<{ removed: number }>>;
  /** The customer's reports, newest first; null when nobody is signed in. */
  list(): Promise<ReportListEntry[] | null>;
}

export const reportsContext = createContext<ReportsService>();
