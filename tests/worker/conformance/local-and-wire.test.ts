/**
 * The embedded gateway (local: a provider kept in the shop's own D1, with its own books of captures and refunds)
 * and the bank wire (the operator marks the transfer received) against the conformance table (conformance.ts;
 * docs/conformance.md). Neither is reached over a network and neither sends webhooks: those scenarios are listed
 * as not applicable.
 */
import { env } from "cloudflare:test";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { call } from "../helpers";
import { ADMIN, gatewayBooks } from "../orders/operator-helpers";
import { approveLocal, cartWith, decideAtGateway, gatewayCaptures, localIdOf } from "../orders/orders-helpers";
import { type Checkout, conformance } from "./conformance";

let next = 291;
const urls = new Map<string, string>();
const urlOf = (c: Checkout) => urls.get(c.orderNumber)!;

const NO_NETWORK = "the embedded gateway runs inside the shop with its books in D1: no call goes out, so no answer can time out or fail with 5xx";

conformance(
  "Embedded gateway (local)",
  {
    async checkout() {
      const cart = await cartWith({}, "card", next++);
      const placed = (await (await cart.place()).json()) as { order: { orderNumber: string }; payment: { approvalUrl: string } };
      const url = placed.payment.approvalUrl;
      urls.set(placed.order.orderNumber, url);
      return {
        orderNumber: placed.order.orderNumber,
        bindings: {},
        agree: async () => void (await decideAtGateway(url, "approve")),
        approve: () => approveLocal(placed.order.orderNumber, localIdOf(url)),
        captures: () => gatewayCaptures(localIdOf(url)),
      };
    },
    decline: async (c) => void (await decideAtGateway(urlOf(c), "decline")),
    async cancel(c) {
      await decideAtGateway(urlOf(c), "cancel");
      return "cancelled";
    },
    refunds: { count: async (c) => (await gatewayBooks(localIdOf(urlOf(c))))!.refunds },
  },
  {
    success: "runs",
    decline: "runs",
    cancel: "runs",
    "timeout after capture": { na: NO_NETWORK },
    "5xx then success": { na: NO_NETWORK },
    webhooks: { na: "the embedded gateway sends no webhooks: the shopper's decision is read on approval" },
    refund: "runs",
    crash: "runs",
  },
);

const count = async (sql: string, orderNumber: string) => (await env.DB.prepare(sql).bind(orderNumber).first<{ n: number }>())!.n;
const NO_PROVIDER = "a bank wire has no provider to answer: the operator marks the transfer received";

conformance(
  "Bank wire",
  {
    async checkout() {
      const cart = await cartWith({}, "wire", next++);
      const placed = (await (await cart.place()).json()) as { order: { orderNumber: string } };
      const n = placed.order.orderNumber;
      return {
        orderNumber: n,
        bindings: {},
        // The shopper sends the transfer; the bank's statement is the operator's to read.
        agree: async () => undefined,
        approve: async () => {
          const res = await call(`/api/orders/${n}/wire-received`, { method: "POST", headers: ADMIN });
          return { status: res.status, body: (await res.json()) as ApprovalResult };
        },
        // No bank to ask: the shop's own record of transfers received is the count.
        captures: () => count("SELECT COUNT(*) AS n FROM payments WHERE order_number = ? AND status IN ('captured', 'refunded')", n),
      };
    },
    // The refund is the operator's own transfer back, recorded once.
    refunds: { count: (c) => count("SELECT COUNT(*) AS n FROM refunds WHERE order_number = ? AND status = 'refunded'", c.orderNumber) },
  },
  {
    success: "runs",
    decline: { na: `${NO_PROVIDER}; an unpaid wire order expires instead of being declined` },
    cancel: { na: `${NO_PROVIDER}; the shopper cancels nothing at a bank` },
    "timeout after capture": { na: NO_PROVIDER },
    "5xx then success": { na: NO_PROVIDER },
    webhooks: { na: "banks send the shop no webhooks" },
    refund: "runs",
    crash: "runs",
  },
);
