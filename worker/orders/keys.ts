/**
 * Order keys (issue 18 point 7): the unguessable part of an order's emailed links — an HMAC-SHA-256 of the
 * order number under `ORDER_KEY_SECRET` (else `VISITOR_COOKIE_SECRET`, else a development key), 128 bits in
 * base64url. Nothing is stored: a key is checked by computing it again. The email landing `/orders/{slugUrl}`
 * is `{orderNumber}-{key}`.
 */
import { base64url, sameBytes } from "../accounts/passwords";

export interface OrderKeyBindings {
  ORDER_KEY_SECRET?: string;
  VISITOR_COOKIE_SECRET?: string;
}

const DEV_SECRET = "loupe-local-development-order-keys";

async function mac(env: OrderKeyBindings, orderNumber: string): Promise<Uint8Array> {
  const secret = env.ORDER_KEY_SECRET || env.VISITOR_COOKIE_SECRET || DEV_SECRET;
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
