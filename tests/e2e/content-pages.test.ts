/**
 * Loupe's own pages in the browser (issue 20 point 3): from /about a shopper follows the links to the privacy
 * policy (server-rendered pages: a client navigation becomes a document load); the care plan page's link opens
 * the gemologist contact at /jewelry-care-plan/chat, an email to the gemologists since there is no live chat.
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

describe("content pages", () => {
  it("/about → the privacy policy through its link, and on to the terms from the policies' links; no console error", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await open(page, "/about");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("About Loupe");
    await page.getByRole("main").getByRole("link", { name: "privacy policy" }).click();
    await page.waitForURL(/\/privacy$/);
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Privacy policy");
    expect(await page.getByRole("main").innerText()).toContain("privacy@loupe.example");
    await page.getByRole("navigation", { name: "More from Policies" }).getByRole("link", { name: "Terms of service" }).click();
    await page.waitForURL(/\/terms-of-service$/);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Terms of service");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/jewelry-care-plan → Talk to a gemologist opens /jewelry-care-plan/chat with the gemologists' email", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await open(page, "/jewelry-care-plan");
    expect(await page.getByRole("heading", { name: "Talk to a gemologist" }).count()).toBe(0);
    await page.getByRole("link", { name: "Talk to a gemologist about a care plan" }).click();
    await page.waitForURL(/\/jewelry-care-plan\/chat$/);
    await page.waitForSelector("body[data-hydrated=true]");
    const contact = page.getByRole("region", { name: "Talk to a gemologist" });
    expect(await contact.isVisible()).toBe(true);
    const email = contact.getByRole("link", { name: /Email a gemologist/ });
    expect(await email.getAttribute("href")).toBe("mailto:gemologists@loupe.example?subject=Care%20plan%20question");
    expect(await contact.innerText()).toContain("Live chat is not available");
    expect(errors).toEqual([]);
    await context.close();
  });
});
