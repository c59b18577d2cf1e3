/**
 * The survey and review pages' service (decision 037): `/orders/user-product-review/{rating}/{reviewId}/{key}`,
 * `/orders/survey/{orderNumber}?key=` and `/unsubscribe-user-review/{orderNumber}/{orderKey}` read and post
 * through it on the server (worker/loaders/order-reviews.ts); their forms are document posts, so they work
 * without JavaScript. A wrong key reads as null (the pages answer 404).
 */
import { createContext } from "react-router";
import type { ShopReviewView } from "#shared/orders/reviews.ts";
import type { Outcome } from "#shared/refusal.ts";

/** A survey question as the page asks it (the content store's tree). */
export interface SurveyQuestionView {
  id: string;
  question: string;
  type: "single" | "multiple" | "text" | "rating";
  options: string[];
  when: string | null;
  children: SurveyQuestionView[];
}

/** What the product review page shows. */
export interface ReviewRequestPage {
  /** The product's name as ordered. */
  product: string;
  orderNumber: string;
  /** The review already given (it is edited by the next submission), or null. */
  review: ShopReviewView | null;
}

/** What the survey page shows. */
export interface SurveyPage {
  orderNumber: string;
  /** Reviews and the survey open once the order has been delivered. */
  delivered: boolean;
  /** The questions; null when their source failed (the page says to come back later). */
  survey: { title: string; questions: SurveyQuestionView[] } | null;
  answered: boolean;
  /** The review of the order as a whole, if given. */
  review: ShopReviewView | null;
}

/** The words of a review form (as posted: the rating a string of the radio's value). */
export interface ReviewForm {
  rating: string;
  title: string;
  text: string;
}

export interface OrderReviewsService {
  /** The review request behind a star link, or null for a wrong link. */
  reviewRequest(reviewId: string, key: string): Promise<ReviewRequestPage | null>;
  /** Stores (or edits) the product's review; refusals name the fields (bad_request) or the link (not_found). */
  reviewProduct(reviewId: string, key: string, form: ReviewForm): Promise<Outcome<{ review: ShopReviewView }>>;
  /** The survey page of an order, or null for a wrong link. */
  survey(orderNumber: string, key: string): Promise<SurveyPage | null>;
  /** Answers the survey from the form's fields (`q:{questionId}`, repeated for a multiple choice); empty ones are skipped. */
  answerSurvey(orderNumber: string, key: string, fields: [string, string][]): Promise<Outcome<{ answered: number }>>;
  /** Stores (or edits) the review of the order as a whole. */
  reviewOrder(orderNumber: string, key: string, form: ReviewForm): Promise<Outcome<{ review: ShopReviewView }>>;
  /** Whether the order still gets review emails, or null for a wrong link. */
  reviewEmails(orderNumber: string, key: string): Promise<{ reviewEmails: boolean } | null>;
  /** No more review emails (idempotent). */
  unsubscribe(orderNumber: string, key: string): Promise<Outcome<{ orderNumber: string }>>;
}

export const orderReviewsContext = createContext<OrderReviewsService>();
