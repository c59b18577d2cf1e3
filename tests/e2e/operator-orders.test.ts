/**
 * The operator's orders in the browser (issue 22 point 6): a shopper's order paid by card through the embedded
 * gateway; then an operator with the admin token opens /operator/orders, finds the order in the paid tab by the
 * shopper's email, opens it, confirms availability and marks it shipped with a tracking number — their name asked
 * once and remembered — and sees both in the order's timeline with their name; the shopper is emailed the tracking
 * number. The browser tests' D1 persists across runs: the shopper's email is fresh, the diamond one at random.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, openPage, realErrors, shopperContext, url } from "./pages/browser";
import { decideOnGatewayPage, freshEmail, placedThroughApi } from "./pages/order-flow";
import { signInAsOperator } from "./pages/operator-login";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A shopper's order of one diamond, placed by card through the API and paid on the embedded gateway's page. */
async function paidOrder(email: string): Promise<string> {
  const context = await shopperContext(browser);
  const { orderNumber, approvalUrl } = await placedThroughApi(context.request, email, "Grace Hopper");
  const { page } = await openPage(context);
  await decideOnGatewayPage(page, approvalUrl);
  await expect.poll(() => page.getByTestId("order-status").innerText()).toBe("paid");
  await context.close();
  return orderNumber;
}

describe("the operator's orders", () => {
  it("signed in through the login form: the list, a paid order opened, marked shipped with a tracking number, seen in the timeline as the operator", async () => {
    const email = freshEmail("operator");
    const orderNumber = await paidOrder(email);

    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    await signInAsOperator(page, "/operator/orders");
    await page.getByRole("navigation", { name: "Order states" }).getByRole("link", { name: /^paid/ }).click();
    await page.waitForURL(/\/operator\/orders\?status=paid$/);
    await page.getByRole("searchbox", { name: "Order number or email" }).fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/status=paid&q=/);
    await page.getByRole("link", { name: orderNumber }).click();
    await page.waitForURL(new RegExp(`/operator/orders/${orderNumber}$`));
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await page.getByTestId("operator-status").innerText()).toBe("paid");

    // Every action is recorded as the signed-in operator (locally "local-admin"), never a name typed in.
    const confirm = page.getByRole("form", { name: "Confirm availability" });
    expect(await confirm.innerText()).toContain("Recorded as local-admin.");
    await confirm.getByRole("button", { name: "Confirm availability" }).click();
    await page.waitForURL(/\?done=confirm-availability$/);
    const ship = page.getByRole("form", { name: "Mark shipped" });
    await ship.getByLabel("Carrier").fill("UPS");
    await ship.getByLabel("Tracking number").fill("1Z999AA10123456784");
    await ship.getByRole("button", { name: "Mark shipped" }).click();
    await page.waitForURL(/\?done=shipped$/);

    expect(await page.getByTestId("operator-status").innerText()).toBe("shipped");
    const timeline = page.getByRole("list", { name: "Timeline" });
    const shipped = timeline.getByRole("listitem").filter({ hasText: "Marked shipped: UPS, tracking 1Z999AA10123456784" });
    expect(await shipped.innerText()).toContain("by local-admin");
    expect(await timeline.getByRole("listitem").filter({ hasText: "availability confirmed → shipped" }).innerText()).toContain("by local-admin");
    expect(await page.getByRole("form", { name: "Mark shipped" }).count()).toBe(0);
    expect(await page.getByRole("form", { name: "Mark delivered" }).count()).toBe(1);

    // The shopper's shipping notice is in the outbox.
    await page.goto(url(`/dev/outbox?to=${encodeURIComponent(email)}`));
    expect(await page.content()).toContain("has shipped");
    // The login form is the page's 404 until the operator signs in: the browser logs that answer, nothing else.
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
