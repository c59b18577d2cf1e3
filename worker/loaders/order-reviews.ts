/**
 * The survey and review pages' service on the server (client/order-reviews-context.ts; decision 037): the same
 * services as the API (worker/orders/reviews/*), the posted forms checked by the same schemas, a refusal
 * answered as the page's outcome instead of thrown.
 */
import * as v from "valibot";
import type { OrderReviewsService, ReviewForm, SurveyQuestionView } from "#client/order-reviews-context.ts";
import { OrderReviewRequest, ProductReviewRequest, SurveyRequest, type SurveyAnswer } from "#shared/orders/reviews.ts";
import { surveyQuestionsById } from "#shared/orders/survey.ts";
import { DomainError, refused } from "#shared/refusal.ts";
import type { Bindings } from "../env";
import { keyedOrder, keyedRequest, wasDelivered } from "../orders/reviews/access";
import { orderReviewOf, productReviewOf, submitOrderReview, submitProductReview, unsubscribeOrderReview } from "../orders/reviews/submit";
import { SurveyUnavailable, submitSurvey, surveyAnswersOf, surveyQuestions } from "../orders/reviews/survey";
import { outcome } from "./cart";

/** What the page request gives the service (worker/middleware/loaders.ts builds it). */
export interface OrderReviewsRequest {
  env: Bindings;
  now: () => number;
}

/** The value, or null when the link is wrong (a refusal). */
async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}

/** The parsed input, or a refusal naming each field. */
function parsed<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (!r.success)
    refused(
      "bad_request",
      r.issues[0]?.message ?? "Check the form",
      r.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message })),
    );
  return r.output;
}

/** A posted rating: "1"–"5" as a number; anything else stays something the schema refuses. */
const ratingOf = (raw: string) => (/^\d$/.test(raw.trim()) ? Number(raw.trim()) : raw);

const words = (form: ReviewForm) => ({ rating: ratingOf(form.rating), title: form.title, text: form.text });

/** The survey form's fields as answers: `q:{id}` per question, repeated for a multiple choice; empty ones skipped. */
function answersOf(questions: SurveyQuestionView[], fields: [string, string][]): SurveyAnswer[] {
  const byId = surveyQuestionsById(questions);
  const values = new Map<string, string[]>();
  for (const [name, value] of fields) {
    if (!name.startsWith("q:") || value.trim() === "") continue;
    const id = name.slice(2);
    values.set(id, [...(values.get(id) ?? []), value]);
  }
  return [...values].map(([questionId, list]) => {
    const type = byId.get(questionId)?.q.type;
    return { questionId, answer: type === "multiple" ? list : (list[0] ?? "") };
  });
}

/** The server's survey and review pages' service for one page request. */
export function serverOrderReviews(r: OrderReviewsRequest): OrderReviewsService {
  const { env } = r;
  return {
    reviewRequest: (reviewId, key) =>
      orNull(async () => {
        const request = await keyedRequest(env, reviewId, key);
        return { product: request.name, orderNumber: request.orderNumber, review: await productReviewOf(env.DB, request.id) };
      }),
    reviewProduct: (reviewId, key, form) =>
      outcome(async () => {
        await keyedRequest(env, reviewId, key); // a wrong link is a 404 before any field is looked at
        return { review: await submitProductReview(env, parsed(ProductReviewRequest, { reviewId, key, ...words(form) }), r.now()) };
      }),
    survey: (orderNumber, key) =>
      orNull(async () => {
        const order = await keyedOrder(env, orderNumber, key);
        const [delivered, survey, answers, review] = await Promise.all([
          wasDelivered(env.DB, order.orderNumber),
          surveyQuestions(env),
          surveyAnswersOf(env.DB, order.orderNumber),
          orderReviewOf(env.DB, order.orderNumber),
        ]);
        return { orderNumber: order.orderNumber, delivered, survey, answered: answers !== null, review };
      }),
    answerSurvey: (orderNumber, key, fields) =>
      outcome(async () => {
        await keyedOrder(env, orderNumber, key);
        const survey = await surveyQuestions(env);
        if (!survey) return refused("conflict", new SurveyUnavailable().message);
        const answers = answersOf(survey.questions, fields);
        if (answers.length === 0) return refused("bad_request", "Answer at least one question, then send the survey.");
        try {
          return await submitSurvey(env, parsed(SurveyRequest, { orderNumber, key, answers }), r.now());
        } catch (e) {
          if (e instanceof SurveyUnavailable) return refused("conflict", e.message);
          throw e;
        }
      }),
    reviewOrder: (orderNumber, key, form) =>
      outcome(async () => {
        await keyedOrder(env, orderNumber, key);
        return { review: await submitOrderReview(env, parsed(OrderReviewRequest, { orderNumber, key, ...words(form) }), r.now()) };
      }),
    reviewEmails: (orderNumber, key) => orNull(async () => ({ reviewEmails: (await keyedOrder(env, orderNumber, key)).reviewEmails })),
    unsubscribe: (orderNumber, key) => outcome(() => unsubscribeOrderReview(env, orderNumber, key)),
  };
}
