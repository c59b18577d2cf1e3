import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { DiamondSearchPage } from "./pages/diamond-search";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("diamond search: live counts, saved search", () => {
  it("shows counts that change with the filters, saves the search and restores it by searchId", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const search = new DiamondSearchPage(page);
    await search.open();
    await search.waitForHydration();

    // Each shape shows how many diamonds it would give with the other filters.
    const naturalOvals = await search.facetCount("Shape", "Oval");
    expect(naturalOvals).toBeGreaterThan(0);
    await search
      .filters()
      .getByRole("radio", { name: /Lab-grown/ })
      .check();
    await page.waitForURL(/origin=lab/);
    await expect.poll(() => search.facetCount("Shape", "Oval")).not.toBe(naturalOvals);
    const labOvals = await search.facetCount("Shape", "Oval");

    // Picking a value gives exactly the count it showed.
    await search.shape("Oval").check();
    await page.waitForURL(/shape=oval/);
    await expect.poll(() => search.total()).toBe(labOvals);
    await search.expectAllTitles(/Oval Lab-Grown Diamond$/);
    const colourCounts = await search.facetCounts("Colour");
    await search.filters().getByRole("checkbox", { name: /^E\b/ }).check();
    await page.waitForURL(/color=e/);
    await expect.poll(() => search.total()).toBe(colourCounts.E);

    await page.getByRole("button", { name: "Save this search" }).click();
    await page.waitForURL(/\/diamond-search\/[0-9a-z]{12}$/);
    const savedUrl = page.url();
    await expect.poll(() => page.getByRole("note").filter({ hasText: "Saved search" }).innerText()).toContain(new URL(savedUrl).pathname);
    const hrefs = await search.cardHrefs();
    const total = await search.total();

    await page.reload();
    await search.waitForHydration();
    expect(page.url()).toBe(savedUrl);
    expect(await search.total()).toBe(total);
    expect(await search.cardHrefs()).toEqual(hrefs);
    expect(await search.shape("Oval").isChecked()).toBe(true);
    expect(
      await search
        .filters()
        .getByRole("radio", { name: /Lab-grown/ })
        .isChecked(),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'No filters found' for a searchId that does not exist", async () => {
    const context = await shopperContext(browser);
    const { page } = await openPage(context);
    const res = await page.goto(url("/diamond-search/zzzzzzzzzzzz"));
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole("alert").innerText()).toMatch(/^No filters found/);
    await context.close();
  });
});
