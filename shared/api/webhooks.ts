/** Provider webhooks (issue 18): what a payment provider tells the shop on its own, verified before it counts. */
import * as v from "valibot";
import { json, operation, refusal } from "./operation";

export const WebhookReceipt = v.object({
  received: v.literal(true),
  /** False for an event already applied (a replay, or the provider's own redelivery) or about nothing the shop knows. */
  applied: v.boolean(),
});

export const webhookOperations = {
  stripeWebhook: operation({
    method: "POST",
    path: "/webhooks/stripe",
    operationId: "stripeWebhook",
    credentials: ["stripeSignature"],
    summary: "Stripe's events (payment_intent.succeeded, payment_failed, processing): the Stripe-Signature checked over the raw body",
    description:
      "The body is Stripe's event JSON, read raw (the signature is over its exact bytes). A signature that does not match, or a timestamp more than 300 s away, is refused with 400; an event id seen before changes nothing (200, applied: false).",
    responses: {
      200: json("Received", WebhookReceipt),
      400: refusal("The signature is missing, wrong or too old, or the body is not an event"),
      404: refusal("Stripe webhooks are not configured on this site"),
    },
  }),
} as const;
