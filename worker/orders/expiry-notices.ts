/**
 * What the shopper of an unpaid order is told about its expiry (issue 22 point 4; docs/decisions/036): a
 * reminder 2 hours before it expires, and a notice when it has, with the cart link to order again. Each is
 * sent once per order whatever runs at the same time: the reminder claims `orders.expiry_reminded_at`, the
 * notice `orders.expiry_notified_at`, each compare-and-set in the same batch as its outbox row
 * (email-once.ts) — the notice also in the same batch as the order's move to `expired` (expiry.ts).
 */
import { type EmailBindings, outboxRowStatement } from "../email/outbox";
import { sendOnce } from "./email-once";
import type { OrderKeyBindings } from "./keys";
import { orderLink } from "./lookup/confirmation";

/** How long before an unpaid order expires its shopper is reminded (the Cron Trigger runs every 5 minutes). */
export const EXPIRY_REMINDER_MS = 2 * 3600_000;
/** Reminders one cron run sends at most (the rest go on the next run, still before expiry). */
export const REMINDER_BATCH = 100;

/**
 * The orders reminded: waiting for a payment the shopper can make (not a financing application the lender is
 * deciding). Wire orders too: the reminder says the transfer has to arrive.
 */
const REMINDED_STATUSES = "('awaiting_payment', 'payment_failed')";

/** Where expiry emails link (the cron has no request: SITE_ORIGIN), and how they leave after the run. */
export interface ExpiryMail {
  env: EmailBindings & OrderKeyBindings;
  origin: string;
  waitUntil?: (p: Promise<unknown>) => void;
}

/** The facts of an order its expiry emails need. */
export interface ExpiringOrder {
  order_number: string;
  email: string;
  lines_json: string;
  cart_link: string;
  amount_due_cents: number;
  expires_at: number;
}

/**
 * The statements that tell the shopper their order expired — the claim of `expiry_notified_at` and the outbox
 * row — to run in the batch that moves the order to `expired` (only when it is that batch's change).
 */
export function expiredNoticeStatements(mail: ExpiryMail, order: ExpiringOrder, now: number): D1PreparedStatement[] {
  const lines = JSON.parse(order.lines_json) as { name: string; quantity: number }[];
  return [
    mail.env.DB.prepare("UPDATE orders SET expiry_notified_at = ? WHERE order_number = ? AND expiry_notified_at IS NULL").bind(now, order.order_number),
    outboxRowStatement(
      mail.env,
      {
        clientIp: null,
        message: {
          to: order.email,
          template: "order-expired",
          data: {
            orderNumber: order.order_number,
            items: lines.map((l) => ({ name: l.name, quantity: l.quantity })),
            cartLink: new URL(order.cart_link, mail.origin).toString(),
          },
        },
      },
      now,
      true,
    ),
  ];
}

/**
 * Reminds the shopper of each unpaid order expiring within EXPIRY_REMINDER_MS of `now` (and not yet expired)
 * once. Resolves to the order numbers reminded by this call.
 */
export async function remindBeforeExpiry(mail: ExpiryMail, now: number, limit = REMINDER_BATCH): Promise<string[]> {
  const db = mail.env.DB;
  const { results } = await db
    .prepare(
      `SELECT order_number, email, lines_json, cart_link, amount_due_cents, expires_at FROM orders
       WHERE status IN ${REMINDED_STATUSES} AND expires_at > ?1 AND expires_at <= ?2 AND expiry_reminded_at IS NULL
       ORDER BY expires_at LIMIT ?3`,
    )
    .bind(now, now + EXPIRY_REMINDER_MS, limit)
    .all<ExpiringOrder>();
  const reminded: string[] = [];
  for (const o of results) {
    const claim = db
      .prepare(
        `UPDATE orders SET expiry_reminded_at = ?1 WHERE order_number = ?2 AND expiry_reminded_at IS NULL AND status IN ${REMINDED_STATUSES} AND expires_at > ?1`,
      )
      .bind(now, o.order_number);
    const message = {
      to: o.email,
      template: "order-expiry-reminder" as const,
      data: {
        orderNumber: o.order_number,
        amountCents: o.amount_due_cents,
        expiresAt: o.expires_at,
        link: await orderLink(mail.env, o.order_number, mail.origin),
      },
    };
    if ((await sendOnce(mail.env, claim, message, now, mail.waitUntil)) !== null) reminded.push(o.order_number);
  }
  return reminded;
}
