/**
 * What a lender's checkout shows besides the amount (issue 22): the order's lines, where it ships, and its tax
 * and discount — read from the order the payment is for, so the adapter's `create` keeps the one PaymentRequest
 * shape every provider takes. Affirm asks for items and shipping (its checkout object); Splitit for the shopper.
 */
import type { Address } from "#shared/cart/model.ts";

/** One line of the order as a lender shows it. */
export interface CheckoutLine {
  lineId: string;
  name: string;
  sku: string;
  quantity: number;
  /** The line's total (all its units) in cents. */
  totalCents: number;
}

/** The order around a payment. */
export interface CheckoutDetails {
  lines: CheckoutLine[];
  shipping: Address | null;
  taxCents: number;
  discountCents: number;
}

/** No lines, no address: what a payment without its order (a test's bare request) carries. */
export const NO_DETAILS: CheckoutDetails = { lines: [], shipping: null, taxCents: 0, discountCents: 0 };

/** The order's lines, shipping address, tax and discount; NO_DETAILS when there is no such order. */
export async function checkoutDetails(db: D1Database, orderNumber: string): Promise<CheckoutDetails> {
  const [order, items] = await db.batch([
    db.prepare("SELECT shipping_json, tax_cents, discount_cents FROM orders WHERE order_number = ?").bind(orderNumber),
    db.prepare("SELECT line_id, name, sku, quantity, total_cents FROM order_items WHERE order_number = ? ORDER BY line_id").bind(orderNumber),
  ]);
  const row = order!.results[0] as { shipping_json: string; tax_cents: number; discount_cents: number } | undefined;
  if (!row) return NO_DETAILS;
  const lines = (items!.results as { line_id: string; name: string; sku: string | null; quantity: number; total_cents: number }[]).map((i) => ({
    lineId: i.line_id,
    name: i.name,
    sku: i.sku ?? i.line_id,
    quantity: i.quantity,
    totalCents: i.total_cents,
  }));
  let shipping: CheckoutDetails["shipping"] = null;
  try {
    shipping = JSON.parse(row.shipping_json) as CheckoutDetails["shipping"];
  } catch {
    shipping = null;
  }
  return { lines, shipping, taxCents: row.tax_cents, discountCents: row.discount_cents };
}
