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
import { launch, openPage, realErrors, shopperContext } from "./pages/browser";
import type { CheckoutPage } from "./pages/cart";
import { freshEmail, type GatewayPage, placeAtGateway, readyCheckout } from "./pages/order-flow";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Chooses the payment method on checkout by its label and saves it, the page saying so; the total the order will be for. */
async function choose(page: Page, checkout: CheckoutPage, label: string): Promise<string> {
  const total = await checkout.choosePaymentMethod(label);
  await expect.poll(() => page.locator("main").innerText()).toContain(label);
  return total;
}

/** Place order → the embedded gateway standing in for `provider`, showing the order's amount. */
async function placeAtGatewayFor(checkout: CheckoutPage, total: string, provider: string): Promise<GatewayPage> {
  const gateway = await placeAtGateway(checkout);
  expect(await gateway.note()).toContain(`stands in for ${provider}`);
  expect(await gateway.amount()).toBe(total);
  return gateway;
}

describe("paying over time", () => {
  it("checkout offers Affirm and Splitit; an order paid with Affirm through the embedded gateway ends on the success page as paid", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const { checkout } = await readyCheckout(page, freshEmail("installments-affirm"));
    const options = await page.getByRole("form", { name: "Payment method" }).getByLabel("Payment method").locator("option").allInnerTexts();
    expect(options).toEqual(expect.arrayContaining(["Affirm (pay over time)", "Splitit (interest-free instalments on your card)"]));
    const total = await choose(page, checkout, "Affirm (pay over time)");
    const gateway = await placeAtGatewayFor(checkout, total, "Affirm");
    const orderNumber = await gateway.decide("Approve payment");
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
    const { checkout } = await readyCheckout(page, freshEmail("installments-splitit"));
    const total = await choose(page, checkout, "Splitit (interest-free instalments on your card)");
    const gateway = await placeAtGatewayFor(checkout, total, "Splitit");
    await gateway.decide("Approve payment");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
