/** §4 experiments: the visitor's assignments and exposure events, and the marketers' admin calls. */
import * as v from "valibot";
import { ExperimentOverride } from "../experiments/overrides";
import { ExperimentAssignments, ExperimentEvent, ExperimentReport } from "../experiments/schemas";
import { empty, json, operation, refusal } from "./operation";

const NameParam = v.object({ name: v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z0-9_]{1,64}$/, "name must be an experiment name")) });
const EventQueued = v.object({ queued: v.boolean() });
const OverrideStored = v.object({ name: v.string(), override: ExperimentOverride });

export const experimentOperations = {
  experimentAssignments: operation({
    method: "GET",
    path: "/experiments/assignments",
    operationId: "experimentAssignments",
    summary: "Every experiment with the visitor's variant, how it was decided, the experience they get and whether its event is due (private)",
    responses: { 200: json("Assignments", ExperimentAssignments) },
  }),
  experimentEvent: operation({
    method: "POST",
    path: "/experiments/events",
    operationId: "experimentEvent",
    credentials: ["visitor"],
    summary:
      "The browser saw the visitor's variant of a running experiment: put on the tracking queue (stored once per visitor and variant by its consumer); queued false when consent holds it back",
    body: ExperimentEvent,
    responses: {
      202: json("Accepted", EventQueued),
      409: refusal("The experiment is not running for the visitor, or the variant is not theirs"),
      429: refusal("Too many events from this visitor or address (120 and 600 a minute); try again after Retry-After seconds"),
    },
  }),
  experimentReport: operation({
    method: "GET",
    path: "/experiments/report",
    operationId: "experimentReport",
    summary:
      "Admin (Authorization: Bearer ADMIN_TOKEN): every experiment's state, rules, exc/exv links and per-variant visitors, add-to-cart and checkout events",
    admin: true,
    responses: { 200: json("The report", ExperimentReport), 404: refusal("Without the admin token") },
  }),
  setExperimentOverride: operation({
    method: "PUT",
    path: "/experiments/{name}/override",
    operationId: "setExperimentOverride",
    summary: "Admin: stores an override of the experiment's §3 fields in the content store (live within 30 s, no deploy)",
    admin: true,
    params: NameParam,
    body: ExperimentOverride,
    responses: { 200: json("Stored", OverrideStored), 404: refusal("No such experiment, or without the admin token") },
  }),
  deleteExperimentOverride: operation({
    method: "DELETE",
    path: "/experiments/{name}/override",
    operationId: "deleteExperimentOverride",
    summary: "Admin: removes the experiment's override",
    admin: true,
    params: NameParam,
    responses: { 204: empty("Removed"), 404: refusal("No override, no such experiment, or without the admin token") },
  }),
} as const;
