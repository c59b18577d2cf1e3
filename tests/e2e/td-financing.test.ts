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
import { launch, openPage, realErrors, shopperContext, url } from "./pages/browser";
import { CartPage } from "./pages/cart";
import { freshEmail, type GatewayPage, placeAtGateway, readyCheckout } from "./pages/order-flow";
import { outboxSays } from "./pages/outbox";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** From an empty cart to a financed order placed: one diamond, the address, financing; on the lender's page (the gateway) and its address. */
async function financedOrderAtLender(page: Page, email: string): Promise<{ total: string; lender: GatewayPage; lenderUrl: string }> {
  const { checkout, total } = await readyCheckout(page, email, "financing");
  const lender = await placeAtGateway(checkout);
  expect(await lender.amount()).toBe(total);
  expect(await page.locator("body").innerText()).toContain("the financing lender (TD)");
  return { total, lender, lenderUrl: page.url() };
}

/** The lender's answer on the gateway page, then back on the shop's one return page for the outcome. */
function answerAtLender(lender: GatewayPage, button: string, outcome: string): Promise<string> {
  return lender.decide(button, new RegExp(`/order/td/${outcome}\\?payment=pay_[0-9a-f]{32}$`));
}

describe("TD financing through the embedded gateway", () => {
  it("approved: the return page says paid and links to the order; the cart is empty", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const { total, lender } = await financedOrderAtLender(page, freshEmail("td-approved"));
    const orderNumber = await answerAtLender(lender, "Approve payment", "approved");
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
    const { lender } = await financedOrderAtLender(page, freshEmail("td-declined"));
    const orderNumber = await answerAtLender(lender, "Decline", "declined");
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
    const email = freshEmail("td-referred");
    const { lender, lenderUrl } = await financedOrderAtLender(page, email);
    const orderNumber = await answerAtLender(lender, "Refer for review", "referred");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("The lender is reviewing your application");
    expect(await page.getByRole("status").first().innerText()).toContain(`we will email you at ${email}`);
    expect(await page.getByTestId("order-status").innerText()).toBe("waiting for the lender's decision");
    // Later, the lender decides on its page.
    await page.goto(lenderUrl);
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

  it("a lost account number is found without JavaScript at /recover for the shopper's own financing order (the form posts as a document), masked, problems beside their fields", async () => {
    // The shopper's financed order, placed in this browser; the no-JavaScript browser below has its cookies.
    const withJs = await shopperContext(browser);
    const { page: js, errors } = await openPage(withJs);
    const { lender } = await financedOrderAtLender(js, freshEmail("td-lookup"));
    const orderNumber = await answerAtLender(lender, "Approve payment", "approved");
    const context = await shopperContext(browser, { javaScriptEnabled: false, storageState: await withJs.storageState() });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(url("/recover"));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Find your financing account number");
    const form = page.getByRole("form", { name: "Find your account number" });
    await form.getByLabel("Order number").fill(orderNumber);
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
    expect(await page.getByTestId("td-account-number").innerText()).toBe("**** **** **** 4242");
    await context.close();
    // The same with JavaScript, the answer checked by axe (it runs as a script: not in the context above).
    await js.goto(url("/financing-account-lookup"));
    const jsForm = js.getByRole("form", { name: "Find your account number" });
    await jsForm.getByLabel("Order number").fill(orderNumber);
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
