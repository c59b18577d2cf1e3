/**
 * A customer's diamond reports (issue 21; §7 Reports; docs/decisions/027-reports.md). The routes
 * (worker/reports/routes.ts) and the report pages' loaders (worker/loaders/reports.ts) both call these; every
 * function is about one customer (`userId`) and answers another customer's report as not found.
 *
 * A report keeps what it was built from (the stone, the price) and its sections and deal score as computed —
 * the deal score with its nearest comparables, as of `computedAt` — so reading one is a D1 read. "Score again"
 * (rescoreReport) scores the stone against today's listings and rebuilds the sections that depend on it.
 */
import type { MyStuffReport } from "#shared/my-stuff/lists.ts";
import { refused } from "#shared/refusal.ts";
import {
  MAX_REPORTS,
  MAX_REPORTS_PER_DAY,
  type CreateReportRequest,
  type DealScore,
  type GemologistReview,
  type Report,
  type ReportSection,
  type ReportStone,
} from "#shared/reports/schemas.ts";
import { type RetailerFacts, reportSections } from "#shared/reports/sections.ts";
import type * as v from "valibot";
import { myReports } from "../my-stuff/reports";
import { dealScoreOf } from "../search/deal-service";
import type { SearchBindings } from "../search/service";
import { dealStoneOf, inventoryByCertificate, inventoryById, reportTitle } from "./stone";
import { type ReportRow, insertReport, insertReview, latestRowForDiamond, markRemoved, reportCounts, reportRow, reviewsOf, updateScores } from "./store";

/** What reports need: D1 and the search index. */
export type ReportsEnv = SearchBindings;

const NOT_FOUND = "No such report";
const notFound = (): never => refused("not_found", NOT_FOUND);

/** The stone, price and retailer a new report is about (an inventory diamond or a stone seen elsewhere). */
async function subjectOf(env: ReportsEnv, req: CreateReportRequest) {
  const certificateId = req.certificateId.trim();
  const inventory = certificateId ? await inventoryByCertificate(env.DB, certificateId) : null;
  if (inventory)
    return {
      diamondId: inventory.diamondId,
      certificateId: inventory.certificateId,
      stone: inventory.stone,
      priceCents: req.price ?? inventory.priceCents,
      retailer: inventory.retailer,
    };
  if (!req.stone) {
    if (certificateId) refused("not_found", `We don't list a stone with certificate ${certificateId}: enter the stone's characteristics and price instead`);
    refused("bad_request", "Give a certificate number of a stone we list, or the stone's characteristics and price", [
      { path: "certificateId", message: "Enter a certificate number, or the stone's characteristics" },
    ]);
  }
  if (req.price == null)
    refused("bad_request", "price is required for a stone seen elsewhere", [{ path: "price", message: "Enter the price you were quoted" }]);
  return { diamondId: null, certificateId, stone: req.stone, priceCents: req.price, retailer: null };
}

/** The sections and overall score for a stone with its deal score. */
function scored(stone: ReportStone, priceCents: number, deal: DealScore, retailer: RetailerFacts | null) {
  return reportSections({ stone, priceCents, deal, retailer });
}

/** `POST Reports`: a new report, refusing an unknown certificate (404) and the limits (409). */
export async function createReport(env: ReportsEnv, userId: number, req: CreateReportRequest, now: number): Promise<Report> {
  if (req.userEmail) {
    const user = await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string }>();
    if (user?.email.toLowerCase() !== req.userEmail.toLowerCase())
      refused("bad_request", "userEmail must be the address of the signed-in account", [{ path: "userEmail", message: "This is not your account's address" }]);
  }
  const s = await subjectOf(env, req);
  const deal = await dealScoreOf(env, dealStoneOf(s.stone, s.priceCents, s.diamondId), now);
  const { sections, score, maxScore } = scored(s.stone, s.priceCents, deal, s.retailer);
  const id = await insertReport(
    env.DB,
    { userId, ...s, productUrl: req.productUrl ?? null, sections, score, maxScore, deal, now },
    { perDay: MAX_REPORTS_PER_DAY, live: MAX_REPORTS },
  );
  if (id === null) {
    const counts = await reportCounts(env.DB, userId, now);
    if (counts.live >= MAX_REPORTS) refused("conflict", `You keep ${MAX_REPORTS} reports, the most allowed: remove one to make another`);
    refused("conflict", `You made ${MAX_REPORTS_PER_DAY} reports today, the most in a day: try again tomorrow`);
  }
  if (req.hasGemologistReview) await insertReview(env.DB, userId, id, req.productUrl ?? null, now);
  return getReport(env, userId, id, now);
}

