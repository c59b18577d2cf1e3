/**
 * PayPal's webhooks (https://developer.paypal.com/api/rest/webhooks/): PayPal posts the event JSON with the
 * headers PAYPAL-AUTH-ALGO, PAYPAL-CERT-URL, PAYPAL-TRANSMISSION-ID, PAYPAL-TRANSMISSION-SIG and
 * PAYPAL-TRANSMISSION-TIME. The shop does not check the certificate chain itself: it asks PayPal, with its
 * own bearer token, `POST /v1/notifications/verify-webhook-signature` {auth_algo, cert_url, transmission_id,
 * transmission_sig, transmission_time, webhook_id, webhook_event} — the webhook id being the one PayPal gave
 * the shop's endpoint (PAYPAL_WEBHOOK_ID) — and only `verification_status: "SUCCESS"` counts. A PayPal that
 * cannot be reached is ProviderUnavailable (the route answers 503 and PayPal delivers again).
 * Events read (the rest are received and ignored):
 * - PAYMENT.CAPTURE.COMPLETED (captured), .DENIED / .DECLINED (declined), .PENDING (pending), .REFUNDED /
 *   .REVERSED (refunded): the resource is the capture (its order in supplementary_data.related_ids.order_id)
 *   or the refund (its capture in the `up` link);
 * - CHECKOUT.ORDER.APPROVED (approved: the shop captures, as on the buyer's return);
 * - CHECKOUT.PAYMENT-APPROVAL.REVERSED (cancelled: the buyer's approval was withdrawn before capture).
 */
import { refused } from "#shared/refusal.ts";
import { paypalCall, type PayPalConfig } from "./paypal";
import { cents } from "./provider";
import type { ProviderEvent, ProviderOutcome } from "./provider-event";
import { record, text } from "./provider-http";

/** The transmission headers PayPal signs a delivery with, and the verify call's field for each. */
export const PAYPAL_WEBHOOK_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

const OUTCOMES: Record<string, ProviderOutcome> = {
  "PAYMENT.CAPTURE.COMPLETED": "captured",
  "PAYMENT.CAPTURE.DENIED": "declined",
  "PAYMENT.CAPTURE.DECLINED": "declined",
  "PAYMENT.CAPTURE.PENDING": "pending",
  "PAYMENT.CAPTURE.REFUNDED": "refunded",
  "PAYMENT.CAPTURE.REVERSED": "refunded",
  "CHECKOUT.ORDER.APPROVED": "approved",
  "CHECKOUT.PAYMENT-APPROVAL.REVERSED": "cancelled",
};

/** Cents of a PayPal amount; -1 (never a payment's amount) for another currency or an unreadable value. */
function amountOf(amount: unknown): number | undefined {
  const a = record(amount);
  if (!a.value) return undefined;
  try {
    return a.currency_code === "USD" ? cents(text(a.value)) : -1;
  } catch {
    return -1;
  }
}

/** The capture id in a refund's `up` link (`…/v2/payments/captures/{id}`). */
function upCapture(links: unknown): string | null {
  if (!Array.isArray(links)) return null;
  for (const l of links.map(record)) {
    const m = l.rel === "up" ? /\/captures\/([^/?#]+)/.exec(text(l.href)) : null;
    if (m) return decodeURIComponent(m[1]!);
  }
  return null;
}

/** The verified event as the shop reads it; null for events it does not act on. */
export function paypalProviderEvent(event: Record<string, unknown>): ProviderEvent | null {
  const type = text(event.event_type);
  const outcome = OUTCOMES[type];
  if (!outcome) return null;
  const resource = record(event.resource);
  const base = { provider: "paypal" as const, eventId: text(event.id), type, outcome, raw: event };
  if (type.startsWith("CHECKOUT.ORDER.")) return { ...base, providerPaymentId: text(resource.id) || null };
  if (type === "CHECKOUT.PAYMENT-APPROVAL.REVERSED") return { ...base, providerPaymentId: text(resource.order_id) || null };
  const orderId = text(record(record(resource.supplementary_data).related_ids).order_id) || null;
  if (outcome === "refunded")
    return { ...base, providerPaymentId: orderId, providerCaptureId: upCapture(resource.links), amountCents: amountOf(resource.amount) };
  const reason = text(record(resource.status_details).reason);
  return {
    ...base,
    providerPaymentId: orderId,
    providerCaptureId: text(resource.id) || null,
    amountCents: outcome === "captured" ? amountOf(resource.amount) : undefined,
    reason: outcome === "declined" ? `PayPal declined the payment${reason ? ` (${reason})` : ""}.` : undefined,
  };
}

/**
 * Verifies a delivery by asking PayPal, then reads it: the event, null for one the shop does not act on, or
 * refused("bad_request") (400) for a delivery PayPal does not vouch for. Throws ProviderUnavailable when PayPal
 * cannot be reached.
 */
export async function verifyPayPalWebhook(
  config: PayPalConfig,
  webhookId: string,
  rawBody: string,
  header: (name: string) => string | null,
): Promise<ProviderEvent | null> {
  const fields: Record<string, string> = {};
  for (const [field, name] of Object.entries(PAYPAL_WEBHOOK_HEADERS)) {
    const value = header(name);
    if (!value) refused("bad_request", `The webhook has no ${name.toUpperCase()} header.`);
    fields[field] = value;
  }
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    refused("bad_request", "The webhook's body is not JSON.");
  }
  const e = record(event);
  if (!text(e.id) || !text(e.event_type) || typeof e.resource !== "object") refused("bad_request", "The webhook's body is not a PayPal event.");
  const answer = await paypalCall(
    config,
    "POST",
    "/v1/notifications/verify-webhook-signature",
    { ...fields, webhook_id: webhookId, webhook_event: e },
    null,
    "webhook verification",
  );
  if (answer.status !== 200 || record(answer.body).verification_status !== "SUCCESS") refused("bad_request", "PayPal did not verify the webhook's signature.");
  return paypalProviderEvent(e);
}
