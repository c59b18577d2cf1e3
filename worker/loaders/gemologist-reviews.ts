/** The gemologist review admin view's page service on the server (client/gemologist-reviews-context.ts). */
import type { GemologistReviewsService } from "#client/gemologist-reviews-context.ts";
import { AnswerRequest } from "#shared/gemologist-reviews.ts";
import { DomainError, refuse } from "#shared/refusal.ts";
import * as v from "valibot";
import type { EmailBindings } from "../email/outbox";
import { answerReview, reviewQueue } from "../gemologist-reviews/service";

/** The service for one page request: `isAdmin` checks the admin session, `origin` makes the email's link. */
export function serverGemologistReviews(
  env: EmailBindings,
  isAdmin: () => Promise<boolean>,
  o: { origin: string; now: () => number; waitUntil: (p: Promise<unknown>) => void },
): GemologistReviewsService {
  return {
    view: async () => {
      if (!(await isAdmin())) return null;
      const [pending, answered, { results }] = await Promise.all([
        reviewQueue(env.DB, "pending"),
        reviewQueue(env.DB, "answered"),
        env.DB.prepare("SELECT name FROM gemologists ORDER BY position, name").all<{ name: string }>(),
      ]);
      return { pending, answered, gemologists: results.map((r) => r.name) };
    },
    answer: async (id, form) => {
      if (!(await isAdmin())) return null;
      const parsed = v.safeParse(AnswerRequest, form);
      if (!parsed.success)
        return refuse(
          "bad_request",
          "Check the answer",
          parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message })),
        );
      try {
        await answerReview(env, id, parsed.output, { origin: o.origin, now: o.now(), waitUntil: o.waitUntil });
        return { ok: true };
      } catch (err) {
        if (err instanceof DomainError) return err.refusal;
        throw err;
      }
    },
  };
}
