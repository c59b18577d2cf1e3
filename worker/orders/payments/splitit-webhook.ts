/**
 * Splitit's webhooks (https://developers.splitit.com/operational/webhooks/merchant-webhooks): plan events
 * posted as JSON, redelivered every hour for 24 hours until answered 200. Each delivery carries
 * `X-Splitit-IdempotencyKey` (the event's id, the same on every redelivery) and `X-Splitit-Signature`: Splitit's
 * signature over `${idempotencyKey};${body}` with its private key, base64 — checked here with Splitit's public
 * key (SPLITIT_WEBHOOK_PUBLIC_KEY, a PEM `PUBLIC KEY`) as RSASSA-PKCS1-v1_5 with SHA-256
 * (docs/decisions/062-provider-webhooks.md says what was and was not confirmed about the algorithm).
 * Events read (the rest are received and ignored): PlanCreatedSucceeded, PlanApprovedSucceeded,
 * FullCaptureSucceeded and CreateSucceeded (approved: the shop reads the plan and starts it, as on the
 * shopper's return — never trusting the event's word on the money), PlanApprovedFailed (declined),
 * PlanCancelledSucceeded (cancelled), RefundCompleted / RefundSucceeded (refunded).
 */
import { refused } from "#shared/refusal.ts";
import type { ProviderEvent, ProviderOutcome } from "./provider-event";
import { record, text } from "./provider-http";

const OUTCOMES: Record<string, ProviderOutcome> = {
  PlanCreatedSucceeded: "approved",
  PlanApprovedSucceeded: "approved",
  FullCaptureSucceeded: "approved",
  CreateSucceeded: "approved",
  PlanApprovedFailed: "declined",
  PlanCancelledSucceeded: "cancelled",
  RefundCompleted: "refunded",
  RefundSucceeded: "refunded",
};

const encoder = new TextEncoder();
const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** The SPKI bytes of a PEM `-----BEGIN PUBLIC KEY-----` block (or of bare base64). */
function spki(pem: string): Uint8Array<ArrayBuffer> {
  return bytesOf(pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, "").replace(/\s+/g, ""));
}

/** A field of the event, whichever case Splitit writes its name in. */
function field(body: Record<string, unknown>, ...names: string[]): string {
  for (const n of names) {
    const v = text(body[n] ?? body[n.charAt(0).toLowerCase() + n.slice(1)]);
    if (v) return v;
  }
  return "";
}

/**
 * Verifies a delivery with Splitit's public key and reads it: the event, null for one the shop does not act on,
 * or refused("bad_request") (400).
 */
export async function verifySplititWebhook(publicKeyPem: string, rawBody: string, header: (name: string) => string | null): Promise<ProviderEvent | null> {
  const eventId = header("x-splitit-idempotencykey");
  const signature = header("x-splitit-signature");
  if (!eventId || !signature) refused("bad_request", "The webhook has no X-Splitit-IdempotencyKey or no X-Splitit-Signature header.");
  let valid = false;
  try {
    const key = await crypto.subtle.importKey("spki", spki(publicKeyPem), { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
    valid = await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, bytesOf(signature.trim()), encoder.encode(`${eventId};${rawBody}`));
  } catch {
    valid = false;
  }
  if (!valid) refused("bad_request", "The webhook's signature does not match.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    refused("bad_request", "The webhook's body is not JSON.");
  }
  const body = record(parsed);
  const type = field(body, "EventName", "Event", "Type");
  const outcome = OUTCOMES[type];
  const plan = field(body, "InstallmentPlanNumber");
  if (!outcome || !plan) return null;
  return {
    provider: "splitit",
    eventId,
    type,
    providerPaymentId: plan,
    orderNumber: field(body, "RefOrderNumber") || null,
    outcome,
    reason: outcome === "declined" ? "Splitit did not approve the plan." : undefined,
    raw: body,
  };
}
