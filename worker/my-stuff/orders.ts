/**
 * The customer's orders in my stuff (issue 19; §3 My stuff orders, saveOrders): the orders of the account
 * (orders/lookup/own.ts ordersOfUser) minus those the customer took off the list (user_hidden_orders), the
 * guest orders they joined to it (orders/Save), and taking one off the list (the order itself is unchanged).
 */
import type { OrderView } from "#shared/orders/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { ordersOfUser } from "../orders/lookup/own";
import type { OrderRow } from "../orders/store";
import { orderView } from "../orders/view";

/** Orders a list shows at most. */
const LIST_LIMIT = 50;

type Customer = { id: number; userGuid: string };

const views = (db: D1Database, rows: readonly OrderRow[]): Promise<OrderView[]> => Promise.all(rows.map((o) => orderView(db, o.order_number)));

/** `GET my-stuff-orders`: the customer's orders, newest first, not those taken off the list. */
export async function myOrders(db: D1Database, user: Customer): Promise<OrderView[]> {
  return views(db, await ordersOfUser(db, user, LIST_LIMIT, true));
}

/**
 * `GET my-stuff-save-orders`: the guest orders the customer joined to the account with orders/Save (`user_id`
 * theirs, not placed from their own cart), newest first, not those taken off the list.
 */
export async function savedOrders(db: D1Database, user: Customer): Promise<OrderView[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM orders o WHERE o.user_id = ?1 AND o.cart_key != ?2 AND o.status != 'drafted'
         AND NOT EXISTS (SELECT 1 FROM user_hidden_orders h WHERE h.user_id = ?1 AND h.order_number = o.order_number)
       ORDER BY o.created_at DESC, o.order_number DESC LIMIT ?3`,
    )
    .bind(user.id, `user:${user.userGuid}`, LIST_LIMIT)
    .all<OrderRow>();
  return views(db, results);
}

/**
 * `DELETE my-stuff/Orders/{id}`: takes the customer's own order off my stuff's lists (again: the same answer).
 * Anyone else's order, an unknown one or a draft is not found, and nothing is written.
 */
export async function hideOrder(db: D1Database, user: Customer, orderNumber: string, now: number): Promise<void> {
  const own = await db
    .prepare(
      `INSERT INTO user_hidden_orders (user_id, order_number, hidden_at)
       SELECT ?1, order_number, ?4 FROM orders WHERE order_number = ?3 AND (user_id = ?1 OR cart_key = ?2) AND status != 'drafted'
       ON CONFLICT (user_id, order_number) DO NOTHING
       RETURNING order_number`,
    )
    .bind(user.id, `user:${user.userGuid}`, orderNumber, now)
    .first<{ order_number: string }>();
  if (own) return;
  const hidden = await db.prepare("SELECT 1 AS y FROM user_hidden_orders WHERE user_id = ? AND order_number = ?").bind(user.id, orderNumber).first();
  if (!hidden) refused("not_found", "No such order");
}
