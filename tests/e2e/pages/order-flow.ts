/**
 * An order as the browser tests make it, with no payment provider configured (every method is paid through the
 * embedded test gateway, /dev/gateway/…): a stone in the cart, the address at checkout, a payment method, Place
 * order → the gateway's page → a decision button → back on the shop. Also the same through the shop's API (a
 * request context of the test's choosing) and the operator's calls with the admin token. The local D1 of the
 * browser tests persists across runs: orders take a diamond at random among fifty, and a fresh email.
 */
import type { APIRequestContext as Api, Page } from "playwright-core";
import { expect } from "vitest";
import { E2E_ADMIN_TOKEN } from "../server";
import { url } from "./browser";
import { CartPage, CheckoutPage } from "./cart";

/** The embedded gateway's page of one payment. */
export const GATEWAY_PAGE = /\/dev\/gateway\/lgp_[0-9a-f]{32}$/;
/** The shop's success page the gateway returns to. */
export const SUCCESS_PAGE = /\/orders\/LP\d{10}\/success\?payment=/;

/** A fresh email for one order (`e2e-{tag}-…@example.com`): the browser tests' D1 persists across runs. */
export const freshEmail = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The shipping address every test order goes to (Austin, TX), for the checkout form and the cart API. */
export const austinAddress = (email: string, name = "Ada Shopper") => ({
  name,
  line1: "1 Congress Ave",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  email,
});

/** Up to fifty diamonds between $1,000 and $8,000: under PayPal's limit with tax (PAYPAL_MAX_CENTS, $10,000). */
async function someDiamonds(): Promise<{ id: number; slug: string }[]> {
  const res = await fetch(url("/api/diamonds2"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pageSize: 50, priceMin: 1000, priceMax: 8000 }),
  });
  return ((await res.json()) as { diamonds: { id: number; slug: string }[] }).diamonds;
}

/** One of {@link someDiamonds} at random (an order may sell it). */
export async function someDiamond(): Promise<{ id: number; slug: string }> {
  const diamonds = await someDiamonds();
  return diamonds[Math.floor(Math.random() * diamonds.length)]!;
}

/** The page of {@link someDiamond}. */
export async function someDiamondPath(): Promise<string> {
  const d = await someDiamond();
  return `/diamond/${d.id}/${d.slug}`;
}

/** The diamond at `path` added from its page: on the cart, which holds that one line. */
export async function addStoneToCart(page: Page, path: string): Promise<CartPage> {
  const cart = new CartPage(page);
  await page.goto(url(path));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.waitForURL(/\/cart$/);
  await expect.poll(() => cart.lines().count()).toBe(1);
  return cart;
}

/**
 * From the cart to checkout with the address saved and no problem left. Without JavaScript the address form
 * posts as a document and comes back to checkout; with it, the page is hydrated first.
 */
export async function checkoutWithAddress(page: Page, email: string, javaScript = true): Promise<CheckoutPage> {
  await page.getByRole("link", { name: "Checkout" }).click();
  await page.waitForURL(/\/checkout$/);
  if (javaScript) await page.waitForSelector("body[data-hydrated=true]");
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress(austinAddress(email));
  if (!javaScript) await page.waitForURL(/\/checkout$/);
  await expect.poll(() => checkout.problems()).toEqual([]);
  return checkout;
}

/**
 * From an empty cart (it says so) to checkout with a diamond of {@link someDiamondPath} and the address saved;
 * with `method`, that payment method chosen too: the checkout page and its total.
 */
export async function readyCheckout(page: Page, email: string, method?: string): Promise<{ checkout: CheckoutPage; total: string }> {
  const cart = new CartPage(page);
  await cart.open();
  await expect.poll(() => page.getByText("Your cart is empty.").count()).toBe(1);
  await addStoneToCart(page, await someDiamondPath());
  const checkout = await checkoutWithAddress(page, email);
  const total = method === undefined ? await checkout.total() : await checkout.choosePaymentMethod(method);
  return { checkout, total };
}

/** The embedded gateway's page of one payment, standing in for the provider of the order's method. */
export class GatewayPage {
  constructor(readonly page: Page) {}

