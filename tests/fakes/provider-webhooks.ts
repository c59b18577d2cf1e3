/**
 * Affirm's and Splitit's webhook deliveries as they document them, for the worker tests (Web Crypto only):
 * - Affirm (https://docs.affirm.com/developers/docs/checking-webhook-signatures): a form-encoded checkout event
 *   with `X-Affirm-Signature: t=<unix seconds>,v0=<hex HMAC-SHA512 over "t.body", keyed by the private API key>`;
 * - Splitit (https://developers.splitit.com/operational/webhooks/merchant-webhooks): a JSON plan event with
 *   `X-Splitit-IdempotencyKey` and `X-Splitit-Signature`, Splitit's RSA signature (base64) over `key;body`; the
 *   key pair stands in for Splitit's (its public half is what the shop configures).
 */
const encoder = new TextEncoder();
const hex = (b: ArrayBuffer) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");
const b64 = (b: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(b)));

/** An Affirm checkout event signed with the merchant's private key at `t` (unix seconds). */
export async function affirmDelivery(privateKey: string, fields: Record<string, string>, t = Math.floor(Date.now() / 1000)) {
  const body = new URLSearchParams(fields).toString();
  const key = await crypto.subtle.importKey("raw", encoder.encode(privateKey), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
  const v0 = hex(await crypto.subtle.sign("HMAC", key, encoder.encode(`${t}.${body}`)));
  return { body, headers: { "content-type": "application/x-www-form-urlencoded", "x-affirm-signature": `t=${t},v0=${v0}` } };
}

/** A key pair standing in for Splitit's webhook signing key: the private half signs, the public half is PEM for SPLITIT_WEBHOOK_PUBLIC_KEY. */
export async function splititSigningKey() {
  const pair = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const spki = b64((await crypto.subtle.exportKey("spki", pair.publicKey)) as ArrayBuffer);
  const pem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join("\n")}\n-----END PUBLIC KEY-----\n`;
  return { privateKey: pair.privateKey, pem };
}

/** A Splitit plan event, signed over `idempotencyKey;body`. */
export async function splititDelivery(privateKey: CryptoKey, event: Record<string, unknown>, idempotencyKey: string = crypto.randomUUID()) {
  const body = JSON.stringify(event);
  const signature = b64(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", privateKey, encoder.encode(`${idempotencyKey};${body}`)));
  return { body, headers: { "content-type": "application/json", "x-splitit-idempotencykey": idempotencyKey, "x-splitit-signature": signature } };
}
