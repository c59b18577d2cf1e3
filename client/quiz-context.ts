/**
 * The quiz's server side as its page uses it (issue 21 point 7; §2 /quiz/{step?}; §4 quiz completion):
 * worker/loaders/quiz.ts provides it from the search wizard's service. The quiz's steps read only the URL;
 * finishing it saves the answers as a wizard search (the send-quiz-without-email path) and sets the completion
 * cookie, so it all works without JavaScript.
 */
import { createContext } from "react-router";
import type { Outcome } from "#shared/refusal.ts";
import type { WizardSearch } from "#shared/search-wizard/schemas.ts";

/** The quiz's answers as the wizard takes them (searchWizard/send-quiz-without-email's body). */
export interface QuizAnswers {
  price: number;
  shape: number | null;
  IsLabGrown: boolean | null;
  requestType: "diamond" | "ring";
  ringStyle: number;
  priority: "size" | "color" | "clarity" | "balanced";
}

/** The completion cookie (§4: set once, one year; its value is the first completion's time, epoch ms). */
export const QUIZ_COMPLETED_COOKIE = "loupe_quiz_completed";
/** The same, in local storage (under the `loupe:` prefix the v3 reset knows). */
export const QUIZ_COMPLETED_KEY = "loupe:quizCompleted";

export interface QuizService {
  /**
   * Saves the answers as a wizard search with its recommendations; the first completion also sets the
   * completion cookie on the response. Refusals: bad_request (with the field).
   */
  complete(answers: QuizAnswers): Promise<Outcome<{ searchId: string }>>;
  /** A saved wizard search, or null when there is none with this id. */
  search(searchId: string): Promise<WizardSearch | null>;
  /** Emails a search's recommendations (SearchWizard/get-recommendations). Refusals: bad_request, not_found, rate_limited. */
  email(searchId: string, email: string): Promise<Outcome<{ email: string }>>;
  /** When the visitor first completed the quiz (the cookie), or null. */
  completedAt(): number | null;
}

export const quizContext = createContext<QuizService>();
