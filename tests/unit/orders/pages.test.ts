/**
 * The order pages as a shopper meets them (issue 18 point 4), rendered in Node through the server renderer
 * with a fake order service: Place order at checkout (off to approve the payment, or to the wire's details),
 * the return from a provider (paid, still being confirmed, declined — the server asked, never the URL),
 * re-payment, the email landing, the custom payment request's page, and what every order page shares.
 */
import { describe, expect, it } from "vitest";
import { GATEWAY_URL, NUMBER, SLUG, WIRE, fakeOrders, mainOf, order, paymentStart, readyCart, render } from "./pages-fake";

const ORDER_PAGES = [
  `/orders/${NUMBER}/success`,
  `/orders/${NUMBER}/cart-success`,
  `/orders/${NUMBER}/success?payment=pay_1&token=EC-1`,
  `/orders/re-payment/${NUMBER}`,
  `/orders/approve-payment/${NUMBER}`,
  `/cart/approve-payment/${NUMBER}`,
  `/orders/${SLUG}`,
  "/my-stuff/orders",
  "/my-stuff/orders/login",
  "/my-stuff/orders/tracking/ada@example.com",
  `/my-stuff/orders/tracking/ada@example.com/${NUMBER}`,
];

/** The page's main text without tags. */
const textOf = (html: string) =>
  mainOf(html)
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("every order page", () => {
  for (const path of ORDER_PAGES) {
    it(`${path}: no coupon popup or offer launcher, not indexed, one heading`, async () => {
      const res = await render(fakeOrders({ mine: [order()] }).service, path);
      const page = await res.text();
      expect(res.status).toBe(200);
      expect(page).toContain('data-coupon-popup="off"');
      expect(page).toContain('data-offer-launcher="hidden"');
      expect(page).toContain('<meta name="robots" content="noindex">');
      expect(res.headers.get("x-robots-tag")).toBe("noindex");
      expect(page.match(/<h1[\s>]/g)).toHaveLength(1);
    });
  }

  it("an order that is not this shopper's (or does not exist) is the not-found page, 404, on every page naming it", async () => {
    const orders = fakeOrders({ orders: [] });
    for (const path of [
      `/orders/${NUMBER}/success`,
      `/orders/${NUMBER}/success?payment=pay_1`,
      `/orders/re-payment/${NUMBER}`,
      `/orders/approve-payment/${NUMBER}`,
      `/orders/${NUMBER}-wrongkeywrongkeywrongk`,
    ]) {
      const res = await render(orders.service, path);
      expect(res.status, path).toBe(404);
      expect(textOf(await res.text()), path).toContain("Page not found");
    }
    const post = await render(orders.service, `/orders/re-payment/${NUMBER}`, { form: {} });
    expect(post.status).toBe(404);
  });
});

