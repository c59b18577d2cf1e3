/**
 * The tracking queue's dead letters for the operator (issue 23 point 2; admin token; docs/decisions/040-tracking-queue.md):
 * every message the queue gave up on after its retries, kept in D1 with the engine, the last error and the attempts,
 * and a replay that puts one back on the queue once.
 */
import * as v from "valibot";
import { json, operation, refusal } from "./operation";

const Id = v.pipe(v.string(), v.maxLength(15), v.regex(/^\d{1,15}$/, "id is a dead letter's number"), v.transform(Number));

export const DeadLetter = v.object({
  id: v.number(),
  /** The TrackingMessage's type (deliver, conversion, exposure, visitor-event, page-view), or unknown. */
  type: v.string(),
  /** deliver messages: the engine. */
  engine: v.nullable(v.string()),
  eventId: v.nullable(v.string()),
  /** The message as it was queued. */
  body: v.unknown(),
  /** The delivery's last error, when one was recorded. */
  error: v.nullable(v.string()),
  attempts: v.number(),
  /** When it was dead-lettered (ISO 8601). */
  at: v.string(),
  /** When an operator replayed it, or null. */
  replayedAt: v.nullable(v.string()),
});
export type DeadLetter = v.InferOutput<typeof DeadLetter>;

export const DeadLetterList = v.object({
  items: v.array(DeadLetter),
  /** Pass as `before` for the next (older) page; null on the last. */
  next: v.nullable(v.number()),
});
export type DeadLetterList = v.InferOutput<typeof DeadLetterList>;

export const DeadLettersQuery = v.object({
  before: v.optional(Id),
  /** `true`: only those not replayed yet. */
  pending: v.optional(
    v.pipe(
      v.picklist(["true", "false"], "pending is true or false"),
      v.transform((s) => s === "true"),
    ),
  ),
});

export const trackingAdminOperations = {
  trackingDeadLetters: operation({
    method: "GET",
    path: "/tracking/dead-letters",
    operationId: "trackingDeadLetters",
    summary: "The tracking queue's dead letters, newest first, 50 a page (?before= the last id seen; ?pending=true: not replayed yet)",
    admin: true,
    query: DeadLettersQuery,
    responses: { 200: json("A page of dead letters", DeadLetterList) },
  }),
  replayTrackingDeadLetter: operation({
    method: "POST",
    path: "/tracking/dead-letters/{id}/replay",
    operationId: "replayTrackingDeadLetter",
    summary: "Puts a dead letter back on the tracking queue, once (its delivery pending again)",
    admin: true,
    params: v.object({ id: Id }),
    responses: {
      200: json("Replayed: the dead letter as it was", DeadLetter),
      404: refusal("No such dead letter"),
      409: refusal("Already replayed (or not a tracking message)"),
      502: refusal("The tracking queue did not take the message: nothing changed, try again"),
    },
  }),
} as const;
