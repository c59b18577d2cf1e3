/**
 * Orders as the server's page loaders and actions use them (client/order-context.ts `OrderService`): the
 * order services for one page request, a refusal answered as the page's message instead of thrown. A provider
 * that cannot be reached is a `conflict` with its message (the order is saved; the page offers to try again).
 */
import type { OrderService, OrderTracking } from "#client/order-context.ts";
import { DomainError, refuse, refused, type Outcome } from "#shared/refusal.ts";
import type { Shopper } from "../cart/service";
import type { EmailBindings } from "../email/outbox";
import type { OrderKeyBindings } from "../orders/keys";
import { type OrderCaller, ordersOfUser, ownOrder } from "../orders/lookup/own";
import { orderBySlug } from "../orders/lookup/save";
import { trackOrder } from "../orders/lookup/track";
import { confirmWithProvider, type OrderBindings, PaymentUnavailable, placeOrder, payRequest, resumePayment } from "../orders/service";
import { payAgainChoices, payAgainWith } from "../orders/pay-again";
import { orderView } from "../orders/view";
import { outcome } from "./cart";

/** What the page request gives the order service (worker/middleware/loaders.ts builds it). */
export interface OrderRequest {
  env: OrderBindings & EmailBindings & OrderKeyBindings;
  shopper: () => Promise<Shopper>;
  /** The signed-in customer, or null. */
  user: () => Promise<{ id: number; userGuid: string } | null>;
  /** This site's origin (providers' return addresses). */
  origin: string;
  /** The client address (CF-Connecting-IP): the lookup's limit counts per address. */
  ip: string;
  now: () => number;
  /** Work after the response (a paid order's confirmation email). */
  waitUntil: (p: Promise<unknown>) => void;
}

/** Runs an order service: a refusal, or an unreachable provider, becomes the page's outcome. */
async function run<T extends object>(work: () => Promise<T>): Promise<Outcome<T>> {
  return outcome(async () => {
    try {
      return await work();
    } catch (e) {
      if (e instanceof PaymentUnavailable) return refused("conflict", e.message);
      throw e;
    }
  });
}

/** The value, or null when the service refused (an order that is not the caller's, a wrong link). */
async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}

/** The server's order service for one page request. */
export function serverOrders(r: OrderRequest): OrderService {
  const { env } = r;
  const caller = async (): Promise<OrderCaller> => {
    const [who, user] = await Promise.all([r.shopper(), r.user()]);
    return { visitorId: who.visitorId, userGuid: user?.userGuid ?? null, userId: user?.id ?? null };
  };
  const context = () => ({ origin: r.origin, now: r.now() });
  return {
    place: async () => run(async () => placeOrder(env, await r.shopper(), context())),
    get: (orderNumber) => orNull(async () => orderView(env.DB, (await ownOrder(env.DB, orderNumber, await caller())).order_number)),
    bySlug: (slugUrl) => orderBySlug(env, slugUrl, r.now()),
    // The payment id (unguessable) and the order number name the payment; the provider is asked, never the query.
    // Affirm's `checkout_token` is what the provider is asked about (authorised at Affirm, checked against the payment).
    confirmReturn: (orderNumber, paymentId, query) =>
      run(() => confirmWithProvider(env, orderNumber, paymentId, r.now(), { origin: r.origin, waitUntil: r.waitUntil }, query.checkout_token || undefined)),
    payRequest: (orderNumber, requestId) => run(async () => payRequest(env, await ownOrder(env.DB, orderNumber, await caller()), requestId, context())),
    repay: (orderNumber, paymentMethod) =>
      run(async () => {
        const order = await ownOrder(env.DB, orderNumber, await caller());
        return paymentMethod ? payAgainWith(env, order, paymentMethod, context()) : resumePayment(env, order, context());
      }),
    payChoices: (orderNumber) => orNull(async () => payAgainChoices(env, await ownOrder(env.DB, orderNumber, await caller()))),
    mine: async () => {
      const user = await r.user();
      if (!user) return null;
      // Not those the customer took off my stuff's list.
      const rows = await ordersOfUser(env.DB, user, 50, true);
      return Promise.all(rows.map((o) => orderView(env.DB, o.order_number)));
    },
    track: async (orderNumber, email): Promise<Outcome<{ order: OrderTracking }>> => {
      const found = await run(async () => ({ order: await trackOrder(env.DB, r.ip, orderNumber, email, r.now()) }));
      if (!found.ok) return found;
      return found.order ? { ok: true, order: found.order } : refuse("not_found", "We found no order with this number and email.");
    },
  };
}
