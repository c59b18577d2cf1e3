/**
 * Shared by the after-order care tests: a paid order (through the embedded gateway) of chosen stones and items
 * with a fresh email, retailer keys, and typed calls of the care API.
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { AvailabilityResult, ChoiceResult, SubstitutesView } from "#shared/orders/care.ts";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { type OrderKeyBindings, orderKey } from "#worker/orders/keys.ts";
import { retailerKey } from "#worker/orders/care/keys.ts";
import { similarStones, stoneById } from "#worker/orders/care/similar.ts";
import { call } from "../../helpers";
import { ADDRESS, approveLocal, decideAtGateway, localIdOf } from "../orders-helpers";
import { visitor } from "../../cart/cart-helpers";

/** Retailer `retailerId`'s key for order `n` (what its email carries). */
export const keyFor = (n: string, retailerId: number) => retailerKey(env as OrderKeyBindings, n, retailerId);

export const ADMIN = { authorization: "Bearer test-admin-token", "content-type": "application/json" };
const JSON_HEADERS = { "content-type": "application/json" };

let seq = 0;
/** An email no other test uses (the outbox caps 5 emails of a template per address per hour). */
export const freshEmail = (tag: string) => `care-${tag}-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A stone's retailer. */
export async function retailerOf(diamondId: number): Promise<number> {
  return (await env.DB.prepare("SELECT retailer_id FROM diamonds WHERE id = ?").bind(diamondId).first<{ retailer_id: number }>())!.retailer_id;
}

/** Places and pays (embedded gateway, card) an order of `diamondId` and, optionally, a jewellery variant. */
export async function paidOrder(diamondId: number, extra: { variantId?: number } = {}) {
  const v = await visitor();
  const email = freshEmail("shopper");
  await v.ok({ type: "add-diamond", diamondId });
  if (extra.variantId) await v.ok({ type: "add-item", variantId: extra.variantId });
  await v.ok({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true });
  await v.ok({ type: "set-payment-method", paymentMethod: "card" });
  const res = await call("/api/orders", { method: "POST", headers: { cookie: v.cookie } });
  expect(res.status).toBe(201);
  const placed = (await res.json()) as PlacedOrder;
  await decideAtGateway(placed.payment.approvalUrl!, "approve");
  const approved = await approveLocal(placed.order.orderNumber, localIdOf(placed.payment.approvalUrl!));
  expect(approved.body.order.status).toBe("paid");
  const n = placed.order.orderNumber;
  return { n, email, cookie: v.cookie, placed, localId: localIdOf(placed.payment.approvalUrl!), key: await orderKey(env as OrderKeyBindings, n) };
}

/** PUT confirm-order-items-availability as a retailer (its key) or, without `retailerId`, as the operator. */
export async function answer(n: string, items: { lineId: string; available: boolean }[], retailerId?: number, key?: string) {
  const proof = retailerId === undefined ? {} : { retailerId, key: key ?? (await keyFor(n, retailerId)) };
  const res = await call(`/api/orders/confirm-order-items-availability/${n}`, {
    method: "PUT",
    headers: retailerId === undefined ? ADMIN : JSON_HEADERS,
    body: JSON.stringify({ items, ...proof }),
  });
  return { status: res.status, body: (await res.json()) as AvailabilityResult & { error?: { code: string; message: string } } };
}

export async function substitutes(n: string, key: string) {
  const res = await call(`/api/orders/${n}/substitutes?key=${key}`);
  return { status: res.status, body: (await res.json()) as SubstitutesView };
}

export async function choose(n: string, body: Record<string, unknown>) {
  const res = await call(`/api/orders/${n}/substitutes`, { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as ChoiceResult & { error?: { code: string; message: string } } };
}

/** Outbox rows of a template to an address. */
export async function outbox(to: string, template: string) {
  const { results } = await env.DB.prepare("SELECT data FROM email_outbox WHERE recipient = ? AND template = ? ORDER BY id")
    .bind(to, template)
    .all<{ data: string }>();
  return results.map((r) => JSON.parse(r.data) as Record<string, unknown>);
}

const used = new Set<number>();
/**
 * An unsold stone, held by no order, whose similar stones satisfy `want` (e.g. a dearer and a cheaper one);
 * each test takes its own.
 */
export async function stoneWith(want: (offers: { id: number; price_cents: number }[], price: number) => boolean, skip = 0): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT d.id, d.price_cents FROM diamonds d WHERE d.is_sold = 0 AND d.paired_diamond_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.diamond_id = d.id) ORDER BY d.id LIMIT 400 OFFSET ?`,
  )
    .bind(skip)
    .all<{ id: number; price_cents: number }>();
  for (const d of results) {
    if (used.has(d.id)) continue;
    const stone = (await stoneById(env.DB, d.id))!;
    const offers = await similarStones(env.DB, { stone, paidCents: d.price_cents });
    if (offers.some((o) => used.has(o.id))) continue;
    if (want(offers, d.price_cents)) {
      used.add(d.id);
      for (const o of offers) used.add(o.id);
      return d.id;
    }
  }
  throw new Error("no stone in the test catalogue fits");
}
