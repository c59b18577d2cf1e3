/**
 * A delivered order for the browser tests (decision 037), made the way a shopper and an operator would through
 * the API, in a request context of its own (its own visitor: no browser's cart is touched): a diamond in the
 * cart, the address with a fresh email, placed, paid through the embedded gateway, then availability confirmed,
 * shipped and delivered by the operator (admin token) — which emails the review invitation.
 */
import { type APIRequestContext, type Page, request } from "playwright-core";
import { adminCall, approvedThroughApi, decideOnGatewayPage, freshEmail, placedThroughApi } from "./order-flow";

/** A fresh address for one order (the local D1 of the browser tests persists across runs). */
export const freshReviewEmail = (tag: string) => freshEmail(`review-${tag}`);

/** A placed, unpaid order of a fresh visitor with one diamond picked at random among fifty: its number and the gateway's page. */
export async function placedOrder(email: string): Promise<{ orderNumber: string; approvalUrl: string; api: APIRequestContext }> {
  const api = await request.newContext();
  return { ...(await placedThroughApi(api, email)), api };
}

/** The operator's events that take a paid order to delivered (the last one emails the review invitation). */
export async function deliver(orderNumber: string): Promise<void> {
  for (const event of ["availability_confirmed", "shipped", "delivered"]) {
    const res = await adminCall("POST", `/api/orders/${orderNumber}/status`, { event });
    if (res.status !== 200) throw new Error(`${event}: HTTP ${res.status} ${await res.text()}`);
  }
}

/** A delivered order of `email`, paid through the gateway's own form and its approve call. */
export async function deliveredOrder(email: string): Promise<string> {
  const { orderNumber, approvalUrl, api } = await placedOrder(email);
  await approvedThroughApi(api, orderNumber, approvalUrl);
  await api.dispose();
  await deliver(orderNumber);
  return orderNumber;
}

/** A delivered order of `email`, paid on the gateway's page in `page` (back on the shop's success page). */
export async function deliveredOrderPaidInPage(page: Page, email: string): Promise<string> {
  const { orderNumber, approvalUrl, api } = await placedOrder(email);
  await api.dispose();
  await decideOnGatewayPage(page, approvalUrl);
  await deliver(orderNumber);
  return orderNumber;
}
