/**
 * My stuff in the browser (issue 19 points 1–2 and 7): as a visitor, heart a diamond on the search results
 * and another on its detail page and a setting on its page; see them in my stuff signed out, with the
 * invitation to sign in; register, confirm from the local outbox and sign in: the favourites were pushed —
 * /my-stuff/favorite, rendered by the server, lists them (a reload proves they are stored); remove one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import type { SettingSearchResponse } from "#shared/settings/schemas.ts";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { linkFromOutbox } from "./pages/outbox";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const freshEmail = () => `e2e-mystuff-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function open(page: Page, path: string) {
  await page.goto(url(path));
  await page.waitForSelector("body[data-hydrated=true]");
}

/** The heart in `scope`, its state after hydration. */
const heart = (scope: Locator | Page) => scope.locator("button.heart").first();

/** The diamond ids a my-stuff list shows. */
const listedIds = (page: Page) => page.locator("main [data-diamond-id]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-diamond-id"))));

describe("my stuff", () => {
  it("visitor's hearts → my stuff signed out with the invitation → register and sign in → pushed, listed by the server → remove one; no console error on the way", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);

    // A heart on the search results.
    await open(page, "/diamond-search");
    const cards = page.locator("li.diamond-card");
    const idOf = async (card: Locator) => Number((await card.locator("a").first().getAttribute("href"))!.split("/")[2]);
    const first = await idOf(cards.nth(0));
    const secondPath = (await cards.nth(1).locator("a").first().getAttribute("href"))!;
    const second = Number(secondPath.split("/")[2]);
    expect(await heart(cards.nth(0)).getAttribute("aria-label")).toBe("Save to my stuff");
    await heart(cards.nth(0)).click();
    await expect.poll(() => heart(cards.nth(0)).getAttribute("aria-pressed")).toBe("true");
    expect(await heart(cards.nth(0)).getAttribute("aria-label")).toBe("Remove from my stuff");

    // Another on its detail page.
    await open(page, secondPath);
    const detailHeart = heart(page.locator(".detail-actions"));
    expect(await detailHeart.getAttribute("aria-pressed")).toBe("false");
    await detailHeart.click();
    await expect.poll(() => detailHeart.getAttribute("aria-pressed")).toBe("true");

    // A setting on its page.
    const res = await fetch(url("/api/search/settingsv2"), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const ring = ((await res.json()) as SettingSearchResponse).result.settings[0]!;
    await open(page, ring.url);
    const settingHeart = heart(page.locator(".detail-main"));
    await settingHeart.click();
    await expect.poll(() => settingHeart.getAttribute("aria-pressed")).toBe("true");

    // Signed out, my stuff shows this browser's favourites and invites to sign in to keep them.
    await open(page, "/my-stuff/favorite");
    await expect.poll(() => listedIds(page)).toEqual(expect.arrayContaining([first, second]));
    const invite = page.getByRole("link", { name: "Sign in to keep your favourites" });
    expect(await invite.getAttribute("href")).toBe("/login?returnUrl=%2Fmy-stuff%2Ffavorite");
    await open(page, "/my-stuff/items");
    await expect
      .poll(() => page.locator("main [data-setting-id]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-setting-id")))))
      .toEqual([ring.id]);

    // Register, confirm from the outbox, sign in.
    const email = freshEmail();
    const password = "favourite stones kept";
    await page.goto(url("/register"));
    const form = page.getByRole("form", { name: "Create an account" });
    await form.getByLabel("First name").fill("Mary");
    await form.getByLabel("Last name").fill("Anning");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Check your email");
    await page.goto(url(await linkFromOutbox(page, email, "/register/confirm")));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Your email is confirmed");
    await open(page, "/login?returnUrl=%2Fmy-stuff%2Ffavorite");
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password", { exact: true }).fill(password);
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/my-stuff\/favorite$/);

    // The favourites are pushed once the page is idle: each reload is the server's list.
    await expect
      .poll(
        async () => {
          await open(page, "/my-stuff/favorite");
          return listedIds(page);
        },
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining([first, second]));
    expect(await page.getByRole("link", { name: "Sign in to keep your favourites" }).count()).toBe(0);
    expect(await page.locator("textarea[name=notes]").count()).toBeGreaterThanOrEqual(2);

    // Remove one: its heart, then the server no longer lists it.
    const row = page.locator(`main [data-diamond-id="${first}"]`);
    await expect.poll(() => heart(row).getAttribute("aria-pressed")).toBe("true");
    const removed = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes(`/api/my-stuff/diamonds/${first}`));
    await heart(row).click();
    await expect.poll(() => heart(row).getAttribute("aria-pressed")).toBe("false");
    expect((await removed).status()).toBe(204);
    await open(page, "/my-stuff/favorite");
    const after = await listedIds(page);
    expect(after).not.toContain(first);
    expect(after).toContain(second);

    // The setting was pushed too: the server lists it among the items.
    await open(page, "/my-stuff/items");
    expect(await page.locator("main [data-setting-id]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-setting-id"))))).toEqual([ring.id]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
