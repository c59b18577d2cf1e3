/**
 * Provider webhooks: what a payment provider tells the shop on its own, verified before it counts
 * (docs/decisions/062-provider-webhooks.md). Every event is applied by the payment's state, not by arrival
 * order, and once: its id is stored in the same batch as its effect.
 */
import * as v from "valibot";
import { json, operation, refusal } from "./operation";

export const WebhookReceipt = v.object({
  received: v.literal(true),
  /** False for an event already applied (a replay, or the provider's own redelivery), about nothing the shop knows, or that changes nothing. */
  applied: v.boolean(),
});

const common = {
  200: json("Received", WebhookReceipt),
  409: refusal("Another request is confirming the payment right now: the provider delivers the event again later"),
  503: refusal("The provider could not be reached to verify or finish the payment: the provider delivers the event again later"),
} as const;

export const webhookOperations = {
  stripeWebhook: operation({
    method: "POST",
    path: "/webhooks/stripe",
    operationId: "stripeWebhook",
    credentials: ["stripeSignature"],
    summary: "Stripe's events (payment_intent.succeeded, payment_failed, canceled, processing): the Stripe-Signature checked over the raw body",
    description:
      "The body is Stripe's event JSON, read raw (the signature is over its exact bytes). A signature that does not match, or a timestamp more than 300 s away, is refused with 400; an event id seen before changes nothing (200, applied: false). A success after a failure of the same PaymentIntent ends paid.",
    responses: {
      ...common,
      400: refusal("The signature is missing, wrong or too old, or the body is not an event"),
      404: refusal("Stripe webhooks are not configured on this site"),
    },
  }),
  paypalWebhook: operation({
    method: "POST",
    path: "/webhooks/paypal",
    operationId: "paypalWebhook",
    credentials: ["paypalSignature"],
    summary:
      "PayPal's events (PAYMENT.CAPTURE.COMPLETED, DENIED, DECLINED, PENDING, REFUNDED; CHECKOUT.ORDER.APPROVED): verified by PayPal's verify-webhook-signature",
    description:
      "The body is PayPal's event JSON. The shop asks PayPal (`POST /v1/notifications/verify-webhook-signature`) with the PAYPAL-TRANSMISSION-* headers and its webhook id (PAYPAL_WEBHOOK_ID); anything but SUCCESS is refused with 400. An approved order is captured as the shopper's return would capture it.",
    responses: {
      ...common,
      400: refusal("PayPal did not verify the delivery, or the body is not an event"),
      404: refusal("PayPal webhooks are not configured on this site"),
    },
  }),
  braintreeWebhook: operation({
    method: "POST",
    path: "/webhooks/braintree",
    operationId: "braintreeWebhook",
    credentials: ["braintreeSignature"],
    summary: "Braintree's notifications (transaction_settled, transaction_settlement_declined): bt_signature checked with the merchant's keys",
    description:
      "The body is a form with `bt_signature` (`public_key|hex HMAC-SHA1` keyed by SHA-1 of the private key) and `bt_payload` (the notification's XML, base64). A signature that does not match is refused with 400.",
    responses: {
      ...common,
      400: refusal("The signature is missing or wrong, or the payload is not a notification"),
      404: refusal("Braintree is not configured on this site"),
    },
  }),
  affirmWebhook: operation({
    method: "POST",
    path: "/webhooks/affirm",
    operationId: "affirmWebhook",
    credentials: ["affirmSignature"],
    summary: "Affirm's checkout events (confirmed, not_approved): X-Affirm-Signature, HMAC-SHA512 with the merchant's private key",
    description:
      "The body is Affirm's form-encoded event. The signature is over `t.rawBody`; one more than 300 s old is refused with 400. A confirmed checkout is authorised and captured as the shopper's return would.",
    responses: {
      ...common,
      400: refusal("The signature is missing, wrong or too old, or the body is not an event"),
      404: refusal("Affirm is not configured on this site"),
    },
  }),
  splititWebhook: operation({
    method: "POST",
    path: "/webhooks/splitit",
    operationId: "splititWebhook",
    credentials: ["splititSignature"],
    summary:
      "Splitit's plan events (PlanApprovedSucceeded, PlanApprovedFailed, PlanCancelledSucceeded, FullCaptureSucceeded): X-Splitit-Signature with Splitit's public key",
    description:
      "The signature is Splitit's RSA signature over `X-Splitit-IdempotencyKey;body`, checked with the public key in SPLITIT_WEBHOOK_PUBLIC_KEY; the idempotency key is the event's id. A wrong signature is refused with 400.",
    responses: {
      ...common,
      400: refusal("The signature is missing or wrong, or the body is not an event"),
      404: refusal("Splitit webhooks are not configured on this site"),
    },
  }),
} as const;
