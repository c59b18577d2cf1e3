/**
 * Applying a verified Stripe event (the webhook route verifies the signature first). Each event id is
 * recorded once in payment_events (a unique index): a replay, or Stripe's redelivery, applies nothing. The
 * event's PaymentIntent is trusted because its signature was checked — it settles the payment it names
 * through the same exactly-once path as an approval (the payment's claim, compare-and-set on the order).
 */
import type { StripeEvent } from "./payments/stripe-webhook";
import type { CaptureOutcome } from "./payments/provider";
import { eventStatement, paymentByProviderId } from "./payments/store";
import { confirmPayment, type OrderBindings, type AfterResponse } from "./service";

/** What a PaymentIntent in an event says about the money. */
function outcomeOf(event: StripeEvent): CaptureOutcome | null {
  const pi = event.paymentIntent;
  if (!pi) return null;
  if (event.type === "payment_intent.succeeded" && pi.status === "succeeded")
    return {
      status: "captured",
      providerCaptureId: pi.id,
      amount: { amountCents: pi.amountReceived, currency: pi.currency === "usd" ? "USD" : (pi.currency.toUpperCase() as "USD") },
      raw: event,
    };
  if (event.type === "payment_intent.payment_failed") return { status: "declined", reason: pi.lastError ?? "The card was declined.", raw: event };
  if (event.type === "payment_intent.canceled") return { status: "declined", reason: "The payment was cancelled.", raw: event };
  if (event.type === "payment_intent.processing") return { status: "pending", raw: event };
  return null;
}

/** Applies a verified event once; resolves to whether it changed anything. */
export async function applyStripeEvent(env: OrderBindings, event: StripeEvent, now: number, notice?: AfterResponse): Promise<boolean> {
  const payment = event.paymentIntent ? await paymentByProviderId(env.DB, "stripe", event.paymentIntent.id) : null;
  try {
    await env.DB.batch([
      eventStatement(
        env.DB,
        {
          paymentId: payment?.id ?? null,
          orderNumber: payment?.order_number ?? null,
          provider: "stripe",
          kind: `webhook:${event.type}`,
          providerEventId: event.id,
          verified: true,
          payload: event,
        },
        now,
      ),
    ]);
  } catch (e) {
    if (String(e).includes("UNIQUE constraint failed")) return false;
    throw e;
  }
  const outcome = outcomeOf(event);
  if (!payment || !outcome) return false;
  const r = await confirmPayment(env, payment, "webhook:stripe", async () => outcome, now, notice);
  return r.outcome !== "processing";
}
