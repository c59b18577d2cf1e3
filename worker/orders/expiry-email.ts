/**
 * What an unpaid order's expiry emails say (issue 22 point 4): the reminder 2 hours before it expires and the
 * notice once it has (templates `order-expiry-reminder` and `order-expired` in worker/email/templates.ts; sent
 * once each by expiry-notices.ts).
 */
import type { EmailContent } from "../email/layout";
import { formatCents } from "#shared/cents.ts";

export interface ExpiryReminderEmailData {
  orderNumber: string;
  amountCents: number;
  /** When the order expires (epoch ms). */
  expiresAt: number;
  /** The order's emailed link (/orders/{slug}, absolute), where it is paid. */
  link: string;
}

export interface OrderExpiredEmailData {
  orderNumber: string;
  items: { name: string; quantity: number }[];
  /** The order's cart link (absolute): opens a cart with the same items to order again. */
  cartLink: string;
}

const usd = formatCents;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "14:05 UTC on 3 March 2027": an email cannot know the reader's time zone. */
export function utcTime(ms: number): string {
  const d = new Date(ms);
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${hh}:${mm} UTC on ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export function expiryReminderEmail(d: ExpiryReminderEmailData): EmailContent {
  return {
    subject: `Your order ${d.orderNumber} expires in 2 hours`,
    preheader: `Order ${d.orderNumber} (${usd(d.amountCents)}) is waiting for its payment.`,
    heading: "Your order is waiting for its payment",
    blocks: [
      { kind: "p", text: `Your order ${d.orderNumber} for ${usd(d.amountCents)} has not been paid yet.` },
      { kind: "p", text: `It expires at ${utcTime(d.expiresAt)}, about 2 hours from now; after that its items are no longer held for you.` },
      { kind: "button", label: "Pay for my order", href: d.link },
      { kind: "p", text: "If you have already paid, you can ignore this email." },
    ],
  };
}

export function orderExpiredEmail(d: OrderExpiredEmailData): EmailContent {
  return {
    subject: `Your order ${d.orderNumber} has expired`,
    preheader: "It was not paid in time. Nothing was charged; you can order again from your cart.",
    heading: "Your order has expired",
    blocks: [
      { kind: "p", text: `Your order ${d.orderNumber} was not paid in time, so it has expired. Nothing was charged.` },
      ...d.items.map((i) => ({ kind: "p" as const, text: `${i.quantity} × ${i.name}` })),
      { kind: "p", text: "The items may still be available. Open your cart with them to order again:" },
      { kind: "button", label: "Order again", href: d.cartLink },
    ],
  };
}
