/**
 * §7 Reports (issue 21; docs/decisions/026-deal-score.md, 027-reports.md): a customer's diamond reports, their deal
 * scores against the live inventory and gemologist reviews. All need the customer's session (bearer or the
 * site's cookie); another customer's report answers 404 and changes nothing.
 */
import { CreateReportRequest, DealScore, GemologistReview, GemologistReviewRequest, Report, ReportIdParam, ReportIdParamAlias } from "../reports/schemas";
import { empty, json, operation, refusal } from "./operation";

const missing = refusal("No such report of the customer's (another customer's report answers the same)");

export const reportOperations = {
  create: operation({
    method: "POST",
    path: "/Reports",
    operationId: "createReport",
    summary: "Creates a report on an inventory diamond (certificateId) or a stone seen elsewhere (stone and price)",
    auth: "user",
    body: CreateReportRequest,
    responses: {
      201: json("The new report", Report),
      404: refusal("No inventory diamond has that certificate number (enter the stone's characteristics instead)"),
      409: refusal(`The customer reached the daily or total number of reports`),
    },
  }),
  get: operation({
    method: "GET",
    path: "/Reports/{id}",
    operationId: "getReport",
    summary: "The customer's report with its sections, deal score and gemologist reviews",
    auth: "user",
    params: ReportIdParam,
    responses: { 200: json("The report", Report), 404: missing },
  }),
  dealScore: operation({
    method: "POST",
    path: "/Reports/{reportId}/DealScore",
    operationId: "reportDealScore",
    summary: "Scores the report's stone again against the live inventory and keeps the result on the report",
    auth: "user",
    params: ReportIdParamAlias,
    responses: { 200: json("The deal score now", DealScore), 404: missing },
  }),
  gemologistReview: operation({
    method: "POST",
    path: "/Reports/{id}/GemologistReviews",
    operationId: "requestGemologistReview",
    summary: "Asks a gemologist to review the report's stone (answered by an operator, emailed to the customer)",
    auth: "user",
    params: ReportIdParam,
    body: GemologistReviewRequest,
    responses: {
      202: json("The review request, queued", GemologistReview),
      404: missing,
      409: refusal("A review of this report is already waiting for a gemologist"),
    },
  }),
  byDiamond: operation({
    method: "GET",
    path: "/Reports/diamond-by-id/{id}",
    operationId: "reportByDiamond",
    summary: "The customer's latest report on an inventory diamond",
    auth: "user",
    params: ReportIdParam,
    responses: { 200: json("The report", Report), 404: refusal("The customer has no report on that diamond") },
  }),
  remove: operation({
    method: "POST",
    path: "/Reports/{id}/remove",
    operationId: "removeReport",
    summary: "Removes the report from the customer's reports",
    auth: "user",
    params: ReportIdParam,
    responses: { 204: empty("Removed"), 404: missing },
  }),
};
