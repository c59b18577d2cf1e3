/**
 * A customer's diamond reports (issue 21; §7 Reports; docs/decisions/027-reports.md). The routes
 * (worker/reports/routes.ts) and the report pages' loaders (worker/loaders/reports.ts) both call these; every
 * function is about one customer (`userId`) and answers another customer's report as not found.
 * SKELETON: the reports engineer fills these in (signatures are fixed).
 */
import type { MyStuffReport } from "#shared/my-stuff/lists.ts";
import { refused } from "#shared/refusal.ts";
import type { CreateReportRequest, DealScore, GemologistReview, Report } from "#shared/reports/schemas.ts";
import type * as v from "valibot";
import type { SearchBindings } from "../search/service";

/** What reports need: D1 and the search index (email goes through the outbox table in D1). */
export type ReportsEnv = SearchBindings;

const todo = (): never => refused("not_implemented", "Reports are not built yet");

/** `POST Reports`: a new report (201), refusing an unknown certificate (404) and the limits (409). */
export async function createReport(_env: ReportsEnv, _userId: number, _req: CreateReportRequest, _now: number): Promise<Report> {
  return todo();
}

/** `GET Reports/{id}`: the customer's report (404 for anyone else's or a removed one). */
export async function getReport(_env: ReportsEnv, _userId: number, _id: number, _now: number): Promise<Report> {
  return todo();
}

/** `POST Reports/{id}/DealScore`: scores the stone again now and keeps the result on the report. */
export async function rescoreReport(_env: ReportsEnv, _userId: number, _id: number, _now: number): Promise<DealScore> {
  return todo();
}

/** `POST Reports/{id}/GemologistReviews`: queues a review (409 while one is pending). */
export async function requestGemologistReview(
  _env: ReportsEnv,
  _userId: number,
  _id: number,
  _productUrl: string | null,
  _now: number,
): Promise<GemologistReview> {
  return todo();
}

/** `GET Reports/diamond-by-id/{id}`: the customer's latest report on inventory diamond `diamondId`. */
export async function latestReportForDiamond(_env: ReportsEnv, _userId: number, _diamondId: number, _now: number): Promise<Report> {
  return todo();
}

/** `POST Reports/{id}/remove`. */
export async function removeReport(_env: ReportsEnv, _userId: number, _id: number, _now: number): Promise<void> {
  return todo();
}

/** `GET my-stuff-reports`: the customer's reports, newest first. */
export async function listReports(_env: ReportsEnv, _userId: number): Promise<v.InferOutput<typeof MyStuffReport>[]> {
  return todo();
}
