/**
 * Detail pages on a phone (issue 24 point 3, decision 047): at 390 × 844, with the page loaded at scroll 0, the
 * title, the price, the main picture and the main button are inside the first screen, under the site's header and
 * bars; at 320 × 640 the document is no wider than the screen. Wide screens keep the picture left of the title.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, realErrors, shopperContext } from "./pages/browser";
import { DETAIL_PAGE_TYPES, DETAIL_PARTS, reach, type DetailPart } from "./pages/detail-pages";

/**
 * The longer of each experiment's variants where one changes the first screen: the tariff alert shown (a bar of
 * three lines on a phone), similar rings in a scrolling row (the row that once widened the document).
 */
const VARIANTS = { Hide_Tariff_Alert_V2: 0, Similar_Rings_As_Grid: 0 } as const;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SMALL_PHONE = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The part's box in the viewport (the first match), as the page stands. */
async function box(page: Page, part: DetailPart) {
  const b = await page.locator(DETAIL_PARTS[part]).first().boundingBox();
  if (!b) throw new Error(`${part} (${DETAIL_PARTS[part]}) is not shown on ${page.url()}`);
  return { top: Math.round(b.y), bottom: Math.round(b.y + b.height), left: Math.round(b.x), right: Math.round(b.x + b.width) };
}

/** The elements that reach past the screen's right edge, not inside a scrolling box (a failure's explanation). */
function pastTheEdge(page: Page): Promise<string> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("body *"))
      .filter((e) => {
        if (e.getBoundingClientRect().right <= document.documentElement.clientWidth + 1) return false;
        // A closed <details>' content is laid out but not shown, and adds nothing to the document's width.
        if (e.closest("details:not([open]) > :not(summary)")) return false;
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") return false;
        return true;
      })
      .slice(0, 6)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).replaceAll(" ", ".")} (right ${Math.round(e.getBoundingClientRect().right)})`)
      .join(", "),
  );
}

describe("detail pages at 390 × 844", () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    context = await shopperContext(browser, PHONE, VARIANTS);
    ({ page, errors } = await openPage(context));
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(DETAIL_PAGE_TYPES)("$name: title, price, picture and main button in the first screen", async (type) => {
    await reach(page, type);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const header = await page.locator("header.site-header").boundingBox();
    const boxes = { title: await box(page, "title"), price: await box(page, "price"), picture: await box(page, "picture"), button: await box(page, "button") };
    for (const [part, b] of Object.entries(boxes)) {
      expect(b.top, `${type.name}: ${part} ${JSON.stringify(b)} below the site header`).toBeGreaterThanOrEqual(
        Math.round((header?.y ?? 0) + (header?.height ?? 0)),
      );
      expect(b.bottom, `${type.name}: ${part} ${JSON.stringify(b)} inside the first screen`).toBeLessThanOrEqual(844);
      expect(b.left, `${type.name}: ${part} inside the screen's width`).toBeGreaterThanOrEqual(0);
      expect(b.right, `${type.name}: ${part} inside the screen's width`).toBeLessThanOrEqual(390);
    }
    // The parts are the right ones: a price in dollars, the page's buying button, a tap target of 44 px at least.
    expect(await page.locator(DETAIL_PARTS.price).first().innerText()).toMatch(/\$\d[\d,]*/);
    const button = page.locator(DETAIL_PARTS.button).first();
    expect(await button.innerText()).toMatch(/^(Add (the pair )?to cart|Choose this setting|Complete your ring|Choose a pair of diamonds)$/);
    expect(boxes.button.bottom - boxes.button.top).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `${type.name} at 390 px`);
    expect(realErrors(errors)).toEqual([]);
  });
});

describe("detail pages at 320 × 640", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await shopperContext(browser, SMALL_PHONE, VARIANTS);
    ({ page } = await openPage(context));
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(DETAIL_PAGE_TYPES)("$name: no wider than the screen", async (type) => {
    await reach(page, type);
    const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(
      widths.document,
      `${type.name} at 320 px: the document is ${widths.document} px wide; past the edge: ${await pastTheEdge(page)}`,
    ).toBeLessThanOrEqual(320);
    expect(widths.screen).toBe(320);
  });
});

describe("detail pages at 1280 × 900", () => {
  it("keep the picture on the left and the title, price and button on the right", async () => {
    const context = await shopperContext(browser, { viewport: { width: 1280, height: 900 } }, VARIANTS);
    const { page } = await openPage(context);
    try {
      for (const type of DETAIL_PAGE_TYPES.filter((t) => t.name !== "complete ring")) {
        await reach(page, type);
        const [title, price, picture, button] = [await box(page, "title"), await box(page, "price"), await box(page, "picture"), await box(page, "button")];
        expect(title.left, `${type.name}: the title right of the picture`).toBeGreaterThan(picture.right);
        expect(title.top, `${type.name}: the title level with the picture's top`).toBeLessThan(picture.top + 40);
        expect(price.top).toBeGreaterThan(title.bottom);
        expect(button.top).toBeGreaterThan(price.bottom);
        expect(price.left).toBe(title.left);
      }
    } finally {
      await context.close();
    }
  });
});