  /** The amount the gateway asks for. */
  amount() {
    return this.page.locator(".amount").innerText();
  }

  /** The gateway's note on whom it stands in for. */
  note() {
    return this.page.locator("p.note").innerText();
  }

  /** Clicks `button` (Approve payment, Decline, …), back on the shop's page `back`: the order number it shows. */
  async decide(button: string, back: RegExp = SUCCESS_PAGE): Promise<string> {
    await this.page.getByRole("button", { name: button }).click();
    await this.page.waitForURL(back);
    return (await this.page.getByTestId("order-number").innerText()).trim();
  }
}

/** Place order (once it is enabled) → the embedded gateway's page. */
export async function placeAtGateway(checkout: CheckoutPage): Promise<GatewayPage> {
  await expect.poll(() => checkout.placeOrder().isDisabled()).toBe(false);
  await checkout.placeOrder().click();
  await checkout.page.waitForURL(GATEWAY_PAGE);
  return new GatewayPage(checkout.page);
}

/** From the cart: checkout with the address, by card, approved at the gateway; the success page says paid. The order number. */
export async function paidByCardFromCart(page: Page, email: string): Promise<string> {
  const checkout = await checkoutWithAddress(page, email);
  await checkout.choosePaymentMethod("card");
  const orderNumber = await (await placeAtGateway(checkout)).decide("Approve payment");
  expect(await page.getByTestId("order-status").innerText()).toBe("paid");
  return orderNumber;
}

/** The gateway's page of `approvalUrl` opened in the browser and `button` clicked there: the order number on the shop's page. */
export async function decideOnGatewayPage(page: Page, approvalUrl: string, button = "Approve payment"): Promise<string> {
  await page.goto(url(new URL(approvalUrl).pathname));
  return new GatewayPage(page).decide(button);
}

async function ok(res: Awaited<ReturnType<Api["get"]>>, what: string, redirectOk = false) {
  if (res.status() >= (redirectOk ? 400 : 300)) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return res;
}

/**
 * A diamond of {@link someDiamond} ordered through the cart API as `api`'s visitor: the address of `email` (in
 * the name of `name`), by card, placed and not paid yet: its number and the gateway's page.
 */
export async function placedThroughApi(api: Api, email: string, name = "Ada Shopper"): Promise<{ orderNumber: string; approvalUrl: string }> {
  await ok(await api.get(url("/api/cart")), "cart");
  const diamond = await someDiamond();
  for (const intent of [
    { type: "add-diamond", diamondId: diamond.id },
    { type: "set-addresses", shippingAddress: { ...austinAddress(email, name), countryCode: "US" }, billingSameAsShipping: true },
    { type: "set-payment-method", paymentMethod: "card" },
  ])
    await ok(await api.post(url("/api/cart"), { data: intent }), intent.type);
  const placed = (await (await ok(await api.post(url("/api/orders")), "place")).json()) as { order: { orderNumber: string }; payment: { approvalUrl: string } };
  return { orderNumber: placed.order.orderNumber, approvalUrl: placed.payment.approvalUrl };
}

/** The order paid through the API as `api`'s visitor: the gateway's own form, then its approve call (which must say paid). */
export async function approvedThroughApi(api: Api, orderNumber: string, approvalUrl: string): Promise<void> {
  const gateway = new URL(approvalUrl).pathname;
  // The gateway answers its form with a 303 back to the shop.
  await ok(await api.post(url(`${gateway}/approve`), { form: {}, maxRedirects: 0 }), "gateway approve", true);
  const approved = await ok(await api.put(url(`/api/orders/${orderNumber}/local/${gateway.split("/").pop()}/approve`)), "approve");
  if (((await approved.json()) as { outcome: string }).outcome !== "paid") throw new Error(`order ${orderNumber} is not paid`);
}

/** An operator's call to the shop's API with the admin token (recorded as "local-admin"), `body` as JSON. */
export function adminCall(method: string, path: string, body: unknown): Promise<Response> {
  return fetch(url(path), {
    method,
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}
