/**
 * Paying by card in the browser (issue 18 point 2): checkout and re-payment send a Braintree or Stripe
 * payment to `/orders/{n}/pay`, which shows the order, the amount and the place for the provider's fields
 * (loaded in the browser), and says cards need JavaScript when there is none. A paid order goes to its
 * success page; someone else's order is a 404. The card module's pure parts: the Drop-in's payment types as
 * the spec names them, and where each approval answer leads.
 */
import { describe, expect, it } from "vitest";
import { describeBraintree, nextPage } from "#client/payments/card-form.ts";
import { NUMBER, fakeOrders, mainOf, order, paymentStart, readyCart, render } from "./pages-fake";

const PAY = `/orders/${NUMBER}/pay`;
const BRAINTREE = paymentStart({ paymentId: "pay_bt", provider: "braintree", approvalUrl: null });
const STRIPE = paymentStart({ paymentId: "pay_st", provider: "stripe", approvalUrl: null, clientSecret: "pi_123_secret_abc", publishableKey: "pk_test_123" });

/** A card order whose open payment is `payment`. */
function cardOrders(payment = BRAINTREE, over: Parameters<typeof order>[0] = {}) {
  const orders = fakeOrders({ orders: [order({ paymentMethod: "card", ...over })] });
  orders.answers.payment = payment;
  return orders;
}

describe("checkout and re-payment with a card through Braintree or Stripe", () => {
  for (const payment of [BRAINTREE, STRIPE]) {
    it(`${payment.provider}: Place order and Pay now redirect (303) to the card page`, async () => {
      const orders = cardOrders(payment);
      const placed = await render(orders.service, "/checkout", { form: { _type: "place-order" }, cart: readyCart("card") });
      expect(placed.status).toBe(303);
      expect(placed.headers.get("location")).toBe(PAY);
      const repaid = await render(orders.service, `/orders/re-payment/${NUMBER}`, { form: {} });
      expect(repaid.status).toBe(303);
      expect(repaid.headers.get("location")).toBe(PAY);
    });
  }
});

describe("/orders/{n}/pay", () => {
  it("Braintree: the order, its amount, the place for the Drop-in and the Pay button; the open payment answered, none started", async () => {
    const orders = cardOrders(BRAINTREE);
    const res = await render(orders.service, PAY);
    expect(res.status).toBe(200);
    const html = await res.text();
    const main = mainOf(html);
    expect(main).toContain("<h1>Pay by card</h1>");
    expect(main).toContain(`Order ${NUMBER}: $5,412.50 to pay by card, Apple Pay or Google Pay.`);
    // The provider is given the exact amount (USD, a decimal string); the page shows it as the site does.
    expect(main).toContain('<div id="card-fields" class="card-fields card-fields-braintree" data-provider="braintree" data-amount="5412.50"></div>');
    expect(main).toContain('<button type="submit" class="primary" disabled="">Pay $5,412.50</button>');
    expect(main).toContain('data-testid="order-amount" data-cents="541250">$5,412.50');
    expect(orders.argsOf("repay")).toEqual([[NUMBER]]);
    // §2: an order page — no coupon popup, no offer launcher, not indexed.
    expect(html).toContain('data-coupon-popup="off"');
    expect(html).toContain('data-offer-launcher="hidden"');
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
  });

  it("Stripe: the place for the Payment Element; the client secret and publishable key reach the page's data, never another secret", async () => {
    const res = await render(cardOrders(STRIPE).service, PAY);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(mainOf(html)).toContain('data-provider="stripe"');
    expect(html).toContain("pi_123_secret_abc");
    expect(html).toContain("pk_test_123");
  });

  it("without JavaScript: says cards need it and links back to checkout for PayPal or a wire", async () => {
    const main = mainOf(await (await render(cardOrders().service, PAY)).text());
    const noscript = main.match(/<noscript>([\s\S]*?)<\/noscript>/)?.[1] ?? "";
    expect(noscript).toContain("Paying by card needs JavaScript");
    expect(noscript).toContain('<a href="/checkout">go back to checkout</a>');
  });

  it("after a decline: says the last payment did not go through and nothing was charged", async () => {
    const main = mainOf(await (await render(cardOrders(BRAINTREE, { status: "payment_failed" }).service, PAY)).text());
    expect(main).toContain("The last payment did not go through; nothing was charged.");
  });

  it("a paid order has nothing to pay: off to its success page, no payment asked for", async () => {
    const orders = cardOrders(BRAINTREE, { status: "paid" });
    const res = await render(orders.service, PAY);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/orders/${NUMBER}/success`);
    expect(orders.argsOf("repay")).toEqual([]);
  });

  it("a payment approved on a provider's page (PayPal, the local gateway) goes there", async () => {
    const orders = cardOrders(paymentStart());
    const res = await render(orders.service, PAY);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(paymentStart().approvalUrl);
  });

  it("a payment that cannot start goes to the re-payment page, which says why", async () => {
    const orders = cardOrders();
    orders.refuse("repay", { ok: false, kind: "not_implemented", message: "Paying by card is not available on this site yet." });
    const res = await render(orders.service, PAY);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/orders/re-payment/${NUMBER}`);
  });

  it("someone else's order (or none) is the not-found page, 404", async () => {
    const orders = fakeOrders({ orders: [] });
    const res = await render(orders.service, PAY);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found");
    expect(orders.argsOf("repay")).toEqual([]);
  });
});

describe("the card module", () => {
  it("names the Drop-in's payment types as the spec's paymentMethodDescription (Android Pay is Google Pay); other types are not taken", () => {
    expect(describeBraintree("CreditCard")).toBe("CreditCard");
    expect(describeBraintree("ApplePayCard")).toBe("ApplePayCard");
    expect(describeBraintree("AndroidPayCard")).toBe("GooglePay");
    expect(describeBraintree("PayPalAccount")).toBeNull();
  });

  it("paid: the success page; declined: stay and show the message; pending or being confirmed: the success page asks again", () => {
    expect(nextPage(NUMBER, "pay_1", "paid")).toBe(`/orders/${NUMBER}/success`);
    expect(nextPage(NUMBER, "pay_1", "declined")).toBeNull();
    expect(nextPage(NUMBER, "pay_1", "pending")).toBe(`/orders/${NUMBER}/success?payment=pay_1`);
    expect(nextPage(NUMBER, "pay_1", "processing")).toBe(`/orders/${NUMBER}/success?payment=pay_1`);
  });
});
