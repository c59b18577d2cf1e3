/** Shared by the webhook tests: what a provider's events did to an order, as the shop's tables show it. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { Bindings } from "#worker/env.ts";
import { call } from "../helpers";
import { transitions } from "./orders-helpers";

/** Posts a delivery to /api/webhooks/{provider}: the status and the receipt (or the refusal). */
export async function deliver(provider: string, bindings: Partial<Bindings>, body: string, headers: Record<string, string>) {
  const res = await call(`/api/webhooks/${provider}`, { method: "POST", headers, body, env: bindings });
  return { status: res.status, body: (await res.json()) as { received?: true; applied?: boolean; error?: { code: string; message: string } } };
}

/** The order's status, its payments' statuses, its transitions and the confirmation emails it got: what a shopper or operator would see. */
export async function orderState(orderNumber: string) {
  const order = await env.DB.prepare("SELECT status FROM orders WHERE order_number = ?").bind(orderNumber).first<{ status: string }>();
  const payments = await env.DB.prepare("SELECT status FROM payments WHERE order_number = ? ORDER BY created_at").bind(orderNumber).all<{ status: string }>();
  const emails = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE template = 'order-confirmation' AND data LIKE ?")
    .bind(`%${orderNumber}%`)
    .first<{ n: number }>();
  return {
    status: order?.status,
    payments: payments.results.map((p) => p.status),
    transitions: (await transitions(orderNumber)).map((t) => `${t.from_status}→${t.to_status} ${t.cause}`),
    confirmationEmails: emails?.n ?? 0,
  };
}

/** How many times the provider's event id is recorded (once at most). */
export async function recorded(provider: string, eventId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_events WHERE provider = ? AND provider_event_id = ?")
    .bind(provider, eventId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Asserts the order ended paid once, by the webhook, with one confirmation email. */
export async function expectPaidOnce(orderNumber: string, cause: string) {
  const s = await orderState(orderNumber);
  expect(s.status).toBe("paid");
  expect(s.transitions.filter((t) => t.includes("→paid"))).toEqual([expect.stringContaining(`→paid ${cause}`)]);
  expect(s.confirmationEmails).toBe(1);
  return s;
}
