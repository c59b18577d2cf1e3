/**
 * Who may answer the survey or review (decision 037): whoever holds the emailed link — the order's key (an
 * HMAC of its number, worker/orders/keys.ts) or a review request's key (./keys.ts). A wrong key and an unknown
 * order or request answer the same 404. Reviews and the survey open once the order has been delivered (it
 * stays open if the order is refunded after: the shopper returned it and may say why).
 */
import { refused } from "#shared/refusal.ts";
import { checkOrderKey, type OrderKeyBindings } from "../keys";
import { checkReviewKey } from "./keys";

export interface KeyedOrder {
  orderNumber: string;
  /** The shipping name ("Ada Shopper"): the review's author is "Ada S.". */
  shippingName: string;
  reviewEmails: boolean;
}

/** The order whose emailed key this is; 404 otherwise. */
export async function keyedOrder(env: OrderKeyBindings & { DB: D1Database }, orderNumber: string, key: string): Promise<KeyedOrder> {
  if (!(await checkOrderKey(env, orderNumber, key))) refused("not_found", "No such order, or the link is not right");
  const row = await env.DB.prepare("SELECT order_number, shipping_json, review_emails FROM orders WHERE order_number = ? AND status != 'drafted'")
    .bind(orderNumber)
    .first<{ order_number: string; shipping_json: string; review_emails: number }>();
  if (!row) refused("not_found", "No such order, or the link is not right");
  return {
    orderNumber: row.order_number,
    shippingName: (JSON.parse(row.shipping_json) as { name?: string }).name ?? "",
    reviewEmails: row.review_emails === 1,
  };
}

/** Whether the order was ever delivered. */
export async function wasDelivered(db: D1Database, orderNumber: string): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS yes FROM order_transitions WHERE order_number = ? AND to_status = 'delivered' LIMIT 1")
    .bind(orderNumber)
    .first<{ yes: number }>();
  return row !== null;
}

/** Refuses (409) until the order has been delivered. */
export async function mustBeDelivered(db: D1Database, orderNumber: string): Promise<void> {
  if (!(await wasDelivered(db, orderNumber)))
    refused("conflict", `Order ${orderNumber} has not been delivered yet: reviews and the survey open when it arrives.`);
}

/** A review request (one product line of a delivered order) as its link names it. */
export interface KeyedRequest {
  id: string;
  orderNumber: string;
  /** The product's name as ordered. */
  name: string;
  settingId: number | null;
  shippingName: string;
}

/** The review request whose emailed key this is; 404 otherwise. */
export async function keyedRequest(env: OrderKeyBindings & { DB: D1Database }, reviewId: string, key: string): Promise<KeyedRequest> {
  if (!(await checkReviewKey(env, reviewId, key))) refused("not_found", "No such review request, or the link is not right");
  const row = await env.DB.prepare(
    `SELECT r.id, r.order_number, r.name, r.setting_id, o.shipping_json FROM review_requests r JOIN orders o ON o.order_number = r.order_number WHERE r.id = ?`,
  )
    .bind(reviewId)
    .first<{ id: string; order_number: string; name: string; setting_id: number | null; shipping_json: string }>();
  if (!row) refused("not_found", "No such review request, or the link is not right");
  return {
    id: row.id,
    orderNumber: row.order_number,
    name: row.name,
    settingId: row.setting_id,
    shippingName: (JSON.parse(row.shipping_json) as { name?: string }).name ?? "",
  };
}