/** A stored row as the wire's Report. */
async function reportOf(env: ReportsEnv, row: ReportRow): Promise<Report> {
  const stone = JSON.parse(row.stone) as ReportStone;
  const inventory = row.diamond_id === null ? null : await inventoryById(env.DB, row.diamond_id);
  return {
    id: row.id,
    title: reportTitle(stone),
    createdAt: row.created_at,
    diamondId: row.diamond_id,
    certificateId: row.certificate_id,
    productUrl: row.product_url,
    price: row.price_cents,
    stone,
    retailer: inventory ? { id: inventory.retailer.id, name: inventory.retailer.name, slugurl: inventory.retailer.slugurl } : null,
    available: row.diamond_id === null ? null : (inventory?.available ?? false),
    score: row.score,
    maxScore: row.max_score,
    sections: JSON.parse(row.sections) as ReportSection[],
    dealScore: row.deal_score ? (JSON.parse(row.deal_score) as DealScore) : null,
    hasGemologistReview: row.has_gemologist_review === 1,
    gemologistReviews: await reviewsOf(env.DB, row.id),
  };
}

/** `GET Reports/{id}`: the customer's report (404 for anyone else's or a removed one). */
export async function getReport(env: ReportsEnv, userId: number, id: number, _now: number): Promise<Report> {
  const row = (await reportRow(env.DB, userId, id)) ?? notFound();
  return reportOf(env, row);
}

/** `POST Reports/{id}/DealScore`: scores the stone again now and keeps the result (and the sections it changes) on the report. */
export async function rescoreReport(env: ReportsEnv, userId: number, id: number, now: number): Promise<DealScore> {
  const row = (await reportRow(env.DB, userId, id)) ?? notFound();
  const stone = JSON.parse(row.stone) as ReportStone;
  const deal = await dealScoreOf(env, dealStoneOf(stone, row.price_cents, row.diamond_id), now);
  const inventory = row.diamond_id === null ? null : await inventoryById(env.DB, row.diamond_id);
  const { sections, score, maxScore } = scored(stone, row.price_cents, deal, inventory?.retailer ?? null);
  if (!(await updateScores(env.DB, userId, id, { sections, score, maxScore, deal, now }))) notFound();
  return deal;
}

/** `POST Reports/{id}/GemologistReviews`: queues a review (409 while one is pending). */
export async function requestGemologistReview(env: ReportsEnv, userId: number, id: number, productUrl: string | null, now: number): Promise<GemologistReview> {
  const result = await insertReview(env.DB, userId, id, productUrl, now);
  if (result.outcome === "missing") notFound();
  if (result.outcome === "pending") refused("conflict", "A gemologist is already reviewing this report: the answer comes by email");
  return (result as { review: GemologistReview }).review;
}

/** `GET Reports/diamond-by-id/{id}`: the customer's latest report on inventory diamond `diamondId`. */
export async function latestReportForDiamond(env: ReportsEnv, userId: number, diamondId: number, _now: number): Promise<Report> {
  const row = (await latestRowForDiamond(env.DB, userId, diamondId)) ?? refused("not_found", "You have no report on that diamond");
  return reportOf(env, row);
}

/** `POST Reports/{id}/remove`. */
export async function removeReport(env: ReportsEnv, userId: number, id: number, now: number): Promise<void> {
  if (!(await markRemoved(env.DB, userId, id, now))) notFound();
}

/** `GET my-stuff-reports`: the customer's reports, newest first. */
export function listReports(env: ReportsEnv, userId: number): Promise<v.InferOutput<typeof MyStuffReport>[]> {
  return myReports(env.DB, userId);
}
