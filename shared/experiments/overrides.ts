/**
 * Overrides from the content store (D1 `experiment_overrides`): operators and marketers change an
 * experiment's §3 fields without a deploy. The same schema checks the admin API's body and every stored
 * row (a row that no longer fits is ignored, never applied half).
 */
import * as v from "valibot";
import type { Experiment } from "./definitions";

const Platform = v.picklist(["mobile", "desktop", "all"]);
const Label = v.pipe(v.string(), v.trim(), v.minLength(1, "a label must not be empty"), v.maxLength(80));

/** The §3 fields an override may set (name, cookie, id and category stay as deployed). */
export const ExperimentOverride = v.pipe(
  v.strictObject({
    variant: v.optional(v.nullable(v.picklist([0, 1], "variant must be 0, 1 or null"))),
    labelControl: v.optional(Label),
    labelTest: v.optional(Label),
    nonInteraction: v.optional(v.boolean()),
    noInitialTrack: v.optional(v.boolean()),
    active: v.optional(v.boolean()),
    disabled: v.optional(v.boolean()),
    platform: v.optional(Platform),
    clientOnly: v.optional(v.boolean()),
    ga4: v.optional(v.boolean()),
    newUsersOnly: v.optional(v.boolean()),
    startsAt: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40), v.isoTimestamp("startsAt must be an ISO date-time such as 2027-01-15T00:00:00Z")))),
    success: v.optional(v.boolean()),
    stopNewCookies: v.optional(v.boolean()),
    enableForAlreadyGeneratedCookies: v.optional(v.boolean()),
    variantMethod: v.optional(v.nullable(v.picklist(["location-us", "state-ca"]))),
  }),
  v.check((o) => Object.keys(o).length > 0, "an override sets at least one field"),
);
export type ExperimentOverride = v.InferOutput<typeof ExperimentOverride>;

/** The definitions with each override's fields laid over its experiment (unknown names are ignored). */
export function applyOverrides(definitions: readonly Experiment[], overrides: ReadonlyMap<string, ExperimentOverride>): Experiment[] {
  return definitions.map((e) => {
    const o = overrides.get(e.name);
    return o ? { ...e, ...o } : e;
  });
}

/** Parses a stored override (JSON text); null when it is not valid JSON or not a valid override. */
export function parseStoredOverride(json: string): ExperimentOverride | null {
  try {
    const r = v.safeParse(ExperimentOverride, JSON.parse(json));
    return r.success ? r.output : null;
  } catch {
    return null;
  }
}
