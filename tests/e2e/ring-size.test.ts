/**
 * A ring ordered without its size, in the browser (issue 22 point 4): the cart's "I don't know my size yet",
 * checkout and payment through the embedded gateway, the email from the outbox, its link opens the
 * missing-ring-size page, the size is chosen and saved, and the page says so. The local D1 of the browser
 * tests persists across runs: the diamond is picked at random and the email is fresh.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { CartView } from "#shared/cart/schemas.ts";
import { launch, openPage, realErrors, shopperContext, url } from "./pages/browser";
import { CartPage } from "./pages/cart";
import { freshEmail, paidByCardFromCart } from "./pages/order-flow";
import { linkFromOutbox } from "./pages/outbox";
import { ringParts } from "./pages/ring-size";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("a ring ordered with its size later", () => {
  it("is ordered with 'I don't know my size yet', paid at the gateway; the emailed link's page takes the size and says so", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const email = freshEmail("ring-size");

    // A setting and a diamond in the cart (through the cart API, in this browser).
    const { variantId, diamondId } = await ringParts(page);
    for (const intent of [
      { type: "add-item", variantId },
      { type: "add-diamond", diamondId },
    ])
      expect((await page.request.post(url("/api/cart"), { data: intent })).status()).toBe(200);

    // The cart: the ring's size select offers "I don't know my size yet".
    const cart = new CartPage(page);
    await cart.open();
    await page.waitForSelector("body[data-hydrated=true]");
    await expect.poll(() => cart.heading().innerText()).toMatch(/Complete ring/);
    const sizeForm = page.getByRole("form", { name: "Ring size" });
    expect(await page.getByText("Choose a ring size").count()).toBe(1);
    await sizeForm.getByLabel("Ring size").selectOption({ label: "I don't know my size yet — ask me after I order" });
    await sizeForm.getByRole("button", { name: "Set size" }).click();
    await expect.poll(() => page.getByText(/send you a free ring sizer/).count()).toBe(1);
    await expect.poll(() => page.getByText("Choose a ring size").count()).toBe(0);
    const saved = (await (await page.request.get(url("/api/cart"))).json()) as CartView;
    expect([saved.RingSize, saved.RingSizeLater]).toEqual([null, true]);

    // Checkout: nothing about the size stands in the way; pay by card at the embedded gateway.
    const orderNumber = await paidByCardFromCart(page, email);

    // The email asks for the size; its link opens the page, which takes it.
    const link = await linkFromOutbox(page, email, "/orders/missing-ring-size/");
    expect(link).toMatch(new RegExp(`^/orders/missing-ring-size/${orderNumber}\\?key=[\\w-]{22}$`));
    await page.goto(url(link));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Your ring size");
    expect(await page.getByRole("link", { name: "How to measure your ring size" }).getAttribute("href")).toBe("/faq#ring-size");
    const form = page.getByRole("form", { name: "Ring sizes" });
    await form.getByLabel(/^Ring size: /).selectOption("6.5");
    await form.getByRole("button", { name: "Save my ring size" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("Thank you: the size is saved (size 6.5). We prepare your order with it.");
    expect(await page.getByText(`Order ${orderNumber} is not missing any size`).count()).toBe(1);

    // A wrong key is the not-found page.
    await page.goto(url(`/orders/missing-ring-size/${orderNumber}?key=${"x".repeat(22)}`));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).not.toBe("Your ring size");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
