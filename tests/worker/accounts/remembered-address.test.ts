/**
 * A signed-in customer's checkout starts from their last order's addresses and email
 * (docs/decisions/064-pay-again-and-remembered-address.md); a guest's, and another customer's, start empty; an
 * address the shopper gave wins; the checkout page is never stored.
 */
import { describe, expect, it } from "vitest";
import type { CartView } from "#shared/cart/schemas.ts";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { call, postJson } from "../helpers";
import { diamonds, visitor } from "../cart/cart-helpers";
import { ADDRESS, approveLocal, decideAtGateway, localIdOf } from "../orders/orders-helpers";
import { bearer, confirmedUser, freshIp, PASSWORD } from "./account-helpers";

const BILLING = { ...ADDRESS, name: "Ada Payer", line1: "9 Bank Row", city: "Dallas", postalCode: "75201", email: "" };
let next = 33;

/** A customer signed in from a new browser: their cart calls, the checkout's cart, the page, an order placed. */
async function customer(tag: string) {
  const email = await confirmedUser(tag);
  const browser = await visitor();
  const login = await postJson("/api/accounts/login", { email, password: PASSWORD }, { cookie: browser.cookie, "cf-connecting-ip": freshIp() });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { token: { data: string } }).token.data;
  const headers = { cookie: browser.cookie, ...bearer(token) };
  const ok = async (intent: Record<string, unknown>) => {
    const res = await postJson("/api/cart", intent, headers);
    if (res.status !== 200) throw new Error(`${String(intent.type)}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as CartView;
  };
  const list = await diamonds();
  return {
    browser,
    headers,
    ok,
    addDiamond: async () => ok({ type: "add-diamond", diamondId: list[next++ % list.length]!.id }),
    cart: async () => (await (await call("/api/cart", { headers })).json()) as CartView,
    checkout: async () => (await (await call("/api/cart/checkout", { headers })).json()) as CartView,
    page: () => call("/checkout", { headers }),
    place: async () => {
      const res = await call("/api/orders", { method: "POST", headers });
      expect(res.status).toBe(201);
      return (await res.json()) as PlacedOrder;
    },
  };
}

/** Places and pays an order from the customer's cart (its cart is emptied, its address with it). */
async function placeAndPay(c: Awaited<ReturnType<typeof customer>>) {
  const placed = await c.place();
  await decideAtGateway(placed.payment.approvalUrl!, "approve");
  expect((await approveLocal(placed.order.orderNumber, localIdOf(placed.payment.approvalUrl!))).body.order.status).toBe("paid");
  return placed;
}

describe("a signed-in checkout remembers the last address", () => {
  it("the second checkout starts with the first order's shipping and billing addresses and email; the page is never stored", async () => {
    const ada = await customer("remember");
    await ada.addDiamond();
    await ada.ok({ type: "set-addresses", shippingAddress: ADDRESS, billingAddress: BILLING, billingSameAsShipping: false });
    await ada.ok({ type: "set-payment-method", paymentMethod: "card" });
    await placeAndPay(ada);
    // A new cart: nothing typed yet.
    const fresh = await ada.addDiamond();
    expect(fresh.ShippingAddress).toBeNull();
    const atCheckout = await ada.checkout();
    expect(atCheckout.ShippingAddress).toMatchObject({ ...ADDRESS, apt: "", phone: "" });
    expect(atCheckout.BillingSameAsShipping).toBe(false);
    expect(atCheckout.BillingAddress).toMatchObject({ name: "Ada Payer", line1: "9 Bank Row", city: "Dallas", postalCode: "75201" });
    // Filled in as set-addresses would: the tax is for that address, and the cart keeps it.
    expect(atCheckout.Tax).toBeGreaterThan(0);
    expect((await ada.cart()).ShippingAddress).toEqual(atCheckout.ShippingAddress);
    // The page shows it in the form, and is private and never stored.
    const page = await ada.page();
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(`value="${ADDRESS.line1}"`);
    expect(html).toContain(`value="${ADDRESS.email}"`);
  });

  it("an address the shopper gave wins; the last order's email when its address had none", async () => {
    const ada = await customer("remember-own");
    await ada.addDiamond();
    await ada.ok({ type: "set-contact", userEmail: "contact@example.com" });
    await ada.ok({ type: "set-addresses", shippingAddress: { ...ADDRESS, email: "" }, billingSameAsShipping: true });
    await ada.ok({ type: "set-payment-method", paymentMethod: "card" });
    await placeAndPay(ada);
    await ada.addDiamond();
    const remembered = await ada.checkout();
    expect(remembered.ShippingAddress?.email).toBe("contact@example.com");
    expect(remembered.BillingSameAsShipping).toBe(true);
    const moved = { ...ADDRESS, line1: "77 New Home Ave", email: "moved@example.com" };
    await ada.ok({ type: "set-addresses", shippingAddress: moved, billingSameAsShipping: true });
    expect((await ada.checkout()).ShippingAddress).toMatchObject({ line1: "77 New Home Ave", email: "moved@example.com" });
  });

  it("another customer, and a guest in the same browser, start empty", async () => {
    const ada = await customer("remember-first");
    await ada.addDiamond();
    await ada.ok({ type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true });
    await ada.ok({ type: "set-payment-method", paymentMethod: "card" });
    await ada.place();
    const bob = await customer("remember-other");
    await bob.addDiamond();
    expect((await bob.checkout()).ShippingAddress).toBeNull();
    const bobPage = await (await bob.page()).text();
    expect(bobPage).not.toContain(ADDRESS.line1);
    // Ada's browser signed out (its visitor cookie alone): the guest's own cart, empty.
    const guest = await (await call("/api/cart/checkout", { headers: { cookie: ada.browser.cookie } })).json();
    expect((guest as CartView).ShippingAddress).toBeNull();
    const guestPage = await call("/checkout", { headers: { cookie: ada.browser.cookie } });
    expect(await guestPage.text()).not.toContain(ADDRESS.line1);
    expect(guestPage.headers.get("cache-control")).toBe("private, no-store");
  });
});
