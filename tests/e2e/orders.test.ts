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
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { CartPage, CheckoutPage } from "./pages/cart";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const freshEmail = (tag: string) => `e2e-order-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Errors a page reports, without the browser's note about an answer's status. */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes("Failed to load resource"));

/** The page of a diamond between $1,000 and $8,000, picked at random among fifty (an order may sell it). */
async function someDiamondPath(): Promise<string> {
  const res = await fetch(url("/api/diamonds2"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    // Under PayPal's limit with tax (PAYPAL_MAX_CENTS, $10,000): PayPal is the default method at checkout.
    body: JSON.stringify({ pageSize: 50, priceMin: 1000, priceMax: 8000 }),
  });
  const { diamonds } = (await res.json()) as { diamonds: { id: number; slug: string }[] };
  const d = diamonds[Math.floor(Math.random() * diamonds.length)]!;
  return `/diamond/${d.id}/${d.slug}`;
}

/** From an empty cart to checkout with one diamond, the address and the payment method saved. */
async function readyCheckout(page: Page, email: string, method: "card" | "paypal") {
  const cart = new CartPage(page);
  await cart.open();
  await expect.poll(() => page.getByText("Your cart is empty.").count()).toBe(1);
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
  const form = page.getByRole("form", { name: "Payment method" });
  await form.getByLabel("Payment method").selectOption(method);
  await form.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => page.getByTestId("cart-total").innerText()).toMatch(/^\$/);
  return { checkout, total: await page.getByTestId("cart-total").innerText() };
}

/** Place order → the embedded gateway (the amount shown) → `decision` → back on the shop's success page. */
async function placeAndDecide(page: Page, checkout: CheckoutPage, total: string, decision: "Approve payment" | "Decline") {
  await expect.poll(() => checkout.placeOrder().isDisabled()).toBe(false);
  await checkout.placeOrder().click();
  await page.waitForURL(/\/dev\/gateway\/lgp_[0-9a-f]{32}$/);
  expect(await page.locator(".amount").innerText()).toBe(total);
  await page.getByRole("button", { name: decision }).click();
  await page.waitForURL(/\/orders\/LP\d{10}\/success\?payment=/);
  return (await page.getByTestId("order-number").innerText()).trim();
}

/** Whether an email to `to` in /dev/outbox mentions the order (its subject or its body). */
async function outboxMentions(page: Page, to: string, orderNumber: string): Promise<boolean> {
  await page.goto(url(`/dev/outbox?to=${encodeURIComponent(to)}`));
  const emails = await page.locator('a[href*="/dev/outbox/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  for (const email of emails) {
    await page.goto(new URL(email, url("/")).href);
    if ((await page.content()).includes(orderNumber)) return true;
  }
  return false;
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
  await page.goto(url(`/dev/outbox?to=${encodeURIComponent(who.email)}`));
  await page.locator('a[href*="/dev/outbox/"]').first().click();
  const confirm = new URL((await page.locator('a[href*="/register/confirm"]').first().getAttribute("href"))!, url("/"));
  await page.goto(url(confirm.pathname + confirm.search));
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
    const email = freshEmail("card");
    const { checkout, total } = await readyCheckout(page, email, "card");
    const orderNumber = await placeAndDecide(page, checkout, total, "Approve payment");

    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(await page.locator("p.order-paid").innerText()).toContain(`your payment of ${total} is received and order ${orderNumber} is confirmed`);
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    expect(await page.getByTestId("order-amount").innerText()).toBe(total);
    // Reloading the return page confirms nothing twice: still paid.
    await page.reload();
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");

    await expect.poll(() => outboxMentions(page, email, orderNumber)).toBe(true);
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
    const who = { firstName: "Ada", lastName: "Lovelace", email: freshEmail("paypal"), password: "first analytical engine" };
    await registeredCustomer(page, who);
    const { checkout, total } = await readyCheckout(page, who.email, "paypal");
    const orderNumber = await placeAndDecide(page, checkout, total, "Approve payment");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    await expect.poll(() => outboxMentions(page, who.email, orderNumber)).toBe(true);

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
    const email = freshEmail("decline");
    const cart = new CartPage(page);
    await page.goto(url(await someDiamondPath()));
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.waitForURL(/\/cart$/);
    expect(await cart.lines().count()).toBe(1);
    await page.getByRole("link", { name: "Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    const checkout = new CheckoutPage(page);
    await checkout.fillAddress({ name: "Ada Shopper", line1: "1 Congress Ave", city: "Austin", state: "TX", postalCode: "78701", email });
    await page.waitForURL(/\/checkout$/);
    const total = await page.getByTestId("cart-total").innerText();
    const orderNumber = await placeAndDecide(page, checkout, total, "Decline");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Your payment did not go through");
    expect(await page.getByRole("alert").innerText()).toContain("Nothing was charged");

    await page.getByRole("link", { name: "Pay again" }).click();
    await page.waitForURL(new RegExp(`/orders/re-payment/${orderNumber}$`));
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL(/\/dev\/gateway\/lgp_[0-9a-f]{32}$/);
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL(new RegExp(`/orders/${orderNumber}/success\\?payment=`));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    await context.close();
  });
});
