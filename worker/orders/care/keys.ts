/**
 * Retailer keys (issue 22 point 4): what proves a retailer may answer for its lines of an order — an
 * HMAC-SHA-256 of the order number and the retailer id under its own secret (`RETAILER_KEY_SECRET`; a local run's
 * development key when unset: worker/platform/secrets.ts), 128 bits in base64url. A separate secret and message
 * prefix keep it apart from the shopper's order key: one never opens the other's calls. Nothing is
 * stored: a key is checked by computing it again.
 */
import { base64url, sameBytes } from "../../accounts/passwords";
import { signingSecret } from "../../platform/secrets";
import type { OrderKeyBindings } from "../keys";

/** The key retailer `retailerId` gets by email for order `orderNumber`. */
export async function retailerKey(env: OrderKeyBindings, orderNumber: string, retailerId: number): Promise<string> {
  const secret = signingSecret(env, "RETAILER_KEY_SECRET");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`retailer\n${orderNumber}\n${retailerId}`));
  return base64url(new Uint8Array(mac).slice(0, 16));
}

/** Whether `key` is retailer `retailerId`'s key for order `orderNumber` (compared in constant time). */
export async function checkRetailerKey(env: OrderKeyBindings, orderNumber: string, retailerId: number, key: string): Promise<boolean> {
  return sameBytes(new TextEncoder().encode(key), new TextEncoder().encode(await retailerKey(env, orderNumber, retailerId)));
}
