/**
 * Cart and checkout on a phone (issue 24 point 4, decision 048): at 390 × 844 the cart's line, its total and
 * Checkout are in the first screen; the fixed bottom bar keeps the total and the main control (Checkout, Place
 * order, Pay now) in view at the bottom of the page without hiding the last field; the address fields ask for
 * the phone's autofill and keyboards; nothing is wider than 320 px; axe-core finds nothing serious; the bar's
 * controls work, with and without JavaScript.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { CheckoutPage, firstDiamondPath } from "./pages/cart";
import { austinAddress, checkoutWithAddress, freshEmail, GATEWAY_PAGE, someDiamondPath } from "./pages/order-flow";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 320, height: 640 };

/** A new visitor on a phone of `viewport` size (a touch screen, the mobile viewport meta honoured). */
function phone(viewport = PHONE, javaScriptEnabled = true): Promise<BrowserContext> {
  return shopperContext(browser, { viewport, isMobile: true, hasTouch: true, javaScriptEnabled });
}

/**
 * The diamond at `path` added from its page, on the cart. By keyboard, like the page-type tour
 * (pages/page-types.ts): the detail page's phone layout is another point of issue 24, not this test's subject.
 */
async function addStone(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await page.getByRole("button", { name: "Add to cart" }).first().press("Enter");
  await page.waitForURL(/\/cart$/);
  await expect.poll(() => page.locator("li.cart-line").count()).toBe(1);
}

/** The bottom bar's total on /cart and its Checkout link (the page's only one). */
const cartBar = (page: Page) => ({ total: page.locator(".checkout-link .bar-total strong"), button: page.getByRole("link", { name: "Checkout" }) });
/** The bottom bar's total on /checkout and its Place order button (the page's only one). */
const checkoutBar = (page: Page) => ({ total: page.locator(".order-bar .bar-total strong"), button: page.getByRole("button", { name: "Place order" }) });

/** The element's box lies wholly inside the viewport (what the shopper sees without scrolling). */
async function expectInView(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const { width, height } = locator.page().viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom`).toBeLessThanOrEqual(height);
  expect(box!.x + box!.width, `${what}: right`).toBeLessThanOrEqual(width);
}

/** Scrolls to the very bottom of the document (the wheel of a shopper reading to the end). */
async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)).toBe(true);
}

/**
 * The lowest bottom edge of the page's visible content outside the bar (fields, buttons, links, text), and the
 * bar's top: the page's bottom padding must keep the first above the second once scrolled to the end.
 */
function lowestContentAndBarTop(page: Page, bar: string) {
  return page.evaluate((bar) => {
    const barTop = document.querySelector(bar)!.getBoundingClientRect().top;
    let lowest = 0;
    for (const e of Array.from(document.querySelectorAll("main :is(input, select, button, a, p, li, dt, dd, h2), footer :is(a, p)"))) {
      if (e.closest(bar) || e.matches("[type=hidden]") || !e.checkVisibility()) continue;
      lowest = Math.max(lowest, e.getBoundingClientRect().bottom);
    }
    return { lowest, barTop };
  }, bar);
}

/** The document is no wider than the viewport (no sideways scrolling). */
async function expectNoOverflow(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${path}: scrollWidth`).toBeLessThanOrEqual(innerWidth);
}

