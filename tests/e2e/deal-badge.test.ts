/**
 * The deal-score badge on diamond result cards (Deal_Score_Badge; docs/decisions/026-deal-score.md): variant 1
 * shows "Deal 8.7/10" on the cards, from the server's first byte and after a client-side page change; variant 0
 * shows none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, openPage, shopperContext, url } from "./pages/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const BADGE = /^Deal (10|\d(\.\d)?)\/10$/;

describe("deal-score badge on diamond cards", () => {
  it("variant 1 shows a badge with its score on the cards, server-rendered and after moving to page 2", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const res = await page.goto(url("/diamond-search?exc=Deal_Score_Badge&exv=1"));
    expect(res!.status()).toBe(200);
    expect(await res!.text()).toContain('class="deal-badge"');
    await page.waitForSelector("body[data-hydrated=true]");
    const cards = page.locator(".diamond-grid .diamond-card");
    const badges = page.locator(".diamond-card .deal-badge");
    expect(await badges.count()).toBeGreaterThan(0);
    expect(await badges.count()).toBeLessThanOrEqual(await cards.count());
    const shown = (await badges.first().locator('[aria-hidden="true"]').textContent())!;
    expect(shown).toMatch(BADGE);
    const score = shown.slice(5, -3);
    // The card link's accessible name reads the score in words.
    expect(await page.getByText(`Deal score ${score} out of 10`).first().count()).toBe(1);
    // Page 2 is fetched by the browser: its cards carry badges too.
    const firstId = await cards.first().locator("a").first().getAttribute("href");
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect.poll(() => cards.first().locator("a").first().getAttribute("href")).not.toBe(firstId);
    expect(await badges.count()).toBeGreaterThan(0);
    expect(await badges.first().locator('[aria-hidden="true"]').textContent()).toMatch(BADGE);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("variant 0 shows no badge", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const res = await page.goto(url("/diamond-search?exc=Deal_Score_Badge&exv=0"));
    expect(await res!.text()).not.toContain("deal-badge");
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await page.locator(".diamond-grid .diamond-card").count()).toBeGreaterThan(0);
    expect(await page.locator(".deal-badge").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
