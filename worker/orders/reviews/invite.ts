/**
 * The review invitation (decision 037): when an order becomes `delivered` (the operator's event, the hook in
 * worker/orders/operator.ts) the shopper gets one email with a star row per product line, the survey and an
 * unsubscribe link — once, however many requests report the delivery at once. The invitation row is the
 * claim: `INSERT … ON CONFLICT DO NOTHING`, and the review requests (one per line, their ids in the links) are
 * inserted in the same batch only `WHERE changes() = 1`; only the request whose claim inserted queues the email.
 * Nothing is sent when the order's `review_emails` is 0, when an earlier order of the same address was
 * unsubscribed, or when the account of that address left the order-review emails.
 */
import { type EmailBindings, queueEmail } from "../../email/outbox";
import { type OrderKeyBindings, orderKey } from "../keys";
import { newReviewRequestId, reviewKey } from "./keys";

export type ReviewBindings = EmailBindings & OrderKeyBindings;

/** Where the links point and how the email leaves after the response. */
export interface InviteContext {
  origin: string;
  now: number;
  waitUntil: (p: Promise<unknown>) => void;
}

/** What the invitation did: sent (queued, with its outbox id), or why not. */
export type InviteOutcome = { sent: true; emailId: number | null } | { sent: false; reason: "not-delivered" | "unsubscribed" | "already-invited" | "no-order" };

interface OrderFacts {
  email: string;
  status: string;
  shipping_json: string;
  lines_json: string;
  opted_out: number;
}

/** The email's star links (1–5) for one review request. */
async function ratingLinks(env: OrderKeyBindings, origin: string, reviewId: string): Promise<string[]> {
  const key = await reviewKey(env, reviewId);
  return [1, 2, 3, 4, 5].map((n) => `${origin}/orders/user-product-review/${n}/${reviewId}/${key}`);
}

/** Sends the delivered order's review invitation, once (see the module's comment). */
export async function inviteAfterDelivery(env: ReviewBindings, orderNumber: string, ctx: InviteContext): Promise<InviteOutcome> {
  const db = env.DB;
  const order = await db
    .prepare(
      `SELECT o.email, o.status, o.shipping_json, o.lines_json,
         (o.review_emails = 0
          OR EXISTS (SELECT 1 FROM orders x WHERE x.email = o.email COLLATE NOCASE AND x.review_emails = 0)
          OR EXISTS (SELECT 1 FROM users u WHERE u.email = o.email AND u.unsubscribed_order_reviews = 1)) AS opted_out
       FROM orders o WHERE o.order_number = ?`,
    )
    .bind(orderNumber)
    .first<OrderFacts>();
  if (!order) return { sent: false, reason: "no-order" };
  if (order.status !== "delivered") return { sent: false, reason: "not-delivered" };
  if (order.opted_out) return { sent: false, reason: "unsubscribed" };
  const { results: items } = await db
    .prepare("SELECT line_id, name FROM order_items WHERE order_number = ?")
    .bind(orderNumber)
    .all<{ line_id: string; name: string }>();
  // The email lists the lines in the order's own order (its lines as placed).
  const place = new Map((JSON.parse(order.lines_json) as { lineId: string }[]).map((l, i) => [l.lineId, i]));
  items.sort((a, b) => (place.get(a.line_id) ?? 99) - (place.get(b.line_id) ?? 99));
  const requests = items.map((i) => ({ id: newReviewRequestId(), lineId: i.line_id, name: i.name }));
  const claimed = await db.batch([
    db
      .prepare(
        `INSERT INTO review_invitations (order_number, created_at)
         SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM orders WHERE order_number = ?1 AND review_emails = 1)
         ON CONFLICT (order_number) DO NOTHING`,
      )
      .bind(orderNumber, ctx.now),
    db
      .prepare(
        `INSERT INTO review_requests (id, order_number, line_id, name, kind, setting_id, diamond_id, created_at)
         SELECT json_extract(j.value, '$.id'), i.order_number, i.line_id, i.name, i.kind, i.setting_id, i.diamond_id, ?3
         FROM json_each(?2) j JOIN order_items i ON i.order_number = ?1 AND i.line_id = json_extract(j.value, '$.lineId')
         WHERE changes() = 1`,
      )
      .bind(orderNumber, JSON.stringify(requests.map(({ id, lineId }) => ({ id, lineId }))), ctx.now),
  ]);
  if (claimed[0]?.meta.changes !== 1) return { sent: false, reason: "already-invited" };
  const name = (JSON.parse(order.shipping_json) as { name?: string }).name ?? "";
  const surveyKey = await orderKey(env, orderNumber);
  const products = await Promise.all(requests.map(async (r) => ({ name: r.name, ratingLinks: await ratingLinks(env, ctx.origin, r.id) })));
  const { id: emailId } = await queueEmail(
    env,
    {
      clientIp: null,
      message: {
        to: order.email,
        template: "review-invitation",
        data: {
          orderNumber,
          firstName: name.trim().split(/\s+/)[0] ?? "",
          products,
          surveyLink: `${ctx.origin}/orders/survey/${orderNumber}?key=${surveyKey}`,
          unsubscribeLink: `${ctx.origin}/unsubscribe-user-review/${orderNumber}/${surveyKey}`,
        },
      },
    },
    ctx.waitUntil,
    ctx.now,
  );
  if (emailId !== null) await db.prepare("UPDATE review_invitations SET email_id = ? WHERE order_number = ?").bind(emailId, orderNumber).run();
  return { sent: true, emailId };
}
