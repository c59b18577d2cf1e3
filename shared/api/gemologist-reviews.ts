/**
 * The operators' gemologist review calls behind `/gemologist-reviews` (issue 21 point 5; admin token, like the
 * content admin): the queue and answering a review (emailed to the customer with the answer).
 */
import { AnswerRequest, QueueQuery, ReviewIdParam, ReviewQueue } from "../gemologist-reviews";
import { GemologistReview } from "../reports/schemas";
import { json, operation, refusal } from "./operation";

export const gemologistReviewOperations = {
  queue: operation({
    method: "GET",
    path: "/gemologist-reviews",
    operationId: "gemologistReviewQueue",
    summary: "Pending reviews oldest first (?status=pending), or the latest answered ones (?status=answered)",
    admin: true,
    query: QueueQuery,
    responses: { 200: json("The reviews", ReviewQueue) },
  }),
  answer: operation({
    method: "POST",
    path: "/gemologist-reviews/{id}/answer",
    operationId: "answerGemologistReview",
    summary: "Answers a pending review: kept on the report and emailed to the customer, once",
    admin: true,
    params: ReviewIdParam,
    body: AnswerRequest,
    responses: {
      200: json("The answered review", GemologistReview),
      404: refusal("No such review"),
      409: refusal("Already answered, or the customer removed the report"),
    },
  }),
};
