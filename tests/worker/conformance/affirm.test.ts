/**
 * Affirm against the conformance table (conformance.ts; docs/conformance.md), through the loopback Affirm fake:
 * the shopper confirms the loan at Affirm and comes back with a checkout token; the shop authorises and captures
 * it with the payment's `Idempotency-Key`; Affirm's signed webhooks tell the same.
 */
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { affirmDelivery } from "../../fakes/provider-webhooks";
import { placedWith } from "../orders/orders-helpers";
import { type AffirmMerchant, affirmMerchant } from "../payments/affirm-control";
import { type Checkout, conformance } from "./conformance";

let next = 321;
const merchants = new Map<string, { m: AffirmMerchant; checkoutId: string; token: string }>();
const of = (c: Checkout) => merchants.get(c.orderNumber)!;
const confirmAtAffirm = async (c: Checkout) => (of(c).token = await of(c).m.approve(of(c).checkoutId));

conformance(
  "Affirm",
  {
    async checkout() {
      const m = await affirmMerchant({ timeoutMs: 5_000 });
      const { placed, send } = await placedWith(m.bindings, "affirm", next++);
      const orderNumber = placed.order.orderNumber;
      const s = { m, checkoutId: new URL(placed.payment.approvalUrl!).pathname.split("/").pop()!, token: "" };
      merchants.set(orderNumber, s);
      const c: Checkout = {
        orderNumber,
        bindings: m.bindings,
        agree: async () => void (await confirmAtAffirm(c)),
        approve: async () => {
          const res = await send(`/api/orders/${orderNumber}/affirm/${s.token}/approve`, { method: "PUT" });
          return { status: res.status, body: (await res.json()) as ApprovalResult };
        },
        captures: async () => (s.token ? m.captures(s.token) : 0),
      };
      return c;
    },
    async decline(c) {
      await confirmAtAffirm(c);
      await of(c).m.declineNext();
    },
    // Affirm authorises; the capture is made but its answer never comes.
    timeoutAfterCapture: async (c) => void (await of(c).m.hang(true, "/capture")),
    fail: (c) =>
      of(c)
        .m.fail(503, 3)
        .then(() => undefined),
    async webhooks(c) {
      const { m } = of(c);
      const token = await confirmAtAffirm(c);
      // The shopper confirmed but never came back: Affirm's `confirmed` has the shop authorise and capture.
      const event = (e: string) =>
        affirmDelivery(m.privateKey, { event: e, order_id: c.orderNumber, checkout_token: token, event_timestamp: new Date().toISOString() });
      return { provider: "affirm", captured: await event("confirmed"), failed: await event("not_approved") };
    },
    refunds: { count: async (c) => (await of(c).m.refunds(of(c).token)).count },
  },
  {
    success: "runs",
    decline: "runs",
    cancel: {
      na: "Affirm's cancel only returns the shopper to the re-payment page, without a checkout token: Affirm tells the shop nothing and nothing is asked",
    },
    "timeout after capture": "runs",
    "5xx then success": "runs",
    webhooks: "runs",
    refund: "runs",
    crash: "runs",
  },
);
