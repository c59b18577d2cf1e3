/** The concierge chat in the browser, for the chat test and the accessibility test's page type. */
import type { Page } from "playwright-core";
import { CHAT_DELAY_HOME_MS } from "#shared/conversations/limits.ts";
import { url } from "./browser";

/** The launcher's button. */
export const launcher = (page: Page) => page.getByRole("button", { name: "Chat with a concierge" });

/** Opens the home page on Playwright's clock, lets the §9 delay pass and opens the chat panel. */
export async function openChatOnHome(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto(url("/"));
  await page.waitForSelector("body[data-hydrated=true]");
  await page.clock.fastForward(CHAT_DELAY_HOME_MS + 500);
  await launcher(page).click();
  await page.getByRole("region", { name: "Your concierge" }).waitFor();
  // The conversation is found or started as the panel opens: Send waits for it.
  await page.getByLabel("Your message").waitFor();
}
