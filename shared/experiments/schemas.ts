/**
 * The experiments' wire shapes (§3, §4): the visitor's assignments, the event the browser's queue sends,
 * and the marketer view's report. Client and worker share them.
 */
import * as v from "valibot";

const Variant = v.picklist([0, 1], "variant must be 0 or 1");
const Source = v.picklist(["disabled", "forced", "deactivated", "location", "cookie", "fixed", "stopped", "split"]);
/** What names an experiment everywhere. */
const Identity = { id: v.number(), name: v.string(), cookie: v.string(), category: v.string() };

/** `GET /api/experiments/assignments`: every experiment with the visitor's variant. */
export const ExperimentAssignments = v.object({
  experiments: v.array(
    v.object({
      ...Identity,
      variant: Variant,
      /** The experience the visitor gets (1: the test behaviour). */
      experience: Variant,
      source: Source,
      /** Active and started for the visitor: its event is due (§4). */
      running: v.boolean(),
      targeted: v.boolean(),
      clientOnly: v.boolean(),
      nonInteraction: v.boolean(),
      noInitialTrack: v.boolean(),
    }),
  ),
});
export type ExperimentAssignments = v.InferOutput<typeof ExperimentAssignments>;
export type ExperimentAssignment = ExperimentAssignments["experiments"][number];

/** `POST /api/experiments/events`: the browser saw the visitor's variant of an experiment (one per experiment). */
export const ExperimentEvent = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z0-9_]{1,64}$/, "name must be an experiment name")),
  variant: Variant,
});
export type ExperimentEvent = v.InferOutput<typeof ExperimentEvent>;

const Counts = v.object({ visitors: v.number(), addToCart: v.number(), checkout: v.number() });

/** §4 state of an experiment as the marketer view shows it. */
export const EXPERIMENT_STATES = ["inactive", "scaled", "not-started", "running"] as const;

/** `GET /api/experiments/report` (admin): what the marketer view lists. */
export const ExperimentReport = v.object({
  experiments: v.array(
    v.object({
      ...Identity,
      labels: v.strictTuple([v.string(), v.string()]),
      state: v.picklist(EXPERIMENT_STATES),
      /** Rules that narrow who is in it: platform, new users only, location, fixed variant, no new cookies. */
      rules: v.array(v.string()),
      overridden: v.boolean(),
      yourVariant: Variant,
      yourSource: Source,
      targetsYou: v.boolean(),
      /** `?exc=…&exv=0` and `…&exv=1` links, ready to share. */
      links: v.strictTuple([v.string(), v.string()]),
      counts: v.strictTuple([Counts, Counts]),
    }),
  ),
});
export type ExperimentReport = v.InferOutput<typeof ExperimentReport>;
export type ExperimentReportRow = ExperimentReport["experiments"][number];
