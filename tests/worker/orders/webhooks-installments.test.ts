/**
 * Affirm's and Splitit's webhooks (signed as each documents: tests/fakes/provider-webhooks.ts) about checkouts
 * and plans the loopback fakes really hold: an approval the shopper never returned from is finished by the
 * shop — authorised and captured at Affirm, started at Splitit — once, with one confirmation email; a decline
 * delivered after the payment stays paid; a plan approved after a failed card ends paid; forged, stale or
 * unconfigured deliveries change nothing.
 */
import { describe, expect, it } from "vitest";
import { affirmDelivery, splititDelivery, splititSigningKey } from "../../fakes/provider-webhooks";
import { affirmMerchant } from "../payments/affirm-control";
import { splititMerchant } from "../payments/splitit-control";
import { placedWith } from "./orders-helpers";
import { deliver, expectPaidOnce, orderState, recorded } from "./webhooks-helpers";

let next = 101;

describe("Affirm webhooks", () => {
  async function affirmShopper() {
    const m = await affirmMerchant({ timeoutMs: 5_000 });
    const { placed } = await placedWith(m.bindings, "affirm", next++);
    const checkoutId = new URL(placed.payment.approvalUrl!).pathname.split("/").pop()!;
    const orderNumber = placed.order.orderNumber;
    const event = (fields: Record<string, string>, key = m.privateKey, t?: number) =>
      affirmDelivery(key, { order_id: orderNumber, event_timestamp: new Date().toISOString(), ...fields }, t);
    const hook = (d: { body: string; headers: Record<string, string> }) => deliver("affirm", m.bindings, d.body, d.headers);
    return { m, checkoutId, orderNumber, event, hook };
  }

  it("authorises and captures a loan the shopper confirmed but never returned from, once; a late not_approved changes nothing", async () => {
    const s = await affirmShopper();
    const token = await s.m.approve(s.checkoutId);
    const confirmed = await s.event({ event: "confirmed", checkout_token: token });
    expect((await s.hook(confirmed)).body).toEqual({ received: true, applied: true });
    const state = await expectPaidOnce(s.orderNumber, "provider:affirm");
    expect(state.payments).toEqual(["captured"]);
    expect(await s.m.captures(token)).toBe(1);
    expect((await s.hook(confirmed)).body).toEqual({ received: true, applied: false });
    const late = await s.event({ event: "not_approved", checkout_token: token });
    expect((await s.hook(late)).body).toEqual({ received: true, applied: false });
    expect(await orderState(s.orderNumber)).toEqual(state);
    expect(await s.m.captures(token)).toBe(1);
  });

  it("refuses a delivery signed with another key or older than five minutes (400): nothing is authorised", async () => {
    const s = await affirmShopper();
    const token = await s.m.approve(s.checkoutId);
    const forged = await s.event({ event: "confirmed", checkout_token: token }, "not-the-private-key");
    expect((await s.hook(forged)).status).toBe(400);
    const stale = await s.event({ event: "confirmed", checkout_token: token }, s.m.privateKey, Math.floor(Date.now() / 1000) - 301);
    expect((await s.hook(stale)).status).toBe(400);
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "awaiting_payment", confirmationEmails: 0 });
    expect(await s.m.captures(token)).toBe(0);
  });
});

describe("Splitit webhooks", () => {
  async function splititShopper(configured = true) {
    const m = await splititMerchant({ timeoutMs: 5_000 });
    const key = await splititSigningKey();
    const bindings = { ...m.bindings, ...(configured ? { SPLITIT_WEBHOOK_PUBLIC_KEY: key.pem } : {}) };
    const { placed } = await placedWith(bindings, "splitit", next++);
    const plan = new URL(placed.payment.approvalUrl!).searchParams.get("plan")!;
    const orderNumber = placed.order.orderNumber;
    const event = (EventName: string, id?: string) =>
      splititDelivery(key.privateKey, { EventName, InstallmentPlanNumber: plan, RefOrderNumber: orderNumber }, id);
    const hook = (d: { body: string; headers: Record<string, string> }) => deliver("splitit", bindings, d.body, d.headers);
    return { m, key, plan, orderNumber, event, hook };
  }

  it("starts a plan the shopper approved but never returned from, once, even delivered five times at once", async () => {
    const s = await splititShopper();
    await s.m.approve(s.plan);
    const approved = await s.event("PlanApprovedSucceeded");
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.hook(approved)));
    // Those that found another delivery asking Splitit answer 409 (Splitit delivers again); the rest 200.
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    await expectPaidOnce(s.orderNumber, "provider:splitit");
    // Splitit's redelivery, after the 409s: received, nothing more happens.
    expect((await s.hook(approved)).body).toEqual({ received: true, applied: false });
    expect(await s.m.starts(s.plan)).toBe(1);
    expect(await recorded("splitit", approved.headers["x-splitit-idempotencykey"]!)).toBe(1);
  });

  it("a plan approved after a failed card ends paid; a failure delivered after it stays paid", async () => {
    const s = await splititShopper();
    expect((await s.hook(await s.event("PlanApprovedFailed"))).body.applied).toBe(true);
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "payment_failed", payments: ["declined"] });
    await s.m.approve(s.plan);
    expect((await s.hook(await s.event("PlanApprovedSucceeded"))).body.applied).toBe(true);
    const state = await expectPaidOnce(s.orderNumber, "provider:splitit");
    expect((await s.hook(await s.event("PlanApprovedFailed"))).body.applied).toBe(false);
    expect(await orderState(s.orderNumber)).toEqual(state);
    expect(await s.m.starts(s.plan)).toBe(1);
  });

  it("refuses a delivery not signed by Splitit's key (400), and answers 404 while no key is configured: nothing starts", async () => {
    const s = await splititShopper();
    await s.m.approve(s.plan);
    const other = await splititSigningKey();
    const forged = await splititDelivery(other.privateKey, { EventName: "PlanApprovedSucceeded", InstallmentPlanNumber: s.plan });
    expect((await s.hook(forged)).status).toBe(400);
    const genuine = await s.event("PlanApprovedSucceeded");
    const replayedUnderAnotherKey = { ...genuine, headers: { ...genuine.headers, "x-splitit-idempotencykey": crypto.randomUUID() } };
    expect((await s.hook(replayedUnderAnotherKey)).status).toBe(400);
    const unconfigured = await splititShopper(false);
    await unconfigured.m.approve(unconfigured.plan);
    expect((await unconfigured.hook(await unconfigured.event("PlanApprovedSucceeded"))).status).toBe(404);
    expect(await s.m.starts(s.plan)).toBe(0);
    expect(await unconfigured.m.starts(unconfigured.plan)).toBe(0);
    expect(await orderState(s.orderNumber)).toMatchObject({ status: "awaiting_payment", confirmationEmails: 0 });
  });
});
