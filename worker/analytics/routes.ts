/**
 * §7 analytics aggregates, click logging and the app version under /api (shared/api/analytics.ts). Aggregates
 * are public and cached (300 s here and at the edge); logging answers 204 and is limited per visitor. The
 * version routes live in worker/version/routes.ts.
 */
import type { Context } from "hono";
import { analyticsOperations as ops } from "#shared/api/analytics.ts";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { signedInUser } from "../middleware/session";
import { analyticsAbout, analyticsFaq, clickAggregate, diamondInterest, logDiamondClick, logSettingClick, reserveClick, visitorKey } from "./store";

const PUBLIC = "public, max-age=300";

/**
 * Whom a click is counted against for the rate limit: the signed-in customer, else the visitor cookie a
 * returning visitor carries, else the address (a client that drops cookies is limited by where it comes from).
 */
async function clicker(c: Context<AppEnv>): Promise<string> {
  const user = await signedInUser(c);
  if (user) return visitorKey(`user:${user.id}`);
  if (!c.get("isNewUser")) return visitorKey(`visitor:${c.get("visitorId")}`);
  return visitorKey(`ip:${c.req.header("cf-connecting-ip") ?? "unknown"}`);
}

export const analyticsRoutes = [
  handle(ops.clicks, async ({ query }, c) => {
    c.header("Cache-Control", PUBLIC);
    return { status: 200, body: await clickAggregate(c.env.DB, query.metric, Date.now()) };
  }),
  handle(ops.diamondClicks, async ({ params }, c) => {
    const found = await diamondInterest(c.env.DB, params.id);
    if (!found) refused("not_found", `Diamond ${params.id} not found`);
    c.header("Cache-Control", PUBLIC);
    return { status: 200, body: found };
  }),
  handle(ops.about, async (_input, c) => {
    c.header("Cache-Control", PUBLIC);
    return { status: 200, body: await analyticsAbout(c.env.DB, Date.now()) };
  }),
  handle(ops.faq, async (_input, c) => {
    c.header("Cache-Control", PUBLIC);
    return { status: 200, body: await analyticsFaq(c.env.DB, Date.now()) };
  }),
  handle(ops.logDiamondClick, async ({ body }, c) => {
    const now = Date.now();
    await reserveClick(c.env.DB, await clicker(c), now);
    if (!(await logDiamondClick(c.env.DB, body.diamondId, now))) refused("not_found", `Diamond ${body.diamondId} not found`);
    c.header("Cache-Control", "no-store");
    return { status: 204, body: null };
  }),
  handle(ops.logSettingClick, async ({ body }, c) => {
    const now = Date.now();
    await reserveClick(c.env.DB, await clicker(c), now);
    if (!(await logSettingClick(c.env.DB, body.settingId, now))) refused("not_found", `Setting ${body.settingId} not found`);
    c.header("Cache-Control", "no-store");
    return { status: 204, body: null };
  }),
];

/** §7 `GET /api/version` and the release announcements: worker/version/routes.ts (issue 23). */
export { versionRoutes } from "../version/routes";
