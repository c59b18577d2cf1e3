/**
 * The operators' gemologist review view (`/gemologist-reviews`, admin token; docs/decisions/029-gemologist-reviews.md):
 * its page service. Only the server implements it (worker/loaders/gemologist-reviews.ts).
 */
import { createContext } from "react-router";
import type { QueueEntry } from "#shared/gemologist-reviews.ts";
import type { Refusal } from "#shared/refusal.ts";

/** What the view shows: the queue, the latest answered reviews and the gemologists to answer as. */
export interface GemologistReviewsView {
  pending: QueueEntry[];
  answered: QueueEntry[];
  gemologists: string[];
}

/** An answer as the form posts it (checked by the service). */
export interface AnswerForm {
  verdict: string;
  answer: string;
  gemologist: string;
}

export interface GemologistReviewsService {
  /** The view, or null when the request does not prove the admin token. */
  view(): Promise<GemologistReviewsView | null>;
  /** Answers review `id`: `{ ok: true }` or why not; null when the request does not prove the admin token. */
  answer(id: number, form: AnswerForm): Promise<{ ok: true } | Refusal | null>;
}

export const gemologistReviewsContext = createContext<GemologistReviewsService>();
