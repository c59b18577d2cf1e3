/**
 * The review form's fields shared by the product review page and the survey page (decision 037): five stars
 * as a radio group (one pre-selected from the emailed link), an optional title and the words. Plain inputs in a
 * document form: it works without JavaScript.
 */
import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from "#shared/orders/review-limits.ts";
import type { ShopReviewView } from "#shared/orders/reviews.ts";
import type { Refusal } from "#shared/refusal.ts";

/** A refused post: the message, and the problem beside each field. */
export interface ReviewProblems {
  message: string;
  fields: Partial<Record<"rating" | "title" | "text", string>>;
  values: { rating: string; title: string; text: string };
}

/** The refusal as the form shows it (the field a problem names: rating, title, text). */
export function reviewProblems(r: Refusal, values: ReviewProblems["values"]): ReviewProblems {
  const fields: ReviewProblems["fields"] = {};
  for (const d of r.details ?? []) {
    const name = d.path.split(".").pop();
    if ((name === "rating" || name === "title" || name === "text") && !fields[name]) fields[name] = d.message;
  }
  return { message: r.message, fields, values };
}

/** The posted review form's fields (missing ones are ""). */
export function reviewFormOf(form: FormData): ReviewProblems["values"] {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { rating: get("rating"), title: get("title"), text: get("text") };
}

const STAR_NAMES = ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"] as const;

/** The stars, the title and the words; `rating` pre-selected. */
export function ReviewFields({
  idPrefix,
  rating,
  review,
  problems,
}: {
  idPrefix: string;
  rating: number | null;
  review: ShopReviewView | null;
  problems?: ReviewProblems;
}) {
  const chosen = problems ? Number(problems.values.rating) || null : rating;
  const title = problems?.values.title ?? review?.title ?? "";
  const text = problems?.values.text ?? review?.text ?? "";
  const error = (name: keyof ReviewProblems["fields"]) =>
    problems?.fields[name] ? (
      <p className="field-error" id={`${idPrefix}-${name}-error`}>
        {problems.fields[name]}
      </p>
    ) : null;
  return (
    <>
      <fieldset className="star-picker" aria-describedby={problems?.fields.rating ? `${idPrefix}-rating-error` : undefined}>
        <legend>Your rating</legend>
        {STAR_NAMES.map((name, i) => (
          <label key={name} className="star-choice">
            <input type="radio" name="rating" value={i + 1} defaultChecked={chosen === i + 1} required />
            <span aria-hidden="true">{"★".repeat(i + 1)}</span>
            <span className="star-name">{name}</span>
          </label>
        ))}
        {error("rating")}
      </fieldset>
      <div className={problems?.fields.title ? "field invalid" : "field"}>
        <label htmlFor={`${idPrefix}-title`}>Title (optional)</label>
        <input id={`${idPrefix}-title`} name="title" type="text" maxLength={REVIEW_TITLE_MAX} defaultValue={title} autoComplete="off" />
        {error("title")}
      </div>
      <div className={problems?.fields.text ? "field invalid" : "field"}>
        <label htmlFor={`${idPrefix}-text`}>Your review (optional)</label>
        <textarea id={`${idPrefix}-text`} name="text" rows={5} maxLength={REVIEW_TEXT_MAX} defaultValue={text} aria-describedby={`${idPrefix}-text-hint`} />
        <p className="field-hint" id={`${idPrefix}-text-hint`}>
          With a few words, your review is shown on Loupe as a verified purchase, signed with your first name and last initial. Reviews with a link wait for our
          team to check them.
        </p>
        {error("text")}
      </div>
    </>
  );
}

/** What happens to a stored review, in the shopper's words. */
export function reviewFate(review: Pick<ShopReviewView, "status">): string {
  switch (review.status) {
    case "published":
      return "It is now on our reviews page for other shoppers to read.";
    case "held":
      return "It has a link in it, so our team will check it before it is shown.";
    case "rating":
      return "Your stars are saved. Add a few words any time to have your review shown to other shoppers.";
    case "rejected":
      return "It is saved, but it will not be shown on the site.";
  }
}
