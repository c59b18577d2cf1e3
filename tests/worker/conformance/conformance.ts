/**
 * The payment conformance suite (docs/conformance.md): one table of scenarios run against every provider's
 * loopback fake through the worker's own routes. A provider file describes how its fake is scripted (a Driver)
 * and which scenarios it genuinely does not have, with the reason; `conformance` turns the table into tests.
 * Every scenario ends with what the shopper and the provider would notice: the order's state, one confirmation
 * email at most, and how many captures (sales, starts) the provider really made — never two.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import type { Bindings } from "#worker/env.ts";
import { call } from "../helpers";
import { ADMIN } from "../orders/operator-helpers";
import { orderState } from "../orders/webhooks-helpers";

export const SCENARIOS = {
  success: "the shopper pays: paid, one capture, one confirmation email; asking again changes nothing",
  decline: "the provider declines: payment failed, nothing captured, no email",
  cancel: "the shopper cancels at the provider: nothing captured, no email, the order not paid",
  "timeout after capture":
    "the provider captured but the shop's call timed out (the answer lost): 502, then the retry with the same key ends paid with one capture",
  "5xx then success": "the provider answers 5xx to every try: 502, the order waits, then the retry ends paid with one capture",
  webhooks: "a capture event delivered five times at once and again, then a failure event after it: paid once, one email, one capture",
  refund: "the operator refunds the paid order: refunded, one refund at the provider; a second refund is refused",
  crash: "the D1 write of the provider's answer crashes: nothing recorded, then the retry ends paid with one capture and one email",
} as const;
export type Scenario = keyof typeof SCENARIOS;

/** An approval's answer as the shopper's browser gets it. */
export interface Approval {
  status: number;
  body: ApprovalResult;
}
/** A webhook delivery as the provider would post it (body and headers, signed as it signs). */
export interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** One placed order paying through the provider under test. */
export interface Checkout {
  orderNumber: string;
  bindings: Partial<Bindings>;
  /** The shopper agrees at the provider (approves at PayPal, confirms at Stripe, picks a card, approves the plan…). */
  agree(): Promise<void>;
  /** The shop's approval call, as the shopper's browser makes it on coming back. */
  approve(): Promise<Approval>;
  /** How many captures (sales, plan starts) the provider really made for this order. */
  captures(): Promise<number>;
}

/** How a provider's fake is scripted for each scenario it has. */
export interface Driver {
  checkout(): Promise<Checkout>;
  /** The shopper's agreement at the provider is itself the charge (Stripe.js confirms the PaymentIntent). */
  chargedOnAgree?: boolean;
  /** Instead of agreeing: the shopper's payment will be declined. */
  decline?(c: Checkout): Promise<void>;
  /** Instead of agreeing: the shopper cancels at the provider; what the approval then answers. */
  cancel?(c: Checkout): Promise<ApprovalResult["outcome"]>;
  /** After agreeing: the provider's next capture happens but the shop's call gets no answer in time (a real timeout). */
  timeoutAfterCapture?(c: Checkout): Promise<void>;
  /** After agreeing: the provider answers 5xx to every try of the next approval (before acting). */
  fail?(c: Checkout): Promise<void>;
  /** The provider holds a capture of the order (made here): its capture event and a failure event about the same payment. */
  webhooks?(c: Checkout): Promise<{ provider: string; captured: Delivery; failed: Delivery }>;
  /** Refunds the provider really made of the paid order (prepare: what must happen at the provider before a refund). */
  refunds?: { prepare?(c: Checkout): Promise<void>; count(c: Checkout): Promise<number> };
}

/**
 * The timeout scenario waits for the adapters' own timeouts (10 s, Braintree's 15 s, Stripe's three tries of 10 s):
 * the worker's configuration takes no shorter one, and the adapters' tests cover short ones directly.
 */
const TIMEOUT_TEST_MS = 60_000;

export type Table = Record<Scenario, { na: string } | "runs">;

const paymentOf = async (orderNumber: string) =>
  (await env.DB.prepare("SELECT id FROM payments WHERE order_number = ? ORDER BY created_at DESC").bind(orderNumber).first<{ id: string }>())!.id;

/** The order is paid once: one →paid transition, one confirmation email; and the provider captured once. */
async function expectPaidOnce(c: Checkout) {
  const s = await orderState(c.orderNumber);
  expect(s.status).toBe("paid");
  expect(s.transitions.filter((t) => t.includes("→paid"))).toHaveLength(1);
  expect(s.confirmationEmails).toBe(1);
  expect(await c.captures()).toBe(1);
  return s;
}

async function expectNothingTaken(c: Checkout, status: string) {
  expect(await orderState(c.orderNumber)).toMatchObject({ status, confirmationEmails: 0 });
  expect(await c.captures()).toBe(0);
}

/** The operator's refund of the whole order, through the operator API. */
export const operatorRefund = (c: Checkout) =>
  call(`/api/operator/orders/${c.orderNumber}/actions`, {
    method: "POST",
    headers: { ...ADMIN, "content-type": "application/json" },
    body: JSON.stringify({ action: "refund", actor: "Ada", reason: "Returned" }),
    env: c.bindings,
  });

const deliver = async (provider: string, c: Checkout, d: Delivery) => {
  const res = await call(`/api/webhooks/${provider}`, { method: "POST", headers: d.headers, body: d.body, env: c.bindings });
  return { status: res.status, body: (await res.json()) as { received?: true; applied?: boolean } };
};

