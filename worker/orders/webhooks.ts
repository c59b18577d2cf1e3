/**
 * Stripe's verified events (payments/stripe-webhook.ts checks the signature) as the shop's provider events:
 * applied by the payment's state through provider-events.ts, the event id written in the same batch as its
 * effect (docs/decisions/062-provider-webhooks.md). A `payment_failed` followed by `succeeded` for the same
 * PaymentIntent (the shopper retried on Stripe's page) ends paid; a replay changes nothing.
 */
import type { ProviderEvent, ProviderOutcome } from "./payments/provider-event";
import type { StripeEvent } from "./payments/stripe-webhook";
import { applyProviderEvent, type EventContext } from "./provider-events";
import type { OrderBindings } from "./service";

const OUTCOMES: Record<string, ProviderOutcome> = {
  "payment_intent.succeeded": "captured",
  "payment_intent.payment_failed": "declined",
  "payment_intent.canceled": "cancelled",
  "payment_intent.processing": "pending",
};

/** The event as the shop reads it; null for events about anything but a PaymentIntent's outcome. */
export function stripeProviderEvent(event: StripeEvent): ProviderEvent | null {
  const pi = event.paymentIntent;
  const outcome = OUTCOMES[event.type];
  if (!pi || !outcome) return null;
  // A succeeded event whose intent is not succeeded is not a capture (it cannot happen; nothing is assumed).
  if (outcome === "captured" && pi.status !== "succeeded") return null;
  return {
    provider: "stripe",
    eventId: event.id,
    type: event.type,
    providerPaymentId: pi.id,
    providerCaptureId: outcome === "captured" ? pi.id : null,
    // The PaymentIntent names its payment: no search by order number (another attempt of the order is another intent).
    orderNumber: null,
    outcome,
    amountCents: outcome === "captured" && pi.currency === "usd" ? pi.amountReceived : outcome === "captured" ? -1 : undefined,
    reason: outcome === "declined" ? (pi.lastError ?? "The card was declined.") : undefined,
    raw: event,
  };
}

/** Applies a verified event once; resolves to whether it changed anything. */
export async function applyStripeEvent(env: OrderBindings, event: StripeEvent, ctx: EventContext): Promise<boolean> {
  const e = stripeProviderEvent(event);
  return e ? applyProviderEvent(env, e, ctx) : false;
}
