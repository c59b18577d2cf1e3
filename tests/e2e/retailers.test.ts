/**
 * The retailer directory in the browser (issue 20 point 5): `/our-retailers` lists the retailers by name, its
 * postal-code form orders them nearest first, a card leads to the retailer's page (about, offer, link to its
 * stones), the metro page lists the ones near it; no serious or critical axe-core violations on the three pages.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, openPage, shopperContext, url } from "./pages/browser";

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const { violations } = await axe.run();
    return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} ${v.nodes[0]?.target.join(" ")}`);
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const cardNames = (page: Page) => page.locator(".retailer-card h2").allTextContents();

describe("/our-retailers", () => {
  it("lists retailers, orders them nearest first to a ZIP code, and leads to a retailer's page", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await page.goto(url("/our-retailers"));
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await page.locator("h1").textContent()).toBe("Our retailers");
    const byName = await cardNames(page);
    expect(byName.length).toBe(21);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Your ZIP code").fill("98109");
    await page.getByRole("button", { name: "Show nearest first" }).click();
    await page.waitForURL((u) => u.searchParams.get("postalCode") === "98109");
    await expect.poll(async () => (await cardNames(page))[0]).toBe("Maren O'Dell Fine Jewelry");
    expect((await cardNames(page))[1]).toBe("Lanternfall Diamonds");
    expect(await page.getByRole("status").first().textContent()).toContain("Nearest first to 98109");

    await page.getByRole("link", { name: "Lanternfall Diamonds" }).click();
    await page.waitForURL((u) => u.pathname === "/our-retailers/lanternfall-diamonds");
    expect(await page.locator("h1").textContent()).toBe("Lanternfall Diamonds");
    expect(await page.getByRole("heading", { name: "What they offer" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Natural diamonds from Lanternfall Diamonds" }).getAttribute("href")).toBe("/diamond-search/s?retailer=22");
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a metro's nearby retailers and a 404 page for an unknown metro", async () => {
    const context = await shopperContext(browser);
    const { page } = await openPage(context);
    await page.goto(url("/metro/miami"));
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await page.locator("h1").textContent()).toBe("Diamond retailers near Miami");
    expect((await cardNames(page))[0]).toBe("Tidewell Diamond Co");
    expect(await seriousViolations(page)).toEqual([]);
    const missing = await page.goto(url("/metro/atlantis"));
    expect(missing?.status()).toBe(404);
    await context.close();
  });
});
