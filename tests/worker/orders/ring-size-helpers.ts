/** Shared by the missing-ring-size and expiry-email tests: orders of rings with "size later", paid through the gateway, and their emails. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { call, postJson } from "../helpers";
import { diamonds, ringSettings, variantsOf, visitor } from "../cart/cart-helpers";
import { ADDRESS, approveLocal, decideAtGateway, localIdOf } from "./orders-helpers";

let picked = 0;
/** An address of its own for each order (the outbox is read per recipient). */
export const freshEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * A visitor with a ring in the cart (a setting and a diamond, each test its own) — with `band`, also the
 * ring's matching band — whose sizes are "later", an address with a fresh email and the card method.
 */
export async function ringShopper(tag: string, options: { band?: boolean } = {}) {
  const v = await visitor();
  const n = picked++;
  const ring = (await ringSettings())[n % 12]!;
  const d = (await diamonds())[25 + (n % 15)]!;
  const email = freshEmail(tag);
  await v.ok({ type: "add-item", variantId: ring.vid });
  await v.ok({ type: "add-diamond", diamondId: d.id });
  let cart = await v.ok({ type: "set-ring-size-later" });
  if (options.band) {
    const band = (await variantsOf(ring.matching_band_id))[0]!;
    cart = await v.ok({ type: "add-item", variantId: band.id });
    cart = await v.ok({ type: "set-ring-size-later", lineId: cart.WeddingBands[0]!.lineId });
  }
  await v.ok({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true });
  cart = await v.ok({ type: "set-payment-method", paymentMethod: "card" });
  const headers = { cookie: v.cookie };
  return {
    ...v,
    email,
    cart,
    headers,
    place: async () => {
      const res = await call("/api/orders", { method: "POST", headers });
      expect(res.status).toBe(201);
      return (await res.json()) as PlacedOrder;
    },
  };
}

/** Pays a placed order through the embedded gateway (the shopper approves, the return page confirms). */
export async function payAtGateway(placed: PlacedOrder) {
  await decideAtGateway(placed.payment.approvalUrl!, "approve");
  const paid = await approveLocal(placed.order.orderNumber, localIdOf(placed.payment.approvalUrl!));
  expect(paid.body.order.status).toBe("paid");
}

export interface OutboxRow {
  id: number;
  template: string;
  data: Record<string, unknown>;
}

/** The outbox rows to `to` of `template`, oldest first. */
export async function emailsTo(to: string, template: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare("SELECT id, template, data FROM email_outbox WHERE recipient = ? AND template = ? ORDER BY id")
    .bind(to, template)
    .all<{ id: number; template: string; data: string }>();
  return results.map((r) => ({ id: r.id, template: r.template, data: JSON.parse(r.data) as Record<string, unknown> }));
}

/** The order's items as D1 holds them. */
export async function orderItems(orderNumber: string) {
  const { results } = await env.DB.prepare("SELECT line_id, kind, size, size_required FROM order_items WHERE order_number = ? ORDER BY line_id")
    .bind(orderNumber)
    .all<{ line_id: string; kind: string; size: number | null; size_required: number }>();
  return results;
}

export const missingCall = (orderNumber: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postJson(`/api/orders/missing-ring-size/${orderNumber}`, body, headers);
export const addCall = (orderNumber: string, body: unknown) => postJson(`/api/orders/add-missing-ring-size/${orderNumber}`, body);
