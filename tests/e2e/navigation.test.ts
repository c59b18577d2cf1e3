/**
 * Getting around (issue 20 point 9, first slice): on a phone-width screen the header's links sit behind a
 * Menu button that reaches every one of them, Cart included, and closes once one is chosen; a client
 * navigation moves focus to the new page's heading; the first Tab reaches "Skip to content"; the search
 * results' live region is the count alone. Wide screens show the links inline and no Menu button.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, shopperContext, url } from "./pages/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, path: string) {
  await page.goto(url(path));
  await page.waitForSelector("body[data-hydrated=true]");
}

describe("header navigation", () => {
  it("on a phone: the Menu reaches every header link, Cart included; choosing one closes it and focuses the new page's heading", async () => {
    const context = await shopperContext(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const { page, errors } = await openPage(context);
    await open(page, "/diamond-search");
    const inline = page.getByRole("navigation", { name: "Main" });
    expect(await inline.isVisible()).toBe(false);
    const menuButton = page.locator("header details.menu summary");
    expect(await menuButton.innerText()).toBe("Menu");
    await menuButton.click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    expect(await menu.getByRole("link").allInnerTexts()).toEqual(["Diamonds", "Engagement rings", "Wedding rings", "Jewelry", "Cart", "My stuff"]);
    await menu.getByRole("link", { name: "Cart" }).click();
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => page.locator("header details.menu").getAttribute("open")).toBeNull();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toBe("Your cart");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a wide screen: the links are inline, no Menu button; the results announce their count only; the first Tab reaches Skip to content", async () => {
    const context = await shopperContext(browser, { viewport: { width: 1280, height: 800 } });
    const { page, errors } = await openPage(context);
    await open(page, "/diamond-search");
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link").allInnerTexts()).toEqual([
      "Diamonds",
      "Engagement rings",
      "Wedding rings",
      "Jewelry",
      "Cart",
    ]);
    expect(await page.locator("header details.menu").isVisible()).toBe(false);
    // The results' live region announces the count only (not every card when the filters change).
    const live = page.locator("main [aria-live], main [role=status]");
    expect(await live.count()).toBe(1);
    expect(await live.innerText()).toMatch(/^[\d,]+ diamonds · showing 1–16$/);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#main");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the page's hashed scripts are kept a year (immutable); the page itself is not", async () => {
    const page = await fetch(url("/diamond-search"));
    expect(page.headers.get("cache-control") ?? "").not.toContain("immutable");
    const script = (await page.text()).match(/"(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(url(script!));
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("every page links the web manifest and the icon; the manifest names the shop", async () => {
    const html = await (await fetch(url("/"))).text();
    expect(html).toContain('<link rel="manifest" href="/site.webmanifest">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const manifest = await fetch(url("/site.webmanifest"));
    expect(manifest.headers.get("content-type")).toContain("application/manifest+json");
    const body = (await manifest.json()) as { short_name: string; icons: { src: string }[] };
    expect(body.short_name).toBe("Loupe");
    expect((await fetch(url(body.icons[0]!.src))).status).toBe(200);
  });
});
