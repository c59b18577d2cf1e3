/** Shared by the survey and review tests (decision 037): a delivered order of a fresh address, its email and links. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { type OrderKeyBindings, orderKey } from "#worker/orders/keys.ts";
import { call, postJson } from "../../helpers";
import { freshEmail, outbox } from "../../accounts/account-helpers";
import { ADDRESS, approveLocal, decideAtGateway, localIdOf, readyShopper } from "../orders-helpers";

const ADMIN = { authorization: "Bearer test-admin-token", "content-type": "application/json" };

/** The operator's event on an order (the admin call). */
export const operatorEvent = (orderNumber: string, event: string) =>
  call(`/api/orders/${orderNumber}/status`, { method: "POST", headers: ADMIN, body: JSON.stringify({ event }) });

/**
 * A paid order of a fresh address, moved to shipped (paid through the embedded gateway, then availability
 * confirmed and shipped by the operator): `deliver()` makes it delivered.
 */
export async function shippedOrder(email = freshEmail("review"), jewelleryVariantId: number | null = null) {
  const s = await readyShopper("card");
  await s.ok({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true });
  if (jewelleryVariantId !== null) await s.ok({ type: "add-item", variantId: jewelleryVariantId });
  const { order, payment } = await s.placed();
  await decideAtGateway(payment.approvalUrl!, "approve");
  expect((await approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!))).body.outcome).toBe("paid");
  for (const e of ["availability_confirmed", "shipped"]) expect((await operatorEvent(order.orderNumber, e)).status).toBe(200);
  const orderNumber = order.orderNumber;
  return { orderNumber, email, key: await orderKey(env as OrderKeyBindings, orderNumber), deliver: () => operatorEvent(orderNumber, "delivered") };
}

/** A delivered order of a fresh address (its review invitation sent). */
export async function deliveredOrder(email = freshEmail("review"), jewelleryVariantId: number | null = null) {
  const o = await shippedOrder(email, jewelleryVariantId);
  expect((await o.deliver()).status).toBe(200);
  return o;
}

/** The review invitations emailed to an address, newest first. */
export async function invitations(email: string) {
  return (await outbox(email)).filter((m) => m.template === "review-invitation");
}

/** The one invitation's data: its products' star links, the survey and unsubscribe links. */
export async function invitation(email: string) {
  const [mail, ...more] = await invitations(email);
  expect(mail, `a review invitation to ${email}`).toBeDefined();
  expect(more).toEqual([]);
  return mail!.data as unknown as { orderNumber: string; products: { name: string; ratingLinks: string[] }[]; surveyLink: string; unsubscribeLink: string };
}

/** The path of an emailed absolute link. */
export const pathOf = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};

/** The review request id and key of a star link `/orders/user-product-review/{rating}/{reviewId}/{key}`. */
export function requestOf(link: string): { reviewId: string; key: string } {
  const [, , , , reviewId, key] = new URL(link).pathname.split("/");
  return { reviewId: reviewId!, key: key! };
}

/** Posts JSON to the API. */
export const api = (path: string, body: unknown) => postJson(`/api${path}`, body);

/** Posts a page's form as a browser does (a document post from this site). */
export const form = (path: string, fields: [string, string][] | Record<string, string>) =>
  call(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" },
    body: new URLSearchParams(fields).toString(),
  });
