/** My stuff's limits as plain constants (no valibot), so browser pages can show them without the schemas. */

/** At most this many saved diamonds per customer. */
export const MAX_SAVED_DIAMONDS = 500;
/** A saved diamond's notes, in characters. */
export const MAX_NOTES_LENGTH = 2000;
