import { createMiddleware } from "hono/factory";
import { generateCookie, getCookie } from "hono/cookie";
import { assignAll, experience, hashSplit, parseForcing, type Assignment, type SplitSource, type Variants } from "#shared/experiments/bucketing.ts";
import type { Experiment } from "#shared/experiments/definitions.ts";
import { experimentDefinitions } from "../experiments/store";
import type { Bindings } from "../env";
import { appendSetCookies, YEAR_SECONDS, type ContextVariables } from "./context";

export type { Variants };

export interface ExperimentVariables {
  /** Experiment name → the experience the visitor gets (1: the test behaviour, when the experiment targets them). */
  variants: Variants;
  /** How each variant was decided (forced, cookie, split, location, …): the marketer view and events read it. */
  assignments: ReadonlyMap<Experiment, Assignment>;
}

export interface ExperimentOptions {
  /** The 50/50 split (default: a hash of the visitor id and the experiment name). */
  split?: SplitSource;
  /** The experiment definitions in force (default: shared/experiments/definitions.ts with D1's overrides). */
  definitions?: (env: Bindings) => Promise<readonly Experiment[]> | readonly Experiment[];
  now?: () => number;
}

/**
 * Experiment bucketing (§4), after the request context: every experiment's variant for this visitor
 * from its cookie, `request.cf`, the platform, the new-user cookie and `?exc=…&exv=…` (which apply to this
 * same response), by the pure rules of shared/experiments/bucketing.ts. New and forced variants are written
 * to their cookies (365 days) on the final response.
 */
export function experiments(options: ExperimentOptions = {}) {
  const split = options.split ?? hashSplit;
  const definitions = options.definitions ?? ((env: Bindings) => experimentDefinitions(env.DB));
  const now = options.now ?? Date.now;
  return createMiddleware<{ Bindings: Bindings; Variables: ContextVariables & ExperimentVariables }>(async (c, next) => {
    const defs = await definitions(c.env);
    const url = new URL(c.req.url);
    const forced = parseForcing(
      url.searchParams.get("exc"),
      url.searchParams.get("exv"),
      defs.map((e) => e.cookie),
    );
    const geo = c.get("geo");
    const assignments = assignAll(
      defs,
      {
        visitorId: c.get("visitorId"),
        cookies: getCookie(c),
        forced,
        isNewUser: c.get("isNewUser"),
        platform: c.get("platform"),
        countryCode: geo.countryCode,
        regionCode: geo.regionCode,
        now: now(),
      },
      split,
    );
    const variants: Variants = {};
    for (const [e, a] of assignments) variants[e.name] = experience(e, a);
    c.set("variants", variants);
    c.set("assignments", assignments);
    await next();
    const secure = url.protocol === "https:";
    const cookies = [...assignments]
      .filter(([, a]) => a.writeCookie)
      .map(([e, a]) => generateCookie(e.cookie, String(a.variant), { path: "/", maxAge: YEAR_SECONDS, secure, sameSite: "Lax" }));
    if (cookies.length) appendSetCookies(c, cookies);
  });
}
