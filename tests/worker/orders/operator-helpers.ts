/** Shared by the operator's order tests (refunds, the operator API): paid orders, the admin calls, what D1 holds. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import type { PaymentBindings } from "#worker/orders/payments/providers.ts";
import { call } from "../helpers";
import { ADDRESS, approveLocal, decideAtGateway, localIdOf, readyShopper } from "./orders-helpers";

export const ADMIN = { authorization: "Bearer test-admin-token" };
export const paymentEnv = env as unknown as PaymentBindings;

/** An order placed by a new shopper (card through the embedded gateway unless told otherwise; `email` theirs), not paid yet. */
export async function placedOrder(method: "card" | "wire" | "paypal" = "card", email?: string) {
  const s = await readyShopper(method);
  if (email) await s.ok({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true });
  const placed: PlacedOrder = await s.placed();
  return { shopper: s, placed, orderNumber: placed.order.orderNumber, email: placed.order.email };
}

/** An order paid by card through the embedded gateway (approved there, then captured): its number and gateway payment id. */
export async function paidOrder(email?: string) {
  const o = await placedOrder("card", email);
  const approval = o.placed.payment.approvalUrl!;
  await decideAtGateway(approval, "approve");
  const { status, body } = await approveLocal(o.orderNumber, localIdOf(approval));
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.outcome).toBe("paid");
  return { ...o, localId: localIdOf(approval), amountDue: body.order.amountDue };
}

/** An order paid by bank wire (the operator marked the transfer received). */
export async function wirePaidOrder() {
  const o = await placedOrder("wire");
  const res = await call(`/api/orders/${o.orderNumber}/wire-received`, { method: "POST", headers: ADMIN });
  expect(res.status).toBe(200);
  return { ...o, amountDue: o.placed.order.amountDue };
}

export async function one<T>(sql: string, ...binds: unknown[]): Promise<T | null> {
  return env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}

export async function rows<T>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** The embedded gateway's books for a payment: refunds made and cents given back. */
export const gatewayBooks = (localId: string) =>
  one<{ refunds: number; refunded_cents: number; captures: number }>(
    "SELECT refunds, refunded_cents, captures FROM local_gateway_payments WHERE id = ?",
    localId,
  );

export const statusOf = async (orderNumber: string) => (await one<{ status: string }>("SELECT status FROM orders WHERE order_number = ?", orderNumber))!.status;

export const actionsOf = (orderNumber: string) =>
  rows<{ action: string; actor: string; detail: string; at: number }>(
    "SELECT action, actor, detail, at FROM order_actions WHERE order_number = ? ORDER BY id",
    orderNumber,
  );

/** An operator action on an order (admin token unless `headers` say otherwise). */
export const act = (orderNumber: string, body: Record<string, unknown>, headers: Record<string, string> = ADMIN) =>
  call(`/api/operator/orders/${orderNumber}/actions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** A fresh address for a shopper (search by email finds only their orders). */
export const freshEmail = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
