/**
 * §7 Reports under /api (shared/api/reports.ts; docs/decisions/027-reports.md): the signed-in customer's
 * reports, their deal scores and gemologist review requests. Answers are about one customer: never cached.
 */
import type { Context } from "hono";
import { reportOperations as ops } from "#shared/api/reports.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { currentUser } from "../middleware/session";
import { createReport, getReport, latestReportForDiamond, removeReport, requestGemologistReview, rescoreReport } from "./service";

/** The customer (the router already answered 401 without one). */
async function customerId(c: Context<AppEnv>): Promise<number> {
  c.header("Cache-Control", "private, no-store");
  return (await currentUser(c)).user.id;
}

export const reportRoutes = [
  handle(ops.create, async ({ body }, c) => ({ status: 201, body: await createReport(c.env, await customerId(c), body, Date.now()) })),
  handle(ops.get, async ({ params }, c) => ({ status: 200, body: await getReport(c.env, await customerId(c), params.id, Date.now()) })),
  handle(ops.dealScore, async ({ params }, c) => ({ status: 200, body: await rescoreReport(c.env, await customerId(c), params.reportId, Date.now()) })),
  handle(ops.gemologistReview, async ({ params, body }, c) => ({
    status: 202,
    body: await requestGemologistReview(c.env, await customerId(c), params.id, body.productUrl ?? null, Date.now()),
  })),
  handle(ops.byDiamond, async ({ params }, c) => ({ status: 200, body: await latestReportForDiamond(c.env, await customerId(c), params.id, Date.now()) })),
  handle(ops.remove, async ({ params }, c) => {
    await removeReport(c.env, await customerId(c), params.id, Date.now());
    return { status: 204, body: null };
  }),
];
