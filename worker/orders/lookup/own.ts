/**
 * Whose order it is (issue 18): an order is the shopper's when it was placed in this browser (its visitor id),
 * from the signed-in customer's cart (`cart_key` `user:<guid>`) or joined to their account (`user_id`, orders/Save).
 * Anyone else is told there is no such order (404): an order number alone shows nothing.
 */
import { refused } from "#shared/refusal.ts";
import { findOrder, type OrderRow } from "../store";

/** Who is asking: the browser's visitor id and, when signed in, the customer. */
export interface OrderCaller {
  visitorId: string;
  userGuid: string | null;
  userId: number | null;
}

/** Whether the order is the caller's own. */
export function isOwnOrder(order: Pick<OrderRow, "visitor_id" | "cart_key" | "user_id">, who: OrderCaller): boolean {
  if (order.visitor_id === who.visitorId) return true;
  if (who.userId !== null && order.user_id === who.userId) return true;
  return who.userGuid !== null && order.cart_key === `user:${who.userGuid}`;
}

/** The caller's own order, or the 404 refusal (the same for an unknown order and someone else's). */
export async function ownOrder(db: D1Database, orderNumber: string, who: OrderCaller): Promise<OrderRow> {
  const order = await findOrder(db, orderNumber);
  return order && isOwnOrder(order, who) ? order : refused("not_found", "No such order");
}

/**
 * The signed-in customer's orders (joined to the account, or placed from its cart), newest first; drafts are
 * not orders yet. `listed` leaves out those the customer took off my stuff's list (user_hidden_orders).
 */
export async function ordersOfUser(db: D1Database, user: { id: number; userGuid: string }, limit = 50, listed = false): Promise<OrderRow[]> {
  const hidden = listed ? "AND NOT EXISTS (SELECT 1 FROM user_hidden_orders h WHERE h.user_id = ?1 AND h.order_number = orders.order_number)" : "";
  const { results } = await db
    .prepare(
      `SELECT * FROM orders WHERE (user_id = ?1 OR cart_key = ?2) AND status != 'drafted' ${hidden} ORDER BY created_at DESC, order_number DESC LIMIT ?3`,
    )
    .bind(user.id, `user:${user.userGuid}`, limit)
    .all<OrderRow>();
  return results;
}
