/**
 * PayPal against the conformance table (conformance.ts; docs/conformance.md), through the loopback PayPal fake:
 * the buyer approves at PayPal, the shop captures with the payment's `PayPal-Request-Id`.
 */
import { env } from "cloudflare:test";
import { inject } from "vitest";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { placedWith } from "../orders/orders-helpers";
import { paypalApp } from "../payments/paypal-control";
import { type Checkout, conformance } from "./conformance";

let next = 201;

const apps = new Map<string, Awaited<ReturnType<typeof paypalApp>> & { orderId: string }>();
const of = (c: Checkout) => apps.get(c.orderNumber)!;
const captureIdOf = async (orderNumber: string) =>
  (await env.DB.prepare("SELECT provider_capture_id FROM payments WHERE order_number = ? AND provider_capture_id IS NOT NULL")
    .bind(orderNumber)
    .first<{ provider_capture_id: string }>())!.provider_capture_id;

conformance(
  "PayPal",
  {
    async checkout() {
      const app = await paypalApp();
      const webhookId = await app.webhook();
      const bindings = {
        PAYPAL_CLIENT_ID: app.config.clientId,
        PAYPAL_CLIENT_SECRET: app.config.clientSecret,
        PAYPAL_API_URL: `${inject("fakesOrigin")}/paypal`,
        PAYPAL_WEBHOOK_ID: webhookId,
      };
      const { placed, send } = await placedWith(bindings, "paypal", next++);
      const orderNumber = placed.order.orderNumber;
      const orderId = new URL(placed.payment.approvalUrl!).searchParams.get("token")!;
      apps.set(orderNumber, Object.assign(app, { orderId }));
      return {
        orderNumber,
        bindings,
        agree: async () => void (await app.approve(orderId)),
        approve: async () => {
          const res = await send(`/api/orders/${orderNumber}/paypal/${orderId}/approve`, { method: "PUT" });
          return { status: res.status, body: (await res.json()) as ApprovalResult };
        },
        captures: () => app.captures(orderId),
      };
    },
    async decline(c) {
      await of(c).approve(of(c).orderId);
      await of(c).declineNext();
    },
    async cancel(c) {
      // The buyer's Cancel on PayPal's page only returns them to the shop: PayPal's order stays unapproved.
      const page = await fetch(`${inject("fakesOrigin")}/paypal/checkoutnow/cancel?token=${of(c).orderId}`, { method: "POST", redirect: "manual" });
      if (page.status !== 303) throw new Error(`PayPal's cancel answered ${page.status}`);
      return "pending";
    },
    // PayPal captures; the shop's capture call never gets its answer.
    timeoutAfterCapture: async (c) => void (await of(c).hang(true)),
    fail: (c) =>
      of(c)
        .fail(503, 3)
        .then(() => undefined),
    async webhooks(c) {
      const app = of(c);
      const webhookId = c.bindings.PAYPAL_WEBHOOK_ID!;
      await app.approve(app.orderId);
      // PayPal captured (the shop's call lost), and tells so; a denial of the capture is delivered after it.
      const captured = await app.event(app.orderId, "PAYMENT.CAPTURE.COMPLETED", webhookId);
      const failed = await app.event(app.orderId, "PAYMENT.CAPTURE.DENIED", webhookId);
      return { provider: "paypal", captured, failed };
    },
    refunds: { count: async (c) => (await of(c).refunds(await captureIdOf(c.orderNumber))).length },
  },
  {
    success: "runs",
    decline: "runs",
    cancel: "runs",
    "timeout after capture": "runs",
    "5xx then success": "runs",
    webhooks: "runs",
    refund: "runs",
    crash: "runs",
  },
);
