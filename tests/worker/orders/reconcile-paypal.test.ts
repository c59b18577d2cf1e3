/**
 * The reconciler against the loopback PayPal fake (docs/decisions/063-reconciler.md): a PayPal order the buyer
 * approved whose approval call never reached the shop is captured once by the cron (PayPal's capture with the
 * payment's own request id); PayPal down keeps the order from expiring and the payment is asked again later;
 * a capture PayPal reports for an order the operator cancelled is refunded at PayPal once and the operators told.
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { expireUnpaid } from "#worker/orders/expiry.ts";
import { runEffects } from "#worker/orders/reactor.ts";
import { RECHECK_MS, RECONCILE_AFTER_MS, reconcilePayments } from "#worker/orders/reconcile.ts";
import { paypalApp } from "../payments/paypal-control";
import { confirmations } from "./effects-helpers";
import { act, actionsOf } from "./operator-helpers";
import { placedWith } from "./orders-helpers";
import { cronAt, emailsAbout, providerStateOf, statusOf, withEnv } from "./reconcile-helpers";
import { deliver } from "./webhooks-helpers";

const origin = inject("fakesOrigin");
let next = 141;

async function paypalOrder() {
  const app = await paypalApp();
  const webhookId = await app.webhook();
  const bindings = {
    PAYPAL_CLIENT_ID: app.config.clientId,
    PAYPAL_CLIENT_SECRET: app.config.clientSecret,
    PAYPAL_API_URL: `${origin}/paypal`,
    PAYPAL_WEBHOOK_ID: webhookId,
    OPERATOR_EMAIL: "ops@loupe.test",
  };
  const { placed } = await placedWith(bindings, "paypal", next++);
  const orderId = new URL(placed.payment.approvalUrl!).searchParams.get("token")!;
  return { app, webhookId, bindings, orderId, n: placed.order.orderNumber, placed, placedAt: placed.order.createdAt };
}

describe("the reconciler and PayPal", () => {
  it("captures once an order the buyer approved at PayPal but never came back from", async () => {
    const o = await paypalOrder();
    await o.app.approve(o.orderId);
    const t = o.placedAt + RECONCILE_AFTER_MS + 60_000;
    const runs = await Promise.all([cronAt(t, o.bindings), cronAt(t, o.bindings)]);
    expect(runs.map((r) => r.reconciled?.settled).sort()).toEqual([0, 1]);
    expect(await statusOf(o.n)).toBe("paid");
    expect(await o.app.captures(o.orderId)).toBe(1);
    await cronAt(t + RECHECK_MS + 60_000, o.bindings);
    expect(await o.app.captures(o.orderId)).toBe(1);
    expect(await confirmations(o.n)).toBe(1);
  });

  it("PayPal unreachable: the order is not expired and its payment is asked again on a later run", async () => {
    const o = await paypalOrder();
    await o.app.approve(o.orderId);
    await o.app.fail(503, 1000);
    const expiresAt = o.placed.order.expiresAt!;
    expect(await expireUnpaid(withEnv(o.bindings), expiresAt)).not.toContain(o.n);
    expect(await statusOf(o.n)).toBe("awaiting_payment");
    expect(await providerStateOf(o.n)).toEqual([
      { status: "created", provider_state: expect.objectContaining({ status: "unreachable" }), provider_checked_at: expiresAt },
    ]);
    // Still down on the next run: still not expired, still not charged.
    const later = expiresAt + RECHECK_MS;
    expect((await cronAt(later, o.bindings)).expired).not.toContain(o.n);
    expect(await statusOf(o.n)).toBe("awaiting_payment");
    expect(await o.app.captures(o.orderId)).toBe(0);
    // PayPal is back: the next run captures it once and the order is paid, not expired.
    await o.app.fail(503, 0);
    const run = await cronAt(later + RECHECK_MS, o.bindings);
    expect(run.reconciled).toMatchObject({ settled: 1 });
    expect(run.expired).not.toContain(o.n);
    expect(await statusOf(o.n)).toBe("paid");
    expect(await o.app.captures(o.orderId)).toBe(1);
    expect(await confirmations(o.n)).toBe(1);
  });

  it("refunds at PayPal, once, a capture it reports for an order the operator cancelled, and tells the operators", async () => {
    const o = await paypalOrder();
    expect((await act(o.n, { action: "cancel", reason: "The shopper called to cancel." })).status).toBe(200);
    await o.app.approve(o.orderId);
    // PayPal captured after all (the shop's capture call was lost after PayPal acted) and says so.
    const completed = await o.app.event(o.orderId, "PAYMENT.CAPTURE.COMPLETED", o.webhookId);
    expect((await deliver("paypal", o.bindings, completed.body, completed.headers)).status).toBe(200);
    const now = Date.now();
    await runEffects(withEnv(o.bindings), { now }, o.n);
    await runEffects(withEnv(o.bindings), { now: now + 3600_000 }, o.n);
    expect(await statusOf(o.n)).toBe("cancelled");
    const [payment] = await env.DB.prepare("SELECT provider_capture_id, status FROM payments WHERE order_number = ?")
      .bind(o.n)
      .all<{ provider_capture_id: string; status: string }>()
      .then((r) => r.results);
    expect(payment!.status).toBe("refunded");
    expect(await o.app.refunds(payment!.provider_capture_id)).toHaveLength(1);
    expect((await actionsOf(o.n)).filter((a) => a.action === "auto-refund")).toHaveLength(1);
    expect(await emailsAbout(o.n, "operator-notice")).toEqual(["ops@loupe.test"]);
    expect(await confirmations(o.n)).toBe(0);
    // The cron finds nothing more to do.
    await cronAt(now + 2 * 3600_000, o.bindings);
    await reconcilePayments(withEnv(o.bindings), now + 3 * 3600_000);
    expect(await o.app.refunds(payment!.provider_capture_id)).toHaveLength(1);
    expect(await emailsAbout(o.n, "operator-notice")).toHaveLength(1);
  });
});
