/**
 * Promotion rules (worker/promotions/eligibility.ts; docs/decisions/055-abuse-limits-and-promotion-rules.md):
 * WELCOME100 is "$100 off your first order" — refused to a customer (the checkout's email, or the signed-in
 * account) who has a paid order, when applied in the cart and again at placement and re-payment; a code marked
 * once per customer is refused to one who paid an order with it, and stays open to everyone else.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { CartView } from "#shared/cart/schemas.ts";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { confirmedUser, freshEmail, signIn, bearer } from "../accounts/account-helpers";
import { call, type ErrorBody, postJson } from "../helpers";
import { ADDRESS, approveLocal, decideAtGateway, localIdOf } from "./orders-helpers";

const FIRST_ORDER = "Promo code WELCOME100 is for your first order only";

let stones: number[] = [];
beforeAll(async () => {
  // Stones of at least $1,500 (WELCOME100's minimum), kept apart from other test files by their order.
  const { results } = await env.DB.prepare("SELECT id FROM diamonds WHERE is_sold = 0 AND price_cents >= 150000 ORDER BY id DESC LIMIT 40").all<{
    id: number;
  }>();
  stones = results.map((r) => r.id);
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR REPLACE INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at, once_per_customer) VALUES ('ONCE10', '$10 off, once', 0, ?, ?, 1)",
    ).bind(now - 86_400_000, now + 86_400_000),
    env.DB.prepare("DELETE FROM promotion_rules WHERE code = 'ONCE10'"),
    env.DB.prepare("INSERT INTO promotion_rules (code, category, kind, value) VALUES ('ONCE10', NULL, 'amount', 1000)"),
  ]);
});

/** A new browser (signed in with `token` when given) whose cart holds a stone, the address with `email`, paying by card. */
async function shopper(email: string, token?: string) {
  const auth = token ? bearer(token) : {};
  const first = await call("/api/cart", { headers: auth });
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const headers = { ...auth, cookie };
  const cart = async (intent: Record<string, unknown>) => {
    const res = await postJson("/api/cart", intent, headers);
    expect(res.status, `${intent.type}: ${res.status}`).toBe(200);
    return (await res.json()) as CartView;
  };
  await cart({ type: "add-diamond", diamondId: stones.pop()! });
  await cart({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true });
  await cart({ type: "set-payment-method", paymentMethod: "card" });
  const place = () => call("/api/orders", { method: "POST", headers });
  return {
    cart,
    place,
    repay: (orderNumber: string) => call(`/api/orders/payment/${orderNumber}`, { method: "POST", headers }),
    /** Places the order and pays it at the embedded gateway. */
    async placeAndPay(): Promise<PlacedOrder> {
      const res = await place();
      expect(res.status).toBe(201);
      const placed = (await res.json()) as PlacedOrder;
      await decideAtGateway(placed.payment.approvalUrl!, "approve");
      const paid = await approveLocal(placed.order.orderNumber, localIdOf(placed.payment.approvalUrl!));
      expect(paid.body.order.status).toBe("paid");
      return placed;
    },
  };
}

const ordersOf = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE email = ? COLLATE NOCASE").bind(email).first<{ n: number }>())!.n;

describe("WELCOME100, first order only", () => {
  it("takes $100 off a first order; once it is paid, the code is refused to that email in any cart", async () => {
    const email = freshEmail("welcome");
    const first = await shopper(email);
    const applied = await first.cart({ type: "apply-promo", code: "welcome100" });
    expect(applied).toMatchObject({ PromoCode: "WELCOME100", Discount: 10_000, InvalidDiscountMessage: null });
    const placed = await first.placeAndPay();
    expect(placed.order.discount).toBe(10_000);

    const second = await shopper(email.toUpperCase());
    const refused = await second.cart({ type: "apply-promo", code: "WELCOME100" });
    expect(refused).toMatchObject({ PromoCode: null, Discount: 0, InvalidDiscountMessage: FIRST_ORDER });
  });

  it("applied in a cart before the first order was paid, it does not pass at the second order's placement (nor a re-payment)", async () => {
    const email = freshEmail("early");
    const later = await shopper(email);
    expect(await later.cart({ type: "apply-promo", code: "WELCOME100" })).toMatchObject({ PromoCode: "WELCOME100", Discount: 10_000 });
    // Another order of the same customer is placed with it too, not paid yet.
    const pending = await shopper(email);
    await pending.cart({ type: "apply-promo", code: "WELCOME100" });
    const pendingRes = await pending.place();
    expect(pendingRes.status).toBe(201);
    const pendingOrder = ((await pendingRes.json()) as PlacedOrder).order.orderNumber;

    // The first order is paid (with the code).
    const first = await shopper(email);
    await first.cart({ type: "apply-promo", code: "WELCOME100" });
    await first.placeAndPay();

    const before = await ordersOf(email);
    const res = await later.place();
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.message).toContain(FIRST_ORDER);
    expect(body.error.details).toEqual([{ path: "PromoCode", message: FIRST_ORDER }]);
    expect(await ordersOf(email)).toBe(before);
    // The order placed before cannot be paid with the code now either.
    const repay = await pending.repay(pendingOrder);
    expect(repay.status).toBe(409);
    expect(((await repay.json()) as ErrorBody).error.message).toContain(FIRST_ORDER);
    // Without the code, the order goes through.
    await later.cart({ type: "remove-promo" });
    expect((await later.place()).status).toBe(201);
  });

  it("a signed-in customer with a paid order is refused whatever email the checkout gives", async () => {
    const account = await confirmedUser("promo");
    const token = await signIn(account);
    const first = await shopper(freshEmail("gift"), token);
    await first.placeAndPay();
    const next = await shopper(freshEmail("another-gift"), token);
    expect(await next.cart({ type: "apply-promo", code: "WELCOME100" })).toMatchObject({ PromoCode: null, InvalidDiscountMessage: FIRST_ORDER });
    // A new customer (no paid order) still gets it.
    const stranger = await shopper(freshEmail("new"));
    expect(await stranger.cart({ type: "apply-promo", code: "WELCOME100" })).toMatchObject({ PromoCode: "WELCOME100", InvalidDiscountMessage: null });
  });
});

describe("a promotion used once per customer", () => {
  it("is refused to a customer who paid an order with it, and open to another customer", async () => {
    const email = freshEmail("once");
    const first = await shopper(email);
    await first.cart({ type: "apply-promo", code: "ONCE10" });
    await first.placeAndPay();
    const again = await shopper(email);
    expect(await again.cart({ type: "apply-promo", code: "ONCE10" })).toMatchObject({
      PromoCode: null,
      InvalidDiscountMessage: "Promo code ONCE10 has already been used",
    });
    // A paid order without a once-per-customer code does not use it up; another customer may use it.
    const other = await shopper(freshEmail("once-other"));
    expect(await other.cart({ type: "apply-promo", code: "ONCE10" })).toMatchObject({ PromoCode: "ONCE10", Discount: 1000 });
  });
});
