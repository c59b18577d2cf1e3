/**
 * Gemologist reviews as operators answer them (issue 21 point 5; docs/decisions/029-gemologist-reviews.md): the
 * queue's entries and the answer an operator gives.
 */
import * as v from "valibot";
import { type DealScore, GemologistReview, ReportStone } from "./reports/schemas";

export const ANSWER_MIN = 20;
export const ANSWER_MAX = 4000;
/** Answered reviews the admin view lists below the queue. */
export const ANSWERED_SHOWN = 50;

export const VERDICTS = [
  { value: "recommended", label: "Recommended" },
  { value: "acceptable", label: "Acceptable" },
  { value: "not-recommended", label: "Not recommended" },
] as const;

/** One review in the queue with what an operator needs to answer it. */
export const QueueEntry = v.object({
  review: GemologistReview,
  reportId: v.number(),
  title: v.string(),
  stone: ReportStone,
  price: v.number(),
  /** The deal score as the report last computed it (without comparables). */
  deal: v.nullable(v.object({ score: v.nullable(v.number()), explanation: v.string(), comparableCount: v.number() })),
  diamondId: v.nullable(v.number()),
  customer: v.object({ firstName: v.string(), email: v.string() }),
  /** Whether the customer removed the report since (it cannot be answered then). */
  reportRemoved: v.boolean(),
});
export type QueueEntry = v.InferOutput<typeof QueueEntry>;

/** `GET /api/gemologist-reviews`: pending ones oldest first, or answered ones newest first. */
export const ReviewQueue = v.object({ reviews: v.array(QueueEntry) });
export const QueueQuery = v.object({ status: v.optional(v.picklist(["pending", "answered"], "status must be pending or answered"), "pending") });

/** An operator's answer. */
export const AnswerRequest = v.object({
  verdict: v.picklist(
    VERDICTS.map((x) => x.value),
    "Choose a verdict",
  ),
  answer: v.pipe(
    v.string("Write the answer"),
    v.trim(),
    v.minLength(ANSWER_MIN, `Write at least ${ANSWER_MIN} characters`),
    v.maxLength(ANSWER_MAX, `At most ${ANSWER_MAX} characters`),
  ),
  gemologist: v.pipe(v.string("Name the gemologist"), v.trim(), v.minLength(1, "Name the gemologist"), v.maxLength(100, "At most 100 characters")),
});
export type AnswerRequest = v.InferOutput<typeof AnswerRequest>;

export const ReviewIdParam = v.object({
  id: v.pipe(v.string(), v.maxLength(16), v.regex(/^[1-9]\d{0,15}$/, "id must be a positive integer"), v.transform(Number)),
});

/** The deal summary a queue entry shows, from the report's stored deal score. */
export const dealSummaryOf = (d: DealScore | null) => (d ? { score: d.score, explanation: d.explanation, comparableCount: d.comparableCount } : null);
