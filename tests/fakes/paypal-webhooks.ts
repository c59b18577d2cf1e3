/**
 * The PayPal fake's webhooks (tests/fakes/paypal.ts): the events PayPal posts to a merchant's webhook and
 * PayPal's own check of them, `POST /v1/notifications/verify-webhook-signature` (Bearer token) with
 * {auth_algo, cert_url, transmission_id, transmission_sig, transmission_time, webhook_id, webhook_event} →
 * `{verification_status: "SUCCESS" | "FAILURE"}`. PayPal signs `transmission_id|transmission_time|webhook_id|
 * CRC32(body)` with its certificate's key (SHA256withRSA); the fake signs the same string (with SHA-256 of the
 * body) with a key only it knows, so only a delivery it made — unchanged, for that webhook id — verifies.
 * Control (through the PayPal fake's control): `webhook` → `{webhookId}` (a webhook registered for the app);
 * `event {orderId, type, webhookId}` → `{body, headers}`: the event PayPal would post now about the order
 * (PAYMENT.CAPTURE.COMPLETED / DENIED / PENDING / REFUNDED about its capture — a COMPLETED one of an order not
 * yet captured captures it, as when the merchant's capture call was lost after PayPal acted — or
 * CHECKOUT.ORDER.APPROVED about the order).
 */
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";

interface Money {
  currency_code: string;
  value: string;
}
/** What the fake knows of an order, enough to describe it in an event. */
export interface EventOrder {
  id: string;
  status: string;
  unit: { amount: Money };
  captures: { id: string; status: string; amount: Money; time: string }[];
}
export interface WebhookBook {
  ids: Set<string>;
}
export const webhookBook = (): WebhookBook => ({ ids: new Set() });

const KEY = randomBytes(32);
export const PAYPAL_CERT_URL = "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-fake";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const sign = (id: string, time: string, webhookId: string, body: string) =>
  createHmac("sha256", KEY)
    .update(`${id}|${time}|${webhookId}|${sha256(body)}`)
    .digest("base64");

const CAPTURE_STATUS: Record<string, string> = {
  "PAYMENT.CAPTURE.COMPLETED": "COMPLETED",
  "PAYMENT.CAPTURE.DENIED": "DECLINED",
  "PAYMENT.CAPTURE.PENDING": "PENDING",
};

function resourceOf(order: EventOrder, type: string, newId: () => string): { resource_type: string; resource: Record<string, unknown> } | { error: string } {
  if (type === "CHECKOUT.ORDER.APPROVED") return { resource_type: "checkout-order", resource: { id: order.id, status: order.status, intent: "CAPTURE" } };
  let capture = order.captures[order.captures.length - 1];
  if (type === "PAYMENT.CAPTURE.REFUNDED") {
    if (!capture) return { error: "the order has no capture to refund" };
    const href = `https://api.sandbox.paypal.com/v2/payments/captures/${capture.id}`;
    return { resource_type: "refund", resource: { id: newId(), status: "COMPLETED", amount: capture.amount, links: [{ rel: "up", href, method: "GET" }] } };
  }
  const status = CAPTURE_STATUS[type];
  if (!status) return { error: `the fake sends no ${type}` };
  if (!capture) {
    capture = { id: newId(), status: "PENDING", amount: order.unit.amount, time: new Date().toISOString() };
    order.captures.push(capture);
  }
  if (status === "COMPLETED") {
    capture.status = "COMPLETED";
    order.status = "COMPLETED";
  }
  return {
    resource_type: "capture",
    resource: {
      id: capture.id,
      status,
      amount: capture.amount,
      final_capture: true,
      ...(status === "DECLINED" ? { status_details: { reason: "DECLINED_BY_RISK_FRAUD_FILTERS" } } : {}),
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: capture.time,
    },
  };
}

/** The event PayPal would post about the order now, with its transmission headers. */
export function webhookEvent(book: WebhookBook, order: EventOrder, type: string, webhookId: string, newId: () => string) {
  if (!book.ids.has(webhookId)) return { error: `unknown webhook ${webhookId}` };
  const r = resourceOf(order, type, newId);
  if ("error" in r) return r;
  const event = {
    id: `WH-${newId()}-${newId()}`,
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type: r.resource_type,
    event_type: type,
    summary: `${type} for ${order.id}`,
    resource: r.resource,
  };
  const body = JSON.stringify(event);
  const id = randomUUID();
  const time = new Date().toISOString();
  const headers = {
    "content-type": "application/json",
    "paypal-auth-algo": "SHA256withRSA",
    "paypal-cert-url": PAYPAL_CERT_URL,
    "paypal-transmission-id": id,
    "paypal-transmission-sig": sign(id, time, webhookId, body),
    "paypal-transmission-time": time,
  };
  return { body, headers };
}

/** `POST /v1/notifications/verify-webhook-signature`: SUCCESS only for a delivery the fake made, unchanged, to that webhook. */
export function verifyWebhook(book: WebhookBook, raw: string): { status: number; body: unknown } {
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return { status: 400, body: { name: "INVALID_REQUEST", message: "Request is not well-formed, syntactically incorrect, or violates schema." } };
  }
  const fields = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id"] as const;
  const missing = fields.filter((f) => typeof input[f] !== "string");
  if (missing.length || typeof input.webhook_event !== "object")
    return {
      status: 400,
      body: {
        name: "VALIDATION_ERROR",
        message: "Invalid request - see details",
        details: missing.map((f) => ({ field: f, issue: "MISSING_REQUIRED_PARAMETER" })),
      },
    };
  const s = input as Record<(typeof fields)[number], string>;
  const ok =
    book.ids.has(s.webhook_id) &&
    s.auth_algo === "SHA256withRSA" &&
    s.cert_url === PAYPAL_CERT_URL &&
    s.transmission_sig === sign(s.transmission_id, s.transmission_time, s.webhook_id, JSON.stringify(input.webhook_event));
  return { status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
}