type Body = (d: Driver) => Promise<void>;
const BODIES: Record<Scenario, Body> = {
  async success(d) {
    const c = await d.checkout();
    await c.agree();
    expect(await c.approve()).toMatchObject({ status: 200, body: { outcome: "paid", order: { status: "paid" } } });
    const state = await expectPaidOnce(c);
    expect((await c.approve()).body.outcome).toBe("paid");
    expect(await orderState(c.orderNumber)).toEqual(state);
    expect(await c.captures()).toBe(1);
  },
  async decline(d) {
    const c = await d.checkout();
    await d.decline!(c);
    expect(await c.approve()).toMatchObject({ status: 200, body: { outcome: "declined", order: { status: "payment_failed" } } });
    await expectNothingTaken(c, "payment_failed");
  },
  async cancel(d) {
    const c = await d.checkout();
    const outcome = await d.cancel!(c);
    const answer = await c.approve();
    expect(answer.status).toBe(200);
    expect(answer.body.outcome).toBe(outcome);
    expect(answer.body.order.status).not.toBe("paid");
    await expectNothingTaken(c, answer.body.order.status);
  },
  async "timeout after capture"(d) {
    const c = await d.checkout();
    await c.agree();
    await d.timeoutAfterCapture!(c);
    expect((await c.approve()).status).toBe(502);
    expect(await orderState(c.orderNumber)).toMatchObject({ status: "awaiting_payment", confirmationEmails: 0 });
    expect(await c.captures()).toBe(1);
    expect((await c.approve()).body).toMatchObject({ outcome: "paid", order: { status: "paid" } });
    await expectPaidOnce(c);
  },
  async "5xx then success"(d) {
    const c = await d.checkout();
    await c.agree();
    await d.fail!(c);
    expect((await c.approve()).status).toBe(502);
    expect(await orderState(c.orderNumber)).toMatchObject({ status: "awaiting_payment", confirmationEmails: 0 });
    expect(await c.captures()).toBe(d.chargedOnAgree ? 1 : 0);
    expect((await c.approve()).body).toMatchObject({ outcome: "paid", order: { status: "paid" } });
    await expectPaidOnce(c);
  },
  async webhooks(d) {
    const c = await d.checkout();
    const w = await d.webhooks!(c);
    // Delivered five times at once: one applies; the others are received (or 409 while another is asking the provider).
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(w.provider, c, w.captured)));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.body.applied === true)).toHaveLength(1);
    const state = await expectPaidOnce(c);
    // The same event again, then a failure that arrives after the capture: nothing changes.
    expect((await deliver(w.provider, c, w.captured)).body).toEqual({ received: true, applied: false });
    expect((await deliver(w.provider, c, w.failed)).body).toEqual({ received: true, applied: false });
    expect(await orderState(c.orderNumber)).toEqual(state);
    // The shopper's late return reads it paid; nothing more is captured.
    expect((await c.approve()).body.outcome).toBe("paid");
    expect(await orderState(c.orderNumber)).toEqual(state);
    expect(await c.captures()).toBe(1);
  },
  async refund(d) {
    const c = await d.checkout();
    await c.agree();
    expect((await c.approve()).body.outcome).toBe("paid");
    await d.refunds!.prepare?.(c);
    const res = await operatorRefund(c);
    expect(res.status).toBe(200);
    expect((await orderState(c.orderNumber)).status).toBe("refunded");
    expect(await d.refunds!.count(c)).toBe(1);
    expect((await operatorRefund(c)).status).toBe(409);
    expect(await d.refunds!.count(c)).toBe(1);
    expect(await c.captures()).toBe(1);
    expect((await orderState(c.orderNumber)).confirmationEmails).toBe(1);
  },
  async crash(d) {
    const c = await d.checkout();
    await c.agree();
    const id = await paymentOf(c.orderNumber);
    const trigger = `crash_${id.replace(/\W/g, "_")}`;
    // The crash: D1 refuses the batch that records the capture (the payment, the order's move and its effects).
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE OF status ON payments WHEN OLD.id = '${id}' AND NEW.status = 'captured'
       BEGIN SELECT RAISE(ABORT, 'injected crash'); END`,
    ).run();
    try {
      expect((await c.approve()).status).toBe(500);
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    expect(await orderState(c.orderNumber)).toMatchObject({ status: "awaiting_payment", confirmationEmails: 0 });
    // The crashed request held the payment's claim; the next try comes once its lease has passed.
    await env.DB.prepare("UPDATE payments SET claimed_until = 0 WHERE id = ?").bind(id).run();
    expect((await c.approve()).body).toMatchObject({ outcome: "paid", order: { status: "paid" } });
    await expectPaidOnce(c);
  },
};

/** The table's scenarios as tests against `driver`; a scenario the provider does not have is listed with its reason. */
export function conformance(provider: string, driver: Driver, table: Table) {
  describe(`${provider} conformance`, () => {
    it("lists every scenario, each run or not applicable with a reason", () => {
      expect(Object.keys(table).sort()).toEqual(Object.keys(SCENARIOS).sort());
      for (const [name, row] of Object.entries(table)) if (row !== "runs") expect(row.na.length, name).toBeGreaterThan(10);
    });
    for (const [name, row] of Object.entries(table) as [Scenario, Table[Scenario]][])
      if (row === "runs") it(`${name}: ${SCENARIOS[name]}`, () => BODIES[name](driver), name === "timeout after capture" ? TIMEOUT_TEST_MS : undefined);
  });
}
