/**
 * `/quiz/{step?}` (issue 21 point 7; §2: no navigation, announcement, footer or chat; no coupon popup, offer
 * launcher or social sign-in): budget → shape → natural or lab-grown → ring style or a loose diamond → what
 * matters most → the recommendations, saved as a wizard search. Each step is a document form carrying the
 * earlier answers in hidden fields (GET, so Back links and reloads keep them) and checked by this loader,
 * which shows a problem beside its field or goes on to the next step; the last posts to `/quiz/results`, whose
 * action saves the search and sets the completion cookie (§4, set once). It all works without JavaScript.
 */
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { RouteFlags } from "#shared/flags.ts";
import { quizContext } from "../quiz-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { QuizResults, QuizTop, type EmailAnswer } from "./quiz-results";
import {
  STEPS,
  STEP_TEXT,
  answersOf,
  firstIncomplete,
  nextStep,
  previousStep,
  problemOf,
  quizAnswers,
  stepHref,
  stepOf,
  stepPath,
  type Answers,
  type Step,
} from "./quiz-steps";

/** §2 /quiz: hides navigation, announcement and footer (there is no chat widget yet); blocks the coupon popup, the offer launcher and social sign-in. */
export const QUIZ_FLAGS: Partial<RouteFlags> = {
  navigation: "none",
  footer: false,
  announcement: false,
  preventCouponPopup: true,
  hideOfferLauncher: true,
  preventGoogleSignIn: true,
};

/** Why the last step came back to the style step: a ring's setting leaves too little of the budget for a stone. */
const RING_BUDGET = "ring-budget";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const step = stepOf(params.step);
  if (step === null) throw data("Not found", { status: 404 });
  if (step === "results") {
    const searchId = url.searchParams.get("searchId");
    if (!searchId) throw redirect("/quiz");
    const quiz = serverService(context, request, quizContext);
    const search = await quiz.search(searchId);
    if (!search) throw data("Not found", { status: 404 });
    return { kind: "results" as const, search, completedAt: quiz.completedAt(), emailed: url.searchParams.get("emailed") === "1" };
  }
  const answers = answersOf(url.searchParams);
  const missing = firstIncomplete(answers, step);
  if (missing) throw redirect(stepHref(missing, answers));
  let problem = url.searchParams.get("why") === RING_BUDGET && step === "style" ? RING_BUDGET_TEXT : null;
  if (url.searchParams.get("go") === "1") {
    problem = problemOf(step, answers);
    const next = nextStep(step);
    if (!problem && next !== "results") throw redirect(stepHref(next, answers));
  }
  return { kind: "step" as const, step, answers, problem };
}
type QuizData = Awaited<ReturnType<typeof loader>>;

const RING_BUDGET_TEXT =
  "This budget leaves too little for a stone once a setting of this style is paid for. Choose just the diamond, or go back and raise the budget.";

/** The last step's post (save the answers, set the completion cookie, show the results) and the results' email form. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (stepOf(params.step) !== "results") throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  const quiz = serverService(context, request, quizContext);
  const form = await request.formData();
  if (form.get("_intent") === "email") {
    const searchId = url.searchParams.get("searchId") ?? "";
    const email = String(form.get("email") ?? "").slice(0, 300);
    const r = await quiz.email(searchId, email);
    if (r.ok) return redirect(`/quiz/results?searchId=${encodeURIComponent(searchId)}&emailed=1`, 303);
    const problem = r.details?.find((d) => d.path === "email")?.message ?? r.message;
    return data<EmailAnswer>({ email, problem }, { status: r.kind === "rate_limited" ? 429 : r.kind === "not_found" ? 404 : 400 });
  }
  const answers = answersOf(new URLSearchParams([...form.entries()].map(([k, val]) => [k, String(val)])));
  const missing = firstIncomplete(answers, "results");
  if (missing) return redirect(stepHref(missing, answers, { go: "1" }), 303);
  const r = await quiz.complete(quizAnswers(answers));
  if (!r.ok) return redirect(stepHref("style", answers, { why: RING_BUDGET }), 303);
  return redirect(`/quiz/results?searchId=${r.searchId}`, 303);
}

const DESCRIPTION = "Five quick questions — budget, shape, origin, style and what matters most — and Loupe picks certified diamonds that fit, saying why.";

export const handle: RouteHandle<QuizData> = {
  flags: QUIZ_FLAGS,
  // The first step reads only the URL.
  sharedRender: true,
  meta: (d) => quizMeta(d),
};

/** A quiz page's head: the step's question, or the results. */
export function quizMeta(d: QuizData | undefined) {
  if (d?.kind === "results") return { title: "Your diamond picks — Loupe quiz", description: DESCRIPTION, canonical: "/quiz/results" };
  const step = d?.kind === "step" ? d.step : "budget";
  return { title: `${STEP_TEXT[step].title} — Loupe diamond quiz`, description: DESCRIPTION, canonical: stepPath(step) };
}

