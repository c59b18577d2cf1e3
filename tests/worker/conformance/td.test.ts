/**
 * TD financing against the conformance table (conformance.ts; docs/conformance.md), through the loopback TD fake:
 * the shopper applies at TD and comes back with the new account's number; the shop authorises and captures on
 * it with the payment's `Idempotency-Key`.
 */
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { financedOrder, type TdApp, tdApp } from "../payments/td-control";
import { type Checkout, conformance } from "./conformance";

let next = 381;
const apps = new Map<string, { app: TdApp; link: string; account: string }>();
const of = (c: Checkout) => apps.get(c.orderNumber)!;
/** What a shopper types after a decline or a cancel (TD opened no account). */
const TYPED = "6035000000001234";

conformance(
  "TD financing",
  {
    async checkout() {
      const app = await tdApp();
      const { placed, send } = await financedOrder(app.bindings, next++);
      const orderNumber = placed.order.orderNumber;
      const s = { app, link: new URL(placed.payment.approvalUrl!).pathname.split("/").pop()!, account: TYPED };
      apps.set(orderNumber, s);
      return {
        orderNumber,
        bindings: app.bindings,
        agree: async () => {
          await app.decide(s.link, "approve");
          s.account = (await app.application(s.link)).accountNumber!;
        },
        approve: async () => {
          const body = { paymentId: placed.payment.paymentId, TdAccountNumber: s.account, TdCreditPlan: "PLAN36" };
          const res = await send(`/api/orders/${orderNumber}/tdfinance/approve`, { method: "PUT", body: JSON.stringify(body) });
          return { status: res.status, body: (await res.json()) as ApprovalResult };
        },
        captures: () => app.captures(s.link),
      };
    },
    decline: (c) =>
      of(c)
        .app.decide(of(c).link, "decline")
        .then(() => undefined),
    async cancel(c) {
      await of(c).app.decide(of(c).link, "cancel");
      return "cancelled";
    },
    // TD authorises; the capture (under /authorizations/{id}/) is made but its answer never comes.
    timeoutAfterCapture: async (c) => void (await of(c).app.hang({ processed: true, path: "/authorizations/" })),
    fail: (c) =>
      of(c)
        .app.fail(503, { times: 3, path: "/authorizations" })
        .then(() => undefined),
    refunds: {
      // The refunds TD made: its successful refund calls, one per refund key.
      count: async (c) => {
        const made = (await of(c).app.stats()).requests.filter((r) => r.path.endsWith("/refunds") && r.status >= 200 && r.status < 300);
        return new Set(made.map((r) => r.idempotencyKey)).size;
      },
    },
  },
  {
    success: "runs",
    decline: "runs",
    cancel: "runs",
    "timeout after capture": "runs",
    "5xx then success": "runs",
    webhooks: { na: "TD's partner API sends no webhooks: a referred application is asked again by the financing cron" },
    refund: "runs",
    crash: "runs",
  },
);
