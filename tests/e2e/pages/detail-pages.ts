/**
 * The detail pages' parts a shopper looks for first (issue 24 point 3, decision 047): the title, the price, the main
 * picture and the main button of the diamond, setting (settings, wedding bands, jewellery) and complete ring pages,
 * and how to reach an example of each (the accessibility test's page types: the same paths, the same first cards).
 */
import { DETAIL_PARTS, PAGE_TYPES, type PageType } from "./page-types";

export { DETAIL_PARTS };
export { reach } from "./reach";

export type DetailPart = keyof typeof DETAIL_PARTS;

/** The detail page types of PAGE_TYPES. */
export const DETAIL_PAGE_TYPES: readonly PageType[] = ["diamond", "setting", "wedding band", "jewellery", "complete ring"].map((name) => {
  const type = PAGE_TYPES.find((t) => t.name === name);
  if (!type) throw new Error(`no page type ${name}`);
  return type;
});
