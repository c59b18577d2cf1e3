/**
 * Orders in the browser (issue 18 points 4 and 8), against the whole shop with no payment provider
 * configured, so every method is paid through the embedded test gateway (/dev/gateway/…): from an empty cart
 * to a paid order with a card as a guest and with PayPal as a signed-in customer — the gateway's Approve, the
 * success page saying paid, the confirmation email in /dev/outbox, the cart emptied, the order in
 * /my-stuff/orders — then tracking by number and email from a fresh browser, and a decline paid again. The
 * local D1 of the browser tests persists across runs: each test takes a diamond of its own at random among
 * fifty, and a fresh email.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, realErrors, shopperContext, url } from "./pages/browser";
import { CartPage, type CheckoutPage } from "./pages/cart";
import { addStoneToCart, checkoutWithAddress, freshEmail, GATEWAY_PAGE, GatewayPage, placeAtGateway, readyCheckout, someDiamondPath } from "./pages/order-flow";
import { linkFromOutbox, outboxSays } from "./pages/outbox";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Place order → the embedded gateway (the amount shown) → `decision` → back on the shop's success page. */
async function placeAndDecide(checkout: CheckoutPage, total: string, decision: "Approve payment" | "Decline") {
  const gateway = await placeAtGateway(checkout);
  expect(await gateway.amount()).toBe(total);
  return gateway.decide(decision);
}

/** Registers, confirms from the outbox and signs in (tests/e2e/accounts.test.ts does the same by hand). */
async function registeredCustomer(page: Page, who: { firstName: string; lastName: string; email: string; password: string }) {
  await page.goto(url("/register"));
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("First name").fill(who.firstName);
  await form.getByLabel("Last name").fill(who.lastName);
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Password", { exact: true }).fill(who.password);
  await form.getByRole("button", { name: "Create account" }).click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Check your email");
  await page.goto(url(await linkFromOutbox(page, who.email, "/register/confirm")));
  await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Your email is confirmed");
  await page.goto(url("/login"));
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Email").fill(who.email);
  await signIn.getByLabel("Password", { exact: true }).fill(who.password);
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => page.locator("header.site-header").innerText()).toContain(`Hi, ${who.firstName}`);
}

describe("orders", () => {
  it("a guest pays by card through the embedded gateway; the success page says paid, the email is in the outbox, the cart is empty; tracked from a fresh browser", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const email = freshEmail("order-card");
    const { checkout, total } = await readyCheckout(page, email, "card");
    const orderNumber = await placeAndDecide(checkout, total, "Approve payment");

    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(await page.locator("p.order-paid").innerText()).toContain(`your payment of ${total} is received and order ${orderNumber} is confirmed`);
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    expect(await page.getByTestId("order-amount").innerText()).toBe(total);
    // Reloading the return page confirms nothing twice: still paid.
    await page.reload();
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");

    await expect.poll(() => outboxSays(page, email, orderNumber)).toBe(true);
    await new CartPage(page).open();
    await expect.poll(() => page.getByText("Your cart is empty.").count()).toBe(1);
    expect(realErrors(errors)).toEqual([]);
    await context.close();

    // A fresh browser: no cookie, no account — the number and the email find the order.
    const fresh = await shopperContext(browser);
    const { page: other } = await openPage(fresh);
    await other.goto(url("/my-stuff/orders/login"));
    const form = other.getByRole("form", { name: "Track an order" });
    await form.getByLabel("Order number").fill(orderNumber);
    await form.getByLabel("Email used for the order").fill("someone-else@example.com");
    await form.getByRole("button", { name: "Find the order" }).click();
    await expect.poll(() => other.getByRole("alert").innerText()).toContain("We could not find an order with that number and email.");
    await other.getByRole("form", { name: "Track an order" }).getByLabel("Email used for the order").fill(email);
    await other.getByRole("form", { name: "Track an order" }).getByRole("button", { name: "Find the order" }).click();
    await expect.poll(() => other.getByTestId("order-status").innerText()).toBe("paid");
    expect(await other.getByTestId("order-number").innerText()).toBe(orderNumber);
    expect(await other.locator("main").innerText()).toContain("Ships to Austin, TX");
    expect(await other.locator("main").innerText()).not.toContain("1 Congress Ave");
    // The order's own pages are not this browser's: not found.
    const res = await other.goto(url(`/orders/${orderNumber}/success`));
    expect(res?.status()).toBe(404);
    await fresh.close();
  });

  it("a signed-in customer pays with PayPal through the embedded gateway and finds the order in /my-stuff/orders", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const who = { firstName: "Ada", lastName: "Lovelace", email: freshEmail("order-paypal"), password: "first analytical engine" };
    await registeredCustomer(page, who);
    const { checkout, total } = await readyCheckout(page, who.email, "paypal");
    const orderNumber = await placeAndDecide(checkout, total, "Approve payment");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    await expect.poll(() => outboxSays(page, who.email, orderNumber)).toBe(true);

    await page.goto(url("/my-stuff/orders"));
    const mine = page.locator("li.my-order").filter({ hasText: orderNumber });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.innerText()).toContain(total);
    expect(await mine.innerText()).toContain("paid");
    await mine.getByRole("link", { name: `Order ${orderNumber}` }).click();
    await page.waitForURL(new RegExp(`/orders/${orderNumber}/success$`));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("without JavaScript: a declined payment says so, and re-payment pays the same order", async () => {
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const email = freshEmail("order-decline");
    await addStoneToCart(page, await someDiamondPath());
    const checkout = await checkoutWithAddress(page, email, false);
    const total = await checkout.total();
    const orderNumber = await placeAndDecide(checkout, total, "Decline");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Your payment did not go through");
    expect(await page.getByRole("alert").innerText()).toContain("Nothing was charged");

    await page.getByRole("link", { name: "Pay again" }).click();
    await page.waitForURL(new RegExp(`/orders/re-payment/${orderNumber}$`));
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL(GATEWAY_PAGE);
    await new GatewayPage(page).decide("Approve payment", new RegExp(`/orders/${orderNumber}/success\\?payment=`));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    await context.close();
  });
});
