/**
 * Every page type on a phone (issue 24 point 6), at 390 × 844 and 320 × 640 with touch: the document is no wider
 * than the screen (the failure names the elements that stick out), axe-core finds no serious or critical violation
 * (at 390 with the header's menu open, so its panel is checked too), and at 390 what a page type lists in
 * `firstScreen` starts inside the first screen. PAGE_TYPES (tests/e2e/pages/page-types.ts) lists the pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, shopperContext } from "./pages/browser";
import { PAGE_TYPES } from "./pages/page-types";
import { reach } from "./pages/reach";

interface Mode {
  name: string;
  width: number;
  height: number;
  /** The mode that checks `firstScreen` and opens the header's menu before axe runs (the phone most people hold). */
  main: boolean;
}

const MODES: readonly Mode[] = [
  { name: "390 × 844", width: 390, height: 844, main: true },
  { name: "320 × 640", width: 320, height: 640, main: false },
];

/**
 * The elements that make the document wider than the screen (`width` px): the outermost of those whose box ends
 * right of it and that no scroller or clipping box holds (a carousel's cards are held), as tag.class and edges.
 */
function overflowingElements(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const sticksOut = (e: Element | null) => !!e && e.getBoundingClientRect().right > width + 0.5 && e.getBoundingClientRect().width > 0;
    // Clipped by a scroller or an overflow-hidden box up its containing blocks (an absolutely positioned element
    // escapes the boxes between it and its positioned ancestor: a visually-hidden label in a carousel).
    const held = (e: Element) => {
      let positioned = /absolute|fixed/.test(getComputedStyle(e).position);
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (positioned && style.position === "static") continue;
        if (style.overflowX !== "visible") return true;
        positioned = /absolute|fixed/.test(style.position);
      }
      return false;
    };
    // A closed <details> lays its content out in a contained box that is never shown (the header's menu).
    const all = Array.from(document.body.querySelectorAll("*")).filter((e) => sticksOut(e) && !e.closest("details:not([open]) > :not(summary)"));
    const free = new Set(all.filter((e) => !held(e)));
    const outermost = (e: Element) => {
      for (let a = e.parentElement; a; a = a.parentElement) if (free.has(a)) return false;
      return true;
    };
    const roots = [...free].filter(outermost);
    // None found (the overflow comes from elsewhere, a pseudo-element or a text): the furthest-reaching elements.
    const shown = roots.length ? roots : all.sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
    return shown.slice(0, 10).map((e) => {
      const r = e.getBoundingClientRect();
      const cls = typeof e.className === "string" && e.className ? `.${e.className.trim().split(/\s+/).join(".")}` : "";
      return `${e.tagName.toLowerCase()}${cls} (left ${Math.round(r.left)}, right ${Math.round(r.right)}, width ${Math.round(r.width)})`;
    });
  }, width);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(MODES)("phone at $name", (mode) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await shopperContext(browser, { viewport: { width: mode.width, height: mode.height }, isMobile: true, hasTouch: true });
    ({ page } = await openPage(context));
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(PAGE_TYPES)("$name fits the screen and is accessible", async (type) => {
    await reach(page, type);
    // The screen's width is the mode's: a phone browser widens its layout (and innerWidth) to fit a page that
    // overflows, so innerWidth would grow with the fault it should reveal.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    const wider = scrollWidth > mode.width ? (await overflowingElements(page, mode.width)).join("\n  ") : "";
    expect(scrollWidth, `${type.name} (${page.url()}) is ${scrollWidth} px wide at ${mode.width} px; sticking out:\n  ${wider}\n`).toBeLessThanOrEqual(
      mode.width,
    );
    if (mode.main) {
      for (const selector of type.firstScreen ?? []) {
        const element = page.locator(selector).first();
        await element.waitFor({ state: "visible" });
        // Its place in the document: where it is when the page opens at the top.
        const top = await element.evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
        expect(top, `${type.name}: ${selector} starts at ${Math.round(top)} px, below the first screen (${mode.height} px)`).toBeGreaterThanOrEqual(0);
        expect(top, `${type.name}: ${selector} starts at ${Math.round(top)} px, below the first screen (${mode.height} px)`).toBeLessThan(mode.height);
      }
      const menu = page.locator("header details.menu summary");
      if (await menu.isVisible()) {
        await menu.click();
        await page.getByRole("navigation", { name: "Menu" }).waitFor();
      }
    }
    await expectAccessible(page, `${type.name} at ${mode.name}${mode.main ? " with the menu open" : ""}`);
  });
});
