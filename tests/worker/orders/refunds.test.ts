/**
 * Refunds of orders (worker/orders/refunds.ts refundOrder) against real D1 through the embedded gateway, which keeps
 * books like a provider: a full refund makes the order refunded with one refund at the gateway; 20 concurrent full
 * refunds make one; a partial refund leaves the order where it was; more than was captured is refused with nothing
 * written; a bank wire's refund is recorded as the operator's own transfer.
 */
import { describe, expect, inject, it } from "vitest";
import type { OperatorActionResult } from "#shared/orders/operator.ts";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { DomainError } from "#shared/refusal.ts";
import { type RefundResult, refundOrder } from "#worker/orders/refunds.ts";
import { call } from "../helpers";
import { paypalApp } from "../payments/paypal-control";
import { ADMIN, gatewayBooks, one, paidOrder, paymentEnv, placedOrder, rows, statusOf, wirePaidOrder } from "./operator-helpers";
import { placedWith, transitions } from "./orders-helpers";

const ctx = () => ({ origin: "https://loupe.test", now: Date.now() });

async function refusal(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return (e as DomainError).refusal;
}

const refundRows = (orderNumber: string) =>
  rows<{ status: string; amount_cents: number; actor: string; provider_refund_id: string | null }>(
    "SELECT status, amount_cents, actor, provider_refund_id FROM refunds WHERE order_number = ? ORDER BY created_at, rowid",
    orderNumber,
  );