describe("cart and checkout on a phone", () => {
  it("390 × 844: the line, the total and Checkout in the first screen; the bar stays in view at the bottom and reaches checkout", async () => {
    const context = await phone();
    const { page, errors } = await openPage(context);
    await addStone(page, await firstDiamondPath());
    await page.waitForSelector("body[data-hydrated=true]");
    const bar = cartBar(page);
    await expectInView(page.locator("li.cart-line").first(), "the cart line");
    await expectInView(page.locator("li.cart-line .line-price").first(), "the line's price");
    await expectInView(bar.total, "the total");
    await expectInView(bar.button, "Checkout");
    // The bar's total is the order summary's total.
    expect(await bar.total.innerText()).toBe(await page.getByTestId("cart-total").innerText());
    // The promo code: no autofill, capitals (codes are upper case).
    const promo = page.getByRole("form", { name: "Promo code" }).getByLabel("Promo code");
    expect(await promo.getAttribute("autocomplete")).toBe("off");
    expect(await promo.getAttribute("autocapitalize")).toBe("characters");
    await expectAccessible(page, "the cart at 390 px");

    await scrollToBottom(page);
    await expectInView(bar.total, "the total, scrolled to the bottom");
    await expectInView(bar.button, "Checkout, scrolled to the bottom");
    const { lowest, barTop } = await lowestContentAndBarTop(page, ".checkout-link");
    expect(lowest, "the last of the page (the footer) above the bar").toBeLessThanOrEqual(barTop);

    await bar.button.tap();
    await page.waitForURL(/\/checkout$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("checkout at 390 × 844: every address and contact field names its autofill and keyboard; the bar's Place order places the order", async () => {
    const context = await phone();
    const { page, errors } = await openPage(context);
    await addStone(page, await someDiamondPath());
    await cartBar(page).button.click();
    await page.waitForURL(/\/checkout$/);
    await page.waitForSelector("body[data-hydrated=true]");

    const form = page.getByRole("form", { name: "Shipping address" });
    // What a phone's keyboard and autofill depend on: the autocomplete token, the input type, the inputmode.
    // (A select's name holds its chosen option: "State Choose…".)
    const expected: [label: string | RegExp, autocomplete: string, type: string, inputmode: string | null][] = [
      ["Full name", "name", "text", null],
      ["Address", "address-line1", "text", null],
      ["Apartment, suite (optional)", "address-line2", "text", null],
      ["City", "address-level2", "text", null],
      [/^State/, "address-level1", "select-one", null],
      ["ZIP code", "postal-code", "text", "numeric"],
      ["Email for the order", "email", "email", null],
      ["Phone (optional)", "tel", "tel", null],
    ];
    for (const [label, autocomplete, type, inputmode] of expected) {
      const field = form.getByLabel(label, { exact: true });
      const got = await field.evaluate((e) => [e.getAttribute("autocomplete"), (e as HTMLInputElement | HTMLSelectElement).type, e.getAttribute("inputmode")]);
      expect(got, String(label)).toEqual([autocomplete, type, inputmode]);
    }
    // …and no visible field of the form is left without its token.
    const tokens = await form.locator("input:not([type=hidden], [type=checkbox]), select").evaluateAll((es) => es.map((e) => e.getAttribute("autocomplete")));
    expect(tokens).toHaveLength(expected.length);

    const bar = checkoutBar(page);
    await expectInView(bar.total, "the total");
    await expectInView(bar.button, "Place order");
    expect(await bar.total.innerText()).toBe(await page.getByTestId("cart-total").innerText());
    // Until the address is there the bar's button is disabled, its reasons listed above the bar.
    expect(await bar.button.isDisabled()).toBe(true);
    await expectAccessible(page, "checkout at 390 px");

    const email = freshEmail("phone");
    const checkout = new CheckoutPage(page);
    await checkout.fillAddress(austinAddress(email));
    await expect.poll(() => checkout.problems()).toEqual([]);
    await scrollToBottom(page);
    await expectInView(bar.total, "the total, scrolled to the bottom");
    await expectInView(bar.button, "Place order, scrolled to the bottom");
    const { lowest, barTop } = await lowestContentAndBarTop(page, ".order-bar");
    expect(lowest, "the last field above the bar").toBeLessThanOrEqual(barTop);

    await expect.poll(() => bar.button.isDisabled()).toBe(false);
    await bar.button.tap();
    await page.waitForURL(GATEWAY_PAGE);
    // Back on checkout, the placed order's Pay now takes the bar.
    await page.goto(url("/checkout"));
    await expect.poll(() => checkout.placed().count()).toBe(1);
    await expectInView(page.locator(".order-bar .bar-total strong"), "the placed order's total");
    await expectInView(page.getByRole("link", { name: "Pay now" }), "Pay now");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without JavaScript the bar's Checkout and Place order are the plain link and form", async () => {
    const context = await phone(PHONE, false);
    const { page } = await openPage(context);
    await addStone(page, await someDiamondPath());
    await expectInView(cartBar(page).button, "Checkout");
    const checkout = await checkoutWithAddress(page, freshEmail("phone-nojs"), false);
    await scrollToBottom(page);
    await expectInView(checkoutBar(page).button, "Place order");
    await checkout.placeOrder().click();
    await page.waitForURL(GATEWAY_PAGE);
    await context.close();
  });

  it("320 × 640: /cart (empty and with an item) and /checkout are no wider than the screen", async () => {
    const context = await phone(SMALL_PHONE);
    const { page, errors } = await openPage(context);
    for (const path of ["/cart", "/checkout"]) {
      await page.goto(url(path));
      await page.waitForSelector("body[data-hydrated=true]");
      await expectNoOverflow(page, `${path} (empty)`);
    }
    await addStone(page, await firstDiamondPath());
    await page.waitForSelector("body[data-hydrated=true]");
    await expectNoOverflow(page, "/cart");
    await expectInView(cartBar(page).button, "Checkout at 320 px");
    await page.goto(url("/checkout"));
    await page.waitForSelector("body[data-hydrated=true]");
    await expectNoOverflow(page, "/checkout");
    await expectInView(checkoutBar(page).button, "Place order at 320 px");
    expect(errors).toEqual([]);
    await context.close();
  });
});
