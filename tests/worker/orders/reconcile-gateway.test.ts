/**
 * The reconciler against the embedded gateway (docs/decisions/063-reconciler.md): a payment the shopper approved
 * on the gateway's page whose approval never reached the shop is "captured at the provider but not recorded".
 * The order cron asks the gateway about it and the order ends paid with one capture and one confirmation; the
 * expiry job asks before it expires such an order (paid, not expired); a capture for an order that was cancelled
 * meanwhile is refunded once and the operators told; the operator's order view shows what the provider said.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OperatorOrderDetail } from "#shared/orders/operator.ts";
import { expireUnpaid } from "#worker/orders/expiry.ts";
import { runEffects } from "#worker/orders/reactor.ts";
import { RECONCILE_AFTER_MS } from "#worker/orders/reconcile.ts";
import { createLocalPayment } from "#worker/orders/payments/local.ts";
import { insertPayment, setCreated } from "#worker/orders/payments/store.ts";
import { applyEvent } from "#worker/orders/store.ts";
import { call } from "../helpers";
import { confirmations } from "./effects-helpers";
import { ADMIN, actionsOf } from "./operator-helpers";
import { approveLocal, decideAtGateway, localIdOf } from "./orders-helpers";
import { approvedUnrecorded, cronAt, emailsAbout, gatewayBooks, providerStateOf, reconcileAt, statusOf, withEnv } from "./reconcile-helpers";

let next = 121;
const OPS = { OPERATOR_EMAIL: "ops@loupe.test" };

describe("the reconciler and the embedded gateway", () => {
  it("pays an order captured at the provider but not recorded: one capture, one confirmation, however often it runs", async () => {
    const o = await approvedUnrecorded(next++);
    // Too young to ask about: the shopper may still be on the way back.
    expect((await reconcileAt(o.placedAt, 1)).settled).toBe(0);
    expect(await gatewayBooks(o.localId)).toMatchObject({ captures: 0 });
    const t = o.placedAt + RECONCILE_AFTER_MS + 60_000;
    const run = await cronAt(t);
    expect(run.reconciled).toMatchObject({ settled: 1 });
    expect(await statusOf(o.n)).toBe("paid");
    expect(await gatewayBooks(o.localId)).toMatchObject({ captures: 1, refunds: 0 });
    expect(await confirmations(o.n)).toBe(1);
    // Later runs, and the shopper's late return, change nothing and charge nothing more.
    await cronAt(t + 20 * 60_000);
    await cronAt(t + 40 * 60_000);
    expect((await approveLocal(o.n, o.localId)).body.outcome).toBe("paid");
    expect(await gatewayBooks(o.localId)).toMatchObject({ captures: 1, refunds: 0 });
    expect(await confirmations(o.n)).toBe(1);
    const transitions = await env.DB.prepare("SELECT cause FROM order_transitions WHERE order_number = ? AND to_status = 'paid'").bind(o.n).all();
    expect(transitions.results).toEqual([{ cause: "reconciler" }]);
  });

  it("asks before expiring: a captured-but-unrecorded payment pays the order instead of expiring it", async () => {
    const o = await approvedUnrecorded(next++);
    const expiresAt = o.placed.order.expiresAt!;
    expect(await expireUnpaid(withEnv(), expiresAt)).not.toContain(o.n);
    expect(await statusOf(o.n)).toBe("paid");
    expect((await providerStateOf(o.n))[0]).toMatchObject({ status: "captured", provider_state: { status: "captured" } });
    expect(await gatewayBooks(o.localId)).toMatchObject({ captures: 1, refunds: 0 });
  });

  it("still expires an order whose payment the provider says is not paid (asked first)", async () => {
    const o = await approvedUnrecorded(next++);
    await env.DB.prepare("UPDATE local_gateway_payments SET status = 'created' WHERE id = ?").bind(o.localId).run();
    expect(await expireUnpaid(withEnv(), o.placed.order.expiresAt!)).toContain(o.n);
    expect(await statusOf(o.n)).toBe("expired");
    expect((await providerStateOf(o.n))[0]).toMatchObject({ status: "cancelled", provider_state: { status: "pending" } });
    expect(await gatewayBooks(o.localId)).toMatchObject({ captures: 0 });
  });

  it("refunds once a capture for an order cancelled meanwhile, and tells the operators once", async () => {
    const o = await approvedUnrecorded(next++);
    // The order was cancelled while its payment was still open at the provider.
    await applyEvent(env.DB, o.n, "cancel", "operator:test", Date.now());
    const t = o.placedAt + RECONCILE_AFTER_MS + 60_000;
    await cronAt(t, OPS);
    expect(await statusOf(o.n)).toBe("cancelled");
    const books = await gatewayBooks(o.localId);
    expect(books).toMatchObject({ captures: 1, refunds: 1 });
    expect(books.refunded_cents).toBe(o.placed.order.amountDue);
    expect((await providerStateOf(o.n))[0]).toMatchObject({ status: "refunded", provider_state: { status: "refunded" } });
    const notices = (await actionsOf(o.n)).filter((a) => a.action === "auto-refund");
    expect(notices).toHaveLength(1);
    expect(JSON.parse(notices[0]!.detail)).toMatchObject({ outcome: "refunded", amount: o.placed.order.amountDue });
    expect(await emailsAbout(o.n, "operator-notice")).toEqual(["ops@loupe.test"]);
    expect(await confirmations(o.n)).toBe(0);
    // Another run, and many runners at once, refund nothing more and tell nobody again.
    await cronAt(t + 60 * 60_000, OPS);
    await Promise.all(Array.from({ length: 5 }, () => runEffects(withEnv(OPS), { now: t + 2 * 3600_000 }, o.n)));
    expect(await gatewayBooks(o.localId)).toMatchObject({ captures: 1, refunds: 1 });
    expect((await actionsOf(o.n)).filter((a) => a.action === "auto-refund")).toHaveLength(1);
    expect(await emailsAbout(o.n, "operator-notice")).toHaveLength(1);
    // The operator's view shows it: the refund, the notice, and the provider's word.
    const detail = (await (await call(`/api/operator/orders/${o.n}`, { headers: ADMIN })).json()) as OperatorOrderDetail;
    expect(detail.refunds).toMatchObject([{ status: "refunded", actor: "system:reconciler" }]);
    expect(detail.actions.find((a) => a.action === "auto-refund")).toBeTruthy();
    expect(detail.providerSide[0]).toMatchObject({ status: "refunded" });
  });

  it("refunds a capture found for an order another payment paid meanwhile: the order stays paid once", async () => {
    const o = await approvedUnrecorded(next++);
    // The shopper, not seeing the first payment go through, paid again another way: a second payment paid the order.
    const now = Date.now();
    const amount = (await env.DB.prepare("SELECT amount_cents FROM payments WHERE order_number = ?").bind(o.n).first<{ amount_cents: number }>())!.amount_cents;
    const key = `second-${crypto.randomUUID()}`;
    const second = await insertPayment(env.DB, { orderNumber: o.n, provider: "local", method: "card", amountCents: amount, idempotencyKey: key }, now);
    const request = {
      orderNumber: o.n,
      amount: { amountCents: amount, currency: "USD" as const },
      description: "",
      returnUrl: "",
      cancelUrl: "",
      idempotencyKey: key,
    };
    const created = await createLocalPayment(env.DB, "https://loupe.test", request, now, "card");
    await setCreated(env.DB, second.id, created, now);
    await decideAtGateway(created.approvalUrl!, "approve");
    expect((await approveLocal(o.n, localIdOf(created.approvalUrl!))).body.outcome).toBe("paid");
    const t = o.placedAt + RECONCILE_AFTER_MS + 60_000;
    await cronAt(t, OPS);
    await cronAt(t + 60 * 60_000, OPS);
    expect(await statusOf(o.n)).toBe("paid");
    expect(await gatewayBooks(o.localId)).toMatchObject({ captures: 1, refunds: 1, refunded_cents: amount });
    expect(await gatewayBooks(created.providerPaymentId!)).toMatchObject({ captures: 1, refunds: 0 });
    expect((await providerStateOf(o.n)).map((p) => p.status)).toEqual(["refunded", "captured"]);
    expect((await actionsOf(o.n)).filter((a) => a.action === "auto-refund")).toHaveLength(1);
    expect(await emailsAbout(o.n, "operator-notice")).toEqual(["ops@loupe.test"]);
    expect(await confirmations(o.n)).toBe(1);
  });

  it("shows each payment's provider-side state in the operator's order view (API and page)", async () => {
    const o = await approvedUnrecorded(next++);
    const before = (await (await call(`/api/operator/orders/${o.n}`, { headers: ADMIN })).json()) as OperatorOrderDetail;
    expect(before.providerSide).toEqual([expect.objectContaining({ status: null, checkedAt: null })]);
    const t = o.placedAt + RECONCILE_AFTER_MS + 60_000;
    await reconcileAt(o.placedAt, RECONCILE_AFTER_MS / 60_000 + 1);
    const detail = (await (await call(`/api/operator/orders/${o.n}`, { headers: ADMIN })).json()) as OperatorOrderDetail;
    expect(detail.providerSide).toEqual([
      expect.objectContaining({ paymentId: detail.order.payments[0]!.id, status: "captured", checkedAt: t, captureId: `cap_${o.localId}` }),
    ]);
    const page = await (await call(`/operator/orders/${o.n}`, { headers: ADMIN })).text();
    expect(page).toContain(`captured (capture cap_${o.localId})`);
  });
});
