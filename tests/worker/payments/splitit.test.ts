/**
 * Splitit (worker/orders/payments/splitit.ts) inside workerd against the loopback Splitit fake: what the shop
 * sees (the shopper sent to Splitit's form, the plan started for the exact amount, a clear decline) and what
 * Splitit sees (one login reused, how many starts and refunds really happened, one idempotency key per
 * attempt): success, a declined first instalment, a cancelled plan, 5xx retried with the same key, timeouts, a
 * session renewed once, a refund once; then through the worker's calls: 20 concurrent approvals start the plan
 * once with one paid transition, another order's plan is a 404, an unreachable Splitit is a 502.
 */
import { describe, expect, it } from "vitest";
import type { CheckoutDetails } from "#worker/orders/payments/order-details.ts";
import { type CaptureOutcome, type ConfirmRequest, type PaymentRequest, ProviderUnavailable } from "#worker/orders/payments/provider.ts";
import { confirmSplititPlan, createSplititPlan, refundSplititPlan, splititConfig } from "#worker/orders/payments/splitit.ts";
import { call } from "../helpers";
import { transitions } from "../orders/orders-helpers";
import { approval, placedOverTime } from "./installments-helpers";
import { type SplititMerchant, splititMerchant } from "./splitit-control";

let orders = 0;
function request(amountCents: number): PaymentRequest {
  const orderNumber = `LP${String(8_200_000_000 + ++orders)}`;
  return {
    orderNumber,
    amount: { amountCents, currency: "USD" },
    description: `Loupe order ${orderNumber}`,
    returnUrl: `https://loupe.test/orders/${orderNumber}/success?payment=pay_1`,
    cancelUrl: `https://loupe.test/orders/re-payment/${orderNumber}`,
    idempotencyKey: `create-${crypto.randomUUID()}`,
    email: "ada@example.com",
  };
}

const DETAILS: CheckoutDetails = {
  lines: [{ lineId: "diamond", name: "1.01 ct Round diamond", sku: "D-1001", quantity: 1, totalCents: 400_000 }],
  shipping: {
    name: "Ada Shopper",
    line1: "1 Market St",
    apt: "",
    city: "Austin",
    state: "TX",
    postalCode: "78701",
    countryCode: "US",
    email: "",
    phone: "512 555 0100",
  },
  taxCents: 33_000,
  discountCents: 0,
};

/** A plan the shopper approved on Splitit's form (the card authorised, the plan waiting for the shop to start it). */
async function approvedPlan(m: SplititMerchant, amountCents = 433_000) {
  const req = request(amountCents);
  const created = await createSplititPlan(m.config, req, DETAILS);
  const plan = created.providerPaymentId!;
  await m.approve(plan);
  const confirm = (key: string, over: Partial<ConfirmRequest> = {}): ConfirmRequest => ({
    providerPaymentId: plan,
    amount: { amountCents, currency: "USD" },
    orderNumber: req.orderNumber,
    idempotencyKey: key,
    ...over,
  });
  return { req, plan, confirm };
}

const key = () => `start-${crypto.randomUUID()}`;

function captured(outcome: CaptureOutcome) {
  expect(outcome.status).toBe("captured");
  return outcome as Extract<CaptureOutcome, { status: "captured" }>;
}

async function unavailable(promise: Promise<unknown>): Promise<ProviderUnavailable> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderUnavailable);
  return error as ProviderUnavailable;
}

describe("splititConfig", () => {
  it("is null unless the user, the password and the API key are set, and defaults to the sandbox", () => {
    expect(splititConfig({})).toBeNull();
    expect(splititConfig({ SPLITIT_USERNAME: "u", SPLITIT_PASSWORD: "p" })).toBeNull();
    expect(splititConfig({ SPLITIT_USERNAME: "u", SPLITIT_PASSWORD: " ", SPLITIT_API_KEY: "k" })).toBeNull();
    expect(splititConfig({ SPLITIT_USERNAME: " u ", SPLITIT_PASSWORD: "p w", SPLITIT_API_KEY: "k" })).toEqual({
      username: "u",
      password: "p w",
      apiKey: "k",
      apiUrl: "https://webapi.sandbox.splitit.com",
      timeoutMs: 10_000,
    });
    expect(
      splititConfig({ SPLITIT_USERNAME: "u", SPLITIT_PASSWORD: "p", SPLITIT_API_KEY: "k", SPLITIT_API_URL: "https://webapi.production.splitit.com/" })?.apiUrl,
    ).toBe("https://webapi.production.splitit.com");
  });
});

