/**
 * Retailer keys (issue 22 point 4): what proves a retailer may answer for its lines of an order — an
 * HMAC-SHA-256 of the order number and the retailer id under the order keys' secret (worker/orders/keys.ts:
 * `ORDER_KEY_SECRET`, else `VISITOR_COOKIE_SECRET`, else a development key), 128 bits in base64url. A separate
 * message prefix keeps it apart from the shopper's order key: one never opens the other's calls. Nothing is
 * stored: a key is checked by computing it again.
 */
import { base64url, sameBytes } from "../../accounts/passwords";
import type { OrderKeyBindings } from "../keys";

const DEV_SECRET = "loupe-local-development-order-keys";

/** The key retailer `retailerId` gets by email for order `orderNumber`. */
export async function retailerKey(env: OrderKeyBindings, orderNumber: string, retailerId: number): Promise<string> {
  const secret = env.ORDER_KEY_SECRET || env.VISITOR_COOKIE_SECRET || DEV_SECRET;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`retailer\n${orderNumber}\n${retailerId}`));
  return base64url(new Uint8Array(mac).slice(0, 16));
}

/** Whether `key` is retailer `retailerId`'s key for order `orderNumber` (compared in constant time). */
export async function checkRetailerKey(env: OrderKeyBindings, orderNumber: string, retailerId: number, key: string): Promise<boolean> {
  return sameBytes(new TextEncoder().encode(key), new TextEncoder().encode(await retailerKey(env, orderNumber, retailerId)));
}
