/**
 * `/reviews` in the browser (issue 20 point 4; §4 "paging increments the page after each successful load"): 9
 * reviews alternating Google, Trustpilot; "More reviews" appends the next 9, continuing the alternation; a failed
 * load (the API call intercepted) says so, keeps the page number, and the same button then loads that page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { launch, openPage, shopperContext, url } from "./pages/browser";

/** axe-core's serious and critical violations on the page as it is now (ids and the first target of each). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's CSP (rightly) refuses an injected script tag.
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

const providers = (page: Page) => page.locator("li.review-card").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-provider"))));
const alternating = (n: number, startWith = 1) => Array.from({ length: n }, (_, i) => ((i + startWith - 1) % 2) + 1);

describe("/reviews", () => {
  it("shows 9 alternating reviews; More reviews appends 9 more continuing the alternation; a failed load keeps the page and a retry works", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await page.goto(url("/reviews"));
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await page.locator("h1").textContent()).toContain("What shoppers say");
    expect(await page.locator(".review-counts dt").allTextContents()).toEqual(["Google", "Trustpilot", "All reviews"]);
    expect(await providers(page)).toEqual(alternating(9));

    const more = page.getByRole("link", { name: "More reviews" });
    const requested: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/reviews/")) requested.push(new URL(r.url()).pathname);
    });
    await more.click();
    await expect.poll(() => page.locator("li.review-card").count()).toBe(18);
    expect(await providers(page)).toEqual(alternating(18));
    expect(requested).toEqual(["/api/reviews/2/9"]);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");

    // Page 3 fails once: a message, nothing appended, and the page number stays at 2.
    let failures = 1;
    await page.route("**/api/reviews/3/9*", async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"internal","message":"down"}}' });
      else await route.continue();
    });
    await more.click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("couldn't load more reviews");
    expect(await page.locator("li.review-card").count()).toBe(18);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(await more.getAttribute("href")).toContain("page=3");

    // The same button retries page 3 (not 4).
    await more.click();
    await expect.poll(() => page.locator("li.review-card").count()).toBe(27);
    expect(await providers(page)).toEqual(alternating(27));
    expect(requested).toEqual(["/api/reviews/2/9", "/api/reviews/3/9", "/api/reviews/3/9"]);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("page")).toBe("3");
    expect(await seriousViolations(page)).toEqual([]);
    // The 503 the test injected is the only console error allowed.
    expect(errors.filter((e) => !e.includes("503"))).toEqual([]);
    await context.close();
  });

  it("without JavaScript, More reviews is a link to ?page=2, which the server renders with 18 reviews", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/reviews?min=4"));
    expect(await page.locator("#review-min").inputValue()).toBe("4");
    await page.getByRole("link", { name: "More reviews" }).click();
    await page.waitForURL(/page=2/);
    expect(await page.locator("li.review-card").count()).toBe(18);
    expect(await providers(page)).toEqual(alternating(18));
    await context.close();
  });
});
