/**
 * axe-core on every page type (issue 20 point 9): no serious or critical violation on any of them, on a wide
 * screen in the light and the dark theme (phones, with the header's menu open: tests/e2e/phone.test.ts). PAGE_TYPES
 * (tests/e2e/pages/page-types.ts) lists the pages: add a new page type there.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { PAGE_TYPES } from "./pages/page-types";
import { reach } from "./pages/reach";

interface Mode {
  name: string;
  options: Parameters<Browser["newContext"]>[0];
  theme: "light" | "dark";
}

const MODES: readonly Mode[] = [
  { name: "1280 px, light theme", options: { viewport: { width: 1280, height: 900 } }, theme: "light" },
  { name: "1280 px, dark theme", options: { viewport: { width: 1280, height: 900 } }, theme: "dark" },
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
    await expectAccessible(page, `${type.name} at ${mode.name}`);
  });
});
