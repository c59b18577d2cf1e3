/**
 * The quiz page's service (client/quiz-context.ts `QuizService`) from the search wizard's service: the answers
 * saved as a wizard search (the send-quiz-without-email path), the completion cookie set once (§4), a saved
 * search read back, and its recommendations emailed. Refusals come back as outcomes for the page to show.
 */
import * as v from "valibot";
import { QUIZ_COMPLETED_COOKIE, type QuizAnswers, type QuizService } from "#client/quiz-context.ts";
import { DomainError, refuse, type Outcome } from "#shared/refusal.ts";
import { GetRecommendationsRequest, QuizRequest, SEARCH_ID_PATTERN } from "#shared/search-wizard/schemas.ts";
import { createSearch, emailRecommendations, type WizardBindings } from "../search-wizard/service";
import { readSearch } from "../search-wizard/store";

/** The completion cookie's life: one year. */
export const QUIZ_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** What the service needs of the request. */
export interface QuizRequestDeps {
  env: WizardBindings;
  now: () => number;
  /** The signed-in customer's id, or null. */
  userId: () => Promise<number | null>;
  /** A request cookie's value. */
  cookie: (name: string) => string | undefined;
  /** Adds a Set-Cookie header to the page's response. */
  setCookie: (header: string) => void;
  origin: string;
  /** The client's address (CF-Connecting-IP): emails asked for count against it. */
  ip: string;
  waitUntil: (p: Promise<unknown>) => void;
}

/** A refusal thrown by the wizard becomes the page's outcome; anything else stays a page error. */
async function outcome<T extends object>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, ...(await run()) };
  } catch (e) {
    if (e instanceof DomainError) return e.refusal;
    throw e;
  }
}

function invalid(issues: v.BaseIssue<unknown>[]) {
  return refuse(
    "bad_request",
    issues[0]?.message ?? "Invalid answers",
    issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message })),
  );
}

/** The first completion's time from the cookie, or null. */
function completedAt(raw: string | undefined): number | null {
  return raw && /^\d{13}$/.test(raw) ? Number(raw) : null;
}

/** The quiz service of one page request. */
export function serverQuiz(r: QuizRequestDeps): QuizService {
  const deps = async () => ({ env: r.env, now: r.now(), userId: await r.userId(), origin: r.origin, ip: r.ip, waitUntil: r.waitUntil });
  return {
    async complete(answers: QuizAnswers) {
      const parsed = v.safeParse(QuizRequest, answers);
      if (!parsed.success) return invalid(parsed.issues);
      const done = await outcome(async () => ({ searchId: (await createSearch(await deps(), "quiz", parsed.output)).searchId }));
      if (done.ok && completedAt(r.cookie(QUIZ_COMPLETED_COOKIE)) === null) {
        const secure = r.origin.startsWith("https:") ? "; Secure" : "";
        r.setCookie(`${QUIZ_COMPLETED_COOKIE}=${r.now()}; Max-Age=${QUIZ_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`);
      }
      return done;
    },
    search: (searchId) => (SEARCH_ID_PATTERN.test(searchId) ? readSearch(r.env.DB, searchId) : Promise.resolve(null)),
    async email(searchId, email) {
      const parsed = v.safeParse(GetRecommendationsRequest, { searchId, email });
      if (!parsed.success) return invalid(parsed.issues);
      return outcome(async () => {
        await emailRecommendations(await deps(), parsed.output);
        return { email: parsed.output.email };
      });
    },
    completedAt: () => completedAt(r.cookie(QUIZ_COMPLETED_COOKIE)),
  };
}