export function Component() {
  const d = useLoaderData<QuizData>();
  const emailAnswer = useActionData<EmailAnswer>();
  if (d.kind === "results") return <QuizResults search={d.search} completedAt={d.completedAt} emailed={d.emailed} answer={emailAnswer} />;
  return <QuizStep step={d.step} answers={d.answers} problem={d.problem} />;
}

function QuizStep({ step, answers, problem }: { step: Step; answers: Answers; problem: string | null }) {
  const text = STEP_TEXT[step];
  const last = nextStep(step) === "results";
  const back = previousStep(step);
  const errorId = `quiz-${step}-error`;
  const error = problem ? (
    <p className="field-error" id={errorId}>
      {problem}
    </p>
  ) : null;
  return (
    <div className="quiz">
      <QuizTop />
      <p className="quiz-progress">
        Step {STEPS.indexOf(step) + 1} of {STEPS.length}
      </p>
      <h1 id="quiz-title">{text.title}</h1>
      <form method={last ? "post" : "get"} action={last ? "/quiz/results" : stepPath(step)} className="quiz-form" aria-labelledby="quiz-title" noValidate>
        {STEPS.filter((s) => s !== step && answers[s]).map((s) => (
          <input key={s} type="hidden" name={s} value={answers[s]} />
        ))}
        {step === "budget" ? (
          <div className={problem ? "field invalid" : "field"}>
            <label htmlFor="quiz-budget">{text.question}</label>
            <input
              id="quiz-budget"
              name="budget"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={answers.budget ?? ""}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `quiz-budget-hint ${errorId}` : "quiz-budget-hint"}
            />
            <p className="field-hint" id="quiz-budget-hint">
              From $300 to $1,000,000. For a ring, the setting is part of it.
            </p>
            {error}
          </div>
        ) : (
          <fieldset className={problem ? "quiz-choices invalid" : "quiz-choices"} aria-describedby={problem ? errorId : undefined}>
            <legend>{text.question}</legend>
            {error}
            {text.choices.map((c) => (
              <div key={c.value} className="quiz-choice">
                <input
                  type="radio"
                  id={`quiz-${step}-${c.value}`}
                  name={step}
                  value={c.value}
                  defaultChecked={answers[step] === c.value}
                  aria-describedby={c.hint ? `quiz-${step}-${c.value}-hint` : undefined}
                />
                <label htmlFor={`quiz-${step}-${c.value}`}>{c.label}</label>
                {c.hint ? <small id={`quiz-${step}-${c.value}-hint`}>{c.hint}</small> : null}
              </div>
            ))}
          </fieldset>
        )}
        {last ? null : <input type="hidden" name="go" value="1" />}
        <div className="quiz-actions">
          {back ? (
            <a href={stepHref(back, answers)} className="quiz-back">
              Back
            </a>
          ) : null}
          <button type="submit" className="primary">
            {last ? "See my diamonds" : "Next"}
          </button>
        </div>
      </form>
    </div>
  );
}
