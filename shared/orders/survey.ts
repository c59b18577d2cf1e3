/**
 * The post-purchase survey's answers checked against its questions (`content/tree/SurveyQuestions?tree=1`):
 * every answer names a question of the survey, once, and has that question's kind — an option of a single
 * choice or a rating, options of a multiple choice, words for a text; a follow-up is answered only when its
 * parent's answer asked for it. Pure: the worker validates with it, the unit tests try every kind.
 */
import type { FieldProblem } from "../refusal";
import { SURVEY_TEXT_MAX, type SurveyAnswer } from "./reviews";

export interface SurveyQuestionLike {
  id: string;
  question: string;
  type: "single" | "multiple" | "text" | "rating";
  options: readonly string[];
  when: string | null;
  children: readonly SurveyQuestionLike[];
}

/** An answer as it is stored: options as given, a rating as a number, words trimmed. */
export type StoredAnswer = { questionId: string; answer: string | string[] | number };

interface Flat {
  q: SurveyQuestionLike;
  parent: SurveyQuestionLike | null;
}

/** Every question of the survey by id, with its parent (the follow-ups are one level down). */
export function surveyQuestionsById(questions: readonly SurveyQuestionLike[]): Map<string, Flat> {
  const byId = new Map<string, Flat>();
  for (const q of questions) {
    byId.set(q.id, { q, parent: null });
    for (const c of q.children) byId.set(c.id, { q: c, parent: q });
  }
  return byId;
}

/** The answer of one question normalised, or why it is not an answer of its kind. */
function answerOf(q: SurveyQuestionLike, raw: SurveyAnswer["answer"]): { ok: true; value: StoredAnswer["answer"] } | { ok: false; message: string } {
  const options = new Set(q.options);
  switch (q.type) {
    case "single":
      return typeof raw === "string" && options.has(raw) ? { ok: true, value: raw } : { ok: false, message: `choose one of: ${q.options.join(", ")}` };
    case "rating": {
      const s = typeof raw === "number" ? String(raw) : raw;
      return typeof s === "string" && options.has(s) ? { ok: true, value: Number(s) } : { ok: false, message: `a rating is one of ${q.options.join(", ")}` };
    }
    case "multiple": {
      if (!Array.isArray(raw) || raw.length === 0) return { ok: false, message: "choose one or more options (a list)" };
      if (new Set(raw).size !== raw.length || raw.some((x) => !options.has(x))) return { ok: false, message: `choose among: ${q.options.join(", ")}` };
      return { ok: true, value: [...raw] };
    }
    case "text": {
      if (typeof raw !== "string" || raw.trim() === "") return { ok: false, message: "write an answer (words)" };
      return raw.trim().length > SURVEY_TEXT_MAX ? { ok: false, message: `at most ${SURVEY_TEXT_MAX} characters` } : { ok: true, value: raw.trim() };
    }
  }
}

const picked = (answer: StoredAnswer["answer"] | undefined, option: string) => answer === option || (Array.isArray(answer) && answer.includes(option));

/** The answers normalised, or the problems (each naming `answers[i]`); no answer at all is a problem. */
export function checkSurveyAnswers(
  questions: readonly SurveyQuestionLike[],
  answers: readonly SurveyAnswer[],
): { ok: true; answers: StoredAnswer[] } | { ok: false; problems: FieldProblem[] } {
  const byId = surveyQuestionsById(questions);
  const problems: FieldProblem[] = [];
  const given = new Map<string, StoredAnswer["answer"]>();
  answers.forEach((a, i) => {
    const path = `answers.${i}`;
    const flat = byId.get(a.questionId);
    if (!flat) return void problems.push({ path: `${path}.questionId`, message: `There is no question ${a.questionId} in the survey` });
    if (given.has(a.questionId)) return void problems.push({ path: `${path}.questionId`, message: `${a.questionId} is answered twice` });
    const r = answerOf(flat.q, a.answer);
    if (!r.ok) return void problems.push({ path: `${path}.answer`, message: `${flat.q.question}: ${r.message}` });
    given.set(a.questionId, r.value);
  });
  // A follow-up stands only when its parent's answer is the option that asks it.
  answers.forEach((a, i) => {
    const flat = byId.get(a.questionId);
    if (!flat?.parent || !given.has(a.questionId)) return;
    if (!picked(given.get(flat.parent.id), flat.q.when ?? ""))
      problems.push({
        path: `answers.${i}.questionId`,
        message: `${flat.q.question} is asked only when the answer to "${flat.parent.question}" is ${flat.q.when}`,
      });
  });
  if (answers.length === 0) problems.push({ path: "answers", message: "Answer at least one question" });
  return problems.length ? { ok: false, problems } : { ok: true, answers: [...given].map(([questionId, answer]) => ({ questionId, answer })) };
}
