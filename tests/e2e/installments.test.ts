/**
 * Paying over time in the browser (issue 22 points 1, 2 and 4), against the whole shop with no provider
 * configured, so Affirm and Splitit are paid through the embedded test gateway (/dev/gateway/…), which stands
 * in for each: checkout offers both; an order placed with Affirm goes to the gateway's Affirm page, is
 * approved there, and ends on the success page as paid (a reload confirms nothing twice); an order placed with
 * Splitit goes to the gateway's Splitit page. The local D1 of the browser tests persists across runs: each
 * test takes a diamond of its own at random among fifty, and a fresh email.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { CartPage, CheckoutPage } from "./pages/cart";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const freshEmail = (tag: string) => `e2e-installments-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Errors a page reports, without the browser's note about an answer's status. */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes("Failed to load resource"));

/** The page of a diamond between $1,000 and $8,000, picked at random among fifty (an order may sell it). */
async function someDiamondPath(): Promise<string> {
  const res = await fetch(url("/api/diamonds2"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pageSize: 50, priceMin: 1000, priceMax: 8000 }),
  });
  const { diamonds } = (await res.json()) as { diamonds: { id: number; slug: string }[] };
  const d = diamonds[Math.floor(Math.random() * diamonds.length)]!;
  return `/diamond/${d.id}/${d.slug}`;
}

/** From an empty cart to checkout with one diamond and the address saved; the payment method form's choices. */
async function readyCheckout(page: Page, email: string) {
  const cart = new CartPage(page);
  await cart.open();
  await page.goto(url(await someDiamondPath()));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.waitForURL(/\/cart$/);
  await expect.poll(() => cart.lines().count()).toBe(1);
  await page.getByRole("link", { name: "Checkout" }).click();
  await page.waitForURL(/\/checkout$/);
  await page.waitForSelector("body[data-hydrated=true]");
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress({ name: "Ada Shopper", line1: "1 Congress Ave", city: "Austin", state: "TX", postalCode: "78701", email });
  await expect.poll(() => checkout.problems()).toEqual([]);
  return checkout;
}

/** Chooses the payment method on checkout and saves it; the total the order will be for. */
async function choose(page: Page, label: string): Promise<string> {
  const form = page.getByRole("form", { name: "Payment method" });
  await form.getByLabel("Payment method").selectOption({ label });
  await form.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => page.locator("main").innerText()).toContain(label);
  await expect.poll(() => page.getByTestId("cart-total").innerText()).toMatch(/^\$/);
  return page.getByTestId("cart-total").innerText();
}

/** Place order → the embedded gateway standing in for `provider`, showing the order's amount. */
async function placeAtGateway(page: Page, checkout: CheckoutPage, total: string, provider: string) {
  await expect.poll(() => checkout.placeOrder().isDisabled()).toBe(false);
  await checkout.placeOrder().click();
  await page.waitForURL(/\/dev\/gateway\/lgp_[0-9a-f]{32}$/);
  expect(await page.locator("p.note").innerText()).toContain(`stands in for ${provider}`);
  expect(await page.locator(".amount").innerText()).toBe(total);
}

describe("paying over time", () => {
  it("checkout offers Affirm and Splitit; an order paid with Affirm through the embedded gateway ends on the success page as paid", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const checkout = await readyCheckout(page, freshEmail("affirm"));
    const options = await page.getByRole("form", { name: "Payment method" }).getByLabel("Payment method").locator("option").allInnerTexts();
    expect(options).toEqual(expect.arrayContaining(["Affirm (pay over time)", "Splitit (interest-free instalments on your card)"]));
    const total = await choose(page, "Affirm (pay over time)");
    await placeAtGateway(page, checkout, total, "Affirm");
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL(/\/orders\/LP\d{10}\/success\?payment=/);
    const orderNumber = (await page.getByTestId("order-number").innerText()).trim();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(await page.locator("p.order-paid").innerText()).toContain(`your payment of ${total} is received and order ${orderNumber} is confirmed`);
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    // Reloading the return page confirms nothing twice: still paid.
    await page.reload();
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("an order placed with Splitit goes to its approval page (the gateway standing in for Splitit) and is paid there", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const checkout = await readyCheckout(page, freshEmail("splitit"));
    const total = await choose(page, "Splitit (interest-free instalments on your card)");
    await placeAtGateway(page, checkout, total, "Splitit");
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL(/\/orders\/LP\d{10}\/success\?payment=/);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
