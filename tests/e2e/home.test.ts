/**
 * The home page and /faq in a browser (issue 20 points 1 and 3): the home page shows its banners and the popular
 * engagement rings from the content store; on /faq an answer opens from its question with no JavaScript errors.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, openPage, shopperContext, url } from "./pages/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("content pages", () => {
  it("the home page shows the banners, the popular engagement rings and the shopper count", async () => {
    const context = await shopperContext(browser, { viewport: { width: 1280, height: 800 } });
    const { page, errors } = await openPage(context);
    await page.goto(url("/?exc=Home_Shape_Grid,Reviews_Snippet_Home&exv=0,0"));
    await page.waitForSelector("body[data-hydrated=true]");
    const banners = page.getByRole("region", { name: "Offers and news" });
    expect(await banners.locator(".home-banner").count()).toBe(2);
    expect(await banners.innerText()).toContain("Compare before you buy");
    const rings = page.getByRole("region", { name: "Popular engagement rings" });
    expect(await rings.getByRole("listitem").count()).toBe(8);
    expect(await page.getByText("Join 14 million shoppers").isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/faq opens an answer from its question, without JavaScript errors", async () => {
    const context = await shopperContext(browser, { viewport: { width: 1280, height: 800 } });
    const { page, errors } = await openPage(context);
    await page.goto(url("/faq"));
    await page.waitForSelector("body[data-hydrated=true]");
    const answer = page.getByText("Settings start at $340.", { exact: false });
    expect(await answer.isVisible()).toBe(false);
    await page.getByText("How much does an engagement ring setting cost?").click();
    await expect.poll(() => answer.isVisible()).toBe(true);
    expect(await page.locator("h1").innerText()).toBe("Frequently asked questions");
    expect(errors).toEqual([]);
    await context.close();
  });
});
