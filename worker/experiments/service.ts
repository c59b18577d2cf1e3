/**
 * The experiments as the API and the marketer view change them: which experiments run for a visitor, their
 * exposure events, and overrides (plain values in, refusals thrown as domain errors).
 */
import type { Assignment } from "#shared/experiments/bucketing.ts";
import type { Experiment } from "#shared/experiments/definitions.ts";
import type { ExperimentOverride } from "#shared/experiments/overrides.ts";
import { refused } from "#shared/refusal.ts";
import type { TrackingMessage } from "../tracking/messages";
import { deleteOverride, saveOverride } from "./store";

export type Assignments = ReadonlyMap<Experiment, Assignment>;

/** Active and started for this visitor (§4): active, and neither disabled nor deactivated for them (platform, new users only, start time). */
export const running = (e: Experiment, a: Assignment) => e.active && a.source !== "disabled" && a.source !== "deactivated";

/** The experiment in force with this name and the visitor's assignment. */
export function findExperiment(assignments: Assignments, name: string): [Experiment, Assignment] | undefined {
  for (const entry of assignments) if (entry[0].name === name) return entry;
  return undefined;
}

/**
 * The browser's exposure event (§4) as a tracking-queue message (its consumer stores it once per visitor and
 * variant). Refused when the experiment is unknown (bad_request), not running for the visitor or the variant
 * not theirs (conflict).
 */
export function exposure(
  assignments: Assignments,
  visitorId: string,
  name: string,
  variant: 0 | 1,
  now: number,
): Extract<TrackingMessage, { type: "exposure" }> {
  const found = findExperiment(assignments, name) ?? refused("bad_request", "Invalid request body", [{ path: "name", message: `no experiment ${name}` }]);
  const [e, a] = found;
  if (!running(e, a)) refused("conflict", `Experiment ${name} is not running for this visitor`);
  if (a.variant !== variant) refused("conflict", `Variant ${variant} is not this visitor's variant of ${name}`);
  return { type: "exposure", visitorId, experiment: e.name, variant: a.variant, source: a.source, at: now };
}

/**
 * Stores (or, with null, removes) the override of an experiment in force — the admin API's and the
 * marketer view's one way to change it. Refused (not_found) for an unknown experiment, or a removal with
 * nothing stored.
 */
export async function changeOverride(db: D1Database, assignments: Assignments, name: string, override: ExperimentOverride | null): Promise<void> {
  const [e] = findExperiment(assignments, name) ?? refused("not_found", `No experiment ${name}`);
  if (override !== null) await saveOverride(db, e.name, override);
  else if (!(await deleteOverride(db, e.name))) refused("not_found", `Experiment ${e.name} has no override`);
}
