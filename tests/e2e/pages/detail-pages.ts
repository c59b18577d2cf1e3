/**
 * The detail pages' parts a shopper looks for first (issue 24 point 3, decision 047): the title, the price, the main
 * picture and the main button of the diamond, setting (settings, wedding bands, jewellery) and complete ring pages,
 * and how to reach an example of each (the accessibility test's page types: the same paths, the same first cards).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { url } from "./browser";
import { PAGE_TYPES, type PageType } from "./page-types";

/** CSS selectors of the four parts; each matches one element on every detail page (the first match is the one). */
export const DETAIL_PARTS = {
  title: "main h1",
  /** The diamond's or item's price; on the complete ring page, the total beside Add to cart. */
  price: "main .detail-main > .detail-price, main .cr-checkout [data-testid=complete-total]",
  picture: "main .diamond-figure img, main .sd-main-image, main .cr-setting img",
  /** Add to cart, Add the pair to cart, Choose this setting, Complete your ring, Choose a pair of diamonds. */
  button: "main .detail-main > .add-to-cart button, main .detail-main > .sd-buy button, main .detail-main > a.sd-button, main .cr-checkout button[type=submit]",
} as const;

export type DetailPart = keyof typeof DETAIL_PARTS;

/** The detail page types of PAGE_TYPES. */
export const DETAIL_PAGE_TYPES: readonly PageType[] = ["diamond", "setting", "wedding band", "jewellery", "complete ring"].map((name) => {
  const type = PAGE_TYPES.find((t) => t.name === name);
  if (!type) throw new Error(`no page type ${name}`);
  return type;
});

/** Opens the page type's example: its path, then each step in turn (links are followed by their href). */
export async function reach(page: Page, type: PageType): Promise<void> {
  await page.goto(url(type.path));
  for (const step of type.via ?? []) {
    await page.waitForSelector("body[data-hydrated=true]");
    if (typeof step === "function") {
      await step(page);
      continue;
    }
    const href = await page.locator(step).first().getAttribute("href", { timeout: 10_000 });
    if (!href) throw new Error(`${type.name}: no link ${step} on ${page.url()}`);
    await page.goto(new URL(href, page.url()).href);
  }
  await page.waitForSelector("body[data-hydrated=true]");
  if (type.expect) expect(page.url()).toMatch(type.expect);
}
