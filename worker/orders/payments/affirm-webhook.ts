/**
 * Affirm's webhooks (https://docs.affirm.com/developers/docs/checking-webhook-signatures): checkout events
 * (opened, approved, not_approved, confirmed, …), form-encoded, posted once (Affirm does not retry). Each
 * carries `X-Affirm-Signature: t=<unix seconds>,v0=<hex>`, the v0 being HMAC-SHA512 over `${t}.${rawBody}`
 * keyed by the merchant's private API key (AFFIRM_PRIVATE_KEY, already configured for the API): checked in
 * constant time (Web Crypto's verify), and a timestamp more than 300 s from now is refused (a replay).
 * Affirm has no webhook about charges (authorise, capture, refund are the shop's own calls): the events read
 * are `confirmed` (the shopper confirmed the loan: approved — the shop authorises the checkout token and
 * captures, as on the shopper's return) and `not_approved` (declined). The rest are received and ignored.
 */
import { refused } from "#shared/refusal.ts";
import type { ProviderEvent, ProviderOutcome } from "./provider-event";

/** How far the signed timestamp may be from now, either way (Affirm's recommended tolerance). */
export const AFFIRM_WEBHOOK_TOLERANCE_SECONDS = 300;

const OUTCOMES: Record<string, ProviderOutcome> = { confirmed: "approved", not_approved: "declined" };
const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-fA-F]{128}$/.test(hex)) return null;
  const out = new Uint8Array(64);
  for (let i = 0; i < 64; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * Verifies a delivery with the merchant's private key and reads it: the event, null for one the shop does not
 * act on, or refused("bad_request") (400). `now` is epoch milliseconds.
 */
export async function verifyAffirmWebhook(privateKey: string, rawBody: string, header: string | null, now: number): Promise<ProviderEvent | null> {
  if (!header) refused("bad_request", "The webhook has no X-Affirm-Signature header.");
  let t: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [k, ...rest] = part.trim().split("=");
    const value = rest.join("=").trim();
    if (k === "t" && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (k === "v0") signatures.push(value);
  }
  if (t === null || !signatures.length) refused("bad_request", "The X-Affirm-Signature header has no timestamp or no v0 signature.");
  const key = await crypto.subtle.importKey("raw", encoder.encode(privateKey), { name: "HMAC", hash: "SHA-512" }, false, ["verify"]);
  const signed = encoder.encode(`${t}.${rawBody}`);
  let valid = false;
  for (const s of signatures) {
    const bytes = hexBytes(s);
    if (bytes && (await crypto.subtle.verify("HMAC", key, bytes, signed))) valid = true;
  }
  if (!valid) refused("bad_request", "The webhook's signature does not match.");
  if (Math.abs(now / 1000 - t) > AFFIRM_WEBHOOK_TOLERANCE_SECONDS) refused("bad_request", "The webhook's timestamp is outside the tolerance.");
  const form = new URLSearchParams(rawBody);
  const type = form.get("event") ?? "";
  const outcome = OUTCOMES[type];
  const token = form.get("checkout_token") ?? "";
  const checkoutId = form.get("checkout_id");
  const orderNumber = form.get("order_id");
  if (!outcome || !(token || checkoutId || orderNumber)) return null;
  return {
    provider: "affirm",
    eventId: form.get("event_id") || `${type}:${token || checkoutId || orderNumber}`,
    type,
    providerPaymentId: checkoutId,
    orderNumber,
    outcome,
    token: token || undefined,
    reason: outcome === "declined" ? "Affirm did not approve the loan." : undefined,
    raw: Object.fromEntries(form),
  };
}
