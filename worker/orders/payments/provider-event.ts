/**
 * What a provider's verified webhook says about one payment, the same for every provider
 * (docs/decisions/062-provider-webhooks.md). Each provider's module (stripe-webhook.ts, paypal-webhook.ts,
 * braintree-webhook.ts, affirm-webhook.ts, splitit-webhook.ts) checks the delivery's signature and turns it
 * into one of these; worker/orders/provider-events.ts applies it by the payment's state, never by arrival order.
 */
import type { PaymentProvider } from "./store";

/**
 * - `captured`: the money is taken (a success after a failure still ends paid);
 * - `declined` / `cancelled`: nothing was taken (changes nothing once the payment is captured);
 * - `approved`: the shopper approved at the provider and the shop must finish (capture, authorise, start the
 *   plan): the provider is asked, exactly as the shopper's return would ask it;
 * - `refunded`: money went back (recorded for the operator; refunds the shop made are booked by refunds.ts);
 * - `pending`: not decided yet.
 */
export type ProviderOutcome = "captured" | "declined" | "cancelled" | "approved" | "refunded" | "pending";

export interface ProviderEvent {
  provider: PaymentProvider;
  /** The provider's id of the event (or of the delivery's subject and kind, where it sends none): stored once. */
  eventId: string;
  /** The provider's name for the event (`PAYMENT.CAPTURE.COMPLETED`, `transaction_settled`, …), for the record. */
  type: string;
  /** The provider's id of the payment as the shop stored it (payments.provider_payment_id), when the event names it. */
  providerPaymentId: string | null;
  /** The provider's id of the capture or sale (payments.provider_capture_id), when the event names it. */
  providerCaptureId?: string | null;
  /** The payment's idempotency key, where the provider echoes it (Braintree's sale orderId `{orderNumber}/{key}`). */
  paymentKey?: string | null;
  /** The shop's order number, as the shop gave it to the provider: finds the order's open payment when nothing else does. */
  orderNumber?: string | null;
  outcome: ProviderOutcome;
  /** Cents the provider says it took (a capture) or gave back (a refund). */
  amountCents?: number;
  /** A decline's reason in words. */
  reason?: string;
  /** What the provider needs to finish an `approved` payment (Affirm's checkout token). */
  token?: string;
  /** The verified payload, kept in payment_events. */
  raw: unknown;
}
