/**
 * Issue 24 points 1, 2 and 6 on the four search pages (diamonds, settings, bands, jewellery): on a phone the results
 * come first under a sticky bar (count, sort, Filters with the active count); the filters open in a drawer that is a
 * modal dialog with JavaScript (opened, used and closed by keyboard) and a disclosure and a form without; two cards a
 * row with 44 × 44 px targets; wide screens keep the side panel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, realErrors, shopperContext, url } from "./pages/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

/** Each search page, its first card's link and a filter the drawer applies (a check box's label and the URL it gives). */
const SEARCHES = [
  { path: "/diamond-search", card: "main .diamond-grid a", filter: /^Round/, param: /shape=round/ },
  { path: "/setting-search", card: "main a.setting-card-link", filter: /^Platinum/, param: /metal=platinum/ },
  { path: "/wedding-rings", card: "main a.setting-card-link", filter: /^Platinum/, param: /metal=platinum/ },
  { path: "/jewelry-search/bracelets", card: "main a.setting-card-link", filter: /^Platinum/, param: /metal=platinum/ },
] as const;

const phone = (viewport: { width: number; height: number }) => ({ viewport, isMobile: true, hasTouch: true });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`not displayed: ${locator}`);
  return b;
}

const filtersButton = (page: Page) => page.locator("summary.filters-button");
const activeTag = (page: Page) => page.evaluate(() => document.activeElement?.closest(".drawer-panel") !== null);

