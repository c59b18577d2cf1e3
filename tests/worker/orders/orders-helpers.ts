/** Shared by the order tests: a visitor with a cart ready to order, and typed order calls. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { PaymentMethod } from "#shared/cart/model.ts";
import type { ApprovalResult, PlacedOrder } from "#shared/orders/schemas.ts";
import type { Bindings } from "#worker/env.ts";
import { orderKey, type OrderKeyBindings } from "#worker/orders/keys.ts";
import { call } from "../helpers";
import { diamonds, visitor } from "../cart/cart-helpers";

export const ADDRESS = {
  name: "Ada Shopper",
  line1: "1 Market St",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  countryCode: "US",
  email: "ada@example.com",
};

let next = 0;
/** A visitor whose cart holds one diamond (a different one each time), an address and the payment method. */
export async function readyShopper(paymentMethod: PaymentMethod = "card") {
  const v = await visitor();
  const list = await diamonds();
  const d = list[next++ % list.length]!;
  await v.ok({ type: "add-diamond", diamondId: d.id });
  await v.ok({ type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true });
  await v.ok({ type: "set-payment-method", paymentMethod });
  const headers = { cookie: v.cookie };
  return {
    ...v,
    diamond: d,
    place: () => call("/api/orders", { method: "POST", headers }),
    placed: async () => {
      const res = await call("/api/orders", { method: "POST", headers });
      if (res.status !== 201 && res.status !== 200) throw new Error(`place: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as PlacedOrder;
    },
    repay: (orderNumber: string) => call(`/api/orders/payment/${orderNumber}`, { method: "POST", headers }),
  };
}

/**
 * A new visitor whose cart holds one diamond (`diamondIndex` picks it; each test file keeps to its own), an
 * address and `paymentMethod`, every call made with `bindings` (a provider configured, or none: the embedded
 * gateway). `send` makes further calls as that visitor, with its cookie; `place` places the order.
 */
export async function cartWith(bindings: Partial<Bindings>, paymentMethod: PaymentMethod, diamondIndex: number) {
  const first = await call("/api/cart", { env: bindings });
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const send = (path: string, init: RequestInit = {}) =>
    call(path, { ...init, headers: { cookie, "content-type": "application/json", ...(init.headers ?? {}) }, env: bindings });
  const list = await diamonds();
  for (const intent of [
    { type: "add-diamond", diamondId: list[diamondIndex % list.length]!.id },
    { type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true },
    { type: "set-payment-method", paymentMethod },
  ])
    expect((await send("/api/cart", { method: "POST", body: JSON.stringify(intent) })).status).toBe(200);
  return { send, cookie, place: () => send("/api/orders", { method: "POST" }) };
}

/** As cartWith, with the order placed (201). */
export async function placedWith(bindings: Partial<Bindings>, paymentMethod: PaymentMethod, diamondIndex: number) {
  const cart = await cartWith(bindings, paymentMethod, diamondIndex);
  const res = await cart.place();
  expect(res.status).toBe(201);
  return { ...cart, placed: (await res.json()) as PlacedOrder };
}

/** The shopper's decision on the embedded gateway's page (a form post, as the browser makes it). */
export async function decideAtGateway(approvalUrl: string, decision: "approve" | "decline" | "refer" | "cancel") {
  const path = new URL(approvalUrl).pathname;
  return call(`${path}/${decision}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
}

/** The embedded gateway's approval, as the holder of the order's emailed link (its key) would call it. */
export async function approveLocal(orderNumber: string, localId: string) {
  const key = await orderKey(env as OrderKeyBindings, orderNumber);
  const res = await call(`/api/orders/${orderNumber}/local/${localId}/approve?key=${encodeURIComponent(key)}`, { method: "PUT" });
  return { status: res.status, body: (await res.json()) as ApprovalResult };
}

export const localIdOf = (approvalUrl: string) => new URL(approvalUrl).pathname.split("/").pop()!;

/** How many captures really happened at the embedded gateway for a payment. */
export async function gatewayCaptures(localId: string): Promise<number> {
  return (await env.DB.prepare("SELECT captures FROM local_gateway_payments WHERE id = ?").bind(localId).first<{ captures: number }>())!.captures;
}

export async function transitions(orderNumber: string) {
  const { results } = await env.DB.prepare("SELECT from_status, to_status, event, cause FROM order_transitions WHERE order_number = ? ORDER BY id")
    .bind(orderNumber)
    .all<{ from_status: string; to_status: string; event: string; cause: string }>();
  return results;
}
