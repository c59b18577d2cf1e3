/**
 * The order confirmation email (orders/EmailOrder; and when an order becomes paid — an effect of the payment,
 * effect-runners.ts, calls `sendOrderConfirmation`). It goes through the outbox (worker/email/outbox.ts) to the
 * order's email, with the breakdown (confirmation-email.ts), the amount, the address, the status and the order's
 * own link `/orders/{orderNumber}-{key}` (keys.ts), valid
 * 90 days after the order (LINK_VALID_MS).
 */
import { refused } from "#shared/refusal.ts";
import { type EmailBindings, queueEmail } from "../../email/outbox";
import { type OrderKeyBindings, orderSlug } from "../keys";
import { confirmationData } from "../confirmation-email";
import { findOrder } from "../store";

/** An emailed order link shows the order for this long after the order was made (docs/decisions/015). */
export const LINK_VALID_MS = 90 * 24 * 3600_000;

/** The absolute link of an order's email landing page. */
export async function orderLink(env: OrderKeyBindings, orderNumber: string, origin: string): Promise<string> {
  return new URL(`/orders/${await orderSlug(env, orderNumber)}`, origin).toString();
}

/**
 * Who asks for a confirmation: the order becoming paid or an operator (no client, transactional), or the
 * shopper asking for it again (orders/EmailOrder: their address, counted as asked-for mail so it can never
 * crowd out the real confirmation).
 */
export type ConfirmationAsker = { clientIp: null } | { clientIp: string; category: "other" };

/**
 * Queues the confirmation of order `orderNumber` to its email. Resolves to whether it was queued (false: an
 * hourly email limit, gate.ts; `retryAfter` seconds until it has room) and where it goes. Refuses (not_found)
 * an unknown order.
 */
export async function sendOrderConfirmation(
  env: EmailBindings & OrderKeyBindings,
  orderNumber: string,
  origin: string,
  waitUntil: (p: Promise<unknown>) => void,
  now: number,
  asker: ConfirmationAsker = { clientIp: null },
): Promise<{ queued: boolean; to: string; retryAfter?: number }> {
  const order = await findOrder(env.DB, orderNumber);
  if (!order) refused("not_found", "No such order");
  const queued = await queueEmail(
    env,
    {
      ...asker,
      message: {
        to: order.email,
        template: "order-confirmation",
        data: confirmationData(order, await orderLink(env, order.order_number, origin)),
      },
    },
    waitUntil,
    now,
  );
  return queued.id === null ? { queued: false, to: order.email, retryAfter: queued.retryAfter } : { queued: true, to: order.email };
}
