/**
 * A signed-in customer's checkout starts from the addresses of their last placed order
 * (docs/decisions/064-pay-again-and-remembered-address.md): the shipping address with the order's email, and the
 * billing address when it differed. Only their own orders are read (the cart key their orders carry, or their
 * user id); a guest's checkout starts empty. The addresses go into the cart only while it has none — an address
 * the shopper gave wins (shared/cart/rules.ts `remember-addresses`).
 */
import * as v from "valibot";
import type { Address } from "#shared/cart/model.ts";
import { Address as AddressIn } from "#shared/cart/schemas.ts";
import type { CartView } from "#shared/cart/schemas.ts";
import { type CartBindings, getCart, type Shopper, shopperCart } from "./service";

/** The addresses of the customer's last placed order, or null (none placed, or one no longer valid). */
export async function lastAddresses(db: D1Database, userGuid: string): Promise<{ shippingAddress: Address; billingAddress: Address | null } | null> {
  const row = await db
    .prepare(
      `SELECT shipping_json, billing_json, email FROM orders
       WHERE (cart_key = ?1 OR user_id = (SELECT id FROM users WHERE user_guid = ?2)) AND placed_at IS NOT NULL
       ORDER BY placed_at DESC, order_number DESC LIMIT 1`,
    )
    .bind(`user:${userGuid}`, userGuid)
    .first<{ shipping_json: string; billing_json: string | null; email: string }>();
  if (!row) return null;
  const shipping = v.safeParse(AddressIn, JSON.parse(row.shipping_json));
  if (!shipping.success) return null;
  const billing = row.billing_json === null ? null : v.safeParse(AddressIn, JSON.parse(row.billing_json));
  return {
    shippingAddress: { ...shipping.output, email: shipping.output.email || row.email },
    billingAddress: billing?.success ? billing.output : null,
  };
}

/** The cart for the checkout page: a signed-in customer's cart without an address gets their last order's first. */
export async function checkoutCart(env: CartBindings, who: Shopper, now = Date.now()): Promise<CartView> {
  if (who.userGuid) {
    const stub = shopperCart(env, who);
    const { state } = await stub.snapshot(now);
    const last = state.shippingAddress ? null : await lastAddresses(env.DB, who.userGuid);
    if (last) await stub.apply([{ type: "remember-addresses", ...last }], now);
  }
  return getCart(env, who, now);
}
