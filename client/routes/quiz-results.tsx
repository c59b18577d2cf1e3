/**
 * The quiz's results (client/routes/quiz.tsx): the recommendations saved as a wizard search, each with why it
 * was picked and a link to the diamond; a diamond search for more like these; an "Email me these" form (a
 * document post); and, with JavaScript, the completion kept in local storage (§4).
 */
import { useEffect } from "react";
import { formatUsd } from "#shared/money.ts";
import { diamondPath } from "#shared/slug.ts";
import type { WizardSearch } from "#shared/search-wizard/schemas.ts";
import { diamondTitle, gradeLine } from "../components/diamond-text";
import { rememberCompletion } from "./quiz-completion";

/** A refused email form: what was typed and why. */
export interface EmailAnswer {
  email: string;
  problem: string;
}

/** "For a ring with a halo setting (about $1,020), $6,000 in all: stones up to $4,980." */
function budgetWords(b: WizardSearch["budget"]): string {
  if (!b.setting) return `A loose diamond for up to ${formatUsd(b.total)}.`;
  const style = b.setting.style ? `${b.setting.styleLabel.toLowerCase()} setting` : "setting";
  return `A ring for ${formatUsd(b.total)} in all: a typical ${style} costs about ${formatUsd(b.setting.price)}, leaving up to ${formatUsd(b.diamond)} for the stone.`;
}

export function QuizResults({
  search,
  completedAt,
  emailed,
  answer,
}: {
  search: WizardSearch;
  completedAt: number | null;
  emailed: boolean;
  answer?: EmailAnswer;
}) {
  useEffect(() => rememberCompletion(completedAt), [completedAt]);
  const picks = search.recommendations;
  return (
    <div className="quiz quiz-results">
      <QuizTop />
      <h1>Your diamond picks</h1>
      <p className="quiz-budget">{budgetWords(search.budget)}</p>
      {picks.length ? (
        <ol className="quiz-picks" aria-label="Recommended diamonds">
          {picks.map((r) => (
            <li key={r.diamond.id} className="quiz-pick">
              <h2>{r.title}</h2>
              <p>
                <a href={diamondPath(r.diamond)}>{diamondTitle(r.diamond)}</a> · {gradeLine(r.diamond)} · <strong>{formatUsd(r.diamond.price)}</strong>
              </p>
              <p className="quiz-reason">{r.reason}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>No listed stone fits these answers right now. New stones arrive every day: the search below shows what comes closest.</p>
      )}
      <p>
        <a className="quiz-more" href={search.moreLikeThese}>
          See more like these
        </a>
      </p>
      <section className="quiz-email" aria-labelledby="quiz-email-title">
        <h2 id="quiz-email-title">Email me these</h2>
        {emailed ? <p role="status">We have emailed these picks to you. They also stay saved at this page's address.</p> : null}
        <form method="post" action={`/quiz/results?searchId=${search.searchId}`} aria-labelledby="quiz-email-title" noValidate>
          <input type="hidden" name="_intent" value="email" />
          <div className={answer ? "field invalid" : "field"}>
            <label htmlFor="quiz-email">Email</label>
            <input
              id="quiz-email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={answer?.email ?? ""}
              aria-invalid={answer ? true : undefined}
              aria-describedby={answer ? "quiz-email-error" : undefined}
            />
            {answer ? (
              <p className="field-error" id="quiz-email-error">
                {answer.problem}
              </p>
            ) : null}
          </div>
          <button type="submit" className="primary">
            Email me these
          </button>
        </form>
      </section>
      <p>
        <a href="/quiz">Take the quiz again</a>
      </p>
    </div>
  );
}

/** The quiz's own way out (it has no header). */
export function QuizTop() {
  return (
    <nav className="quiz-top" aria-label="Quiz">
      <a href="/" className="quiz-brand">
        Loupe
      </a>
      <a href="/diamond-search">Leave the quiz</a>
    </nav>
  );
}
