/** Shared by the reconciler's tests: an order paid at the embedded gateway whose approval never reached the shop, and what D1 says of it. */
import { env } from "cloudflare:test";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import type { Bindings } from "#worker/env.ts";
import { type OrdersCronBindings, ordersCronWork } from "#worker/orders/expiry.ts";
import { RECONCILE_AFTER_MS, type ReconcileBindings, reconcilePayments } from "#worker/orders/reconcile.ts";
import { ADDRESS, cartWith, decideAtGateway, localIdOf } from "./orders-helpers";

/** The test env with more bindings (an operators' address, a provider). */
export const withEnv = (extra: Partial<Bindings> = {}) => ({ ...env, ...extra }) as unknown as OrdersCronBindings & ReconcileBindings;

/**
 * An order placed by a new shopper (card through the embedded gateway, its own address) and approved on the
 * gateway's page — captured at the provider as soon as it is asked — but whose approval call never came.
 */
export async function approvedUnrecorded(diamondIndex: number) {
  const cart = await cartWith({}, "card", diamondIndex);
  const email = `reconcile-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await cart.send("/api/cart", {
    method: "POST",
    body: JSON.stringify({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true }),
  });
  const placed = (await (await cart.place()).json()) as PlacedOrder;
  const approvalUrl = placed.payment.approvalUrl!;
  await decideAtGateway(approvalUrl, "approve");
  return { n: placed.order.orderNumber, localId: localIdOf(approvalUrl), placed, placedAt: placed.order.createdAt };
}

/** The cron's reconciler pass, `minutes` after `from` (a payment is asked about RECONCILE_AFTER_MS after it started). */
export const reconcileAt = (from: number, minutes = RECONCILE_AFTER_MS / 60_000 + 1, extra: Partial<Bindings> = {}) =>
  reconcilePayments(withEnv(extra), from + minutes * 60_000);

/** The whole order cron at `now`. */
export const cronAt = (now: number, extra: Partial<Bindings> = {}) => ordersCronWork(withEnv(extra), now);

/** The gateway's books: captures and refunds that really happened. */
export async function gatewayBooks(localId: string) {
  return (await env.DB.prepare("SELECT captures, refunds, refunded_cents FROM local_gateway_payments WHERE id = ?")
    .bind(localId)
    .first<{ captures: number; refunds: number; refunded_cents: number }>())!;
}

export async function statusOf(n: string) {
  return (await env.DB.prepare("SELECT status FROM orders WHERE order_number = ?").bind(n).first<{ status: string }>())!.status;
}

/** The emails of a template whose data names the order. */
export async function emailsAbout(n: string, template: string) {
  const { results } = await env.DB.prepare("SELECT recipient FROM email_outbox WHERE template = ? AND data LIKE ?")
    .bind(template, `%${n}%`)
    .all<{ recipient: string }>();
  return results.map((r) => r.recipient);
}

/** The payment's provider-side state as stored. */
export async function providerStateOf(n: string) {
  return env.DB.prepare("SELECT status, provider_state, provider_checked_at FROM payments WHERE order_number = ? ORDER BY created_at")
    .bind(n)
    .all<{ status: string; provider_state: string | null; provider_checked_at: number | null }>()
    .then((r) => r.results.map((p) => ({ ...p, provider_state: p.provider_state ? JSON.parse(p.provider_state) : null })));
}
