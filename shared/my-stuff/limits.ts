/** My-stuff limits the browser needs too: a module without valibot, so a page importing one stays small (decision 004). */
export const MAX_NOTES_LENGTH = 2000;
