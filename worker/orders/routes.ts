/**
 * Orders under /api (shared/api/orders.ts): placing an order and the approvals of each provider — each names
 * its payment and hands it to the one approval path (approve.ts approveWith; docs/decisions/061). Every call
 * naming an order (or one of its payments) checks first that the caller may act on it (worker/middleware/order-access.ts: its key, its
 * shopper, or the operator; docs/decisions/052-order-ownership.md): the number alone is a 404 and changes nothing.
 */
import type { Context } from "hono";
import { orderOperations as ops } from "#shared/api/orders.ts";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { handle } from "../http/routes";
import { shopperOf } from "../middleware/shopper";
import { approveWith } from "./approve";
import { braintreeClientToken } from "./payments/braintree";
import { ProviderUnavailable } from "./payments/provider";
import { collectorFor } from "./payments/providers";
import { paymentByProviderId, type PaymentRow } from "./payments/store";
import { createPaymentRequest } from "./requests";
import { type AfterResponse, approveCardSale, approveLocal, PaymentUnavailable, payRequest, placeOrder, resumePayment } from "./service";
import { operatorIdentity } from "../middleware/admin";
import { orderAccess, orderCaller } from "../middleware/order-access";
import { operatorEvent } from "./operator";
import { payAgainWith } from "./pay-again";
import { inviteAfterDelivery } from "./reviews/invite";
import { findOrder } from "./store";
import { purchaseAfterApproval } from "../middleware/tracking";
import { siteOrigin } from "../platform/config";

/**
 * Runs an order service; a provider that could not be reached is a 502 (not the shopper's fault, nor a 500).
 * An answer saying the order is paid emits its purchase (worker/middleware/tracking.ts: once per order).
 */
async function orders<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  c.header("Cache-Control", "private, no-store");
  try {
    const answer = await work();
    purchaseAfterApproval(c, answer, () => orderCaller(c));
    return answer;
  } catch (e) {
    if (e instanceof PaymentUnavailable || e instanceof ProviderUnavailable) throw new ApiError(502, e.message);
    throw e;
  }
}

const context = (c: Context<AppEnv>) => ({ origin: siteOrigin(c.env), now: Date.now() });
/** What the request's transition caused runs after its response (reactor.ts). */
const notice = (c: Context<AppEnv>): AfterResponse => ({ origin: siteOrigin(c.env), waitUntil: (p) => c.executionCtx.waitUntil(p) });
/** An approval's context: now, and the request's after-response work. */
const after = (c: Context<AppEnv>) => ({ ...notice(c), now: Date.now() });

/** An approval's answer: 202 while another request is confirming the payment, else 200. */
export const approval = (r: ApprovalResult) => (r.outcome === "processing" ? { status: 202 as const, body: r } : { status: 200 as const, body: r });

async function paymentOf(c: Context<AppEnv>, orderNumber: string, provider: PaymentRow["provider"], providerPaymentId: string): Promise<PaymentRow> {
  const p = await paymentByProviderId(c.env.DB, provider, providerPaymentId);
  return p && p.order_number === orderNumber ? p : refused("not_found", "No such payment for this order");
}

/** PayPal: the PayPal order the buyer approved (x) must be this order's PayPal payment; PayPal captures it once. */
async function approvePayPal(c: Context<AppEnv>, orderNumber: string, paypalOrderId: string, key: string | undefined) {
  const order = await orderAccess(c, orderNumber, { key });
  const payment = await paymentOf(c, orderNumber, "paypal", paypalOrderId);
  return approval(await approveWith(c.env, order, payment, {}, after(c)));
}

/** Braintree: a sale of the order's amount with the card form's nonce (a card, Apple Pay or Google Pay), once. */
async function approveBraintree(c: Context<AppEnv>, orderNumber: string, key: string | undefined, nonce: string, description?: string) {
  const order = await orderAccess(c, orderNumber, { key });
  return approval(await approveCardSale(c.env, order, { nonce, description }, after(c)));
}

export const orderRoutes = [
  handle(ops.placeOrder, (_input, c) =>
    orders(c, async () => {
      const placed = await placeOrder(c.env, await shopperOf(c), context(c));
      return placed.created ? { status: 201, body: placed } : { status: 200, body: placed };
    }),
  ),
  handle(ops.orderPayment, ({ params, query }, c) =>
    orders(c, async () => {
      const order = await orderAccess(c, params.id, { key: query.key });
      return { status: 200, body: await resumePayment(c.env, order, context(c)) };
    }),
  ),
  handle(ops.orderPaymentWithMethod, ({ params, query, body }, c) =>
    orders(c, async () => {
      const order = await orderAccess(c, params.id, { key: query.key });
      return { status: 200, body: await payAgainWith(c.env, order, body.paymentMethod, context(c)) };
    }),
  ),
  handle(ops.approveLocal, ({ params, query }, c) =>
    orders(c, async () => {
      if (c.env.APP_ENV !== "local") refused("not_found", "No such payment for this order");
      await orderAccess(c, params.id, { key: query.key });
      return approval(await approveLocal(c.env, params.id, params.x, Date.now(), notice(c)));
    }),
  ),
  handle(ops.approvePayPal, ({ params, query }, c) => orders(c, () => approvePayPal(c, params.id, params.x, query.key))),
  handle(ops.approvePayPalPayer, ({ params, query }, c) => orders(c, () => approvePayPal(c, params.id, params.x, query.key))),
  handle(ops.approveStripe, ({ params, query }, c) =>
    orders(c, async () => {
      const payment = await paymentByProviderId(c.env.DB, "stripe", params.id);
      if (!payment) refused("not_found", "No such payment");
      // The PaymentIntent names its order: the caller must be allowed that order, as any approval's.
      const order = await orderAccess(c, payment.order_number, { key: query.key });
      return approval(await approveWith(c.env, order, payment, {}, after(c)));
    }),
  ),
  handle(ops.approveBraintree, ({ params, query }, c) => orders(c, () => approveBraintree(c, params.id, query.key, params.nonce))),
  handle(ops.approveBraintreeDescribed, ({ params, query }, c) => orders(c, () => approveBraintree(c, params.id, query.key, params.nonce, params.y))),
  handle(ops.createPaymentRequest, async ({ params, body }, c) => {
    const order = await findOrder(c.env.DB, params.id);
    if (!order) refused("not_found", "No such order");
    return { status: 201, body: await createPaymentRequest(c.env.DB, order, body.amount, body.reason, Date.now()) };
  }),
  handle(ops.payPaymentRequest, ({ params, query }, c) =>
    orders(c, async () => {
      const order = await orderAccess(c, params.id, { key: query.key });
      return { status: 200, body: await payRequest(c.env, order, params.requestId, context(c)) };
    }),
  ),
  handle(ops.operatorEvent, async ({ params, body }, c) => {
    const now = Date.now();
    const invite = (n: string) => inviteAfterDelivery(c.env, n, { origin: siteOrigin(c.env), now, waitUntil: (p) => c.executionCtx.waitUntil(p) });
    return { status: 200, body: await operatorEvent(c.env.DB, params.id, body.event, now, invite, await operatorIdentity(c)) };
  }),
  handle(ops.clientToken, (_input, c) =>
    orders(c, async () => {
      const collector = collectorFor(c.env, "card");
      if (collector.provider !== "braintree") refused("not_implemented", "Card payments through Braintree are not configured.");
      return { status: 200, body: { clientToken: await braintreeClientToken(collector.config) } };
    }),
  ),
];
