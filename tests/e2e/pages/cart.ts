import type { Page } from "playwright-core";
import { expect } from "vitest";
import { url } from "./browser";

/** The cart page (/cart) as a shopper uses it. */
export class CartPage {
  constructor(readonly page: Page) {}

  open(path = "/cart") {
    return this.page.goto(url(path));
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  lines() {
    return this.page.locator("li.cart-line");
  }

  lineNames() {
    return this.lines().locator(".cart-line-body > a").allInnerTexts();
  }

  total() {
    return this.page.getByTestId("cart-total").innerText();
  }

  /** The total before tax (what a price lock holds). */
  preTax() {
    return this.page.getByTestId("cart-pretax").innerText();
  }

  tax() {
    return this.page.getByTestId("cart-tax").innerText();
  }

  /** Picks the state the tax estimate is for ("" = the visitor's location). */
  async estimateTaxFor(state: string) {
    const form = this.page.getByRole("form", { name: "Estimate tax for" });
    await form.getByLabel("Estimate tax for").selectOption(state);
    await form.getByRole("button", { name: "Update" }).click();
  }

  shareLink() {
    return this.page.getByTestId("share-link").getAttribute("href");
  }

  async applyPromo(code: string) {
    const form = this.page.getByRole("form", { name: "Promo code" });
    await form.getByLabel("Promo code").fill(code);
    await form.getByRole("button", { name: "Apply" }).click();
  }

  lockButton() {
    return this.page.getByRole("button", { name: "Lock price for 72 hours" });
  }

  locks() {
    return this.page.locator("ul.locks li");
  }
}

/** The checkout page (/checkout). */
export class CheckoutPage {
  constructor(readonly page: Page) {}

  problems() {
    return this.page.locator("ul.checkout-problems li").allInnerTexts();
  }

  placeOrder() {
    return this.page.getByRole("button", { name: "Place order" });
  }

  async fillAddress(a: { name: string; line1: string; city: string; state: string; postalCode: string; email: string }) {
    const form = this.page.getByRole("form", { name: "Shipping address" });
    await form.getByLabel("Full name").fill(a.name);
    await form.getByLabel("Address", { exact: true }).fill(a.line1);
    await form.getByLabel("City").fill(a.city);
    await form.getByLabel("State").selectOption(a.state);
    await form.getByLabel("ZIP code").fill(a.postalCode);
    await form.getByLabel("Email for the order").fill(a.email);
    await form.getByRole("button", { name: "Save address" }).click();
  }

  /** The order's total (what the gateway asks for). */
  total() {
    return this.page.getByTestId("cart-total").innerText();
  }

  /** Chooses the payment method (its value or its label) and saves it: the total, once it shows. */
  async choosePaymentMethod(option: string): Promise<string> {
    const form = this.page.getByRole("form", { name: "Payment method" });
    await form.getByLabel("Payment method").selectOption(option);
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => this.total()).toMatch(/^\$/);
    return this.total();
  }

  /** The placed order waiting for its payment (Place order went on to the payment; back on checkout, this shows). */
  placed() {
    return this.page.getByRole("status").filter({ hasText: "Your order is placed" });
  }
}

/**
 * The detail page of the first free diamond between $1,000 and $7,000: a stone any cart test can add, and whose
 * ring stays within what every payment method takes (PayPal: $10,000) — also after other browser tests have
 * imported stones (the alerts test lists a $12,345 one that may rank first).
 */
export async function firstDiamondPath(): Promise<string> {
  const res = await fetch(url("/api/diamonds2"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pageSize: 50, priceMin: 1000, priceMax: 7000 }),
  });
  const body = (await res.json()) as { diamonds: { id: number; slug: string }[] };
  // An earlier test's order may hold the first stones (a held stone has no Add to cart; a search answer
  // cached for a minute may still list it): the first one its own page says is free.
  for (const d of body.diamonds) {
    const detail = (await (await fetch(url(`/api/diamonds/${d.id}`))).json()) as { availability?: string; isSold: boolean };
    if ((detail.availability ?? (detail.isSold ? "sold" : "available")) === "available") return `/diamond/${d.id}/${d.slug}`;
  }
  throw new Error("no free diamond between $1,000 and $7,000");
}
