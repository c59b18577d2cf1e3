/**
 * `/orders/survey/{orderNumber}?key=` (decision 037): the post-purchase survey of a delivered order (the
 * questions of `content/tree/SurveyQuestions`, answered once) and the review of the order as a whole (edited by
 * a later submission). Two document forms: they work without JavaScript. The key is the order's emailed key; a
 * wrong one is a 404. A follow-up question says which answer it belongs to (without JavaScript it cannot hide).
 */
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { ShopReviewView } from "#shared/orders/reviews.ts";
import { statusOf } from "#shared/refusal.ts";
import { AccountPage, accountHandle } from "../components/account-form";
import { ReviewFields, type ReviewProblems, reviewFate, reviewFormOf, reviewProblems } from "../components/review-form";
import { orderReviewsContext, type SurveyPage, type SurveyQuestionView } from "../order-reviews-context";
import { serverService } from "../server-page";

type PageData = ({ found: true } & SurveyPage) | { found: false };

type Answer =
  | { intent: "survey"; ok: true; answered: number }
  | { intent: "survey"; ok: false; message: string; problems: string[] }
  | { intent: "review"; ok: true; review: ShopReviewView }
  | ({ intent: "review"; ok: false } & ReviewProblems);

const keyOf = (request: Request) => new URL(request.url).searchParams.get("key") ?? "";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await serverService(context, request, orderReviewsContext).survey(params.orderNumber ?? "", keyOf(request));
  if (!page) return data<PageData>({ found: false }, { status: 404 });
  return { found: true, ...page } satisfies PageData;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const service = serverService(context, request, orderReviewsContext);
  const orderNumber = params.orderNumber ?? "";
  if (form.get("intent") === "review") {
    const values = reviewFormOf(form);
    const r = await service.reviewOrder(orderNumber, keyOf(request), values);
    if (!r.ok) return data<Answer>({ intent: "review", ok: false, ...reviewProblems(r, values) }, { status: statusOf(r) });
    return { intent: "review", ok: true, review: r.review } satisfies Answer;
  }
  const fields = [...form].filter((e): e is [string, string] => typeof e[1] === "string");
  const r = await service.answerSurvey(orderNumber, keyOf(request), fields);
  if (!r.ok)
    return data<Answer>({ intent: "survey", ok: false, message: r.message, problems: (r.details ?? []).map((d) => d.message) }, { status: statusOf(r) });
  return { intent: "survey", ok: true, answered: r.answered } satisfies Answer;
}

export const handle = accountHandle("Tell us how it went");

/** One question: a group of options (radios or checkboxes), or a box for words. */
function Question({ q, parent }: { q: SurveyQuestionView; parent: SurveyQuestionView | null }) {
  const name = `q:${q.id}`;
  const label = parent ? `If you chose “${q.when}”: ${q.question}` : q.question;
  if (q.type === "text") {
    return (
      <div className="field">
        <label htmlFor={`survey-${q.id}`}>{label}</label>
        <textarea id={`survey-${q.id}`} name={name} rows={3} maxLength={1000} />
      </div>
    );
  }
  const options = q.type === "rating" ? q.options.map((o) => [o, `${o} of ${q.options.length}`] as const) : q.options.map((o) => [o, o] as const);
  return (
    <fieldset className={q.type === "rating" ? "survey-question survey-rating" : "survey-question"}>
      <legend>{label}</legend>
      {options.map(([value, text]) => (
        <label key={value} className="survey-option">
          <input type={q.type === "multiple" ? "checkbox" : "radio"} name={name} value={value} /> {text}
        </label>
      ))}
    </fieldset>
  );
}

function SurveyForm({ page, answer }: { page: SurveyPage; answer: Answer | undefined }) {
  if (answer?.intent === "survey" && answer.ok)
    return (
      <p className="form-notice" role="status">
        {`Thank you: your ${answer.answered === 1 ? "answer is" : `${answer.answered} answers are`} saved.`}
      </p>
    );
  if (page.answered) return <p className="form-notice">You have answered the survey. Thank you!</p>;
  if (!page.survey) return <p className="form-notice">The survey is not available right now. Please come back in a few minutes.</p>;
  const failed = answer?.intent === "survey" && !answer.ok ? answer : null;
  return (
    <form method="post" className="account-form survey-form" aria-label="Survey">
      <input type="hidden" name="intent" value="survey" />
      {failed ? (
        <div className="form-alert" role="alert">
          <p>{failed.message}</p>
          {failed.problems.length ? (
            <ul>
              {failed.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {page.survey.questions.map((q) => (
        <div key={q.id} className="survey-block">
          <Question q={q} parent={null} />
          {q.children.map((c) => (
            <Question key={c.id} q={c} parent={q} />
          ))}
        </div>
      ))}
      <button type="submit" className="primary">
        Send my answers
      </button>
    </form>
  );
}

function OrderReviewForm({ page, answer }: { page: SurveyPage; answer: Answer | undefined }) {
  if (answer?.intent === "review" && answer.ok)
    return (
      <p className="form-notice" role="status">
        {`Thank you for your ${answer.review.rating}-star review. ${reviewFate(answer.review)}`}
      </p>
    );
  const failed = answer?.intent === "review" && !answer.ok ? answer : undefined;
  return (
    <form method="post" className="account-form review-form" aria-label="Review of your order">
      <input type="hidden" name="intent" value="review" />
      {page.review ? <p className="form-notice">You reviewed this order before: submitting again replaces that review.</p> : null}
      {failed ? (
        <p className="form-alert" role="alert">
          {failed.message}
        </p>
      ) : null}
      <ReviewFields idPrefix="order-review" rating={page.review?.rating ?? null} review={page.review} problems={failed} />
      <button type="submit" className="primary">
        Submit review
      </button>
    </form>
  );
}

export function Component() {
  const page = useLoaderData<PageData>();
  const answer = useActionData<Answer>();
  if (!page.found) {
    return (
      <AccountPage title="Tell us how it went">
        <p className="form-alert" role="alert">
          We could not find the order of this link. Check that you opened the whole link from the email.
        </p>
      </AccountPage>
    );
  }
  if (!page.delivered) {
    return (
      <AccountPage title="Tell us how it went">
        <p className="form-notice">{`Order ${page.orderNumber} has not arrived yet. The survey and reviews open once it is delivered.`}</p>
      </AccountPage>
    );
  }
  return (
    <AccountPage title={page.survey?.title ?? "Tell us how it went"}>
      <p>A few questions about order {page.orderNumber}. Only your order number is kept with your answers.</p>
      <SurveyForm page={page} answer={answer} />
      <h2>Review your order</h2>
      <p>How was buying with Loupe, from choosing to delivery?</p>
      <OrderReviewForm page={page} answer={answer} />
    </AccountPage>
  );
}
