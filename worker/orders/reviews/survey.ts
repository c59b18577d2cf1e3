/**
 * The post-purchase survey (decision 037): the questions are the content store's `SurveyQuestions` tree
 * (`GET content/tree/SurveyQuestions?tree=1`); `POST orders/post-purchase-survey` checks the answers against
 * them (shared/orders/survey.ts: an unknown question or an answer of the wrong kind is a 400 naming it) and
 * stores them once per order — a second submission is refused (409): a survey is a snapshot counted once.
 * Nothing but the order number ties the answers to anyone.
 */
import type * as v from "valibot";
import type { SurveyQuestions } from "#shared/content/items.ts";
import type { SurveyRequest } from "#shared/orders/reviews.ts";
import { checkSurveyAnswers, type StoredAnswer } from "#shared/orders/survey.ts";
import { refused } from "#shared/refusal.ts";
import { contentItem } from "../../content/store";
import type { Bindings } from "../../env";
import { keyedOrder, mustBeDelivered } from "./access";

/** The survey: its title and questions (each with its follow-ups). */
export type Survey = v.InferOutput<typeof SurveyQuestions>;

/** The survey's questions could not be read (the content source failed): nothing can be checked, nothing is stored. */
export class SurveyUnavailable extends Error {
  constructor() {
    super("The survey is unavailable right now; please try again in a few minutes.");
    this.name = "SurveyUnavailable";
  }
}

/** The survey as the content store has it, or null when its source failed (logged there). */
export function surveyQuestions(env: Bindings): Promise<Survey | null> {
  return contentItem<Survey>(env, "SurveyQuestions", { tree: true });
}

/** Checks and stores the survey's answers of a delivered order, once. */
export async function submitSurvey(env: Bindings, req: SurveyRequest, now: number): Promise<{ orderNumber: string; answered: number }> {
  const order = await keyedOrder(env, req.orderNumber, req.key);
  await mustBeDelivered(env.DB, order.orderNumber);
  const survey = await surveyQuestions(env);
  if (!survey) throw new SurveyUnavailable();
  const checked = checkSurveyAnswers(survey.questions, req.answers);
  if (!checked.ok) refused("bad_request", "Some answers do not fit the survey's questions", checked.problems);
  const row = await env.DB.prepare(
    "INSERT INTO survey_answers (order_number, answers, created_at) VALUES (?, ?, ?) ON CONFLICT (order_number) DO NOTHING RETURNING order_number",
  )
    .bind(order.orderNumber, JSON.stringify(checked.answers), now)
    .first<{ order_number: string }>();
  if (!row) refused("conflict", "This order's survey is already answered. Thank you!");
  return { orderNumber: order.orderNumber, answered: checked.answers.length };
}

/** The stored answers of an order's survey, or null. */
export async function surveyAnswersOf(db: D1Database, orderNumber: string): Promise<StoredAnswer[] | null> {
  const row = await db.prepare("SELECT answers FROM survey_answers WHERE order_number = ?").bind(orderNumber).first<{ answers: string }>();
  return row ? (JSON.parse(row.answers) as StoredAnswer[]) : null;
}
