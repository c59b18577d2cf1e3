/** Opening a page type's example (tests/e2e/pages/page-types.ts), shared by the accessibility and phone tests. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { url } from "./browser";
import type { PageType } from "./page-types";

/** Opens the page type's example: its path, then each step in turn; checks the address it lands on. */
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
