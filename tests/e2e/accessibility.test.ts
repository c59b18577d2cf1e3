/**
 * axe-core on every page type (issue 20 point 9): no serious or critical violation on any of them, on a wide
 * screen in the light and the dark theme, and on a phone with the header's menu open. PAGE_TYPES
 * (tests/e2e/pages/page-types.ts) lists the pages: add a new page type there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { PAGE_TYPES, type PageType } from "./pages/page-types";

/** Opens the page type's example: its path, then each step in turn. */
async function reach(page: Page, type: PageType): Promise<void> {
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

interface Mode {
  name: string;
  options: Parameters<Browser["newContext"]>[0];
  theme: "light" | "dark";
  /** Open the header's menu (phones) before checking. */
  menu: boolean;
}

const MODES: readonly Mode[] = [
  { name: "1280 px, light theme", options: { viewport: { width: 1280, height: 900 } }, theme: "light", menu: false },
  { name: "1280 px, dark theme", options: { viewport: { width: 1280, height: 900 } }, theme: "dark", menu: false },
  { name: "375 px with the menu open", options: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }, theme: "light", menu: true },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(MODES)("accessibility at $name", (mode) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await shopperContext(browser, mode.options);
    // The theme switch's choice (a cookie the server reads): pages that support the dark theme render in it.
    if (mode.theme === "dark") await context.addCookies([{ name: "loupe_theme", value: "dark", url: url("/") }]);
    ({ page } = await openPage(context));
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(PAGE_TYPES)("$name has no serious or critical violation", async (type) => {
    await reach(page, type);
    if (mode.menu) {
      const menu = page.locator("header details.menu summary");
      if (await menu.isVisible()) {
        await menu.click();
        await page.getByRole("navigation", { name: "Menu" }).waitFor();
      }
    }
    await expectAccessible(page, `${type.name} at ${mode.name}`);
  });
});
