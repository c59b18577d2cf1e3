/**
 * Stripe's webhooks (https://docs.stripe.com/webhooks#verify-manually): Stripe signs each delivery with the
 * endpoint's secret (`whsec_…`) in the `Stripe-Signature` header, `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, where
 * each `v1` is HMAC-SHA256 over `${t}.${rawBody}` (several `v1` while a rotated secret is still valid; `v0` and
 * any other scheme are ignored). The verifier recomputes it with Web Crypto over the exact bytes received,
 * compares in constant time (`crypto.subtle.verify`), and refuses a timestamp more than 300 s from now either
 * way, so a captured delivery cannot be replayed later.
 *
 * Replays inside those 300 s — and Stripe's own redeliveries of one event — are NOT caught here: the caller
 * records each verified event id in the D1 payment events table and ignores an id it has already applied.
 * The verifier only checks the signature and the time, then reads the event.
 */
import { refused } from "#shared/refusal.ts";
import type { CaptureOutcome } from "./provider";

/** A verified event as the shop reads it; `paymentIntent` is null for events about other objects. */
export interface StripeEvent {
  /** `evt_…`: the replay key of the payment events table. */
  id: string;
  /** `payment_intent.succeeded`, `payment_intent.payment_failed`, `payment_intent.processing`, `payment_intent.canceled`, … */
  type: string;
  /** Unix seconds when Stripe created the event. */
  created: number;
  paymentIntent: {
    id: string;
    status: string;
    /** Cents. */
    amountReceived: number;
    /** Stripe's lower-case code, e.g. `usd`. */
    currency: string;
    /** `metadata.order_number`, set by createStripePayment. */
    orderNumber: string | null;
    /** `last_payment_error.message` (a decline's reason). */
    lastError: string | null;
  } | null;
}

/** How far the signed timestamp may be from now, either way (Stripe's libraries' default). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

/** `t` and the `v1` signatures of a `Stripe-Signature` header; null when it has no usable timestamp or no v1. */
function parseHeader(header: string): { t: number; signatures: string[] } | null {
  let t: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === "v1") signatures.push(value);
  }
  return t !== null && signatures.length ? { t, signatures } : null;
}

/** 64 hex digits → 32 bytes; null for anything else. */
function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function readPaymentIntent(object: unknown): StripeEvent["paymentIntent"] {
  if (!isObject(object) || object.object !== "payment_intent" || typeof object.id !== "string") return null;
  const metadata = isObject(object.metadata) ? object.metadata : {};
  const lastError = isObject(object.last_payment_error) ? object.last_payment_error : null;
  return {
    id: object.id,
    status: typeof object.status === "string" ? object.status : "",
    amountReceived: Number.isSafeInteger(object.amount_received) ? (object.amount_received as number) : 0,
    currency: typeof object.currency === "string" ? object.currency : "",
    orderNumber: typeof metadata.order_number === "string" ? metadata.order_number : null,
    lastError: lastError && typeof lastError.message === "string" ? lastError.message : null,
  };
}

/**
 * Verifies a webhook: the signature over the raw body with the secret, |now - t| ≤ 300 s; returns the parsed event or throws refused("bad_request", …) (a DomainError from #shared/refusal.ts).
 * `rawBody` must be the request body exactly as received (`await request.text()`, never re-serialised JSON);
 * `now` is epoch milliseconds (default the clock). An event id seen before is the caller's to refuse (see above).
 */
export async function verifyStripeWebhook(rawBody: string, signatureHeader: string | null, secret: string, now: number = Date.now()): Promise<StripeEvent> {
  if (!signatureHeader) refused("bad_request", "The webhook has no Stripe-Signature header.");
  const parsed = parseHeader(signatureHeader);
  if (!parsed) refused("bad_request", "The Stripe-Signature header has no timestamp or no v1 signature.");
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const signed = encoder.encode(`${parsed.t}.${rawBody}`);
  let valid = false;
  // Every v1 is checked (no early exit), each in constant time by Web Crypto.
  for (const signature of parsed.signatures) {
    const bytes = hexBytes(signature);
    if (bytes && (await crypto.subtle.verify("HMAC", key, bytes, signed))) valid = true;
  }
  if (!valid) refused("bad_request", "The webhook's signature does not match.");
  if (Math.abs(now / 1000 - parsed.t) > STRIPE_WEBHOOK_TOLERANCE_SECONDS) refused("bad_request", "The webhook's timestamp is outside the tolerance.");
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    refused("bad_request", "The webhook's body is not JSON.");
  }
  if (!isObject(event) || typeof event.id !== "string" || typeof event.type !== "string" || !Number.isSafeInteger(event.created) || !isObject(event.data)) {
    refused("bad_request", "The webhook's body is not a Stripe event.");
  }
  return { id: event.id, type: event.type, created: event.created as number, paymentIntent: readPaymentIntent(event.data.object) };
}

/** What a PaymentIntent in an event says about the money (null: nothing to apply). */
export function stripeOutcome(event: StripeEvent): CaptureOutcome | null {
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
