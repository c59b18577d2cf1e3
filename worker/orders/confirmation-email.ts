/**
 * The order confirmation email: its data (`confirmationData`, from the order as kept in D1) and what it says
 * (`orderConfirmationEmail`, registered as the template `order-confirmation` in worker/email/templates.ts).
 * It lists the order's breakdown (shared/cart/breakdown.ts) — every line with its size, engraving and care
 * plan, then discount, care plans, bank-wire saving, tax and shipping — to the cent, and the amount that is
 * their sum, the same as the order's pages show and the payment collects; then where it ships.
 */
import { type BreakdownLine, type BreakdownRow, orderBreakdown, rowAmount } from "#shared/cart/breakdown.ts";
import { formatCents } from "#shared/cents.ts";
import { statusLabel } from "#shared/orders/states.ts";
import type { EmailContent } from "../email/layout";
import type { OrderRow } from "./store";
import { amountsOf } from "./aggregate";

export interface OrderConfirmationEmailData {
  orderNumber: string;
  /** What the shopper sees for the status ("paid", "waiting for payment"). */
  status: string;
  /** The breakdown's lines; emails queued before breakdowns were kept have `items` instead. */
  lines?: BreakdownLine[];
  rows?: BreakdownRow[];
  items?: { name: string; quantity: number; totalCents: number }[];
  /** The amount due (paid): the sum of the rows. */
  amountCents: number;
  /** Where it ships, one line ("Ada Lovelace, 1 Main St, Austin, TX 78701, US"). */
  shipsTo?: string;
  /** The order's own link (/orders/{slug}, absolute). */
  link: string;
}

type Address = { name: string; line1: string; apt?: string; city: string; state: string; postalCode: string; countryCode: string };

/** The shipping address on one line. */
export function addressLine(a: Address): string {
  return [a.name, a.line1, a.apt, a.city, `${a.state} ${a.postalCode}`.trim(), a.countryCode].filter((x) => x?.trim()).join(", ");
}

/** The email's data for `order` (its link made by the caller). */
export function confirmationData(order: OrderRow, link: string): OrderConfirmationEmailData {
  const amounts = amountsOf(order);
  const b = orderBreakdown(amounts);
  return {
    orderNumber: order.order_number,
    status: statusLabel(order.status),
    lines: b.lines,
    rows: b.rows,
    amountCents: amounts.amountDue,
    shipsTo: addressLine(JSON.parse(order.shipping_json) as Address),
    link,
  };
}

export function orderConfirmationEmail(d: OrderConfirmationEmailData): EmailContent {
  const lines = d.lines
    ? d.lines.flatMap((l) => [
        { kind: "p" as const, text: `${l.quantity} × ${l.name}: ${formatCents(l.cents)}` },
        ...l.details.map((x) => ({ kind: "p" as const, text: `· ${x}` })),
      ])
    : (d.items ?? []).map((i) => ({ kind: "p" as const, text: `${i.quantity} × ${i.name}: ${formatCents(i.totalCents)}` }));
  return {
    subject: `Your Loupe order ${d.orderNumber}`,
    preheader: `Order ${d.orderNumber}: ${formatCents(d.amountCents)}, ${d.status}.`,
    heading: `Order ${d.orderNumber}`,
    blocks: [
      { kind: "p", text: "Thank you for your order. Here is what you ordered:" },
      ...lines,
      ...(d.rows ?? []).map((r) => ({ kind: "p" as const, text: `${r.label}: ${rowAmount(r)}` })),
      { kind: "p", text: `Amount: ${formatCents(d.amountCents)} (tax included)` },
      ...(d.shipsTo ? [{ kind: "p" as const, text: `Ships to: ${d.shipsTo}` }] : []),
      { kind: "p", text: `Status: ${d.status}` },
      { kind: "button", label: "View my order", href: d.link },
      { kind: "p", text: "Keep this email: the link shows your order for 90 days, without signing in. Do not forward it." },
    ],
  };
}
