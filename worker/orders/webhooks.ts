/**
 * Applying a verified Stripe event (the webhook route verifies the signature first). Each event id is
 * recorded once in payment_events (a unique index), in the batch that applies it: a replay, or Stripe's
 * redelivery, applies nothing. The event's PaymentIntent is trusted because its signature was checked — it
 * settles the payment it names by the payment's state (approve.ts applyOutcome), whatever order events come in.
 */
import type { StripeEvent } from "./payments/stripe-webhook";
import type { CaptureOutcome } from "./payments/provider";
import { eventStatement, paymentByProviderId } from "./payments/store";
import { applyOutcome } from "./approve";
import type { AfterResponse, OrderBindings } from "./service";

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

/**
 * Applies a verified event by the payment's state (approve.ts applyOutcome: a success after a failure ends paid),
 * recording it as applied in the same batch; resolves to whether it changed anything (a replay changes nothing).
 */
export async function applyStripeEvent(env: OrderBindings, event: StripeEvent, now: number, after?: AfterResponse): Promise<boolean> {
  const payment = event.paymentIntent ? await paymentByProviderId(env.DB, "stripe", event.paymentIntent.id) : null;
  const outcome = outcomeOf(event);
  if (payment && outcome) return (await applyOutcome(env, payment, outcome, "webhook:stripe", { ...after, now }, { provider: "stripe", id: event.id })).changed;
  // Nothing to apply (another event type, a payment not ours): recorded once, for the record.
  const record = eventStatement(
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
  );
  await env.DB.batch([record]).catch((e: unknown) => (String(e).includes("UNIQUE constraint failed") ? null : Promise.reject(e)));
  return false;
}
