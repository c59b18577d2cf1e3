/**
 * An order's key at work (issue 18): orders/Save (a guest order joins the signed-in customer's account, its
 * key proving it is theirs), the email landing `/orders/{slugUrl}` (the order behind an emailed link, for
 * 90 days), and orders/get-order-expiration.
 */
import type { OrderExpiration } from "#shared/orders/lookup.ts";
import type { OrderView } from "#shared/orders/schemas.ts";
import { isUnpaid } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import { checkOrderKey, type OrderKeyBindings, parseOrderSlug } from "../keys";
import { findOrder, type OrderRow } from "../store";
import { orderView } from "../view";
import { LINK_VALID_MS } from "./confirmation";

const NOT_FOUND = "No such order, or the link or key is not right";

/**
 * The guest order `orderNumber` joins the account of `user`: its key must be right and it must belong to no
 * other account (user_id unset, not placed from another customer's cart). Saving it again is the same answer.
 * Anything else — an unknown order, a wrong key, another account's order — is not found.
 */
export async function saveOrder(
  env: OrderKeyBindings & { DB: D1Database },
  user: { id: number; userGuid: string },
  orderNumber: string,
  key: string,
  now: number,
): Promise<OrderView> {
  const order = await findOrder(env.DB, orderNumber);
  if (!order || !(await checkOrderKey(env, orderNumber, key))) refused("not_found", NOT_FOUND);
  const otherCart = order.cart_key.startsWith("user:") && order.cart_key !== `user:${user.userGuid}`;
  if (otherCart || (order.user_id !== null && order.user_id !== user.id)) refused("not_found", NOT_FOUND);
  // Compare-and-set: of two accounts saving the same guest order at once, one gets it.
  await env.DB.prepare("UPDATE orders SET user_id = ?, updated_at = ? WHERE order_number = ? AND user_id IS NULL").bind(user.id, now, orderNumber).run();
  const after = await findOrder(env.DB, orderNumber);
  if (after?.user_id !== user.id) refused("not_found", NOT_FOUND);
  return orderView(env.DB, orderNumber);
}

/** The order behind an emailed link (`{orderNumber}-{key}`), or null for a malformed, wrong or expired link. */
export async function orderBySlug(env: OrderKeyBindings & { DB: D1Database }, slugUrl: string, now: number): Promise<OrderView | null> {
  const slug = parseOrderSlug(slugUrl);
  if (!slug || !(await checkOrderKey(env, slug.orderNumber, slug.key))) return null;
  const order = await findOrder(env.DB, slug.orderNumber);
  if (!order || order.status === "drafted" || now - order.created_at > LINK_VALID_MS) return null;
  return orderView(env.DB, order.order_number);
}

/** When an unpaid order expires and whether it has (an order past its time counts as expired before the cron gets to it). */
export function expirationOf(order: OrderRow, now: number): OrderExpiration {
  const overdue = isUnpaid(order.status) && order.expires_at !== null && order.expires_at <= now;
  return { orderNumber: order.order_number, expiresAt: order.expires_at, expired: order.status === "expired" || overdue };
}
