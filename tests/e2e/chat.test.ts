/**
 * The concierge chat in the browser (issue 23 point 5; docs/decisions/044-concierge-chat.md), on Playwright's clock
 * (no real waiting): no launcher — not even its chunk requested — before 10 s on the home page, then "Chat with a
 * concierge"; none before 200 s on the cart (a paused page), also when reached by a client-side navigation from the
 * home page before its 10 s; a shopper's message reaches the operators at
 * /operator/conversations, and the operator's answer shows in the shopper's open panel at its next poll.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { CHAT_DELAY_HOME_MS, CHAT_DELAY_PAUSED_MS } from "#shared/conversations/limits.ts";
import { launch, openPage, realErrors, shopperContext, url } from "./pages/browser";
import { launcher, openChatOnHome } from "./pages/chat";
import { signInAsOperator } from "./pages/operator-login";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A page on the fake clock, counting requests for the chat's chunk. */
async function pageOnClock(path: string): Promise<{ page: Page; chunkRequests: () => number; errors: string[] }> {
  const context = await shopperContext(browser);
  const { page, errors } = await openPage(context);
  let requested = 0;
  page.on("request", (r) => {
    if (/\/assets\/panel-[\w-]+\.js$/.test(new URL(r.url()).pathname)) requested++;
  });
  await page.clock.install();
  await page.goto(url(path));
  await page.waitForSelector("body[data-hydrated=true]");
  return { page, chunkRequests: () => requested, errors };
}

describe("the concierge chat", () => {
  it("appears on the home page after 10 s, not before, its code loaded only then", async () => {
    const { page, chunkRequests, errors } = await pageOnClock("/");
    await page.clock.fastForward(CHAT_DELAY_HOME_MS - 1_000);
    expect(chunkRequests()).toBe(0);
    expect(await launcher(page).count()).toBe(0);
    await page.clock.fastForward(1_500);
    await launcher(page).waitFor();
    expect(chunkRequests()).toBe(1);
    expect(await launcher(page).getAttribute("aria-expanded")).toBe("false");
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it("waits 200 s on the cart, a paused page", async () => {
    const { page, chunkRequests } = await pageOnClock("/cart");
    await page.clock.fastForward(CHAT_DELAY_HOME_MS + 1_000);
    await page.clock.fastForward(CHAT_DELAY_PAUSED_MS - CHAT_DELAY_HOME_MS - 3_000);
    expect(chunkRequests()).toBe(0);
    expect(await launcher(page).count()).toBe(0);
    await page.clock.fastForward(3_000);
    await launcher(page).waitFor();
    await page.context().close();
  });

  it("re-aims the wait when the shopper moves on in the page: home, then the cart before 10 s, waits the cart's 200 s", async () => {
    const { page, chunkRequests } = await pageOnClock("/");
    await page.clock.fastForward(3_000);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole("banner").getByRole("link", { name: "Cart" }).first().click();
    await page.waitForURL(/\/cart$/);
    expect(await page.evaluate(() => "samePage" in window), "a client-side navigation").toBe(true);
    await page.clock.fastForward(CHAT_DELAY_HOME_MS);
    await page.clock.fastForward(CHAT_DELAY_HOME_MS);
    expect(chunkRequests()).toBe(0);
    await page.clock.fastForward(CHAT_DELAY_PAUSED_MS);
    await page.clock.fastForward(5_000);
    await launcher(page).waitFor();
    await page.context().close();
  });

  it("takes a shopper's message to the operators, and brings their answer back into the open panel", async () => {
    const shopper = await openPage(await shopperContext(browser));
    const page = shopper.page;
    await openChatOnHome(page);
    const question = `Is the oval eye-clean? (${crypto.randomUUID().slice(0, 8)})`;
    await page.getByLabel("Your message").fill(question);
    await page.getByRole("button", { name: "Send" }).click();
    const log = page.getByRole("log", { name: "Messages" });
    await expect.poll(() => log.innerText()).toContain(question);
    expect(await page.getByLabel("Your message").inputValue()).toBe("");

    const operator = await openPage(await browser.newContext());
    await signInAsOperator(operator.page, "/operator/conversations");
    const conversation = operator.page.locator("section.operator-conversation", { hasText: question });
    expect(await conversation.getAttribute("data-waiting")).toBe("true");
    await conversation.getByRole("textbox", { name: "Answer" }).fill("Yes: the gemologist's notes say eye-clean at arm's length.");
    await conversation.getByLabel("Your name").fill("Grace");
    await conversation.getByRole("button", { name: "Send the answer" }).click();
    await operator.page.waitForURL(/\/operator\/conversations\?answered=/);
    await operator.page.getByRole("status").filter({ hasText: "Answer sent" }).waitFor();
    expect(realErrors(operator.errors)).toEqual([]);
    await operator.page.context().close();

    // The panel polls while open (every 5 s, backing off to a minute): a minute on the clock brings the answer.
    await page.clock.fastForward(60_000);
    await expect.poll(() => log.innerText(), { timeout: 10_000 }).toContain("Yes: the gemologist's notes say eye-clean at arm's length.");
    expect(await log.innerText()).toContain("Grace");
    expect(realErrors(shopper.errors)).toEqual([]);
    await page.context().close();
  });
});
