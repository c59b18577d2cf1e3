/**
 * The quiz to recommendations (issue 21 points 7 and 8) as a shopper takes it: no site header, footer or
 * announcement; budget (a problem shown beside the field), shape, origin, style, what matters most; the picks
 * with why each was chosen, links to each diamond and to a search for more; the completion kept in a cookie and
 * in local storage, set once. The same path works with JavaScript turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, shopperContext, url } from "./pages/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const COOKIE = "loupe_quiz_completed";
const STORAGE_KEY = "loupe:quizCompleted";

async function heading(page: Page): Promise<string> {
  return (await page.getByRole("heading", { level: 1 }).innerText()).trim();
}

/** Answers every step from /quiz to the results; `js` says whether to wait for hydration on each page. */
async function takeQuiz(page: Page, js: boolean, answers = { shape: "Oval", origin: "Lab-grown", style: "Halo ring", priority: "Size" }): Promise<void> {
  const ready = async () => {
    if (js) await page.waitForSelector("body[data-hydrated=true]");
  };
  await page.goto(url("/quiz"));
  await ready();
  expect(await heading(page)).toBe("What is your budget?");
  // Outside $300–$1,000,000: the problem is shown beside the field, and the field keeps what was typed.
  await page.getByLabel("Your budget in US dollars").fill("150");
  await page.getByRole("button", { name: "Next" }).click();
  await page.waitForURL(/\/quiz\?budget=150&go=1$/);
  await ready();
  const budget = page.getByLabel("Your budget in US dollars");
  expect(await budget.getAttribute("aria-invalid")).toBe("true");
  expect(await page.locator("#quiz-budget-error").innerText()).toBe("Enter a budget between $300 and $1,000,000.");
  await budget.fill("$6,000");
  await page.getByRole("button", { name: "Next" }).click();
  await page.waitForURL(/\/quiz\/shape\?/);
  await ready();
  expect(await heading(page)).toBe("Which shape do you like?");
  // Back keeps the budget; Next without a choice explains what is missing.
  await page.getByRole("link", { name: "Back" }).click();
  await page.waitForURL(/\/quiz\?budget=/);
  await ready();
  expect(await page.getByLabel("Your budget in US dollars").inputValue()).toBe("$6,000");
  await page.getByRole("button", { name: "Next" }).click();
  await page.waitForURL(/\/quiz\/shape\?/);
  await ready();
  await page.getByRole("button", { name: "Next" }).click();
  await page.waitForURL(/go=1/);
  await ready();
  expect(await page.locator("#quiz-shape-error").innerText()).toBe("Choose a shape, or any shape.");
  for (const [step, choice] of [
    ["origin", answers.shape],
    ["style", answers.origin],
    ["priority", answers.style],
  ] as const) {
    await page.getByRole("radio", { name: choice, exact: true }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(new RegExp(`/quiz/${step}\\?`));
    await ready();
  }
  expect(await heading(page)).toBe("What matters most to you?");
  await page.getByRole("radio", { name: answers.priority, exact: true }).check();
  await page.getByRole("button", { name: "See my diamonds" }).click();
  await page.waitForURL(/\/quiz\/results\?searchId=[A-Za-z0-9_-]{22}$/);
  await ready();
}

/** What a shopper sees on the results: the picks with their reasons and links. */
async function checkResults(page: Page): Promise<void> {
  expect(await heading(page)).toBe("Your diamond picks");
  expect(await page.locator(".quiz-budget").innerText()).toMatch(/^A ring for \$6,000 in all: a typical halo setting costs about \$[\d,]+, leaving up to/);
  const picks = page.getByRole("list", { name: "Recommended diamonds" }).getByRole("listitem");
  expect(await picks.count()).toBeGreaterThanOrEqual(2);
  expect(await picks.first().getByRole("heading", { level: 2 }).innerText()).toBe("The biggest");
  expect(await picks.first().locator(".quiz-reason").innerText()).toMatch(/^The largest [D-K] \S+ lab-grown oval under \$[\d,]+: \d\.\d\d ct — /);
  const link = picks.first().getByRole("link");
  expect(await link.innerText()).toMatch(/^\d\.\d\d Carat Oval Lab-Grown Diamond$/);
  expect(await link.getAttribute("href")).toMatch(/^\/diamond\/\d+\//);
  expect(await page.getByRole("link", { name: "See more like these" }).getAttribute("href")).toMatch(/^\/diamond-search\/s\?origin=lab&shape=oval&/);
  // §2: no site navigation, announcement or footer on the quiz.
  expect(await page.locator("header.site-header, .site-header").count()).toBe(0);
  expect(await page.locator(".announcement").count()).toBe(0);
  expect(await page.locator("footer").count()).toBe(0);
}

async function completionCookie(context: BrowserContext) {
  return (await context.cookies(url("/"))).find((c) => c.name === COOKIE);
}

describe("the quiz", () => {
  it("goes from the budget to recommendations with JavaScript, and keeps its completion in a cookie and local storage, set once", async () => {
    const context = await shopperContext(browser, { viewport: { width: 1280, height: 900 } });
    const { page, errors } = await openPage(context);
    await takeQuiz(page, true);
    await checkResults(page);
    const cookie = (await completionCookie(context))!;
    expect(cookie.value).toMatch(/^\d{13}$/);
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe(cookie.value);
    await expectAccessible(page, "quiz results");

    // The results' "Email me these" form (a document post) confirms beside it.
    await page.getByRole("textbox", { name: "Email" }).fill("quiz.shopper@example.com");
    await page.getByRole("button", { name: "Email me these" }).click();
    await page.waitForURL(/emailed=1$/);
    expect(await page.getByRole("status").innerText()).toContain("We have emailed these picks to you.");

    // Taking it again keeps the first completion's time in both places.
    await takeQuiz(page, true, { shape: "Round", origin: "Natural", style: "Just the diamond", priority: "Colour" });
    expect(await heading(page)).toBe("Your diamond picks");
    expect((await completionCookie(context))!.value).toBe(cookie.value);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe(cookie.value);
    expect(await page.getByRole("list", { name: "Recommended diamonds" }).getByRole("heading", { level: 2 }).first().innerText()).toBe("The whitest");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("works without JavaScript: every step is a document form, and the server sets the completion cookie", async () => {
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const { page } = await openPage(context);
    await takeQuiz(page, false);
    await checkResults(page);
    expect((await completionCookie(context))?.value).toMatch(/^\d{13}$/);
    await context.close();
  });
});