describe.each(PHONES)("search pages at $width × $height", (viewport) => {
  it.each(SEARCHES)("$path: results first under a sticky bar, two cards a row, 44 px targets", async (s) => {
    const context = await shopperContext(browser, phone(viewport));
    const { page, errors } = await openPage(context);
    await page.goto(url(s.path));
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // The first screen: the count, the Filters button, the sort and the first card (its top, at least).
    const cards = page.locator(s.card);
    for (const el of [page.locator(".search-bar .result-count"), filtersButton(page), page.getByRole("combobox", { name: "Sort by" })]) {
      const b = await box(el);
      expect(b.y + b.height).toBeLessThanOrEqual(viewport.height);
    }
    expect((await box(cards.first())).y).toBeLessThan(viewport.height);

    // Two a row: the second card sits beside the first, the third under them; neither wider than half the screen.
    const [one, two, three] = [await box(cards.nth(0)), await box(cards.nth(1)), await box(cards.nth(2))];
    expect(Math.abs(one.y - two.y)).toBeLessThan(2);
    expect(two.x).toBeGreaterThan(one.x + one.width - 1);
    expect(three.y).toBeGreaterThan(one.y + one.height - 1);
    expect(one.width).toBeLessThan(viewport.width / 2);

    // Every tap target of the first card and the bar is at least 44 × 44.
    const targets = [filtersButton(page), page.getByRole("combobox", { name: "Sort by" }), cards.first()];
    const card = page.locator("main li").filter({ has: cards.first() }).first();
    targets.push(...(await card.locator("button").all()));
    for (const t of targets) {
      const b = await box(t);
      expect(Math.round(b.width), `${t}`).toBeGreaterThanOrEqual(44);
      expect(Math.round(b.height), `${t}`).toBeGreaterThanOrEqual(44);
    }

    // The bar stays on screen while scrolling the results.
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(async () => (await box(filtersButton(page))).y).toBeLessThan(60);
    const bar = await box(page.locator(".search-bar"));
    expect(bar.y).toBeLessThanOrEqual(1);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe("the filter drawer by keyboard (390 × 844)", () => {
  it.each(SEARCHES)("$path: opens as a dialog holding focus, filters, closes with Escape and the close button", async (s) => {
    const context = await shopperContext(browser, phone({ width: 390, height: 844 }));
    const { page, errors } = await openPage(context);
    await page.goto(url(s.path));
    await page.waitForSelector("body[data-hydrated=true]");
    const total = await page.locator(".search-bar .result-count").innerText();
    expect(await filtersButton(page).innerText()).toBe("Filters");

    await filtersButton(page).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await dialog.waitFor();
    await expect.poll(() => activeTag(page)).toBe(true);
    // Focus stays inside: however far one tabs (forwards and back), it never reaches the page behind.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await activeTag(page)).toBe(true);
    }
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await activeTag(page)).toBe(true);
    }
    await expectAccessible(page, `${s.path} with the filter drawer open`);

    // A check box by keyboard applies at once: the URL, the results behind and the button's count follow.
    await dialog.getByRole("checkbox", { name: s.filter }).first().focus();
    await page.keyboard.press("Space");
    await page.waitForURL(s.param);
    await expect.poll(() => page.locator(".search-bar .result-count").innerText()).not.toBe(total);
    await expect.poll(() => filtersButton(page).innerText()).toMatch(/^Filters\s*,?\s*1/);
    expect(await dialog.isVisible()).toBe(true);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.matches("summary.filters-button"))).toBe(true);
    expect(await page.locator("[inert]").count()).toBe(0);

    // Again, closed with its Close button this time (pressed with Enter); the page behind works again.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await page.locator(s.card).first().click();
    await page.waitForURL((u) => !u.pathname.startsWith(s.path));
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("the compare tray is one row at the bottom of the screen, under the thumb, and its Compare link works", async () => {
    const context = await shopperContext(browser, phone({ width: 390, height: 844 }));
    const { page, errors } = await openPage(context);
    await page.goto(url("/diamond-search"));
    await page.waitForSelector("body[data-hydrated=true]");
    for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Compare", exact: true }).first().click();
    await page.evaluate(() => window.scrollTo(0, 800));
    const tray = page.getByRole("complementary", { name: "Compare tray" });
    await expect.poll(async () => Math.round((await box(tray)).y + (await box(tray)).height)).toBe(844);
    expect((await box(tray)).height).toBeLessThanOrEqual(80);
    const link = tray.getByRole("link", { name: "Compare 4 diamonds" });
    expect((await box(link)).height).toBeGreaterThanOrEqual(44);
    await link.click();
    await page.waitForURL(/\/compare\?ids=\d+,\d+,\d+,\d+$/);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("without JavaScript the drawer is a disclosure around a form, and the Sort button sorts", async () => {
    const context = await shopperContext(browser, { ...phone({ width: 390, height: 844 }), javaScriptEnabled: false });
    const { page } = await openPage(context);
    await page.goto(url("/diamond-search"));
    const form = page.getByRole("form", { name: "Diamond filters" });
    expect(await form.isVisible()).toBe(false);
    await filtersButton(page).click();
    await form.getByRole("checkbox", { name: /^Oval/ }).check();
    await form.getByRole("button", { name: "Show diamonds" }).click();
    await page.waitForURL(/\/diamond-search\/s\?shape=oval$/);
    expect(await filtersButton(page).innerText()).toMatch(/^Filters\s*,?\s*1/);
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await page.waitForURL(/shape=oval&sort=price/);
    await context.close();
  });

  it("wide screens keep the side panel: the filters are shown, with no Filters button", async () => {
    const context = await shopperContext(browser, { viewport: { width: 1280, height: 900 } });
    const { page } = await openPage(context);
    await page.goto(url("/diamond-search"));
    await page.waitForSelector("body[data-hydrated=true]");
    const form = await box(page.getByRole("form", { name: "Diamond filters" }));
    const firstCard = await box(page.locator("main .diamond-grid a").first());
    expect(form.x + form.width).toBeLessThan(firstCard.x);
    expect(await filtersButton(page).isVisible()).toBe(false);
    // Choosing a filter there applies at once, as before; the panel never becomes a dialog.
    await page.getByRole("form", { name: "Diamond filters" }).getByRole("checkbox", { name: /^Pear/ }).check();
    await page.waitForURL(/shape=pear/);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });
});
