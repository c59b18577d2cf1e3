/**
 * The welcome offer popup and the offer launcher (issue 20 point 7, decision 025) as a visitor meets them:
 * nothing before the consent answer; after it and the delay (shortened by the test hook) the popup opens, keeps
 * focus inside, explains a bad email beside the field, gives WELCOME100 for a good one (the capture is recorded:
 * the code is emailed); a dismissal is remembered across reloads; never on the cart or sign-in pages; the
 * launcher reopens it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, shopperContext, url } from "./pages/browser";

const DELAY_MS = 300;
const TITLE = "$100 off your first Loupe order";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A new visitor whose offer delay is DELAY_MS; `consent` answers the consent notice beforehand (its cookie). */
async function visitor(
  variants: Record<string, 0 | 1> = {},
  consent?: "granted" | "denied",
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await shopperContext(browser, { viewport: { width: 1280, height: 800 } }, variants);
  await context.addInitScript((ms) => Object.assign(window, { __loupeOfferDelayMs: ms }), DELAY_MS);
  if (consent) await context.addCookies([{ name: "loupe_consent", value: consent, url: url("/") }]);
  return { context, ...(await openPage(context)) };
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await page.waitForSelector("body[data-hydrated=true]");
}

/** Waits well past the delay and the lazy chunk's load: what would open has opened by then. */
const pastTheDelay = (page: Page) => page.waitForTimeout(DELAY_MS + 1500);

const popup = (page: Page) => page.getByRole("dialog", { name: TITLE });
const launcher = (page: Page) => page.getByRole("button", { name: "$100 off" });
const focusedInPopup = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog][aria-modal=true]")));

describe("the welcome offer popup", () => {
  it("opens after the consent answer and the delay, checks the email beside the field, gives the code, and stays dismissed", async () => {
    const { context, page, errors } = await visitor({ One_Trust_Script: 1 });
    await open(page, "/");
    const banner = page.getByRole("dialog", { name: "Cookie consent" });
    await banner.waitFor();
    // No answer yet: no popup, no launcher.
    await pastTheDelay(page);
    expect(await popup(page).count()).toBe(0);
    expect(await launcher(page).count()).toBe(0);

    await banner.getByRole("button", { name: "Accept" }).click();
    await popup(page).waitFor({ timeout: 5000 });
    expect(await popup(page).getAttribute("aria-modal")).toBe("true");
    const email = popup(page).getByLabel("Email address");
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    // Tab and Shift+Tab stay inside the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await focusedInPopup(page)).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await focusedInPopup(page)).toBe(true);
    await expectAccessible(page, "the welcome popup");

    // A bad address: the message sits beside the field and describes it.
    await email.fill("not-an-email");
    await popup(page).getByRole("button", { name: "Get my $100 code" }).click();
    const message = popup(page).locator("#offer-email-error");
    expect(await message.innerText()).toMatch(/valid email/i);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await email.getAttribute("aria-describedby")).toBe("offer-email-error");

    // A good one: the code, and the capture recorded (the welcome email with the code is in the outbox).
    const address = `welcome-${Date.now()}@example.com`;
    await email.fill(address);
    await popup(page).getByRole("button", { name: "Get my $100 code" }).click();
    await expect
      .poll(() =>
        popup(page)
          .getByTestId("offer-code")
          .innerText()
          .catch(() => ""),
      )
      .toBe("WELCOME100");
    await expect.poll(() => focusedInPopup(page)).toBe(true);
    const outbox = await context.newPage();
    await outbox.goto(url(`/dev/outbox?to=${encodeURIComponent(address)}`));
    expect(await outbox.locator("tr, li").filter({ hasText: address }).count()).toBeGreaterThan(0);
    await outbox.close();
    await page.bringToFront();

    // Escape shuts it; focus goes to the launcher (what had focus, the consent button, is gone).
    await page.keyboard.press("Escape");
    expect(await popup(page).count()).toBe(0);
    await expect.poll(() => launcher(page).evaluate((el) => el === document.activeElement)).toBe(true);

    // Remembered: a reload shows no popup; the launcher reopens it with the code; the close button returns focus.
    await open(page, "/");
    await pastTheDelay(page);
    expect(await popup(page).count()).toBe(0);
    await launcher(page).click();
    expect(await popup(page).getByTestId("offer-code").innerText()).toBe("WELCOME100");
    await expectAccessible(page, "the welcome popup with its code");
    await popup(page).getByRole("button", { name: "Close the offer" }).click();
    expect(await popup(page).count()).toBe(0);
    await expect.poll(() => launcher(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, "the home page with the offer launcher");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("remembers a dismissal without an email in storage and a cookie: no popup on the next page", async () => {
    // "Necessary only" is an answer too.
    const { context, page, errors } = await visitor({}, "denied");
    await open(page, "/diamond-search");
    await popup(page).waitFor({ timeout: 5000 });
    await popup(page).getByRole("button", { name: "Close the offer" }).click();
    expect(await popup(page).count()).toBe(0);
    const dismissedAt = await page.evaluate(() => localStorage.getItem("loupe_offer_dismissed"));
    expect(Number(dismissedAt)).toBeGreaterThan(0);
    expect((await context.cookies()).find((c) => c.name === "loupe_offer_dismissed")?.value).toBe(dismissedAt);
    // Storage cleared: the cookie still remembers.
    await page.evaluate(() => localStorage.clear());
    await open(page, "/");
    await pastTheDelay(page);
    expect(await popup(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("never opens on the cart or the sign-in page, and only after hydration elsewhere (not in the server's HTML)", async () => {
    const { context, page, errors } = await visitor({}, "granted");
    const html = await (await page.goto(url("/")))!.text();
    expect(html).not.toContain(TITLE);
    expect(html).not.toContain('class="offer-launcher"');
    for (const path of ["/cart", "/login"]) {
      await open(page, path);
      await pastTheDelay(page);
      expect(await popup(page).count(), path).toBe(0);
    }
    // The sign-in page hides the launcher too; the cart keeps it (only the popup is prevented there).
    expect(await launcher(page).count()).toBe(0);
    await open(page, "/cart");
    expect(await launcher(page).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("never appears without a consent answer (as for every other browser test)", async () => {
    const { context, page } = await visitor();
    await open(page, "/");
    await page.mouse.move(600, 300);
    await page.mouse.move(600, -5);
    await pastTheDelay(page);
    expect(await popup(page).count()).toBe(0);
    expect(await launcher(page).count()).toBe(0);
    await context.close();
  });
});
