/**
 * The tracking calls (shared/api/tracking.ts; docs/decisions/041-tracking-surface.md): the browser reports a
 * page view, a product viewed or a search by reference; the server reads the facts, passes the consent gate
 * (worker/middleware/tracking.ts) and queues. Answers are private and never stored; 202 says "accepted",
 * `queued` whether anything went onto the queue.
 */
import type { Context } from "hono";
import { trackingOperations as ops } from "#shared/api/tracking.ts";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { getCart } from "../cart/service";
import { shopperOf } from "../middleware/shopper";
import { orderAccess } from "../middleware/order-access";
import { fbcOf, limitPageEvents, mayTrack, requestFacts, sendTracking } from "../middleware/tracking";
import { enqueueTracking } from "./messages";
import { findFbc, pageViewMessages, purchaseOnce, saveFbc, searchEvent, viewContentEvent } from "./service";
import { siteOrigin } from "../platform/config";

/** The answer is the visitor's own: never cached. */
function noStore(c: Context<AppEnv>): number {
  c.header("Cache-Control", "private, no-store");
  return Date.now();
}

/**
 * The emails that are the shopper's own: the signed-in customer's, the cart's contact and shipping emails, and
 * (with `captured`) the valid addresses this visitor left in a popup or form (email_captures).
 */
async function ownEmails(c: Context<AppEnv>, captured = false): Promise<Set<string>> {
  const session = await c.get("session")();
  const cart = await getCart(c.env, await shopperOf(c));
  const visitor = c.get("visitorId");
  const left =
    captured && visitor
      ? (await c.env.DB.prepare("SELECT email FROM email_captures WHERE visitor_id = ? AND valid = 1").bind(visitor).all<{ email: string }>()).results
      : [];
  return new Set(
    [session?.user.email, cart.UserEmail, cart.ShippingAddress?.email, ...left.map((r) => r.email)]
      .filter((e): e is string => !!e)
      .map((e) => e.trim().toLowerCase()),
  );
}

export const trackingRoutes = [
  handle(ops.trackPageView, async ({ body }, c) => {
    const now = noStore(c);
    await limitPageEvents(c, now);
    if (!mayTrack(c)) return { status: 202, body: { queued: false } };
    const messages = await pageViewMessages(body, requestFacts(c, now, body.url), siteOrigin(c.env));
    return { status: 202, body: { queued: await sendTracking(c, messages) } };
  }),
  handle(ops.trackViewContent, async ({ body }, c) => {
    const now = noStore(c);
    await limitPageEvents(c, now);
    const event = await viewContentEvent(c.env.DB, body, requestFacts(c, now, body.url));
    return { status: 202, body: { queued: await sendTracking(c, [{ type: "conversion", event }]) } };
  }),
  handle(ops.trackSearch, async ({ body }, c) => {
    const now = noStore(c);
    await limitPageEvents(c, now);
    if (!mayTrack(c)) return { status: 202, body: { queued: false } };
    const event = await searchEvent(c.env.DB, body, requestFacts(c, now, body.url));
    return { status: 202, body: { queued: await sendTracking(c, [{ type: "conversion", event }]) } };
  }),
  handle(ops.trackPurchase, async ({ body }, c) => {
    const now = noStore(c);
    await limitPageEvents(c, now);
    // The shopper's own order only: an operator's request is not the purchase (docs/decisions/052-order-ownership.md).
    const order = await orderAccess(c, body.orderNumber, { operator: false });
    if (!mayTrack(c)) return { status: 202, body: { queued: false } };
    const queued = await purchaseOnce(c.env.DB, order, requestFacts(c, now), (m) => enqueueTracking(c.env.TRACKING_QUEUE, m));
    return { status: 202, body: { queued } };
  }),
  handle(ops.getFbc, async ({ query }, c) => {
    noStore(c);
    const own = await ownEmails(c);
    return { status: 200, body: { fbc: own.has(query.email.toLowerCase()) ? await findFbc(c.env.DB, query.email) : null } };
  }),
  handle(ops.saveFbc, async ({ body }, c) => {
    const now = noStore(c);
    await limitPageEvents(c, now);
    const fbc = fbcOf(c, now);
    if (!fbc || !mayTrack(c)) return { status: 200, body: { saved: false } };
    // Only an email the shopper gave as their own: a click is never bound to someone else's address.
    if (!(await ownEmails(c, true)).has(body.email.trim().toLowerCase())) refused("not_found", "No such email of this shopper");
    await saveFbc(c.env.DB, body.email, fbc, now);
    return { status: 200, body: { saved: true } };
  }),
];
