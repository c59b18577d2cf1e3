/**
 * Splitit against the conformance table (conformance.ts; docs/conformance.md), through the loopback Splitit
 * fake: the shopper approves the plan on Splitit's form; the shop starts it (the first instalment charged) with
 * the payment's `X-Splitit-IdempotencyKey`; Splitit's signed webhooks tell the same.
 */
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { splititDelivery, splititSigningKey } from "../../fakes/provider-webhooks";
import { placedWith } from "../orders/orders-helpers";
import { type SplititMerchant, splititMerchant } from "../payments/splitit-control";
import { type Checkout, conformance } from "./conformance";

let next = 351;
const merchants = new Map<string, { m: SplititMerchant; plan: string; key: CryptoKey }>();
const of = (c: Checkout) => merchants.get(c.orderNumber)!;

conformance(
  "Splitit",
  {
    async checkout() {
      const m = await splititMerchant({ timeoutMs: 5_000 });
      const key = await splititSigningKey();
      const bindings = { ...m.bindings, SPLITIT_WEBHOOK_PUBLIC_KEY: key.pem };
      const { placed, send } = await placedWith(bindings, "splitit", next++);
      const orderNumber = placed.order.orderNumber;
      const plan = new URL(placed.payment.approvalUrl!).searchParams.get("plan")!;
      merchants.set(orderNumber, { m, plan, key: key.privateKey });
      return {
        orderNumber,
        bindings,
        agree: async () => void (await m.approve(plan)),
        approve: async () => {
          const res = await send(`/api/orders/${orderNumber}/splitit/${plan}/approve`, { method: "PUT" });
          return { status: res.status, body: (await res.json()) as ApprovalResult };
        },
        captures: () => m.starts(plan),
      };
    },
    async decline(c) {
      await of(c).m.approve(of(c).plan);
      await of(c).m.declineNext();
    },
    async cancel(c) {
      await of(c).m.cancel(of(c).plan);
      return "cancelled";
    },
    // The plan is started (its first instalment charged) but the answer never comes.
    timeoutAfterCapture: async (c) => void (await of(c).m.hang(true, "StartInstallments")),
    fail: (c) =>
      of(c)
        .m.fail(503, 3)
        .then(() => undefined),
    async webhooks(c) {
      const { m, plan, key } = of(c);
      await m.approve(plan);
      // The shopper approved but never came back: Splitit's PlanApprovedSucceeded has the shop start the plan.
      const event = (EventName: string) => splititDelivery(key, { EventName, InstallmentPlanNumber: plan, RefOrderNumber: c.orderNumber });
      return { provider: "splitit", captured: await event("PlanApprovedSucceeded"), failed: await event("PlanApprovedFailed") };
    },
    refunds: { count: async (c) => (await of(c).m.refunds(of(c).plan)).count },
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
