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

describe("diamond search → filter → diamond → back", () => {
  it("works with JavaScript: hydrates cleanly, filters instantly, keeps state in the URL", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const search = new DiamondSearchPage(page);
    await search.open();
    await search.waitForHydration();
    // A repeat load is the shared render (worker/page-cache.ts): byte-identical HTML whose inline script the
    // CSP allows by hash. It must hydrate just the same (a refused script is a console error, checked below).
    await page.reload();
    await search.waitForHydration();
    await expect.poll(() => search.resultCount().innerText()).toMatch(/diamonds · showing 1–16/);

    await search.shape("Oval").check();
    await page.waitForURL(/shape=oval/);
    await expect.poll(() => search.cardTitles()).not.toEqual([]);
    await search.expectAllTitles(/Oval Diamond$/);

    const firstTitle = (await search.cardTitles())[0]!;
    await search.cards().first().click();
    await page.waitForURL(/\/diamond\/\d+\/[\w.-]+-oval-diamond$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(firstTitle);
    await expect.poll(() => page.locator("dl.facts").innerText()).toMatch(/Available\s+Yes/);
    // §2: the current route's full path is stored on each navigation, and the previous one.
    const stored = await page.evaluate(() => [sessionStorage.getItem("loupe:route:current"), sessionStorage.getItem("loupe:route:previous")]);
    expect(stored[0]).toBe(new URL(page.url()).pathname);
    expect(stored[1]).toMatch(/^\/diamond-search\/s\?shape=oval$/);

    await page.goBack();
    await page.waitForURL(/\/diamond-search\/s\?shape=oval/);
    await expect.poll(() => search.shape("Oval").isChecked()).toBe(true);
    await search.expectAllTitles(/Oval Diamond$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("works with JavaScript disabled: the filter form and links are plain HTML", async () => {
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const { page, errors } = await openPage(context);
    const search = new DiamondSearchPage(page);
    await search.open("?origin=lab");
    await search.shape("Cushion").check();
    await search.filters().getByRole("button", { name: "Show diamonds" }).click();
    await page.waitForURL(/shape=cushion/);
    await search.expectAllTitles(/Cushion Lab-Grown Diamond$/);

    await search.cards().first().click();
    await page.waitForURL(/\/diamond\/\d+\/[\w.-]+-cushion-lab-grown-diamond$/);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toMatch(/Cushion Lab-Grown Diamond/);

    await page.goBack();
    await page.waitForURL(/shape=cushion/);
    expect(await search.shape("Cushion").isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("pages through results and renders the not-found page for a client-side unknown route", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const search = new DiamondSearchPage(page);
    await search.open();
    await search.waitForHydration();
    const firstPage = await search.cardTitles();
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => search.resultCount().innerText()).toMatch(/showing 17–32/);
    expect(await search.cardTitles()).not.toEqual(firstPage);

    // A client-side (history) navigation to a path no route handles reaches the router's catch-all.
    await page.evaluate(() => {
      window.history.pushState(null, "", "/this-page-does-not-exist");
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Page not found");
    expect(new URL(page.url()).pathname).toBe("/this-page-does-not-exist");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("remembers recently viewed diamonds and hides a diamond from the results on request", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const search = new DiamondSearchPage(page);
    await search.open("?shape=pear");
    await search.waitForHydration();
    const [firstTitle] = await search.cardTitles();
    const secondHref = (await search.cardHrefs())[1];
    await search.cards().nth(0).click();
    await page.waitForURL(/\/diamond\//);
    await page.goBack();
    await page.waitForURL(/shape=pear/);
    await search.cards().nth(1).click();
    await page.waitForURL(/\/diamond\//);
    const recent = page.getByRole("region", { name: "Recently viewed" });
    await expect.poll(() => recent.getByRole("link").allInnerTexts()).toEqual([expect.stringContaining(firstTitle!)]);

    await page.getByRole("button", { name: "Hide from my search results" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Show in my search results again" }).count()).toBe(1);
    await page.goBack();
    await page.waitForURL(/shape=pear/);
    await expect.poll(() => search.cardHrefs()).not.toContain(secondHref);
    await expect.poll(() => page.getByText("1 diamond you hid is not shown.").count()).toBe(1);
    await page.getByRole("button", { name: "Show them" }).click();
    await expect.poll(() => search.cardHrefs()).toContain(secondHref);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("collects up to four diamonds in the compare tray and compares them side by side", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const search = new DiamondSearchPage(page);
    await search.open("?shape=round");
    await search.waitForHydration();
    const titles = await search.cardTitles();
    const compare = page.locator(".diamond-grid").getByRole("button", { name: "Compare", exact: true });
    for (let i = 0; i < 4; i++) await compare.nth(0).click();
    const tray = page.getByRole("complementary", { name: "Compare tray" });
    await expect.poll(() => tray.getByRole("listitem").count()).toBe(4);
    // A fifth is refused while the tray is full; nothing chosen is dropped.
    await expect.poll(() => page.locator(".diamond-grid").getByRole("button", { name: "Compare tray full (4)" }).first().isDisabled()).toBe(true);
    await tray
      .getByRole("listitem")
      .nth(1)
      .getByRole("button", { name: `Remove ${titles[1]} from compare` })
      .click();
    await expect.poll(() => tray.getByRole("listitem").count()).toBe(3);

    // The tray survives a reload (it is kept in this browser) and links to the comparison.
    await page.reload();
    await search.waitForHydration();
    await expect.poll(() => tray.getByRole("listitem").count()).toBe(3);
    await tray.getByRole("link", { name: "Compare 3 diamonds" }).click();
    await page.waitForURL(/\/compare\?ids=/);
    const table = page.getByRole("region", { name: "Side by side" }).getByRole("table");
    await expect.poll(() => table.getByRole("columnheader").allInnerTexts()).toEqual(["Feature", titles[0], titles[2], titles[3]]);
    await expect
      .poll(() =>
        table
          .getByRole("row", { name: /^Price \$/ })
          .getByRole("cell")
          .count(),
      )
      .toBe(3);

    // The same link on a fresh load is server-rendered.
    const html = await (await fetch(page.url())).text();
    expect(html).toContain(titles[2]!);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("redirects an unknown page home on a full load and shows the 404 page for /404", async () => {
    const context = await shopperContext(browser);
    const { page } = await openPage(context);
    const res = await page.goto(url("/no-such-page"));
    expect(new URL(page.url()).pathname).toBe("/");
    expect(res?.status()).toBe(200);
    const notFound = await page.goto(url("/404"));
    expect(notFound?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Page not found");
    await context.close();
  });
});
