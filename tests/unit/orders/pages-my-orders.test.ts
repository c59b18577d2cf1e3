/**
 * My stuff's order pages (issue 18 point 4): the signed-in customer's orders, the way in for a signed-out
 * visitor, and looking an order up by number and email without an account — one message whatever was wrong,
 * the wait after too many tries, and no street or payment in what it shows.
 */
import { describe, expect, it } from "vitest";
import { NOT_FOUND_MESSAGE } from "#client/routes/my-orders-tracking.tsx";
import { NUMBER, attr, fakeOrders, inputTag, mainOf, order, render } from "./pages-fake";

const textOf = (html: string) =>
  mainOf(html)
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("/my-stuff/orders", () => {
  it("signed out: a sign-in link returning here and a link to the lookup", async () => {
    const main = mainOf(await (await render(fakeOrders({ mine: null }).service, "/my-stuff/orders")).text());
    expect(main).toContain('href="/login?returnUrl=%2Fmy-stuff%2Forders">Sign in to see your orders</a>');
    expect(main).toContain('href="/my-stuff/orders/login">Look an order up by its number and email</a>');
  });

  it("signed in: their orders, newest first as the server lists them, each linking to its page; an unpaid one to pay", async () => {
    const second = order({ orderNumber: "LP0000000002", status: "paid", statusLabel: "paid", amountDue: 120_000 });
    const html = await (await render(fakeOrders({ mine: [second, order()] }).service, "/my-stuff/orders", { signedIn: true })).text();
    const main = mainOf(html);
    expect([...main.matchAll(/href="\/orders\/(LP\d{10})\/success">Order/g)].map((m) => m[1])).toEqual(["LP0000000002", NUMBER]);
    const text = textOf(html);
    expect(text).toContain("Order LP0000000002 · 3 November 2026 · $1,200.00 · paid");
    expect(text).toContain(`Order ${NUMBER} · 3 November 2026 · $5,412.50 · waiting for payment`);
    expect(main).toContain(`href="/orders/re-payment/${NUMBER}">Pay now</a>`);
    expect(main.match(/Pay now/g)).toHaveLength(1);
  });

  it("signed in with no orders: says so", async () => {
    const text = textOf(await (await render(fakeOrders({ mine: [] }).service, "/my-stuff/orders", { signedIn: true })).text());
    expect(text).toContain("You have no orders yet.");
  });
});

describe("order lookup: /my-stuff/orders/login and /my-stuff/orders/tracking/{email?}/{orderNumber?}", () => {
  it("the form posts number and email to the lookup address and shows the order: status, items, the city — no street, no payment", async () => {
    const orders = fakeOrders();
    const blank = mainOf(await (await render(orders.service, "/my-stuff/orders/login")).text());
    expect(blank).toContain('<form method="post" action="/my-stuff/orders/login" class="account-form" aria-label="Track an order">');
    expect(orders.argsOf("track")).toEqual([]);

    const res = await render(orders.service, "/my-stuff/orders/login", { form: { orderNumber: ` ${NUMBER.toLowerCase()} `, email: " ada@example.com " } });
    expect(res.status).toBe(200);
    expect(orders.argsOf("track")).toEqual([[NUMBER, "ada@example.com"]]);
    const text = textOf(await res.text());
    expect(text).toContain(`Order ${NUMBER} · placed 3 November 2026 · paid`);
    expect(text).toContain("1.01 ct Round diamond, G VS1");
    expect(text).toContain("Ships to Austin, TX");
    expect(text).not.toContain("1 Market St");
    expect(text).not.toContain("$");
  });

  it("a tracking address naming both looks the order up when opened; naming the email only fills it in", async () => {
    const orders = fakeOrders();
    const text = textOf(await (await render(orders.service, `/my-stuff/orders/tracking/ada@example.com/${NUMBER}`)).text());
    expect(orders.argsOf("track")).toEqual([[NUMBER, "ada@example.com"]]);
    expect(text).toContain(`Order ${NUMBER}`);

    const emailOnly = fakeOrders();
    const main = mainOf(await (await render(emailOnly.service, "/my-stuff/orders/tracking/ada@example.com")).text());
    expect(emailOnly.argsOf("track")).toEqual([]);
    expect(attr(inputTag(main, "email"), "value")).toBe("ada@example.com");
    expect(attr(inputTag(main, "orderNumber"), "value")).toBe("");
  });

  it("a wrong email, a missing order and a malformed number get one message (404), the typed values kept", async () => {
    for (const kind of ["not_found", "bad_request"] as const) {
      const orders = fakeOrders();
      orders.refuse("track", { ok: false, kind, message: kind === "bad_request" ? "an order number is LP and 10 digits" : "No such order" });
      const res = await render(orders.service, "/my-stuff/orders/login", { form: { orderNumber: "LP12", email: "someone@example.com" } });
      expect(res.status).toBe(kind === "not_found" ? 404 : 400);
      const main = mainOf(await res.text());
      expect(main).toContain(`<p class="form-alert" role="alert">${NOT_FOUND_MESSAGE}</p>`);
      expect(main).not.toContain("LP and 10 digits</p>");
      expect(attr(inputTag(main, "orderNumber"), "value")).toBe("LP12");
      expect(attr(inputTag(main, "email"), "value")).toBe("someone@example.com");
    }
  });

  it("too many tries: 429 and the wait in minutes — from the form (with Retry-After) and from a tracking address", async () => {
    const orders = fakeOrders();
    orders.refuse("track", { ok: false, kind: "rate_limited", message: "Too many lookups", retryAfter: 840 });
    const posted = await render(orders.service, "/my-stuff/orders/login", { form: { orderNumber: NUMBER, email: "ada@example.com" } });
    expect(posted.headers.get("retry-after")).toBe("840");
    // The renderer passes an action's Retry-After on (client/entry.server.tsx), not a loader's: the status and the wait still say it.
    const opened = await render(orders.service, `/my-stuff/orders/tracking/ada@example.com/${NUMBER}`);
    for (const res of [posted, opened]) {
      expect(res.status).toBe(429);
      expect(textOf(await res.text())).toContain("Too many lookups. Try again in 14 minutes.");
    }
  });

  it("labels its inputs and links a customer with an account to sign in", async () => {
    const main = mainOf(await (await render(fakeOrders().service, "/my-stuff/orders/login")).text());
    expect(main).toContain('<label for="field-orderNumber">Order number</label>');
    expect(main).toContain('<label for="field-email">Email used for the order</label>');
    expect(main).toContain('href="/login?returnUrl=%2Fmy-stuff%2Forders"');
  });
});
