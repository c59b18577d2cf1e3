/**
 * Asking for a missing ring size (issue 22 point 4): once an order with a ring or band ordered without its
 * size is paid, its shopper gets one email with the link `/orders/missing-ring-size/{n}?key=…` (the key from
 * keys.ts). Exactly once: `orders.ring_size_asked_at` is claimed by compare-and-set in the same batch as the
 * outbox row (email-once.ts). Asked as an effect of the payment (effects.ts, run by reactor.ts) and by the
 * order cron's sweep (expiry.ts), which catches an order whose size went missing any other way.
 * docs/decisions/036-missing-ring-size-and-expiry.md
 */
import { RING_SIZE_GUIDE } from "#shared/cart/model.ts";
import type { EmailBindings } from "../../email/outbox";
import { sendOnce } from "../email-once";
import { orderKey, type OrderKeyBindings } from "../keys";
import { findOrder } from "../store";
import { missingLines } from "./service";

/** Paid and not shipped yet: the statuses in which a missing size is asked for. */
const ASKED_STATUSES = "('paid', 'availability_confirmed', 'item_unavailable')";
/** Orders one cron sweep asks at most. */
export const ASK_BATCH = 100;

type AskBindings = EmailBindings & OrderKeyBindings;

/** The page that takes the sizes, with the order's key: what the email links to. */
export async function missingSizeLink(env: OrderKeyBindings, orderNumber: string, origin: string): Promise<string> {
  return new URL(`/orders/missing-ring-size/${orderNumber}?key=${encodeURIComponent(await orderKey(env, orderNumber))}`, origin).toString();
}

/**
 * Emails the shopper of paid order `orderNumber` for its missing sizes, unless it was asked before or misses
 * none. Resolves to whether this call sent it.
 */
export async function askForMissingSizes(
  env: AskBindings,
  orderNumber: string,
  origin: string,
  now: number,
  waitUntil?: (p: Promise<unknown>) => void,
): Promise<boolean> {
  const [order, lines] = await Promise.all([findOrder(env.DB, orderNumber), missingLines(env.DB, orderNumber)]);
  if (!order || lines.length === 0) return false;
  const claim = env.DB.prepare(
    `UPDATE orders SET ring_size_asked_at = ?1 WHERE order_number = ?2 AND ring_size_asked_at IS NULL AND status IN ${ASKED_STATUSES}
       AND EXISTS (SELECT 1 FROM order_items WHERE order_number = ?2 AND size_required = 1 AND size IS NULL)`,
  ).bind(now, orderNumber);
  const message = {
    to: order.email,
    template: "missing-ring-size" as const,
    data: {
      orderNumber,
      items: lines.map((l) => ({ name: l.name })),
      link: await missingSizeLink(env, orderNumber, origin),
      guideLink: new URL(RING_SIZE_GUIDE, origin).toString(),
    },
  };
  return (await sendOnce(env, claim, message, now, waitUntil)) !== null;
}

/** The cron's sweep: asks every paid order still missing a size that was not asked yet. Resolves to those asked. */
export async function askMissingSizesDue(env: AskBindings, origin: string, now: number, waitUntil?: (p: Promise<unknown>) => void): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT i.order_number FROM order_items i JOIN orders o ON o.order_number = i.order_number
     WHERE i.size_required = 1 AND i.size IS NULL AND o.ring_size_asked_at IS NULL AND o.status IN ${ASKED_STATUSES} LIMIT ?`,
  )
    .bind(ASK_BATCH)
    .all<{ order_number: string }>();
  const asked: string[] = [];
  for (const { order_number: n } of results) if (await askForMissingSizes(env, n, origin, now, waitUntil)) asked.push(n);
  return asked;
}
