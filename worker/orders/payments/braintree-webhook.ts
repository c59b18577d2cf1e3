/**
 * Braintree's webhook notifications (https://developer.paypal.com/braintree/docs/guides/webhooks/parse): a
 * form post of `bt_signature` and `bt_payload`. The payload is the notification's XML in base64; the signature
 * is `public_key|hex` pairs joined by `&`, where the pair of the shop's public key carries
 * hex(HMAC-SHA1(key = SHA-1(private key), payload)) — checked over the payload as received, and with a
 * trailing newline as Braintree's own libraries accept, in constant time (Web Crypto's verify).
 * Kinds read (the rest are received and ignored): `transaction_settled` (captured) and
 * `transaction_settlement_declined` (declined). The subject's transaction names the sale (its id) and the
 * payment (its orderId is `{orderNumber}/{idempotency key}`, braintree.ts). Braintree sends no event id: the
 * kind and the transaction's id stand for it (a sale settles, or fails to, once).
 */
import { refused } from "#shared/refusal.ts";
import { cents } from "./provider";
import type { ProviderEvent, ProviderOutcome } from "./provider-event";

const OUTCOMES: Record<string, ProviderOutcome> = { transaction_settled: "captured", transaction_settlement_declined: "declined" };

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-fA-F]{40}$/.test(hex)) return null;
  const out = new Uint8Array(20);
  for (let i = 0; i < 20; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const xmlText = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, n: string) => ENTITIES[n]!);

/**
 * The notification's kind and the text fields of its subject's transaction (its direct children only: a
 * nested object's `<id>` is not the transaction's).
 */
export function readNotification(xml: string): { kind: string; transaction: Record<string, string> } {
  const tokens = /<(\/?)([A-Za-z0-9_-]+)[^>]*?(\/?)>|([^<]+)/g;
  const stack: string[] = [];
  const transaction: Record<string, string> = {};
  let kind = "";
  let txDepth = -1;
  for (let m = tokens.exec(xml); m; m = tokens.exec(xml)) {
    const [, closing, name, selfClosing, content] = m;
    if (content !== undefined) {
      const top = stack[stack.length - 1];
      if (top === "kind" && stack.length === 2) kind = xmlText(content.trim());
      if (txDepth >= 0 && stack.length === txDepth + 2 && top) transaction[top] = xmlText(content.trim());
    } else if (closing) {
      stack.pop();
      if (stack.length <= txDepth) txDepth = -1;
    } else if (!selfClosing) {
      if (name === "transaction" && txDepth < 0 && stack.includes("subject")) txDepth = stack.length;
      stack.push(name!);
    }
  }
  return { kind, transaction };
}

async function signatureMatches(privateKey: string, hex: string, payload: string): Promise<boolean> {
  const bytes = hexBytes(hex);
  if (!bytes) return false;
  const keyBytes = await crypto.subtle.digest("SHA-1", encoder.encode(privateKey));
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-1" }, false, ["verify"]);
  const exact = await crypto.subtle.verify("HMAC", key, bytes, encoder.encode(payload));
  const withNewline = await crypto.subtle.verify("HMAC", key, bytes, encoder.encode(`${payload}\n`));
  return exact || withNewline;
}

/**
 * Verifies a notification with the merchant's keys and reads it: the event, null for a kind the shop does not
 * act on, or refused("bad_request") (400) for a signature that does not match or a payload that is not one.
 */
export async function verifyBraintreeWebhook(keys: { publicKey: string; privateKey: string }, form: URLSearchParams): Promise<ProviderEvent | null> {
  const signature = form.get("bt_signature");
  const payload = form.get("bt_payload");
  if (!signature || !payload) refused("bad_request", "The notification has no bt_signature or no bt_payload.");
  if (!/^[A-Za-z0-9+=/\n]+$/.test(payload)) refused("bad_request", "The notification's payload is not base64.");
  const pair = signature
    .split("&")
    .map((p) => p.split("|"))
    .find(([publicKey]) => publicKey === keys.publicKey);
  if (!pair || !(await signatureMatches(keys.privateKey, pair[1] ?? "", payload))) refused("bad_request", "The notification's signature does not match.");
  let xml: string;
  try {
    xml = new TextDecoder().decode(Uint8Array.from(atob(payload.replace(/\n/g, "")), (c) => c.charCodeAt(0)));
  } catch {
    refused("bad_request", "The notification's payload is not base64.");
  }
  const { kind, transaction } = readNotification(xml);
  const outcome = OUTCOMES[kind];
  const id = transaction.id;
  if (!outcome || !id) return null;
  const [orderNumber, ...key] = (transaction["order-id"] ?? "").split("/");
  let amountCents: number | undefined;
  try {
    amountCents = transaction.amount ? cents(transaction.amount) : undefined;
  } catch {
    amountCents = -1;
  }
  if (transaction["currency-iso-code"] && transaction["currency-iso-code"] !== "USD") amountCents = -1;
  return {
    provider: "braintree",
    eventId: `${kind}:${id}`,
    type: kind,
    providerPaymentId: null,
    providerCaptureId: id,
    paymentKey: key.length ? key.join("/") : null,
    orderNumber: orderNumber || null,
    outcome,
    amountCents: outcome === "captured" ? amountCents : undefined,
    reason: outcome === "declined" ? "The payment processor declined to settle the payment." : undefined,
    raw: { kind, transaction },
  };
}
