/** §7 Orders around a placed order under /api (shared/api/order-lookup.ts): lookup, confirmation email, Save, expiry, address update, offers, wire received. */
import type { Context } from "hono";
import { orderLookupOperations as ops } from "#shared/api/order-lookup.ts";
import { refusedRetry } from "#shared/refusal.ts";
import { TOO_MANY_EMAILS } from "../../email/outbox";
import type { AppEnv } from "../../env";
import { handle } from "../../http/routes";
import { currentUser } from "../../middleware/session";
import { shopperOf } from "../../middleware/shopper";
import { sendOrderConfirmation } from "./confirmation";
import { bestOffers } from "./offers";
import { orderAccess } from "../../middleware/order-access";
import { approval } from "../routes";
import { expirationOf, saveOrder } from "./save";
import { trackOrder } from "./track";
import { updateUnpaidOrder } from "./update";
import { wireReceived } from "./wire";
import { siteOrigin } from "../../platform/config";

const privately = (c: Context<AppEnv>) => c.header("Cache-Control", "private, no-store");

export const orderLookupRoutes = [
  handle(ops.trackOrder, async ({ params }, c) => {
    privately(c);
    const ip = c.req.header("cf-connecting-ip") ?? "unknown";
    return { status: 200, body: { result: await trackOrder(c.env.DB, ip, params.orderNumber, params.email, Date.now()) } };
  }),
  handle(ops.emailOrder, async ({ body }, c) => {
    privately(c);
    const order = await orderAccess(c, body.orderNumber, { key: body.key });
    const origin = siteOrigin(c.env);
    const asker = { clientIp: c.req.header("cf-connecting-ip") ?? "unknown", category: "other" as const };
    const sent = await sendOrderConfirmation(c.env, order.order_number, origin, (p) => c.executionCtx.waitUntil(p), Date.now(), asker);
    if (sent.retryAfter !== undefined) refusedRetry(TOO_MANY_EMAILS, sent.retryAfter);
    return { status: 200, body: { queued: sent.queued, to: sent.to } };
  }),
  handle(ops.saveOrder, async ({ body }, c) => {
    privately(c);
    const { user } = await currentUser(c);
    return { status: 200, body: await saveOrder(c.env, user, body.orderNumber, body.key, Date.now()) };
  }),
  handle(ops.orderExpiration, async ({ params, query }, c) => {
    privately(c);
    return { status: 200, body: expirationOf(await orderAccess(c, params.n, { key: query.key }), Date.now()) };
  }),
  handle(ops.paymentOrderUpdate, async ({ params, query, body }, c) => {
    privately(c);
    const order = await orderAccess(c, params.id, { key: query.key });
    return { status: 200, body: await updateUnpaidOrder(c.env.DB, order, body, Date.now()) };
  }),
  handle(ops.bestOffers, async (_input, c) => {
    privately(c);
    return { status: 200, body: await bestOffers(c.env, await shopperOf(c), Date.now()) };
  }),
  handle(ops.wireReceived, async ({ params }, c) =>
    approval(await wireReceived(c.env, params.id, Date.now(), { origin: siteOrigin(c.env), waitUntil: (p) => c.executionCtx.waitUntil(p) })),
  ),
];
