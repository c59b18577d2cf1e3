/**
 * Landing pages in the browser (issue 20 point 3): from /diamonds a shape link lands on the diamond search with that
 * shape chosen; /our-data states the same live count as the API; both hydrate without errors.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { DiamondSearchPage } from "./pages/diamond-search";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("landing pages", () => {
  it("/diamonds: a shape link opens the diamond search with that shape", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await page.goto(url("/diamonds"));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Natural diamonds");
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    const shapes = page.getByRole("region", { name: "Shop natural diamonds by shape" });
    await shapes.getByRole("link", { name: "Oval", exact: true }).click();
    await page.waitForURL(/\/diamond-search\/s\?shape=oval/);
    const search = new DiamondSearchPage(page);
    await search.waitForHydration();
    await expect.poll(() => search.shape("Oval").isChecked()).toBe(true);
    expect(await search.total()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a click on a search result is counted in the site's public click figures", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await page.goto(url("/diamond-search"));
    await new DiamondSearchPage(page).waitForHydration();
    const card = page.locator("main .diamond-grid a[href*='/diamond/']").first();
    const id = Number(/\/diamond\/(\d+)\//.exec((await card.getAttribute("href")) ?? "")?.[1]);
    const logged = page.waitForResponse((r) => r.url().endsWith("/api/logging/diamonds/clicks") && r.request().method() === "POST");
    await card.click();
    expect((await logged).status()).toBe(204);
    const interest = (await (await page.request.get(url(`/api/analytics/clicks/${id}`))).json()) as { clicks: number };
    expect(interest.clicks).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/our-data shows the live count the API reports", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const status = (await (await page.request.get(url("/api/search/status"))).json()) as { diamonds: number };
    await page.goto(url("/our-data"));
    const shown = await page.locator("#listed-count").innerText();
    expect(Number(shown.replace(/,/g, ""))).toBe(status.diamonds);
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
