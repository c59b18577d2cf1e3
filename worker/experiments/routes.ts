/**
 * The visitor's experiments (§4) and their events, and the marketers' calls (shared/api/experiments.ts):
 * - `GET /experiments/assignments`: every experiment with the visitor's variant, how it was decided
 *   (`forced` by exc/exv, `cookie`, `split`, `location`, `fixed`, `stopped`, `deactivated`, `disabled`),
 *   the experience they get and whether its event is due. It depends on cookies: private, never cached.
 * - `POST /experiments/events`: the browser's queue reports one exposure per experiment (§4); it goes onto the
 *   tracking queue (after the consent gate), whose consumer stores it once per visitor and variant.
 * - admin (ADMIN_TOKEN): `GET /experiments/report`, `PUT` / `DELETE /experiments/{name}/override`.
 */
import { experimentOperations as ops } from "#shared/api/experiments.ts";
import { experience, targets } from "#shared/experiments/bucketing.ts";
import { handle } from "../http/routes";
import { limitPageEvents, sendTracking } from "../middleware/tracking";
import { experimentReport } from "./report";
import { changeOverride, exposure, running } from "./service";
import { siteOrigin } from "../platform/config";

export const experimentRoutes = [
  handle(ops.experimentAssignments, (_, c) => {
    c.header("Cache-Control", "private, no-store");
    const experiments = [...c.get("assignments")].map(([e, a]) => ({
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
    }));
    return { status: 200, body: { experiments } };
  }),
  handle(ops.experimentEvent, async ({ body }, c) => {
    c.header("Cache-Control", "no-store");
    await limitPageEvents(c);
    const message = exposure(c.get("assignments"), c.get("visitorId"), body.name, body.variant, Date.now());
    return { status: 202, body: { queued: await sendTracking(c, [message]) } };
  }),
  handle(ops.experimentReport, async (_, c) => ({ status: 200, body: await experimentReport(c.env.DB, c.get("assignments"), siteOrigin(c.env)) })),
  handle(ops.setExperimentOverride, async ({ params, body }, c) => {
    await changeOverride(c.env.DB, c.get("assignments"), params.name, body);
    return { status: 200, body: { name: params.name, override: body } };
  }),
  handle(ops.deleteExperimentOverride, async ({ params }, c) => {
    await changeOverride(c.env.DB, c.get("assignments"), params.name, null);
    return { status: 204, body: null };
  }),
];
