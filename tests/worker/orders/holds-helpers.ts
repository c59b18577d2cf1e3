/** Shared by the inventory-hold tests: shoppers after one stone, and what the catalogue and D1 say about it. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { PaymentMethod } from "#shared/cart/model.ts";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import type { Diamond, DiamondSearchResponse, DiamondSummary } from "#shared/schemas.ts";
import { call, postJson, type ErrorBody } from "../helpers";
import { visitor } from "../cart/cart-helpers";
import { ADDRESS } from "./orders-helpers";

export const HELD = "This diamond was just reserved by another shopper";

export type Stone = { id: number; certificate_id: string; is_lab_grown: number; shape: number; carat: number; cut: number; color: number; clarity: number };

/**
 * Free stones within the search's default price range that have similar free stones (so a refusal can offer
 * some), highest ids first (other tests of the worker take the lowest).
 */
export async function stones(n: number): Promise<Stone[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, certificate_id, is_lab_grown, shape, carat, cut, color, clarity FROM diamonds
     WHERE is_sold = 0 AND paired_diamond_id IS NULL AND price_cents BETWEEN 65000 AND 2000000
       AND id NOT IN (SELECT item_id FROM inventory_holds) ORDER BY id DESC LIMIT 200`,
  ).all<Stone>();
  const out: Stone[] = [];
  for (const s of results) {
    if (out.length === n) break;
    if ((await similarTo(s)).length > 0) out.push(s);
  }
  expect(out).toHaveLength(n);
  return out;
}

export async function similarTo(s: Stone): Promise<DiamondSummary[]> {
  const body = { id: s.id, isLabGrown: s.is_lab_grown === 1, shape: s.shape, carat: s.carat, cut: s.cut, color: s.color, clarity: s.clarity };
  const res = await postJson("/api/diamonds/get-similar", body);
  expect(res.status).toBe(200);
  return ((await res.json()) as { diamonds: DiamondSummary[] }).diamonds;
}

/** A new shopper whose cart holds `stoneId`, an address and a payment method; `place` places the order. */
export async function shopperWith(stoneId: number, paymentMethod: PaymentMethod = "card") {
  const v = await visitor();
  await v.ok({ type: "add-diamond", diamondId: stoneId });
  await v.ok({ type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true });
  await v.ok({ type: "set-payment-method", paymentMethod });
  return { ...v, place: () => call("/api/orders", { method: "POST", headers: { cookie: v.cookie } }) };
}

export async function placed(res: Response): Promise<PlacedOrder> {
  expect(res.status).toBe(201);
  return (await res.json()) as PlacedOrder;
}

/** Asserts a refusal is the hold's: 409, the message, the stone and similar stones' pages in the details. */
export async function expectHeldRefusal(res: Response, stoneId: number): Promise<ErrorBody> {
  expect(res.status).toBe(409);
  const body = (await res.json()) as ErrorBody;
  expect(body.error.code).toBe("conflict");
  expect(body.error.message).toBe(HELD);
  const details = body.error.details ?? [];
  expect(details[0]).toEqual({ path: "diamondId", message: String(stoneId) });
  const similar = details.filter((d) => d.path.startsWith("similar."));
  expect(similar.length).toBeGreaterThan(0);
  for (const d of similar) {
    expect(d.message).toMatch(/^\/diamond\/\d+\//);
    expect(d.message).not.toContain(`/diamond/${stoneId}/`);
  }
  return body;
}

export async function detail(id: number): Promise<Diamond> {
  const res = await call(`/api/diamonds/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Diamond;
}

/** How many results a search by the stone's certificate number finds (`pageSize` keeps each ask its own cache key). */
export async function searchFinds(s: Stone, pageSize: number): Promise<number> {
  const res = await postJson("/api/diamonds2", { certificateNumber: s.certificate_id, isLabGrown: null, pageSize });
  expect(res.status).toBe(200);
  return ((await res.json()) as DiamondSearchResponse).total;
}

export async function holdsOf(stoneId: number) {
  const { results } = await env.DB.prepare("SELECT order_number, state FROM inventory_holds WHERE item_kind = 'diamond' AND item_id = ?")
    .bind(stoneId)
    .all<{ order_number: string; state: string }>();
  return results;
}
