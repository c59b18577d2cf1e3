import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { experience, targets, type Assignment } from "#shared/experiments/bucketing.ts";
import type { Experiment } from "#shared/experiments/definitions.ts";
import { ExperimentOverride } from "#shared/experiments/overrides.ts";
import { ExperimentEvent, type ExperimentAssignments } from "#shared/experiments/schemas.ts";
import type { AppEnv } from "../env";
import { experimentReport } from "../experiments/report";
import { deleteOverride, recordExposure, saveOverride } from "../experiments/store";
import { isAdmin } from "../middleware/admin";
import { ApiError, errorResponse } from "./errors";
import { jsonBody, pathParams } from "./validate";

/** Active and started for this visitor (§4): active, and neither disabled nor deactivated for them (platform, new users only, start time). */
const running = (e: Experiment, a: Assignment) => e.active && a.source !== "disabled" && a.source !== "deactivated";

/** Admin calls exist only for a caller with the admin token: anyone else gets the unknown-route 404. */
const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await isAdmin(c))) return errorResponse(c, 404, "not_found", `No API route ${c.req.method} ${new URL(c.req.url).pathname}`);
  c.header("Cache-Control", "private, no-store");
  await next();
});

const NameParam = v.object({ name: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,64}$/, "name must be an experiment name")) });

type WithAssignments = { get(key: "assignments"): ReadonlyMap<Experiment, Assignment> };

/** The experiment in force with this name and the visitor's assignment. */
function findExperiment(c: WithAssignments, name: string): [Experiment, Assignment] | undefined {
  for (const entry of c.get("assignments")) if (entry[0].name === name) return entry;
  return undefined;
}

function experimentNamed(c: WithAssignments, name: string): [Experiment, Assignment] {
  const found = findExperiment(c, name);
  if (!found) throw new ApiError(404, `No experiment ${name}`);
  return found;
}

/**
 * The visitor's experiments (§4) and their events, and the marketers' calls:
 * - `GET /experiments/assignments`: every experiment with the visitor's variant, how it was decided
 *   (`forced` by exc/exv, `cookie`, `split`, `location`, `fixed`, `stopped`, `deactivated`, `disabled`),
 *   the experience they get and whether its event is due. It depends on cookies: private, never cached.
 * - `POST /experiments/events`: the browser's queue reports one exposure per experiment (§4); stored
 *   once per visitor and variant. 409 when the experiment is not running for the visitor or the variant
 *   is not theirs.
 * - admin (ADMIN_TOKEN): `GET /experiments/report`, `PUT` / `DELETE /experiments/{name}/override`.
 */
export const experimentsApi = new Hono<AppEnv>()
  .get("/experiments/assignments", (c) => {
    c.header("Cache-Control", "private, no-store");
    const body: ExperimentAssignments = {
      experiments: [...c.get("assignments")].map(([e, a]) => ({
        id: e.id,
        name: e.name,
        cookie: e.cookie,
        category: e.category,
        variant: a.variant,
        experience: experience(e, a),
        source: a.source,
        running: running(e, a),
        targeted: targets(e, a),
        clientOnly: e.clientOnly,
        nonInteraction: e.nonInteraction,
        noInitialTrack: e.noInitialTrack,
      })),
    };
    return c.json(body);
  })
  .post("/experiments/events", ...jsonBody(ExperimentEvent), async (c) => {
    const { name, variant } = c.req.valid("json");
    c.header("Cache-Control", "no-store");
    const found = findExperiment(c, name);
    if (!found) throw new ApiError(400, "Invalid request body", [{ path: "name", message: `no experiment ${name}` }]);
    const [e, a] = found;
    if (!running(e, a)) throw new ApiError(409, `Experiment ${name} is not running for this visitor`);
    if (a.variant !== variant) throw new ApiError(409, `Variant ${variant} is not this visitor's variant of ${name}`);
    const recorded = await recordExposure(c.env.DB, c.get("visitorId"), name, a.variant, a.source);
    return c.json({ recorded }, recorded ? 201 : 200);
  })
  .use("/experiments/report", adminOnly)
  .use("/experiments/:name/override", adminOnly)
  .get("/experiments/report", async (c) => c.json(await experimentReport(c)))
  .put("/experiments/:name/override", pathParams(NameParam), ...jsonBody(ExperimentOverride), async (c) => {
    const { name } = c.req.valid("param");
    await changeOverride(c, name, c.req.valid("json"));
    return c.json({ name, override: c.req.valid("json") });
  })
  .delete("/experiments/:name/override", pathParams(NameParam), async (c) => {
    await changeOverride(c, c.req.valid("param").name, null);
    return c.body(null, 204);
  });

/**
 * Stores (or, with null, removes) the override of an experiment in force — the admin API's and the
 * marketer view's one way to change it. 404 for an unknown experiment, or a removal with nothing stored.
 */
export async function changeOverride(c: WithAssignments & { env: AppEnv["Bindings"] }, name: string, override: ExperimentOverride | null): Promise<void> {
  const [e] = experimentNamed(c, name);
  if (override !== null) await saveOverride(c.env.DB, e.name, override);
  else if (!(await deleteOverride(c.env.DB, e.name))) throw new ApiError(404, `Experiment ${e.name} has no override`);
}

export type ExperimentsApi = typeof experimentsApi;