describe("refunding an order", () => {
  it("a full refund gives everything back once through the gateway and makes the order refunded", async () => {
    const o = await paidOrder();
    const [result, ...more] = await refundOrder(paymentEnv, o.orderNumber, null, "Customer changed their mind", "operator:Ada", ctx());
    expect(more).toEqual([]);
    expect(result!.outcome).toBe("refunded");
    expect(result!.refund).toMatchObject({ amount_cents: o.amountDue, status: "refunded", actor: "operator:Ada", reason: "Customer changed their mind" });
    expect(await gatewayBooks(o.localId)).toEqual({ refunds: 1, refunded_cents: o.amountDue, captures: 1 });
    expect(await statusOf(o.orderNumber)).toBe("refunded");
    expect((await transitions(o.orderNumber)).at(-1)).toMatchObject({ from_status: "paid", to_status: "refunded", event: "refund", cause: "operator:Ada" });
    expect(await one("SELECT status, refunded_cents FROM payments WHERE order_number = ?", o.orderNumber)).toEqual({
      status: "refunded",
      refunded_cents: o.amountDue,
    });
    // Nothing is left: another refund is refused and nothing more happens at the gateway.
    expect(await refusal(refundOrder(paymentEnv, o.orderNumber, null, "again", "operator:Ada", ctx()))).toMatchObject({ kind: "conflict" });
    expect((await gatewayBooks(o.localId))!.refunds).toBe(1);
  });

  it("20 concurrent full refunds: one refund at the gateway, one refunded row, one refunded transition", async () => {
    const o = await paidOrder();
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => refundOrder(paymentEnv, o.orderNumber, null, "Duplicate clicks", `operator:Op${i}`, ctx())),
    );
    const answers = settled.map((s) => (s.status === "fulfilled" ? s.value[0]!.outcome : (s.reason as DomainError).refusal.kind));
    expect(answers.filter((a) => a === "refunded").length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a === "refunded" || a === "processing" || a === "conflict")).toBe(true);
    expect(await gatewayBooks(o.localId)).toMatchObject({ refunds: 1, refunded_cents: o.amountDue });
    expect((await refundRows(o.orderNumber)).filter((r) => r.status === "refunded")).toHaveLength(1);
    expect(await refundRows(o.orderNumber)).toHaveLength(1);
    expect((await transitions(o.orderNumber)).filter((t) => t.event === "refund")).toHaveLength(1);
    expect(await statusOf(o.orderNumber)).toBe("refunded");
  });

  it("a partial refund gives that much back and leaves the order as it is; the rest can be refunded later", async () => {
    const o = await paidOrder();
    const [part] = (await refundOrder(paymentEnv, o.orderNumber, 1_000, "Engraving not done", "operator:Ada", ctx())) as [RefundResult];
    expect(part.outcome).toBe("refunded");
    expect(await gatewayBooks(o.localId)).toMatchObject({ refunds: 1, refunded_cents: 1_000 });
    expect(await statusOf(o.orderNumber)).toBe("paid");
    expect(await one("SELECT status, refunded_cents FROM payments WHERE order_number = ?", o.orderNumber)).toEqual({
      status: "captured",
      refunded_cents: 1_000,
    });
    const [rest] = (await refundOrder(paymentEnv, o.orderNumber, null, "Order cancelled", "operator:Bo", ctx())) as [RefundResult];
    expect(rest.refund.amount_cents).toBe(o.amountDue - 1_000);
    expect(await gatewayBooks(o.localId)).toMatchObject({ refunds: 2, refunded_cents: o.amountDue });
    expect(await statusOf(o.orderNumber)).toBe("refunded");
  });

  it("more than was captured is refused (409) with nothing written and nothing at the gateway", async () => {
    const o = await paidOrder();
    const r = await refusal(refundOrder(paymentEnv, o.orderNumber, o.amountDue + 1, "Too much", "operator:Ada", ctx()));
    expect(r).toMatchObject({ kind: "conflict", message: `Only ${o.amountDue} cents are left to refund on this order.` });
    expect(await refundRows(o.orderNumber)).toEqual([]);
    expect(await gatewayBooks(o.localId)).toMatchObject({ refunds: 0, refunded_cents: 0 });
    expect(await statusOf(o.orderNumber)).toBe("paid");
    expect(await refusal(refundOrder(paymentEnv, "LP0000000001", null, "x", "operator:Ada", ctx()))).toMatchObject({ kind: "not_found" });
  });

  it("an unpaid order has nothing to refund", async () => {
    const o = await placedOrder("card");
    expect(await refusal(refundOrder(paymentEnv, o.orderNumber, null, "x", "operator:Ada", ctx()))).toMatchObject({
      kind: "conflict",
      message: "Nothing is left to refund on this order.",
    });
  });

  it("a bank wire's refund is the operator's own transfer, recorded as made by them", async () => {
    const o = await wirePaidOrder();
    const [result] = (await refundOrder(paymentEnv, o.orderNumber, null, "Cancelled before shipping", "operator:Ada", ctx())) as [RefundResult];
    expect(result.outcome).toBe("refunded");
    expect(result.refund.provider_refund_id).toBe(`wire-refund-${result.refund.id}`);
    const event = await one<{ kind: string; payload: string }>(
      "SELECT kind, payload FROM payment_events WHERE order_number = ? AND kind LIKE 'refund:%' ORDER BY id DESC",
      o.orderNumber,
    );
    expect(event!.kind).toBe("refund:refunded");
    expect(JSON.parse(event!.payload)).toEqual({ transferBy: "operator:Ada" });
    expect(await statusOf(o.orderNumber)).toBe("refunded");
  });

  it("through PayPal: PayPal down answers 502 and the refund waits with its key; the next try makes exactly one refund at PayPal", async () => {
    const app = await paypalApp();
    const bindings = {
      PAYPAL_CLIENT_ID: app.config.clientId,
      PAYPAL_CLIENT_SECRET: app.config.clientSecret,
      PAYPAL_API_URL: `${inject("fakesOrigin")}/paypal`,
    };
    const { placed, send } = await placedWith(bindings, "paypal", 33);
    const n = placed.order.orderNumber;
    const paypalOrderId = new URL(placed.payment.approvalUrl!).searchParams.get("token")!;
    await app.approve(paypalOrderId);
    const paid = (await (await send(`/api/orders/${n}/paypal/${paypalOrderId}/approve`, { method: "PUT" })).json()) as ApprovalResult;
    expect(paid.outcome).toBe("paid");
    const capture = (await one<{ provider_capture_id: string }>("SELECT provider_capture_id FROM payments WHERE order_number = ? AND status = 'captured'", n))!;
    const refund = () =>
      call(`/api/operator/orders/${n}/actions`, {
        method: "POST",
        headers: { ...ADMIN, "content-type": "application/json" },
        body: JSON.stringify({ action: "refund", actor: "Ada", reason: "Returned" }),
        env: bindings,
      });
    await app.fail(503, 3);
    expect((await refund()).status).toBe(502);
    expect(await app.refunds(capture.provider_capture_id)).toHaveLength(0);
    expect(await refundRows(n)).toMatchObject([{ status: "requested", amount_cents: placed.order.amountDue }]);
    expect(await statusOf(n)).toBe("paid");
    const again = await refund();
    expect(again.status).toBe(200);
    expect(((await again.json()) as OperatorActionResult).order.order.status).toBe("refunded");
    const [made, ...more] = await app.refunds(capture.provider_capture_id);
    expect(more).toEqual([]);
    expect(made!.amount.value).toBe((placed.order.amountDue / 100).toFixed(2));
    const keys = (await app.stats()).requests.filter((r) => r.path.endsWith("/refund")).map((r) => r.requestId);
    expect(new Set(keys).size).toBe(1);
    expect(keys).toHaveLength(4);
    expect(await refundRows(n)).toMatchObject([{ status: "refunded", actor: "operator:local-admin" }]);
  });
});
