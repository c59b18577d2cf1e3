/**
 * Braintree's webhook notifications (`bt_signature`/`bt_payload`, signed as Braintree signs them:
 * tests/fakes/braintree-webhooks.ts) about sales the loopback Braintree fake really made: a sale whose answer
 * was lost is recorded by `transaction_settled`; a settlement declined then settled ends paid, a decline after
 * the settlement stays paid; a notification signed with another key is refused; replays change nothing; one
 * confirmation email.
 */
import { describe, expect, inject, it } from "vitest";
import { braintreeNotification, type NotifiedSale } from "../../fakes/braintree-webhooks";
import { placedWith } from "./orders-helpers";
import { deliver, expectPaidOnce, orderState } from "./webhooks-helpers";

const origin = inject("fakesOrigin");
let next = 81;

async function braintreeShopper() {
  const publicKey = `pk_${crypto.randomUUID().slice(0, 12)}`;
  const keys = { publicKey, privateKey: `private-${publicKey}` };
  const control = async <T>(action: string, body: Record<string, unknown>) =>
    (await (await fetch(`${origin}/__control/braintree/${action}`, { method: "POST", body: JSON.stringify({ publicKey, ...body }) })).json()) as T;
  await control("requests", {});
  const bindings = { BRAINTREE_PUBLIC_KEY: publicKey, BRAINTREE_PRIVATE_KEY: keys.privateKey, BRAINTREE_API_URL: `${origin}/braintree` };
  const { placed, send } = await placedWith(bindings, "card", next++);
  const orderNumber = placed.order.orderNumber;
  /** The shopper pays with a card; Braintree makes the sale but its answer (and the searches after it) are lost: 502. */
  const payWithLostAnswer = async () => {
    const { nonce } = await control<{ nonce: string }>("nonce", { kind: "CreditCard" });
    await control("fail", { status: 500, times: 2, operation: "search" });
    await control("fail", { status: 500, afterCharge: true, operation: "charge" });
    const res = await send(`/api/orders/${orderNumber}/braintree/${nonce}/approve/CreditCard`, { method: "PUT" });
    expect(res.status).toBe(502);
    const sales = await control<(NotifiedSale & { amountCents: number })[]>("sales", { orderId: orderNumber });
    expect(sales).toHaveLength(1);
    return { ...sales[0]!, status: "settled" };
  };
  const hook = async (kind: string, sale: NotifiedSale, signWith = keys) =>
    deliver("braintree", bindings, new URLSearchParams(await braintreeNotification(signWith, kind, sale)).toString(), {
      "content-type": "application/x-www-form-urlencoded",
    });
  return { orderNumber, payWithLostAnswer, hook, keys };
}

describe("Braintree webhooks", () => {
  it("records a sale whose answer was lost when it settles: paid once, one email; the replay changes nothing", async () => {
    const s = await braintreeShopper();
    const sale = await s.payWithLostAnswer();
    expect((await orderState(s.orderNumber)).status).toBe("awaiting_payment");
    expect((await s.hook("transaction_settled", sale)).body).toEqual({ received: true, applied: true });
    const state = await expectPaidOnce(s.orderNumber, "webhook:braintree");
    expect(state.payments).toEqual(["captured"]);
    expect((await s.hook("transaction_settled", sale)).body).toEqual({ received: true, applied: false });
    expect(await orderState(s.orderNumber)).toEqual(state);
  });

  it("a settlement declined then settled ends paid; a decline delivered after the settlement stays paid", async () => {
    const s = await braintreeShopper();
    const sale = await s.payWithLostAnswer();
    expect((await s.hook("transaction_settlement_declined", { ...sale, status: "settlement_declined" })).body.applied).toBe(true);
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "payment_failed", payments: ["declined"] });
    expect((await s.hook("transaction_settled", sale)).body.applied).toBe(true);
    const state = await expectPaidOnce(s.orderNumber, "webhook:braintree");
    expect(state.payments).toEqual(["captured"]);

    const other = await braintreeShopper();
    const settled = await other.payWithLostAnswer();
    expect((await other.hook("transaction_settled", settled)).body.applied).toBe(true);
    expect((await other.hook("transaction_settlement_declined", { ...settled, status: "settlement_declined" })).body.applied).toBe(false);
    expect((await expectPaidOnce(other.orderNumber, "webhook:braintree")).payments).toEqual(["captured"]);
  });

  it("refuses a notification signed with another private key, or altered after signing (400), and changes nothing", async () => {
    const s = await braintreeShopper();
    const sale = await s.payWithLostAnswer();
    const forged = await s.hook("transaction_settled", sale, { publicKey: s.keys.publicKey, privateKey: "not-the-merchants" });
    expect(forged.status).toBe(400);
    const signed = await braintreeNotification(s.keys, "transaction_settled", { ...sale, amount: "1.00" });
    const genuine = await braintreeNotification(s.keys, "transaction_settled", sale);
    const swapped = await deliver(
      "braintree",
      { BRAINTREE_PUBLIC_KEY: s.keys.publicKey, BRAINTREE_PRIVATE_KEY: s.keys.privateKey, BRAINTREE_API_URL: `${origin}/braintree` },
      new URLSearchParams({ bt_signature: genuine.bt_signature, bt_payload: signed.bt_payload }).toString(),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(swapped.status).toBe(400);
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "awaiting_payment", confirmationEmails: 0 });
  });
});
