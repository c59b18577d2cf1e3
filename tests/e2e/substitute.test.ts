/**
 * An order whose stone becomes unavailable, in the browser (issue 22 point 4 and its part of 7): a guest pays
 * a diamond by card through the embedded gateway; its retailer's answer comes in through the API (the admin
 * token, as an operator on the retailer's behalf); the shopper opens the emailed link from /dev/outbox, sees
 * the similar stones with the difference, chooses one — and the order is paid again with the new stone (a
 * dearer stone's difference paid through the gateway too). The stone is picked among fifty at random, one with
 * neighbours in the catalogue (the browser tests' D1 persists across runs: an order holds its stone).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { expectAccessible } from "./pages/axe";
import { launch, openPage, realErrors, shopperContext, url } from "./pages/browser";
import { CartPage } from "./pages/cart";
import { addStoneToCart, freshEmail, GATEWAY_PAGE, GatewayPage, paidByCardFromCart } from "./pages/order-flow";
import { linkFromOutbox } from "./pages/outbox";
import { diamondWithNeighbours, markUnavailable } from "./pages/substitute";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("an unavailable stone", () => {
  it("the shopper opens the emailed link, chooses a substitute, and the order is paid again with the new stone", async () => {
    const diamond = await diamondWithNeighbours();
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const email = freshEmail("substitute");
    // The diamond in the cart, the address and card saved, the order placed and approved at the gateway.
    await new CartPage(page).open();
    await addStoneToCart(page, `/diamond/${diamond.id}/${diamond.slug}`);
    const orderNumber = await paidByCardFromCart(page, email);

    // The retailer cannot supply it: an operator records the answer on its behalf.
    const res = await markUnavailable(orderNumber);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("item_unavailable");

    await page.goto(url(await linkFromOutbox(page, email, `/orders/substitute/${orderNumber}`)));
    await page.waitForSelector("body[data-hydrated=true]");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Choose a substitute");
    expect(await page.getByTestId("order-status").innerText()).toBe("waiting on an unavailable item");
    const offers = page.locator("li.substitute");
    const count = await offers.count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(5);
    await expectAccessible(page, "substitute page");
    // A dearer stone when there is one (its difference is then paid), else the closest.
    const texts = await offers.allInnerTexts();
    const pick = Math.max(
      0,
      texts.findIndex((t) => t.includes(" more")),
    );
    const chosen = offers.nth(pick);
    const name = (await chosen.getByRole("link").innerText()).trim();
    const dearer = texts[pick]!.includes(" more");
    await chosen.getByRole("button", { name: "Choose this stone" }).click();
    await page.waitForURL(/done=diamond$/);

    expect(await page.getByRole("status").first().innerText()).toContain(`Your new stone is ordered: ${name}`);
    expect(await page.getByTestId("order-status").innerText()).toBe("paid");
    expect(await page.locator(".order-lines").innerText()).toContain(name);
    if (dearer) {
      await page.getByRole("link", { name: "Pay the difference" }).click();
      await page.waitForURL(new RegExp(`/orders/approve-payment/${orderNumber}$`));
      await page.getByRole("button", { name: /^Approve and pay/ }).click();
      await page.waitForURL(GATEWAY_PAGE);
      await new GatewayPage(page).decide("Approve payment", new RegExp(`/orders/${orderNumber}/success\\?payment=`));
      expect(await page.getByTestId("order-status").innerText()).toBe("paid");
      await page.goto(url(`/orders/approve-payment/${orderNumber}`));
      expect(await page.getByRole("status").innerText()).toContain("There is no payment waiting for your approval");
    } else {
      expect(await page.getByRole("status").first().innerText()).toMatch(/refunding|nothing more to pay/);
    }
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
