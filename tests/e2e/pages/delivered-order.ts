/**
 * A delivered order for the browser tests (decision 037), made the way a shopper and an operator would through
 * the API, in a request context of its own (its own visitor: no browser's cart is touched): a diamond in the
 * cart, the address with a fresh email, placed, paid through the embedded gateway, then availability confirmed,
 * shipped and delivered by the operator (admin token) — which emails the review invitation.
 */
import { type APIRequestContext, request } from "playwright-core";
import { E2E_ADMIN_TOKEN } from "../server";
import { url } from "./browser";

/** A fresh address for one order (the local D1 of the browser tests persists across runs). */
export const freshReviewEmail = (tag: string) => `e2e-review-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function ok(res: Awaited<ReturnType<APIRequestContext["get"]>>, what: string, redirectOk = false) {
  if (res.status() >= (redirectOk ? 400 : 300)) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return res;
}

/** A placed, unpaid order of a fresh visitor with one diamond picked at random among fifty: its number and the gateway's page. */
export async function placedOrder(email: string): Promise<{ orderNumber: string; approvalUrl: string; api: APIRequestContext }> {
  const api = await request.newContext();
  await ok(await api.get(url("/api/cart")), "cart");
  const found = await ok(await api.post(url("/api/diamonds2"), { data: { pageSize: 50, priceMin: 1000, priceMax: 8000 } }), "diamonds");
  const { diamonds } = (await found.json()) as { diamonds: { id: number }[] };
  const diamond = diamonds[Math.floor(Math.random() * diamonds.length)]!;
  const address = { name: "Ada Shopper", line1: "1 Congress Ave", city: "Austin", state: "TX", postalCode: "78701", countryCode: "US", email };
  for (const intent of [
    { type: "add-diamond", diamondId: diamond.id },
    { type: "set-addresses", shippingAddress: address, billingSameAsShipping: true },
    { type: "set-payment-method", paymentMethod: "card" },
  ])
    await ok(await api.post(url("/api/cart"), { data: intent }), intent.type);
  const placed = (await (await ok(await api.post(url("/api/orders")), "place")).json()) as {
    order: { orderNumber: string };
    payment: { approvalUrl: string };
  };
  return { orderNumber: placed.order.orderNumber, approvalUrl: placed.payment.approvalUrl, api };
}

/** The operator's events that take a paid order to delivered (the last one emails the review invitation). */
export async function deliver(orderNumber: string): Promise<void> {
  for (const event of ["availability_confirmed", "shipped", "delivered"]) {
    const res = await fetch(url(`/api/orders/${orderNumber}/status`), {
      method: "POST",
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ event }),
    });
    if (res.status !== 200) throw new Error(`${event}: HTTP ${res.status} ${await res.text()}`);
  }
}

/** A delivered order of `email`, paid through the gateway's own form and its approve call. */
export async function deliveredOrder(email: string): Promise<string> {
  const { orderNumber, approvalUrl, api } = await placedOrder(email);
  const gateway = new URL(approvalUrl).pathname;
  // The gateway answers its form with a 303 back to the shop.
  await ok(await api.post(url(`${gateway}/approve`), { form: {}, maxRedirects: 0 }), "gateway approve", true);
  const approved = await ok(await api.put(url(`/api/orders/${orderNumber}/local/${gateway.split("/").pop()}/approve`)), "approve");
  if (((await approved.json()) as { outcome: string }).outcome !== "paid") throw new Error(`order ${orderNumber} is not paid`);
  await api.dispose();
  await deliver(orderNumber);
  return orderNumber;
}
