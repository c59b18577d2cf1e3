/**
 * Braintree's webhook notifications as Braintree makes them (its SDKs' `webhookTesting.sampleNotification`):
 * the notification's XML in base64 (wrapped at 60 characters, with a final newline, as Ruby's encode64 writes
 * it) as `bt_payload`, and `bt_signature` = `public_key|hex(HMAC-SHA1(key = SHA-1(private key), bt_payload))`.
 * The subject's transaction carries a nested customer with its own `<id>` first, as real notifications carry
 * nested objects, so a reader that takes the first `<id>` it sees reads the wrong one. Web Crypto only: it
 * runs in the worker tests and in Node alike.
 */
const encoder = new TextEncoder();
const hex = (b: ArrayBuffer) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");

export interface NotifiedSale {
  id: string;
  /** `12.34` */
  amount: string;
  orderId: string | null;
  status: string;
}

/** The notification's XML about a sale. */
export function notificationXml(kind: string, sale: NotifiedSale, at = new Date()): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<notification>
  <timestamp type="datetime">${at.toISOString().replace(/\.\d+Z$/, "Z")}</timestamp>
  <kind>${kind}</kind>
  <subject>
    <transaction>
      <customer><id>customer-7</id><email>shopper@example.com</email></customer>
      <id>${sale.id}</id>
      <status>${sale.status}</status>
      <type>sale</type>
      <currency-iso-code>USD</currency-iso-code>
      <amount>${sale.amount}</amount>
      <order-id>${(sale.orderId ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;")}</order-id>
      <disbursement-details><disbursement-date nil="true"/></disbursement-details>
    </transaction>
  </subject>
</notification>
`;
}

/** base64 as Ruby's `Base64.encode64`: lines of 60 characters, each ended by a newline. */
function encode64(text: string): string {
  const b64 = btoa(String.fromCharCode(...encoder.encode(text)));
  return `${b64.match(/.{1,60}/g)!.join("\n")}\n`;
}

/** The form Braintree posts: `bt_signature` and `bt_payload`, signed with the merchant's keys. */
export async function braintreeNotification(keys: { publicKey: string; privateKey: string }, kind: string, sale: NotifiedSale, at?: Date) {
  const payload = encode64(notificationXml(kind, sale, at));
  const keyBytes = await crypto.subtle.digest("SHA-1", encoder.encode(keys.privateKey));
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const signature = hex(await crypto.subtle.sign("HMAC", key, encoder.encode(payload)));
  return { bt_signature: `${keys.publicKey}|${signature}`, bt_payload: payload };
}
