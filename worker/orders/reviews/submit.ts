/**
 * The shop's own reviews (decision 037): one review of the order as a whole (`orders/order-review/submit`,
 * the order's key) and one per product line (`orders/order-product-review/submit`, the review request's key).
 * A second submission edits the same review — one statement, an upsert on the order (or the request), so two
 * at once leave one review. The moderation rule (shared/orders/reviews.ts `moderationOf`) is applied on every
 * write: stars without words are kept but not shown, words with a link wait for an operator, the rest is
 * published at once; an operator's rejection stands through edits. And `orders/unsubscribe-order-review`.
 */
import { moderationOf, type OrderReviewRequest, type ProductReviewRequest, reviewerName, type ShopReviewView } from "#shared/orders/reviews.ts";
import type { OrderKeyBindings } from "../keys";
import { keyedOrder, keyedRequest, mustBeDelivered } from "./access";

type Env = OrderKeyBindings & { DB: D1Database };

interface Stored {
  id: number;
  status: ShopReviewView["status"];
  edits: number;
}

interface Words {
  rating: number;
  title: string;
  text: string;
}

/** The upsert's shared tail: the new words, the status again by the rule (a rejection stands). */
const ON_EDIT = `DO UPDATE SET rating = excluded.rating, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at,
  edits = shop_reviews.edits + 1, status = CASE WHEN shop_reviews.status = 'rejected' THEN 'rejected' ELSE excluded.status END
  RETURNING id, status, edits`;

const viewOf = (row: Stored, orderNumber: string, product: string | null, w: Words): ShopReviewView => ({
  id: row.id,
  orderNumber,
  product,
  rating: w.rating,
  title: w.title,
  text: w.text,
  status: row.status,
  edited: row.edits > 0,
});

/** Stores (or edits) the review of the order as a whole. */
export async function submitOrderReview(env: Env, req: OrderReviewRequest, now: number): Promise<ShopReviewView> {
  const order = await keyedOrder(env, req.orderNumber, req.key);
  await mustBeDelivered(env.DB, order.orderNumber);
  const row = await env.DB.prepare(
    `INSERT INTO shop_reviews (order_number, request_id, product, setting_id, rating, title, body, author, status, created_at, updated_at)
     VALUES (?1, NULL, NULL, NULL, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
     ON CONFLICT (order_number) WHERE request_id IS NULL ${ON_EDIT}`,
  )
    .bind(order.orderNumber, req.rating, req.title, req.text, reviewerName(order.shippingName), moderationOf(req.text), now)
    .first<Stored>();
  return viewOf(row!, order.orderNumber, null, req);
}

/** Stores (or edits) the review of one product of a delivered order (its review request). */
export async function submitProductReview(env: Env, req: ProductReviewRequest, now: number): Promise<ShopReviewView> {
  const request = await keyedRequest(env, req.reviewId, req.key);
  const row = await env.DB.prepare(
    `INSERT INTO shop_reviews (order_number, request_id, product, setting_id, rating, title, body, author, status, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)
     ON CONFLICT (request_id) ${ON_EDIT}`,
  )
    .bind(
      request.orderNumber,
      request.id,
      request.name,
      request.settingId,
      req.rating,
      req.title,
      req.text,
      reviewerName(request.shippingName),
      moderationOf(req.text),
      now,
    )
    .first<Stored>();
  return viewOf(row!, request.orderNumber, request.name, req);
}

interface ReviewRow {
  id: number;
  order_number: string;
  product: string | null;
  rating: number;
  title: string;
  body: string;
  status: ShopReviewView["status"];
  edits: number;
}

const fromRow = (r: ReviewRow): ShopReviewView => ({
  id: r.id,
  orderNumber: r.order_number,
  product: r.product,
  rating: r.rating,
  title: r.title,
  text: r.body,
  status: r.status,
  edited: r.edits > 0,
});

const COLUMNS = "id, order_number, product, rating, title, body, status, edits";

/** The order's own review, or null. */
export async function orderReviewOf(db: D1Database, orderNumber: string): Promise<ShopReviewView | null> {
  const r = await db.prepare(`SELECT ${COLUMNS} FROM shop_reviews WHERE order_number = ? AND request_id IS NULL`).bind(orderNumber).first<ReviewRow>();
  return r ? fromRow(r) : null;
}

/** The review of a review request, or null. */
export async function productReviewOf(db: D1Database, requestId: string): Promise<ShopReviewView | null> {
  const r = await db.prepare(`SELECT ${COLUMNS} FROM shop_reviews WHERE request_id = ?`).bind(requestId).first<ReviewRow>();
  return r ? fromRow(r) : null;
}

/** Reviews waiting for an operator (a link in their words), oldest first. */
export async function heldReviews(db: D1Database): Promise<ShopReviewView[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM shop_reviews WHERE status = 'held' ORDER BY created_at, id LIMIT 200`).all<ReviewRow>();
  return results.map(fromRow);
}

/** An operator publishes or rejects a review (one with words: stars alone are never shown). */
export async function moderateReview(db: D1Database, id: number, decision: "publish" | "reject", actor: string, now: number): Promise<ShopReviewView | null> {
  const r = await db
    .prepare(
      `UPDATE shop_reviews SET status = ?2, moderated_by = ?3, moderated_at = ?4
       WHERE id = ?1 AND body != '' RETURNING ${COLUMNS}`,
    )
    .bind(id, decision === "publish" ? "published" : "rejected", actor, now)
    .first<ReviewRow>();
  return r ? fromRow(r) : null;
}

/** No more review emails for this order (and, by the invitation's rule, this address's later orders). Idempotent. */
export async function unsubscribeOrderReview(env: Env, orderNumber: string, key: string): Promise<{ orderNumber: string; reviewEmails: false }> {
  const order = await keyedOrder(env, orderNumber, key);
  await env.DB.prepare("UPDATE orders SET review_emails = 0 WHERE order_number = ? AND review_emails = 1").bind(order.orderNumber).run();
  return { orderNumber: order.orderNumber, reviewEmails: false };
}