describe("checkout's Place order", () => {
  it("places the order and redirects (303) to where the shopper approves the payment", async () => {
    const orders = fakeOrders();
    const res = await render(orders.service, "/checkout", { form: { _type: "place-order" }, cart: readyCart() });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(GATEWAY_URL);
    expect(orders.argsOf("place")).toHaveLength(1);
  });

  it("a bank wire has nothing to approve: the order's page, which shows the transfer details", async () => {
    const orders = fakeOrders({ orders: [order({ paymentMethod: "wire" })] });
    orders.answers.payment = paymentStart({ provider: "wire", approvalUrl: null, wireInstructions: WIRE });
    const res = await render(orders.service, "/checkout", { form: { _type: "place-order" }, cart: readyCart("wire") });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/orders/${NUMBER}/success`);

    const page = textOf(await (await render(orders.service, `/orders/${NUMBER}/success`)).text());
    expect(page).toContain("Your order is placed");
    expect(page).toContain(`Wire $5,412.50 with the reference ${NUMBER}`);
    expect(page).toContain("Account number 000123456789");
    expect(page).toContain("Routing number 021000021");
  });

  it("a refusal stays on checkout with its status and message, like the page's other messages", async () => {
    const orders = fakeOrders();
    orders.refuse("place", { ok: false, kind: "conflict", message: "The order is not ready: 1.01 ct Round diamond is no longer available" });
    const res = await render(orders.service, "/checkout", { form: { _type: "place-order" }, cart: readyCart() });
    expect(res.status).toBe(409);
    expect(mainOf(await res.text())).toContain('<p class="form-error" role="alert">The order is not ready: 1.01 ct Round diamond is no longer available</p>');
  });

  it("is a plain form posted as a document (it works without JavaScript)", async () => {
    const main = mainOf(await (await render(fakeOrders().service, "/checkout", { cart: readyCart() })).text());
    expect(main).toMatch(
      /<form method="post" action="\/checkout" aria-label="Place order"><input type="hidden" name="_type" value="place-order"\/><button type="submit">Place order<\/button>/,
    );
  });
});

describe("/orders/{n}/success back from the provider", () => {
  it("asks the server to confirm with the provider (its own query passed on) and shows paid: thank you, the number, the items, the amount", async () => {
    const orders = fakeOrders();
    const res = await render(orders.service, `/orders/${NUMBER}/success?payment=pay_1&token=EC-1&PayerID=P1`);
    expect(res.status).toBe(200);
    expect(orders.argsOf("confirmReturn")).toEqual([[NUMBER, "pay_1", { token: "EC-1", PayerID: "P1" }]]);
    const html = await res.text();
    expect(html).toContain("<title>Thank you for your order — Loupe</title>");
    const page = textOf(html);
    expect(page).toContain("Thank you for your order");
    expect(page).toContain(`your payment of $5,412.50 is received and order ${NUMBER} is confirmed`);
    expect(page).toContain("1.01 ct Round diamond, G VS1 $5,000.00");
    expect(page).toContain("Paid $5,412.50");
  });

  it("the same page at /cart-success", async () => {
    const page = textOf(await (await render(fakeOrders().service, `/orders/${NUMBER}/cart-success?payment=pay_1`)).text());
    expect(page).toContain("Thank you for your order");
  });

  for (const outcome of ["pending", "processing"] as const) {
    it(`${outcome}: the message and a link to check again (this page), never "paid"`, async () => {
      const orders = fakeOrders();
      orders.answers.confirm = { outcome, message: "The provider has not confirmed the payment yet." };
      const path = `/orders/${NUMBER}/success?payment=pay_1&token=EC-1`;
      const html = await (await render(orders.service, path)).text();
      const page = textOf(html);
      expect(page).toContain("Your payment is being confirmed");
      expect(page).toContain("The provider has not confirmed the payment yet.");
      expect(mainOf(html)).toContain(`<a href="/orders/${NUMBER}/success?payment=pay_1&amp;token=EC-1">Check again</a>`);
      expect(page).not.toContain("Thank you");
      expect(page).toContain("Amount due $5,412.50");
    });
  }

  it("declined: the reason and a link to pay again", async () => {
    const orders = fakeOrders({ orders: [order({ status: "payment_failed" })] });
    orders.answers.confirm = { outcome: "declined", message: "Insufficient funds. Nothing was charged; please try another card or method." };
    const html = await (await render(orders.service, `/orders/${NUMBER}/success?payment=pay_1`)).text();
    expect(textOf(html)).toContain("Your payment did not go through");
    expect(mainOf(html)).toContain('role="alert">Insufficient funds. Nothing was charged; please try another card or method.</p>');
    expect(mainOf(html)).toContain(`href="/orders/re-payment/${NUMBER}">Pay again</a>`);
  });

  it("a return the server refuses (a forged payment id) changes nothing: the order as it is and the message", async () => {
    const orders = fakeOrders();
    orders.refuse("confirmReturn", { ok: false, kind: "conflict", message: "This payment does not belong to the order." });
    const res = await render(orders.service, `/orders/${NUMBER}/success?payment=pay_forged`);
    expect(res.status).toBe(409);
    const page = textOf(await res.text());
    expect(page).toContain("We could not confirm the payment");
    expect(page).toContain("This payment does not belong to the order.");
    expect(page).toContain("Amount due $5,412.50");
    expect(page).not.toContain("Thank you");
  });

  it("without ?payment: the order as it is (get), no confirmation asked", async () => {
    const orders = fakeOrders({ orders: [order({ status: "paid", statusLabel: "paid" })] });
    const page = textOf(await (await render(orders.service, `/orders/${NUMBER}/success`)).text());
    expect(orders.argsOf("confirmReturn")).toEqual([]);
    expect(orders.argsOf("get")).toEqual([[NUMBER]]);
    expect(page).toContain("Thank you for your order");
    expect(page).toContain(`Order ${NUMBER} · placed 3 November 2026 · paid`);
    const unpaid = fakeOrders();
    const html = await (await render(unpaid.service, `/orders/${NUMBER}/success`)).text();
    expect(textOf(html)).toContain("Your order waits for its payment");
    expect(mainOf(html)).toContain(`href="/orders/re-payment/${NUMBER}">Pay now</a>`);
    expect(unpaid.argsOf("repay")).toEqual([]);
  });
});

describe("/orders/re-payment/{n}", () => {
  it("shows the unpaid order and a Pay now button; the post redirects to where the payment is approved", async () => {
    const orders = fakeOrders({ orders: [order({ status: "payment_failed" })] });
    const html = await (await render(orders.service, `/orders/re-payment/${NUMBER}`)).text();
    expect(textOf(html)).toContain(`Order ${NUMBER} waits for its payment of $5,412.50. The last payment did not go through; nothing was charged.`);
    expect(mainOf(html)).toMatch(
      /<form method="post" class="order-pay" aria-label="Pay for the order">.*<button type="submit" class="primary">Pay now<\/button>/,
    );
    expect(orders.argsOf("repay")).toEqual([]);
    const res = await render(orders.service, `/orders/re-payment/${NUMBER}`, { form: {} });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(GATEWAY_URL);
    expect(orders.argsOf("repay")).toEqual([[NUMBER]]);
  });

  it("a refused payment start: its status and message on the page", async () => {
    const orders = fakeOrders();
    orders.refuse("repay", { ok: false, kind: "not_implemented", message: "Affirm is not available yet." });
    const res = await render(orders.service, `/orders/re-payment/${NUMBER}`, { form: {} });
    expect(res.status).toBe(501);
    expect(mainOf(await res.text())).toContain('<p class="form-alert" role="alert">Affirm is not available yet.</p>');
  });

  it("a paid order has nothing to pay: no button", async () => {
    const html = await (await render(fakeOrders({ orders: [order({ status: "paid" })] }).service, `/orders/re-payment/${NUMBER}`)).text();
    expect(textOf(html)).toContain("This order is paid: there is nothing more to pay.");
    expect(mainOf(html)).not.toContain("Pay now");
  });
});

describe("/orders/{slugUrl}, the email landing", () => {
  it("shows the order behind the link and offers to sign in, returning here, to keep it in the account", async () => {
    const orders = fakeOrders({ orders: [order({ status: "paid" })] });
    const html = await (await render(orders.service, `/orders/${SLUG}`)).text();
    expect(orders.argsOf("bySlug")).toEqual([[SLUG]]);
    expect(textOf(html)).toContain(`Order ${NUMBER}`);
    expect(textOf(html)).toContain("Thank you for your order: it is paid.");
    expect(mainOf(html)).toContain(`href="/login?returnUrl=%2Forders%2F${SLUG}">Sign in to save this order to your account</a>`);
  });

  it("signed in: the way to their orders instead", async () => {
    const html = await (await render(fakeOrders().service, `/orders/${SLUG}`, { signedIn: true })).text();
    expect(mainOf(html)).toContain('href="/my-stuff/orders">See your orders</a>');
    expect(mainOf(html)).not.toContain("Sign in to save");
  });
});

describe("/orders/approve-payment/{n} and /cart/approve-payment/{n}", () => {
  const REQUEST = {
    id: "prq_0123456789abcdef0123456789abcdef",
    amount: 12_500,
    reason: "Resize the ring to 6.5",
    status: "open" as const,
    createdAt: Date.UTC(2026, 10, 4),
    paidAt: null,
  };

  it("without a request: the order's payment state and a link to pay an unpaid order, no form", async () => {
    for (const base of ["/orders", "/cart"]) {
      const html = await (await render(fakeOrders().service, `${base}/approve-payment/${NUMBER}`)).text();
      const page = textOf(html);
      expect(page).toContain(`Payment for order ${NUMBER}`);
      expect(page).toContain("This order waits for its payment of $5,412.50.");
      expect(mainOf(html)).toContain(`href="/orders/re-payment/${NUMBER}">Pay now</a>`);
      expect(mainOf(html)).not.toContain("<form");
    }
    const paid = textOf(await (await render(fakeOrders({ orders: [order({ status: "paid" })] }).service, `/orders/approve-payment/${NUMBER}`)).text());
    expect(paid).toContain("There is no payment waiting for your approval on this order.");
  });

  it("shows an open request with its reason and amount; approving it goes to the payment", async () => {
    const fake = fakeOrders({ orders: [order({ status: "paid", requests: [REQUEST] })] });
    const html = await (await render(fake.service, `/orders/approve-payment/${NUMBER}`)).text();
    expect(textOf(html)).toContain("Resize the ring to 6.5: $125");
    expect(mainOf(html)).toContain(`name="requestId" value="${REQUEST.id}"`);
    const res = await render(fake.service, `/orders/approve-payment/${NUMBER}`, { form: { requestId: REQUEST.id } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(GATEWAY_URL);
    expect(fake.argsOf("payRequest")).toEqual([[NUMBER, REQUEST.id]]);
  });

  it("shows why a request could not be paid beside it", async () => {
    const fake = fakeOrders({ orders: [order({ status: "paid", requests: [REQUEST] })] });
    fake.refuse("payRequest", { ok: false, kind: "conflict", message: "This payment request is paid." });
    const res = await render(fake.service, `/orders/approve-payment/${NUMBER}`, { form: { requestId: REQUEST.id } });
    expect(res.status).toBe(409);
    expect(textOf(await res.text())).toContain("This payment request is paid.");
  });
});
