/**
 * The limits of the shop's reviews and survey answers (issue 22 point 5), apart from their valibot schemas
 * (reviews.ts) so the review pages' forms can show them without shipping the schemas to the browser.
 */

/** The most characters of a review's text, and of its title. */
export const REVIEW_TEXT_MAX = 2_000;
export const REVIEW_TITLE_MAX = 120;
/** The most characters of a free-text survey answer. */
export const SURVEY_TEXT_MAX = 1_000;
