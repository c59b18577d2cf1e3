/**
 * Braintree against the conformance table (conformance.ts; docs/conformance.md), through the loopback Braintree
 * fake: the shopper's card becomes a nonce in the page, the shop makes the sale on approval (its orderId carries
 * the payment's key, searched before every charge), and Braintree's webhook notifications tell of settlements.
 */
import { env } from "cloudflare:test";
import { inject } from "vitest";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { braintreeNotification, type NotifiedSale } from "../../fakes/braintree-webhooks";
import type { FakeSale } from "../../fakes/braintree";
import { placedWith } from "../orders/orders-helpers";
import { type Checkout, conformance } from "./conformance";

const origin = inject("fakesOrigin");
let next = 261;

interface Merchant {
  keys: { publicKey: string; privateKey: string };
  control<T>(action: string, body?: Record<string, unknown>): Promise<T>;
  nonce: string;
}
const merchants = new Map<string, Merchant>();
const of = (c: Checkout) => merchants.get(c.orderNumber)!;
const sales = (c: Checkout) => of(c).control<FakeSale[]>("sales", { orderId: c.orderNumber });
const card = async (m: Merchant, decline = false) => (m.nonce = (await m.control<{ nonce: string }>("nonce", { kind: "CreditCard", decline })).nonce);
const saleIdOf = async (orderNumber: string) =>
  (await env.DB.prepare("SELECT provider_capture_id FROM payments WHERE order_number = ? AND provider_capture_id IS NOT NULL")
    .bind(orderNumber)
    .first<{ provider_capture_id: string }>())!.provider_capture_id;

/** The shop's sale is made at Braintree, but its answer and the searches after it are lost (5xx, at once). */
async function loseAnswer(c: Checkout) {
  await of(c).control("fail", { status: 500, times: 2, operation: "search" });
  await of(c).control("fail", { status: 500, afterCharge: true, operation: "charge" });
}

conformance(
  "Braintree",
  {
    async checkout() {
      const publicKey = `pk_${crypto.randomUUID().slice(0, 12)}`;
      const keys = { publicKey, privateKey: `private-${publicKey}` };
      const control = async <T>(action: string, body: Record<string, unknown> = {}) =>
        (await (await fetch(`${origin}/__control/braintree/${action}`, { method: "POST", body: JSON.stringify({ publicKey, ...body }) })).json()) as T;
      await control("requests");
      const bindings = { BRAINTREE_PUBLIC_KEY: publicKey, BRAINTREE_PRIVATE_KEY: keys.privateKey, BRAINTREE_API_URL: `${origin}/braintree` };
      const { placed, send } = await placedWith(bindings, "card", next++);
      const orderNumber = placed.order.orderNumber;
      const m: Merchant = { keys, control, nonce: "" };
      merchants.set(orderNumber, m);
      return {
        orderNumber,
        bindings,
        agree: async () => void (await card(m)),
        approve: async () => {
          const res = await send(`/api/orders/${orderNumber}/braintree/${m.nonce}/approve/CreditCard`, { method: "PUT" });
          return { status: res.status, body: (await res.json()) as ApprovalResult };
        },
        captures: async () => (await control<FakeSale[]>("sales", { orderId: orderNumber })).filter((s) => s.status !== "PROCESSOR_DECLINED").length,
      };
    },
    decline: async (c) => void (await card(of(c), true)),
    // Braintree makes the sale; the shop's charge call never gets its answer.
    timeoutAfterCapture: async (c) => void (await of(c).control("hang", { afterCharge: true, operation: "charge" })),
    fail: (c) =>
      of(c)
        .control("fail", { status: 503, times: 3, operation: "charge" })
        .then(() => undefined),
    async webhooks(c) {
      const m = of(c);
      await card(m);
      await loseAnswer(c);
      if ((await c.approve()).status !== 502) throw new Error("the sale's answer was not lost");
      const [sale] = await sales(c);
      const settled: NotifiedSale = { ...sale!, status: "settled" };
      const form = async (kind: string, s: NotifiedSale) => ({
        body: new URLSearchParams(await braintreeNotification(m.keys, kind, s)).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      return {
        provider: "braintree",
        captured: await form("transaction_settled", settled),
        failed: await form("transaction_settlement_declined", { ...settled, status: "settlement_declined" }),
      };
    },
    refunds: {
      // Braintree refunds only a settled sale (an unsettled one is voided).
      prepare: async (c) => void (await of(c).control("settle", { saleId: await saleIdOf(c.orderNumber) })),
      count: async (c) => (await of(c).control<unknown[]>("refunds", { saleId: await saleIdOf(c.orderNumber) })).length,
    },
  },
  {
    success: "runs",
    decline: "runs",
    cancel: { na: "Braintree's card form lives in the shop's page: there is no cancel at Braintree, only a card not sent" },
    "timeout after capture": "runs",
    "5xx then success": "runs",
    webhooks: "runs",
    refund: "runs",
    crash: "runs",
  },
);
