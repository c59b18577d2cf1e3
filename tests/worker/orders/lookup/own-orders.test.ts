/** The shopper's own order: its confirmation email, joining an account (Save), its expiry, changing its address, the cart's offers. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { BestOffers } from "#shared/orders/lookup.ts";
import type { OrderView, PlacedOrder } from "#shared/orders/schemas.ts";
import { bearer, confirmedUser, outbox, signIn } from "../../accounts/account-helpers";
import { visitor } from "../../cart/cart-helpers";
import { call } from "../../helpers";
import { ADDRESS, approveLocal, decideAtGateway, localIdOf } from "../orders-helpers";
import { customerOrder, emailOrder, expiration, guestOrder, keyOf, orderRow, paymentRows, saveOrder, updateOrder } from "./lookup-helpers";

describe("orders/EmailOrder", () => {
  it("queues the confirmation of the shopper's own order: items, amount, status and the order's link", async () => {
    const g = await guestOrder();
    const res = await emailOrder(g.orderNumber, g.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ queued: true, to: ADDRESS.email });
    const mail = (await outbox(ADDRESS.email)).find((m) => m.template === "order-confirmation" && m.data.orderNumber === g.orderNumber)!;
    expect(mail).toBeDefined();
    const data = mail.data as unknown as { status: string; amountCents: number; lines: { name: string }[]; link: string };
    expect(data.status).toBe("waiting for payment");
    expect(data.amountCents).toBe(g.placed.order.amountDue);
    expect(data.lines.map((i) => i.name)).toEqual(g.placed.order.lines.map((l) => l.name));
    expect(data.link).toBe(`https://loupe.test/orders/${g.orderNumber}-${await keyOf(g.orderNumber)}`);
    // The email as sent: both bodies carry the items, the amount, the status and the link.
    const shown = await call(`/dev/outbox/${mail.id}`);
    const html = await shown.text();
    expect(html).toContain(g.placed.order.lines[0]!.name);
    expect(html).toContain(data.link);
  });

  it("answers 404 for another shopper's order and an unknown one", async () => {
    const g = await guestOrder();
    const stranger = await visitor();
    expect((await emailOrder(g.orderNumber, { cookie: stranger.cookie })).status).toBe(404);
    expect((await emailOrder("LP0000000002", g.headers)).status).toBe(404);
  });

  it("sends the signed-in customer's order from any browser", async () => {
    const c = await customerOrder();
    const elsewhere = await visitor();
    const res = await emailOrder(c.orderNumber, { cookie: elsewhere.cookie, ...bearer(c.token) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { to: string }).to).toBe(c.email);
  });
});

describe("orders/Save", () => {
  it("joins a guest order to the signed-in account with its key; the account then sees it anywhere", async () => {
    const g = await guestOrder();
    const email = await confirmedUser("saver");
    const token = await signIn(email);
    const res = await saveOrder(g.orderNumber, await keyOf(g.orderNumber), bearer(token));
    expect(res.status).toBe(200);
    expect(((await res.json()) as OrderView).orderNumber).toBe(g.orderNumber);
    const user = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: number }>())!;
    expect((await orderRow(g.orderNumber)).user_id).toBe(user.id);
    // Saving again is the same answer; from a new browser the customer now owns it.
    expect((await saveOrder(g.orderNumber, await keyOf(g.orderNumber), bearer(token))).status).toBe(200);
    const fresh = await visitor();
    expect((await expiration(g.orderNumber, { cookie: fresh.cookie, ...bearer(token) })).status).toBe(200);
  });

  it("refuses a wrong key, an unknown order and another account's order alike (404), and anyone signed out (401)", async () => {
    const g = await guestOrder();
    const token = await signIn(await confirmedUser("saver"));
    const wrong = await saveOrder(g.orderNumber, await keyOf("LP0000000003"), bearer(token));
    expect(wrong.status).toBe(404);
    expect((await saveOrder("LP0000000003", await keyOf("LP0000000003"), bearer(token))).status).toBe(404);
    expect((await orderRow(g.orderNumber)).user_id).toBeNull();
    const c = await customerOrder();
    expect((await saveOrder(c.orderNumber, await keyOf(c.orderNumber), bearer(token))).status).toBe(404);
    // A guest order saved by one account cannot be taken by another.
    expect((await saveOrder(g.orderNumber, await keyOf(g.orderNumber), bearer(c.token))).status).toBe(200);
    expect((await saveOrder(g.orderNumber, await keyOf(g.orderNumber), bearer(token))).status).toBe(404);
    expect((await saveOrder(g.orderNumber, await keyOf(g.orderNumber), g.headers)).status).toBe(401);
  });
});

describe("orders/get-order-expiration", () => {
  it("tells the shopper when their unpaid order expires; others get 404", async () => {
    const g = await guestOrder();
    const res = await expiration(g.orderNumber, g.headers);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { orderNumber: string; expiresAt: number; expired: boolean };
    expect(body).toEqual({ orderNumber: g.orderNumber, expiresAt: g.placed.order.expiresAt, expired: false });
    expect(body.expiresAt - g.placed.order.createdAt).toBeGreaterThanOrEqual(24 * 3600_000 - 5_000);
    expect((await expiration(g.orderNumber, { cookie: (await visitor()).cookie })).status).toBe(404);
  });
});

describe("orders/payment-order-update", () => {
  const OREGON = { ...ADDRESS, line1: "9 Pearl St", city: "Portland", state: "OR", postalCode: "97209" };

  it("moves an unpaid order to a new address: the tax and amount due follow it, the old payment is cancelled and the next one collects the new amount", async () => {
    const g = await guestOrder();
    expect(g.placed.order.tax).toBeGreaterThan(0);
    const res = await updateOrder(
      g.orderNumber,
      { ShippingAddress: OREGON, BillingAddress: null, Instructions: "Leave with the concierge", Items: [{ anything: 1 }], SSID: "abc" },
      g.headers,
    );
    expect(res.status).toBe(200);
    const order = (await res.json()) as OrderView;
    expect(order.shippingAddress.city).toBe("Portland");
    expect(order.tax).toBe(0);
    expect(order.amountDue).toBe(order.total);
    expect(order.lines).toEqual(g.placed.order.lines);
    expect((await orderRow(g.orderNumber)).instructions).toBe("Leave with the concierge");
    expect((await paymentRows(g.orderNumber)).map((p) => p.status)).toEqual(["cancelled"]);
    const repay = await call(`/api/orders/payment/${g.orderNumber}`, { method: "POST", headers: g.headers });
    expect(repay.status).toBe(200);
    const next = (await repay.json()) as PlacedOrder;
    expect(next.payment.paymentId).not.toBe(g.placed.payment.paymentId);
    const payments = await paymentRows(g.orderNumber);
    expect(payments.map((p) => [p.status, p.amount_cents])).toEqual([
      ["cancelled", g.placed.order.amountDue],
      ["created", order.total],
    ]);
  });

  it("takes a new postal code alone, keeping the amount (and the open payment) when the state is the same", async () => {
    const g = await guestOrder();
    const res = await updateOrder(g.orderNumber, { PostalCode: "78702" }, g.headers);
    expect(res.status).toBe(200);
    const order = (await res.json()) as OrderView;
    expect(order.shippingAddress.postalCode).toBe("78702");
    expect(order.amountDue).toBe(g.placed.order.amountDue);
    expect((await paymentRows(g.orderNumber)).map((p) => p.status)).toEqual(["created"]);
  });

  it("refuses a paid order (409), another shopper's (404) and a bad address (400)", async () => {
    const g = await guestOrder();
    expect((await updateOrder(g.orderNumber, { ShippingAddress: OREGON }, { cookie: (await visitor()).cookie })).status).toBe(404);
    expect((await updateOrder(g.orderNumber, { ShippingAddress: { ...OREGON, city: "" } }, g.headers)).status).toBe(400);
    await decideAtGateway(g.placed.payment.approvalUrl!, "approve");
    expect((await approveLocal(g.orderNumber, localIdOf(g.placed.payment.approvalUrl!))).body.outcome).toBe("paid");
    const paid = await updateOrder(g.orderNumber, { ShippingAddress: OREGON }, g.headers);
    expect(paid.status).toBe(409);
    expect((await orderRow(g.orderNumber)).shipping_json).toContain("Austin");
  });
});

describe("orders/best-offers", () => {
  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare(
        `INSERT OR IGNORE INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at) VALUES
           ('LKPCT', '5% off everything', 0, 0, 4102444800000), ('LKAMT', '$1 off', 0, 0, 4102444800000),
           ('LKMIN', '50% off orders over $10M', 1000000000, 0, 4102444800000), ('LKBANDS', '30% off wedding bands', 0, 0, 4102444800000)`,
      ),
      env.DB.prepare(
        `INSERT INTO promotion_rules (code, category, kind, value) VALUES ('LKPCT', NULL, 'percent', 5), ('LKAMT', NULL, 'amount', 100),
           ('LKMIN', NULL, 'percent', 50), ('LKBANDS', 'wedding-bands', 'percent', 30)`,
      ),
    ]);
  });

  it("lists the codes that take something off the cart now, the largest saving first; none for an empty cart", async () => {
    const g = await guestOrder();
    const res = await call("/api/orders/best-offers", { method: "POST", headers: g.headers });
    expect(res.status).toBe(200);
    const { offers } = (await res.json()) as BestOffers;
    const amounts = offers.map((o) => o.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const ours = offers.filter((o) => o.promoCode.startsWith("LK"));
    expect(ours.map((o) => o.promoCode)).toEqual(["LKPCT", "LKAMT"]);
    expect(ours[0]!.amount).toBe(Math.floor((g.diamond.price_cents * 5) / 100));
    expect(ours[1]).toMatchObject({ amount: 100, applied: false });
    const empty = await call("/api/orders/best-offers", { method: "POST", headers: { cookie: (await visitor()).cookie } });
    expect(await empty.json()).toEqual({ offers: [] });
  });
});
