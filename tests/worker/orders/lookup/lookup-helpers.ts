/** Shared by the lookup tests: placed orders (a guest's, a signed-in customer's), their keys, and the calls of shared/api/order-lookup.ts. */
import { env } from "cloudflare:test";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { orderKey, type OrderKeyBindings } from "#worker/orders/keys.ts";
import { call, postJson } from "../../helpers";
import { diamonds, visitor } from "../../cart/cart-helpers";
import { bearer, confirmedUser, signIn } from "../../accounts/account-helpers";
import { ADDRESS, readyShopper } from "../orders-helpers";

export const ADMIN = { authorization: "Bearer test-admin-token" };

/** A guest who placed an order (paid by card through the embedded gateway unless told otherwise). */
export async function guestOrder(paymentMethod: "paypal" | "card" | "wire" = "card") {
  const s = await readyShopper(paymentMethod);
  const placed = await s.placed();
  return { ...s, placed, orderNumber: placed.order.orderNumber, headers: { cookie: s.cookie } };
}

let pick = 20;
/** A signed-in customer (bearer token) who placed an order from their account's cart, in a browser of their own. */
export async function customerOrder() {
  const email = await confirmedUser("buyer");
  const token = await signIn(email);
  const v = await visitor();
  const headers = { cookie: v.cookie, ...bearer(token) };
  const d = (await diamonds())[pick++ % 40]!;
  for (const intent of [
    { type: "add-diamond", diamondId: d.id },
    { type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true },
    { type: "set-payment-method", paymentMethod: "card" },
  ]) {
    const res = await postJson("/api/cart", intent, headers);
    if (res.status !== 200) throw new Error(`${intent.type}: HTTP ${res.status} ${await res.text()}`);
  }
  const res = await call("/api/orders", { method: "POST", headers });
  if (res.status !== 201) throw new Error(`place: HTTP ${res.status} ${await res.text()}`);
  const placed = (await res.json()) as PlacedOrder;
  const user = (await env.DB.prepare("SELECT id, user_guid FROM users WHERE email = ?").bind(email).first<{ id: number; user_guid: string }>())!;
  return { email, token, headers, placed, orderNumber: placed.order.orderNumber, userId: user.id, userGuid: user.user_guid };
}

export const keyOf = (orderNumber: string) => orderKey(env as OrderKeyBindings, orderNumber);

export function track(orderNumber: string, email: string, ip: string) {
  return call(`/api/orders/tracking-order-details/${encodeURIComponent(orderNumber)}/${encodeURIComponent(email)}`, {
    method: "POST",
    headers: { "cf-connecting-ip": ip },
  });
}

export const emailOrder = (orderNumber: string, headers: Record<string, string>) => postJson("/api/orders/EmailOrder", { orderNumber }, headers);
export const saveOrder = (orderNumber: string, key: string, headers: Record<string, string>) => postJson("/api/orders/Save", { orderNumber, key }, headers);
export const expiration = (orderNumber: string, headers: Record<string, string>) =>
  call(`/api/orders/get-order-expiration/${orderNumber}`, { method: "POST", headers });
export const updateOrder = (orderNumber: string, body: unknown, headers: Record<string, string>) =>
  call(`/api/orders/payment-order-update/${orderNumber}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
export const wireReceived = (orderNumber: string, headers: Record<string, string> = ADMIN) =>
  call(`/api/orders/${orderNumber}/wire-received`, { method: "POST", headers });

export async function orderRow(orderNumber: string) {
  return (await env.DB.prepare("SELECT * FROM orders WHERE order_number = ?").bind(orderNumber).first<Record<string, unknown>>())!;
}

export async function paymentRows(orderNumber: string) {
  const { results } = await env.DB.prepare("SELECT id, provider, status, amount_cents FROM payments WHERE order_number = ? ORDER BY created_at, rowid")
    .bind(orderNumber)
    .all<{ id: string; provider: string; status: string; amount_cents: number }>();
  return results;
}
