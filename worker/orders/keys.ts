/**
 * Order keys (issue 18 point 7): the unguessable part of an order's emailed links — an HMAC-SHA-256 of the
 * order number under `ORDER_KEY_SECRET` (a local run's development key when unset: worker/platform/secrets.ts), 128 bits in
 * base64url. Nothing is stored: a key is checked by computing it again. The email landing `/orders/{slugUrl}`
 * is `{orderNumber}-{key}`.
 */
import { base64url, sameBytes } from "../accounts/passwords";
import { signingSecret } from "../platform/secrets";

export interface OrderKeyBindings {
  APP_ENV?: string;
  ORDER_KEY_SECRET?: string;
  /** Signs the retailers' keys (worker/orders/care/keys.ts). */
  RETAILER_KEY_SECRET?: string;
}

async function mac(env: OrderKeyBindings, orderNumber: string): Promise<Uint8Array> {
  const secret = signingSecret(env, "ORDER_KEY_SECRET");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`order\n${orderNumber}`))).slice(0, 16);
}

export async function orderKey(env: OrderKeyBindings, orderNumber: string): Promise<string> {
  return base64url(await mac(env, orderNumber));
}

export async function checkOrderKey(env: OrderKeyBindings, orderNumber: string, key: string): Promise<boolean> {
  return sameBytes(new TextEncoder().encode(key), new TextEncoder().encode(await orderKey(env, orderNumber)));
}

/** `/orders/{slugUrl}`: the order number and its key. */
export async function orderSlug(env: OrderKeyBindings, orderNumber: string): Promise<string> {
  return `${orderNumber}-${await orderKey(env, orderNumber)}`;
}

/** The order number and key of a slug, or null. */
export function parseOrderSlug(slug: string): { orderNumber: string; key: string } | null {
  const m = /^(LP\d{10})-([\w-]{22})$/.exec(slug);
  return m ? { orderNumber: m[1]!, key: m[2]! } : null;
}
