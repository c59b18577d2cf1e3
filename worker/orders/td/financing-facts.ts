/**
 * A financed order's facts in its cart (the cart-paid effect: worker/orders/effect-runners.ts), read from what the
 * capture recorded: the account's last 4 digits, the plan, the transaction.
 */
import { last4 } from "#shared/orders/td.ts";
import type { CartBindings } from "../../cart/service";
import { findPayment } from "../payments/store";
import type { FinancingFacts } from "../payments/td";
import { findOrder } from "../store";
import { LOCAL_TD_ACCOUNT, LOCAL_TD_PLANS } from "./local";

/** What the payment's capture recorded of the financing (the adapter's `raw.financing`), or null. */
async function recordedFacts(db: D1Database, paymentId: string): Promise<Partial<FinancingFacts> | null> {
  const event = await db
    .prepare("SELECT payload FROM payment_events WHERE payment_id = ? AND kind = 'captured' ORDER BY id DESC LIMIT 1")
    .bind(paymentId)
    .first<{ payload: string }>();
  try {
    const raw = event ? (JSON.parse(event.payload) as { financing?: Partial<FinancingFacts> }) : null;
    return raw?.financing ?? null;
  } catch {
    return null;
  }
}

/**
 * Once a financing payment is captured (an effect of the payment: effect-runners.ts): the cart the order came from keeps its TdAccountNumber (its last 4
 * digits), TdCreditPlan and TdTransactionId. The same facts every time it is called (read from the capture's
 * record), so calling it again is harmless.
 */
export async function noteFinancing(env: Pick<CartBindings, "DB" | "CART">, paymentId: string, now: number): Promise<void> {
  const payment = await findPayment(env.DB, paymentId);
  if (!payment?.provider_payment_id || (payment.status !== "captured" && payment.status !== "refunded")) return;
  const order = await findOrder(env.DB, payment.order_number);
  if (!order) return;
  const facts = await recordedFacts(env.DB, payment.id);
  const local = payment.provider === "local";
  const cart = env.CART.get(env.CART.idFromName(order.cart_key));
  await cart.apply(
    [
      {
        type: "financing-approved",
        orderNumber: order.order_number,
        transactionId: payment.provider_payment_id,
        accountLast4: facts?.accountNumberLast4 ?? (local ? last4(LOCAL_TD_ACCOUNT) : null),
        creditPlan: facts?.creditPlan ?? (local ? LOCAL_TD_PLANS[0]!.code : null),
      },
    ],
    now,
  );
}
