/** Shared by the order-effects tests: what an order's effects left behind (the confirmation emails, the rows). */
import { env } from "cloudflare:test";

/** The confirmation emails in the outbox about order `orderNumber`. */
export async function confirmations(orderNumber: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE template = 'order-confirmation' AND data LIKE ?")
    .bind(`%"orderNumber":"${orderNumber}"%`)
    .first<{ n: number }>();
  return row!.n;
}

/** The order's effect rows: kind, cause and state. */
export async function effectsOf(orderNumber: string) {
  const { results } = await env.DB.prepare("SELECT kind, cause, state, attempts FROM order_effects WHERE order_number = ? ORDER BY kind")
    .bind(orderNumber)
    .all<{ kind: string; cause: string; state: string; attempts: number }>();
  return results;
}

/** The effects of an order's payment, all done once. */
export const PAID_EFFECTS_DONE = ["cart-paid", "confirmation-email", "retailer-ask", "ring-size-ask"].map((kind) => ({
  kind,
  cause: "payment_captured",
  state: "done",
  attempts: 1,
}));