describe("Splitit plans", () => {
  it("logs in, initiates a plan for the order (exact amount, not started, the exit URLs) and sends the shopper to Splitit's form", async () => {
    const m = await splititMerchant();
    const req = request(433_005);
    const created = await createSplititPlan(m.config, req, DETAILS);
    expect(created.providerPaymentId).toMatch(/^\d{20}$/);
    expect(created.approvalUrl).toBe(`${m.config.apiUrl}/checkout?plan=${created.providerPaymentId}`);
    const plan = await m.plan(created.providerPaymentId!);
    expect(plan).toMatchObject({ InstallmentPlanStatus: { Code: "Initializing" }, Amount: { Value: 4330.05 }, RefOrderNumber: req.orderNumber });
    expect(plan.request).toMatchObject({
      RequestHeader: { ApiKey: m.bindings.SPLITIT_API_KEY },
      PlanData: { Amount: { Value: 4330.05, CurrencyCode: "USD" }, NumberOfInstallments: 3, RefOrderNumber: req.orderNumber, AutoCapture: false },
      PaymentWizardData: { RequestedNumberOfInstallments: "3,6,12", SuccessExitURL: req.returnUrl, CancelExitURL: req.cancelUrl },
      ConsumerData: { FullName: "Ada Shopper", Email: "ada@example.com" },
      BillingAddress: { AddressLine: "1 Market St", City: "Austin", State: "TX", Zip: "78701" },
    });
    const calls = (await m.stats()).requests.map((r) => [r.path, r.key, r.succeeded]);
    expect(calls).toEqual([
      ["/api/Login", null, true],
      ["/api/InstallmentPlan/Initiate", req.idempotencyKey, true],
    ]);
    // The same key again (a reload): the same plan, not a second one.
    expect((await createSplititPlan(m.config, req, DETAILS)).providerPaymentId).toBe(created.providerPaymentId);
    expect((await m.stats()).plans).toBe(1);
  });

  it("the shopper approves on Splitit's form and comes back; the server reads the plan and starts it once, for the exact amount", async () => {
    const m = await splititMerchant();
    const req = request(123_405);
    const created = await createSplititPlan(m.config, req, DETAILS);
    const plan = created.providerPaymentId!;
    const confirm = (k: string) =>
      confirmSplititPlan(m.config, {
        providerPaymentId: plan,
        amount: { amountCents: 123_405, currency: "USD" },
        orderNumber: req.orderNumber,
        idempotencyKey: k,
      });
    // Back before the form is done (or a forged return): pending, nothing started.
    expect((await confirm(key())).status).toBe("pending");
    const back = await fetch(`${m.config.apiUrl}/checkout/approve?plan=${plan}`, { method: "POST", redirect: "manual" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(req.returnUrl);
    const k = key();
    expect(captured(await confirm(k))).toMatchObject({ providerCaptureId: plan, amount: { amountCents: 123_405, currency: "USD" } });
    expect(await m.starts(plan)).toBe(1);
    expect((await m.plan(plan)).InstallmentPlanStatus).toMatchObject({ Code: "InProgress" });
    // Asked again (a reload, another key): already started, reported paid, not started twice.
    captured(await confirm(key()));
    expect(await m.starts(plan)).toBe(1);
    const starts = (await m.stats()).requests.filter((r) => r.path.endsWith("/StartInstallments"));
    expect(starts.map((r) => [r.key, r.succeeded])).toEqual([[k, true]]);
  });

  it("a declined first instalment is a decline with Splitit's reason; nothing is started", async () => {
    const m = await splititMerchant();
    const p = await approvedPlan(m);
    await m.declineNext();
    expect(await confirmSplititPlan(m.config, p.confirm(key()))).toMatchObject({ status: "declined", reason: expect.stringContaining("Card declined") });
    expect(await m.starts(p.plan)).toBe(0);
  });

  it("a cancelled plan is cancelled; a plan for another order or amount is not started", async () => {
    const m = await splititMerchant();
    const cancelled = await approvedPlan(m);
    await m.cancel(cancelled.plan);
    expect((await confirmSplititPlan(m.config, cancelled.confirm(key()))).status).toBe("cancelled");
    const p = await approvedPlan(m, 50_000);
    expect(await confirmSplititPlan(m.config, p.confirm(key(), { orderNumber: "LP0000000001" }))).toMatchObject({
      status: "pending",
      raw: { mismatch: "order" },
    });
    expect(await confirmSplititPlan(m.config, p.confirm(key(), { amount: { amountCents: 60_000, currency: "USD" } }))).toMatchObject({
      status: "pending",
      raw: { mismatch: "amount" },
    });
    expect(await m.starts(p.plan)).toBe(0);
  });

  it.each([500, 502, 503, 429])("a %i whose start went through, then success with the same idempotency key: started exactly once", async (status) => {
    const m = await splititMerchant();
    const p = await approvedPlan(m, 77_777);
    const k = key();
    await m.fail(status, 1, true, "/StartInstallments");
    expect(captured(await confirmSplititPlan(m.config, p.confirm(k))).amount.amountCents).toBe(77_777);
    expect(await m.starts(p.plan)).toBe(1);
    const calls = (await m.stats()).requests.filter((r) => r.path.endsWith("/StartInstallments"));
    expect(calls.map((r) => [r.key, r.status])).toEqual([
      [k, status],
      [k, 200],
    ]);
  });

  it("three 5xx in a row: ProviderUnavailable, nothing started; the next try with the same key starts once", async () => {
    const m = await splititMerchant();
    const p = await approvedPlan(m);
    const k = key();
    await m.fail(503, 3, false, "/StartInstallments");
    expect((await unavailable(confirmSplititPlan(m.config, p.confirm(k)))).message).toContain("HTTP 503");
    expect(await m.starts(p.plan)).toBe(0);
    captured(await confirmSplititPlan(m.config, p.confirm(k)));
    expect(await m.starts(p.plan)).toBe(1);
  });

  it("no answer within the timeout: ProviderUnavailable at once, nothing started; the next try starts once", async () => {
    const m = await splititMerchant({ timeoutMs: 300 });
    const p = await approvedPlan(m);
    const k = key();
    await m.hang(false, "/StartInstallments");
    expect((await unavailable(confirmSplititPlan(m.config, p.confirm(k)))).message).toBe("Splitit did not answer the plan start within 300 ms");
    expect(await m.starts(p.plan)).toBe(0);
    captured(await confirmSplititPlan(m.config, p.confirm(k)));
    expect(await m.starts(p.plan)).toBe(1);
  });

  it("a start made but its answer lost to the timeout: the next try reports that start, not a second", async () => {
    const m = await splititMerchant({ timeoutMs: 300 });
    const p = await approvedPlan(m, 4_321);
    const k = key();
    await m.hang(true, "/StartInstallments");
    await unavailable(confirmSplititPlan(m.config, p.confirm(k)));
    expect(await m.starts(p.plan)).toBe(1);
    expect(captured(await confirmSplititPlan(m.config, p.confirm(k))).amount.amountCents).toBe(4_321);
    expect(await m.starts(p.plan)).toBe(1);
  });

  it("one login is shared by concurrent calls and reused; a session Splitit stopped accepting is renewed once", async () => {
    const m = await splititMerchant();
    await Promise.all(Array.from({ length: 5 }, () => createSplititPlan(m.config, request(1_000))));
    expect((await m.stats()).logins).toBe(1);
    const p = await approvedPlan(m);
    await m.expireSessions();
    captured(await confirmSplititPlan(m.config, p.confirm(key())));
    expect((await m.stats()).logins).toBe(2);
    expect(await m.starts(p.plan)).toBe(1);
  });

  it("a wrong password: ProviderUnavailable saying so, and no plan", async () => {
    const m = await splititMerchant({ password: "not-the-password" });
    expect((await unavailable(createSplititPlan(m.config, request(1_000)))).message).toContain("Splitit refused the shop's API user");
    expect((await m.stats()).plans).toBe(0);
  });

  it("a refund is made once per key, however often it is asked; more than is left is refused", async () => {
    const m = await splititMerchant();
    const p = await approvedPlan(m, 100_000);
    const { providerCaptureId } = captured(await confirmSplititPlan(m.config, p.confirm(key())));
    const refund = (amountCents: number, idempotencyKey: string) =>
      refundSplititPlan(m.config, {
        providerPaymentId: p.plan,
        providerCaptureId,
        amount: { amountCents, currency: "USD" },
        reason: "returned",
        orderNumber: p.req.orderNumber,
        idempotencyKey,
      });
    const k = `refund-${crypto.randomUUID()}`;
    await m.fail(500, 1, true, "/Refund");
    expect(await refund(30_001, k)).toMatchObject({ status: "refunded", amount: { amountCents: 30_001 } });
    expect(await refund(30_001, k)).toMatchObject({ status: "refunded" });
    expect(await m.refunds(p.plan)).toEqual({ count: 1, refundedCents: 30_001 });
    expect(await refund(80_000, `refund-${crypto.randomUUID()}`)).toMatchObject({ status: "failed", reason: expect.stringContaining("562") });
    expect(await m.refunds(p.plan)).toEqual({ count: 1, refundedCents: 30_001 });
  });
});

describe("Splitit through the worker", () => {
  let next = 27;

  async function splititOrder(m: SplititMerchant) {
    const { placed, send, cookie } = await placedOverTime(m.bindings, "splitit", next++);
    expect(placed.payment).toMatchObject({ provider: "splitit" });
    const plan = new URL(placed.payment.approvalUrl!).searchParams.get("plan")!;
    const n = placed.order.orderNumber;
    const approve = (p = plan) => send(`/api/orders/${n}/splitit/${p}/approve`, { method: "PUT" }).then(approval);
    return { placed, send, cookie, plan, n, approve };
  }

  it("20 concurrent approvals: the plan started once at Splitit, one paid transition; an approval before the form is done changes nothing", async () => {
    const m = await splititMerchant();
    const o = await splititOrder(m);
    expect(await m.plan(o.plan)).toMatchObject({ Amount: { Value: o.placed.order.amountDue / 100 }, RefOrderNumber: o.n });
    expect((await o.approve()).body).toMatchObject({ outcome: "pending", order: { status: "awaiting_payment" } });
    await m.approve(o.plan);
    const answers = await Promise.all(Array.from({ length: 20 }, () => o.approve()));
    expect(answers.every((a) => (a.status === 200 && a.body.outcome === "paid") || (a.status === 202 && a.body.outcome === "processing"))).toBe(true);
    expect(answers.some((a) => a.body.outcome === "paid")).toBe(true);
    expect(await m.starts(o.plan)).toBe(1);
    expect((await transitions(o.n)).filter((t) => t.to_status === "paid")).toEqual([
      { from_status: "awaiting_payment", to_status: "paid", event: "payment_captured", cause: "provider:splitit" },
    ]);
    expect((await o.approve()).body).toMatchObject({ outcome: "paid", order: { payments: [{ provider: "splitit", status: "captured" }] } });
    expect(await m.starts(o.plan)).toBe(1);
  });

  it("the success page Splitit returns to confirms the plan: paid, once", async () => {
    const m = await splititMerchant();
    const o = await splititOrder(m);
    await m.approve(o.plan);
    const page = await o.send(`/orders/${o.n}/success?payment=${o.placed.payment.paymentId}`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Thank you for your order");
    expect(await m.starts(o.plan)).toBe(1);
  });

  it("another order's plan is a 404; Splitit unreachable is a 502 and nothing is started; the next approval pays", async () => {
    const m = await splititMerchant();
    const a = await splititOrder(m);
    const b = await splititOrder(m);
    await m.approve(a.plan);
    expect((await b.send(`/api/orders/${b.n}/splitit/${a.plan}/approve`, { method: "PUT" })).status).toBe(404);
    expect(await m.starts(a.plan)).toBe(0);
    await m.fail(503, 3);
    expect((await a.send(`/api/orders/${a.n}/splitit/${a.plan}/approve`, { method: "PUT" })).status).toBe(502);
    expect(await m.starts(a.plan)).toBe(0);
    expect((await a.approve()).body).toMatchObject({ outcome: "paid", order: { status: "paid" } });
    expect(await m.starts(a.plan)).toBe(1);
    // Without Splitit's secrets the same call names no payment.
    expect((await call(`/api/orders/${a.n}/splitit/${a.plan}/approve`, { method: "PUT", headers: { cookie: a.cookie } })).status).toBe(404);
  });
});
