/**
 * PUT orders/payment-order-update/{id} (§7): before it is paid, the shopper may change the order's shipping
 * and billing address and instructions. The tax follows the new shipping address (shared/cart/tax.ts), and
 * so the amount due; an open payment of another amount is cancelled, so the next payment (orders/payment)
 * collects the new one. The items are not changed: they were priced when the order was placed.
 */
import { wireSavingCents } from "#shared/cart/pricing.ts";
import { salesTaxCents } from "#shared/cart/tax.ts";
import type { PaymentOrderUpdate } from "#shared/orders/lookup.ts";
import type { OrderView } from "#shared/orders/schemas.ts";
import { isUnpaid } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import { findOrder, type OrderRow } from "../store";
import { orderView } from "../view";

type Address = NonNullable<PaymentOrderUpdate["ShippingAddress"]>;

/**
 * The tax and the amount due of an order's pre-tax total shipped to `address`: for a wire, the wire price and
 * the tax on it (the tax the payment collects), as the cart prices them (shared/cart/pricing.ts).
 */
export function amountsFor(order: Pick<OrderRow, "total_cents" | "care_plans_cents" | "payment_method">, address: Pick<Address, "countryCode" | "state">) {
  const price = order.payment_method === "wire" ? order.total_cents - wireSavingCents(order.total_cents) : order.total_cents;
  const taxCents = salesTaxCents(price - order.care_plans_cents, address.countryCode, address.state);
  return { taxCents, amountDueCents: price + taxCents };
}

const UNPAID_SQL = "('drafted', 'awaiting_payment', 'payment_failed')";
/** No open payment of the order is being confirmed with its provider right now. */
const NOT_CONFIRMING = "NOT EXISTS (SELECT 1 FROM payments WHERE order_number = ?1 AND status IN ('created', 'pending') AND claimed_until > ?2)";

/** Applies the update to the caller's own order (`order`); refuses (conflict) a paid, expired or cancelled one. */
export async function updateUnpaidOrder(db: D1Database, order: OrderRow, update: PaymentOrderUpdate, now: number): Promise<OrderView> {
  if (!isUnpaid(order.status)) refused("conflict", "This order can no longer be changed: it is not waiting for a payment.");
  const current = JSON.parse(order.shipping_json) as Address;
  const shipping: Address = { ...(update.ShippingAddress ?? current) };
  if (update.PostalCode) shipping.postalCode = update.PostalCode;
  // Keep the email the order is known by when the new address has none.
  if (!shipping.email) shipping.email = current.email ?? "";
  const billing = update.BillingAddress === undefined ? order.billing_json : update.BillingAddress === null ? null : JSON.stringify(update.BillingAddress);
  const instructions = update.Instructions ?? order.instructions;
  const { taxCents, amountDueCents } = amountsFor(order, shipping);
  // One transaction: the open payments of another amount are cancelled and the order changed only while it is
  // unpaid and no payment of it is being confirmed (a capture in flight is never cancelled under it).
  const [, changed] = await db.batch([
    db
      .prepare(
        `UPDATE payments SET status = 'cancelled', updated_at = ?2 WHERE order_number = ?1 AND status IN ('created', 'pending') AND amount_cents != ?3
           AND EXISTS (SELECT 1 FROM orders WHERE order_number = ?1 AND status IN ${UNPAID_SQL}) AND ${NOT_CONFIRMING}`,
      )
      .bind(order.order_number, now, amountDueCents),
    db
      .prepare(
        `UPDATE orders SET shipping_json = ?3, billing_json = ?4, instructions = ?5, tax_cents = ?6, amount_due_cents = ?7, updated_at = ?2
         WHERE order_number = ?1 AND status IN ${UNPAID_SQL} AND ${NOT_CONFIRMING}`,
      )
      .bind(order.order_number, now, JSON.stringify(shipping), billing, instructions, taxCents, amountDueCents),
  ]);
  if ((changed?.meta.changes ?? 0) === 0) {
    const again = await findOrder(db, order.order_number);
    if (again && isUnpaid(again.status)) refused("conflict", "The order's payment is being confirmed right now; try again in a moment.");
    refused("conflict", "This order can no longer be changed: it is not waiting for a payment.");
  }
  return orderView(db, order.order_number);
}
