/**
 * TD financing in the browser (issue 22 points 3 and 7), against the whole shop with no lender configured, so
 * the embedded gateway (/dev/gateway/…) is the lender: a financed order approved (the one return page says
 * paid, the cart is empty), one declined (paid another way from the return page's link), and one referred —
 * the lender approves later on the gateway page, the Cron Trigger runs (`wrangler dev --test-scheduled`:
 * `/__scheduled?cron=…`), the order shows paid and the decision is in /dev/outbox. The local D1 of the browser
 * tests persists across runs: each test takes a diamond of its own at random among fifty, and a fresh email.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { CartPage, CheckoutPage } from "./pages/cart";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const freshEmail = (tag: string) => `e2e-td-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

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

/** From an empty cart to a financed order placed: one diamond, the address, financing; on the lender's page (the gateway). */
async function financedOrderAtLender(page: Page, email: string): Promise<{ total: string; lender: string }> {
  await page.goto(url(await someDiamondPath()));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.waitForURL(/\/cart$/);
  await expect.poll(() => new CartPage(page).lines().count()).toBe(1);
  await page.getByRole("link", { name: "Checkout" }).click();
  await page.waitForURL(/\/checkout$/);
  await page.waitForSelector("body[data-hydrated=true]");
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress({ name: "Ada Shopper", line1: "1 Congress Ave", city: "Austin", state: "TX", postalCode: "78701", email });
  await expect.poll(() => checkout.problems()).toEqual([]);
  const form = page.getByRole("form", { name: "Payment method" });
  await form.getByLabel("Payment method").selectOption("financing");
  await form.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => page.getByTestId("cart-total").innerText()).toMatch(/^\$/);
  const total = await page.getByTestId("cart-total").innerText();
  await expect.poll(() => checkout.placeOrder().isDisabled()).toBe(false);
  await checkout.placeOrder().click();
  await page.waitForURL(/\/dev\/gateway\/lgp_[0-9a-f]{32}$/);
  expect(await page.locator(".amount").innerText()).toBe(total);
  expect(await page.locator("body").innerText()).toContain("the financing lender (TD)");
  return { total, lender: page.url() };
}

/** The lender's answer on the gateway page, then back on the shop's one return page for the outcome. */
async function answerAtLender(page: Page, button: string, outcome: string): Promise<string> {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(new RegExp(`/order/td/${outcome}\\?payment=pay_[0-9a-f]{32}$`));
  return (await page.getByTestId("order-number").innerText()).trim();
}

/** Whether an email to `to` in /dev/outbox says `text`. */
async function outboxSays(page: Page, to: string, text: string): Promise<boolean> {
  await page.goto(url(`/dev/outbox?to=${encodeURIComponent(to)}`));
  const emails = await page.locator('a[href*="/dev/outbox/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  for (const email of emails) {
    await page.goto(new URL(email, url("/")).href);
    if ((await page.content()).includes(text)) return true;
  }
  return false;
}

describe("TD financing through the embedded gateway", () => {
  it("approved: the return page says paid and links to the order; the cart is empty", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const { total } = await financedOrderAtLender(page, freshEmail("approved"));
    const orderNumber = await answerAtLender(page, "Approve payment", "approved");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Your financing is approved");
    expect(await page.getByRole("status").first().innerText()).toContain(`order ${orderNumber} is paid (${total})`);
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    await expectAccessible(page, "the TD return page");
    // Reloading the return page confirms nothing twice: still paid.
    await page.reload();
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    await page.getByRole("link", { name: "See your order" }).click();
    await page.waitForURL(new RegExp(`/orders/${orderNumber}/success$`));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you for your order");
    await new CartPage(page).open();
    await expect.poll(() => page.getByText("Your cart is empty.").count()).toBe(1);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("declined: the return page says so and 'Pay another way' leads to the order's re-payment", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await financedOrderAtLender(page, freshEmail("declined"));
    const orderNumber = await answerAtLender(page, "Decline", "declined");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Your financing application was declined");
    expect(await page.getByRole("alert").innerText()).toContain("The lender declined the application.");
    expect(await page.getByTestId("order-status").innerText()).toBe("waiting for a new payment");
    await page.getByRole("link", { name: "Pay another way" }).click();
    await page.waitForURL(new RegExp(`/orders/re-payment/${orderNumber}$`));
    expect(await page.getByRole("button", { name: "Pay now" }).count()).toBe(1);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("referred: the lender reviews; it approves later on the gateway page, the Cron Trigger runs, the order shows paid and the decision is emailed", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const email = freshEmail("referred");
    const { lender } = await financedOrderAtLender(page, email);
    const orderNumber = await answerAtLender(page, "Refer for review", "referred");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("The lender is reviewing your application");
    expect(await page.getByRole("status").first().innerText()).toContain(`we will email you at ${email}`);
    expect(await page.getByTestId("order-status").innerText()).toBe("waiting for the lender's decision");
    // Later, the lender decides on its page.
    await page.goto(lender);
    await page.getByRole("button", { name: "Lender approves" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toContain("already approved");
    // The Cron Trigger asks the lender again.
    const scheduled = await fetch(url(`/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`));
    expect(scheduled.status).toBe(200);
    await expect
      .poll(
        async () => {
          await page.goto(url(`/orders/${orderNumber}/success`));
          return page.getByTestId("order-status").innerText();
        },
        { timeout: 20_000 },
      )
      .toBe("paid");
    await expect.poll(() => outboxSays(page, email, `Your financing is approved: order ${orderNumber} is paid`), { timeout: 20_000 }).toBe(true);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("a lost account number is found without JavaScript at /recover (the form posts as a document), problems beside their fields", async () => {
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(url("/recover"));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Find your financing account number");
    const form = page.getByRole("form", { name: "Find your account number" });
    await form.getByLabel("Last name").fill("Byron");
    await form.getByLabel("ZIP code").fill("787");
    await form.getByRole("button", { name: "Find my account number" }).click();
    await page.waitForLoadState();
    expect(await page.locator("#field-postalCode-error").innerText()).toBe("Enter a 5-digit ZIP code");
    expect(await page.locator("#field-ssnLast4-error").innerText()).toBe("Enter the last 4 digits of your SSN or your date of birth");
    await page.getByRole("form", { name: "Find your account number" }).getByLabel("ZIP code").fill("78701");
    await page.getByRole("form", { name: "Find your account number" }).getByLabel("Last 4 digits of your SSN").fill("4321");
    await page.getByRole("form", { name: "Find your account number" }).getByRole("button", { name: "Find my account number" }).click();
    await page.waitForLoadState();
    expect(await page.getByTestId("td-account-number").innerText()).toBe("6035 3200 0000 4242");
    await context.close();
    // The same with JavaScript, the answer checked by axe (it runs as a script: not in the context above).
    const withJs = await shopperContext(browser);
    const { page: js, errors } = await openPage(withJs);
    await js.goto(url("/financing-account-lookup"));
    const jsForm = js.getByRole("form", { name: "Find your account number" });
    await jsForm.getByLabel("Last name").fill("Byron");
    await jsForm.getByLabel("ZIP code").fill("78701");
    await jsForm.getByLabel("Date of birth").fill("1990-04-21");
    await jsForm.getByRole("button", { name: "Find my account number" }).click();
    await expect.poll(() => js.getByTestId("td-account-number").count()).toBe(1);
    await expectAccessible(js, "the financing account lookup");
    expect(realErrors(errors)).toEqual([]);
    await withJs.close();
  });
});
