/**
 * Order tracking by number and email (§7 orders/tracking-order-details; issue 18 point 7). Someone who knows
 * both sees the status, the items and the city the order ships to — never the street, the email or the
 * payments. A wrong email and a missing order answer the same (null), after the same work, and every try
 * counts against the address's limit (limit.ts).
 */
import type { OrderTracking } from "#shared/orders/lookup.ts";
import { statusLabel } from "#shared/orders/states.ts";
import type { OrderRow } from "../store";
import { reserveLookup } from "./limit";

/** "Austin, TX" in the US, "Lyon, FR" elsewhere: where the order goes, without the street. */
export function shipsTo(shippingJson: string): string {
  const a = JSON.parse(shippingJson) as { city?: string; state?: string; countryCode?: string };
  const region = (a.countryCode ?? "US").toUpperCase() === "US" ? a.state : a.countryCode;
  return [a.city, region].filter((s) => s?.trim()).join(", ");
}

/** What tracking shows of an order. */
export function trackingOf(order: OrderRow): OrderTracking {
  return {
    orderNumber: order.order_number,
    status: order.status,
    statusLabel: statusLabel(order.status),
    createdAt: order.created_at,
    lines: (JSON.parse(order.lines_json) as { name: string; quantity: number }[]).map((l) => ({ name: l.name, quantity: l.quantity })),
    shipsTo: shipsTo(order.shipping_json),
  };
}

/**
 * Looks an order up for the client at `ip`: the tracking view, or null for a missing order, a draft (not
 * placed yet) or a wrong email alike. Refuses (rate_limited, with retryAfter) past the limit.
 */
export async function trackOrder(db: D1Database, ip: string, orderNumber: string, email: string, now: number): Promise<OrderTracking | null> {
  await reserveLookup(db, ip, now);
  const order = await db
    .prepare("SELECT * FROM orders WHERE order_number = ? AND status != 'drafted'")
    .bind(orderNumber.trim().toUpperCase())
    .first<OrderRow>();
  const given = email.trim().toLowerCase();
  const matches = order !== null && order.email.trim().toLowerCase() === given;
  return matches ? trackingOf(order) : null;
}
