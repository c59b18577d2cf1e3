/**
 * Toasts and blocked storage as a shopper meets them (issue 23 point 4, decision 043): adding a diamond to the
 * cart shows "Added to cart" in the polite live region, with a dismiss button, and it leaves after 5 s of the
 * page's clock (Playwright's `page.clock`, no waiting); a toast under the pointer stays, passes axe, and its
 * dismiss button works from the keyboard; a browser whose localStorage and sessionStorage throw
 * on access (cookies disabled) still hearts a diamond (kept in memory, confirmed by a toast) and sends exactly
 * one local-storage-error event.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Request } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, realErrors, shopperContext, url } from "./pages/browser";
import { firstDiamondPath } from "./pages/cart";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const region = (page: Page) => page.getByRole("region", { name: "Notifications" });
const toast = (page: Page, text: string) => region(page).locator("li.toast", { hasText: text });

/** Opens `path` and waits until the page is hydrated and the toasts' region is mounted (both after load, when idle). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await page.waitForSelector("body[data-hydrated=true]");
  await region(page).waitFor({ state: "attached" });
}

describe("notifications", () => {
  it("says 'Added to cart' after an add, in the live region with a dismiss button, and leaves after 5 s", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await page.clock.install();
    await open(page, await firstDiamondPath());
    expect(await region(page).getAttribute("aria-live")).toBe("polite");

    // The clock stops: from here, time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.waitForURL(/\/cart$/);
    const added = toast(page, "Added to cart");
    await added.waitFor();
    // The dismiss button is a real button, named after the toast (Tab reaches it).
    expect(await added.getByRole("button", { name: "Dismiss: Added to cart" }).count()).toBe(1);

    await page.clock.runFor(4900);
    expect(await added.count()).toBe(1);
    await page.clock.runFor(200);
    await expect.poll(() => added.count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("a toast under the pointer stays until left; its dismiss button takes it away at once, by keyboard", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await page.clock.install();
    await open(page, await firstDiamondPath());
    await page.locator(".detail-actions button.heart").click();
    const saved = toast(page, "Saved to my stuff");
    await saved.waitFor();
    await saved.hover();
    await page.clock.runFor(10_000);
    expect(await saved.count()).toBe(1);
    await expectAccessible(page, "a diamond page with a toast");
    await saved.getByRole("button", { name: "Dismiss: Saved to my stuff" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => saved.count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("with storage blocked, the page still works (favourites in memory) and one local-storage-error event is sent", async () => {
    const context = await shopperContext(browser);
    // Cookies disabled: reading window.localStorage or window.sessionStorage throws, as Chrome and Safari do.
    await context.addInitScript(() => {
      for (const name of ["localStorage", "sessionStorage"]) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException("The operation is insecure.", "SecurityError");
          },
        });
      }
    });
    const { page, errors } = await openPage(context);
    const events: Request[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/logging/client-event")) events.push(r);
    });
    const answers: number[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/logging/client-event")) answers.push(r.status());
    });

    await open(page, await firstDiamondPath());
    const heart = page.locator(".detail-actions button.heart");
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await toast(page, "Saved to my stuff").waitFor();
    // More storage work on the same page: unheart, heart again, a client-side navigation (the routes are stored).
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("link", { name: /cart/i }).first().click();
    await page.waitForURL(/\/cart/);

    await expect.poll(() => answers).toEqual([204]);
    expect(events).toHaveLength(1);
    expect(events[0]!.postDataJSON()).toMatchObject({
      event: "local-storage-error",
      operation: "open",
      error: "SecurityError",
      page: expect.stringMatching(/^\/diamond\//),
    });
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
