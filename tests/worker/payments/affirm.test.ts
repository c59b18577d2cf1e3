/**
 * Affirm (worker/orders/payments/affirm.ts) inside workerd against the loopback Affirm fake: what the shop sees
 * (the shopper sent to Affirm, a loan captured for the exact amount, a clear decline) and what Affirm sees (how
 * many captures and refunds really happened, one Idempotency-Key per attempt): success, declines, a token that
 * is not this payment's, 5xx retried with the same key, timeouts, a refund once; then through the worker's
 * calls: 20 concurrent approvals make one capture and one paid transition, the success page confirms a return
 * carrying `checkout_token`, an unreachable Affirm is a 502.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { affirmConfig, confirmAffirmPayment, createAffirmCheckout, refundAffirmPayment } from "#worker/orders/payments/affirm.ts";
import type { CheckoutDetails } from "#worker/orders/payments/order-details.ts";
import { type CaptureOutcome, type ConfirmRequest, type PaymentRequest, ProviderUnavailable } from "#worker/orders/payments/provider.ts";
import { call } from "../helpers";
import { transitions } from "../orders/orders-helpers";
import { type AffirmMerchant, affirmMerchant } from "./affirm-control";
import { approval, placedOverTime } from "./installments-helpers";

let orders = 0;
function request(amountCents: number): PaymentRequest {
  const orderNumber = `LP${String(8_100_000_000 + ++orders)}`;
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
  lines: [
    { lineId: "diamond", name: "1.01 ct Round diamond", sku: "D-1001", quantity: 1, totalCents: 400_000 },
    { lineId: "band", name: "Wedding band", sku: "B-7", quantity: 2, totalCents: 60_000 },
  ],
  shipping: { name: "Ada Shopper", line1: "1 Market St", apt: "4B", city: "Austin", state: "TX", postalCode: "78701", countryCode: "US", email: "", phone: "" },
  taxCents: 38_000,
  discountCents: 0,
};

/** A checkout the shopper confirmed at Affirm: the payment's reference and the token they came back with. */
async function confirmedLoan(m: AffirmMerchant, amountCents = 498_000) {
  const req = request(amountCents);
  const created = await createAffirmCheckout(m.config, req, DETAILS);
  const token = await m.approve(created.providerPaymentId!);
  const confirm = (key: string, over: Partial<ConfirmRequest> = {}): ConfirmRequest => ({
    providerPaymentId: created.providerPaymentId!,
    token,
    amount: { amountCents, currency: "USD" },
    orderNumber: req.orderNumber,
    idempotencyKey: key,
    ...over,
  });
  return { req, checkoutId: created.providerPaymentId!, token, confirm };
}

const key = () => `capture-${crypto.randomUUID()}`;

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

describe("affirmConfig", () => {
  it("is null unless both keys are set, and defaults to the sandbox", () => {
    expect(affirmConfig({})).toBeNull();
    expect(affirmConfig({ AFFIRM_PUBLIC_KEY: "pub" })).toBeNull();
    expect(affirmConfig({ AFFIRM_PUBLIC_KEY: " ", AFFIRM_PRIVATE_KEY: "priv" })).toBeNull();
    expect(affirmConfig({ AFFIRM_PUBLIC_KEY: " pub ", AFFIRM_PRIVATE_KEY: "priv" })).toEqual({
      publicKey: "pub",
      privateKey: "priv",
      apiUrl: "https://sandbox.affirm.com",
      timeoutMs: 10_000,
    });
    expect(affirmConfig({ AFFIRM_PUBLIC_KEY: "pub", AFFIRM_PRIVATE_KEY: "priv", AFFIRM_API_URL: "https://api.affirm.com/" })?.apiUrl).toBe(
      "https://api.affirm.com",
    );
  });
});

describe("Affirm loans", () => {
  it("creates a Direct Checkout for the order (exact total, items, shipping, the token returned by GET) and sends the shopper to Affirm", async () => {
    const m = await affirmMerchant();
    const req = request(498_000);
    const created = await createAffirmCheckout(m.config, req, DETAILS);
    expect(created.approvalUrl).toBe(`${m.config.apiUrl}/checkout/${created.providerPaymentId}`);
    const checkout = await m.checkout(created.providerPaymentId!);
    expect(checkout).toMatchObject({
      merchant: { user_confirmation_url: req.returnUrl, user_cancel_url: req.cancelUrl, user_confirmation_url_action: "GET", public_api_key: m.publicKey },
      order_id: req.orderNumber,
      currency: "USD",
      total: 498_000,
      tax_amount: 38_000,
      items: [
        { display_name: "1.01 ct Round diamond", sku: "D-1001", unit_price: 400_000, qty: 1 },
        { display_name: "Wedding band", sku: "B-7", unit_price: 30_000, qty: 2 },
      ],
      shipping: {
        name: { full: "Ada Shopper" },
        address: { line1: "1 Market St", line2: "4B", city: "Austin", state: "TX", zipcode: "78701", country: "US" },
        email: "ada@example.com",
      },
    });
    const [call] = (await m.stats()).requests;
    expect(call).toMatchObject({ method: "POST", path: "/api/v2/checkout/direct", key: req.idempotencyKey, status: 200 });
  });

  it("the shopper confirms at Affirm and comes back with a checkout token; the server authorises it and captures the exact amount once", async () => {
    const m = await affirmMerchant();
    const req = request(123_405);
    const created = await createAffirmCheckout(m.config, req, DETAILS);
    const back = await fetch(`${created.approvalUrl}/confirm`, { method: "POST", redirect: "manual" });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get("location")!);
    expect(`${location.origin}${location.pathname}?payment=${location.searchParams.get("payment")}`).toBe(req.returnUrl);
    const token = location.searchParams.get("checkout_token")!;
    const k = key();
    const outcome = captured(
      await confirmAffirmPayment(m.config, {
        providerPaymentId: created.providerPaymentId!,
        token,
        amount: { amountCents: 123_405, currency: "USD" },
        orderNumber: req.orderNumber,
        idempotencyKey: k,
      }),
    );
    expect(outcome).toMatchObject({ providerCaptureId: token, amount: { amountCents: 123_405, currency: "USD" } });
    expect(await m.captures(token)).toBe(1);
    const calls = (await m.stats()).requests.slice(1).map((r) => [r.method, r.path, r.key, r.status]);
    expect(calls).toEqual([
      ["POST", "/api/v1/transactions", `${k}-auth-${token}`, 200],
      ["POST", `/api/v1/transactions/${token}/capture`, k, 200],
    ]);
  });

  it("a declined authorisation is a decline with Affirm's reason; nothing is captured", async () => {
    const m = await affirmMerchant();
    const loan = await confirmedLoan(m);
    await m.declineNext();
    const outcome = await confirmAffirmPayment(m.config, loan.confirm(key()));
    expect(outcome).toMatchObject({ status: "declined", reason: expect.stringContaining("auth-declined") });
    expect(await m.captures(loan.token)).toBe(0);
  });

  it("a capture Affirm declines is a decline; nothing is captured", async () => {
    const m = await affirmMerchant();
    const loan = await confirmedLoan(m);
    await m.captureDeclineNext();
    expect(await confirmAffirmPayment(m.config, loan.confirm(key()))).toMatchObject({
      status: "declined",
      reason: expect.stringContaining("capture-declined"),
    });
    expect(await m.captures(loan.token)).toBe(0);
  });

  it("no token, a token Affirm does not know, or another checkout's token: pending, nothing authorised or captured", async () => {
    const m = await affirmMerchant();
    const loan = await confirmedLoan(m);
    const other = await confirmedLoan(m);
    expect((await confirmAffirmPayment(m.config, loan.confirm(key(), { token: undefined }))).status).toBe("pending");
    expect((await confirmAffirmPayment(m.config, loan.confirm(key(), { token: "NOTAFFIRMTOKEN42" }))).status).toBe("pending");
    // The other order's loan (a shopper's own cheaper checkout, say) is not this payment's: it is not captured.
    const forged = await confirmAffirmPayment(m.config, loan.confirm(key(), { token: other.token }));
    expect(forged).toMatchObject({ status: "pending", raw: { mismatch: "checkout" } });
    expect(await m.captures(other.token)).toBe(0);
    expect(captured(await confirmAffirmPayment(m.config, loan.confirm(key()))).amount.amountCents).toBe(498_000);
  });

  it("an authorisation for another amount than the payment's is not captured", async () => {
    const m = await affirmMerchant();
    const loan = await confirmedLoan(m, 50_000);
    const outcome = await confirmAffirmPayment(m.config, loan.confirm(key(), { amount: { amountCents: 60_000, currency: "USD" } }));
    expect(outcome).toMatchObject({ status: "pending", raw: { mismatch: "amount", expected: 60_000 } });
    expect(await m.captures(loan.token)).toBe(0);
  });

  it.each([500, 503, 429, 409])("a %i whose capture went through, then success with the same Idempotency-Key: exactly one capture", async (status) => {
    const m = await affirmMerchant();
    const loan = await confirmedLoan(m, 77_777);
    const k = key();
    await m.fail(status, 1, true, "/capture");
    expect(captured(await confirmAffirmPayment(m.config, loan.confirm(k))).amount.amountCents).toBe(77_777);
    expect(await m.captures(loan.token)).toBe(1);
    const calls = (await m.stats()).requests.filter((r) => r.path.endsWith("/capture"));
    expect(calls.map((r) => [r.key, r.status])).toEqual([
      [k, status],
      [k, 200],
    ]);
  });

  it("a 5xx on the authorisation that went through: the retry with the same key answers the same transaction, and one capture follows", async () => {
    const m = await affirmMerchant();
    const loan = await confirmedLoan(m);
    await m.fail(502, 1, true, "/api/v1/transactions");
    captured(await confirmAffirmPayment(m.config, loan.confirm(key())));
    expect(await m.captures(loan.token)).toBe(1);
  });

  it("three 5xx in a row: ProviderUnavailable, nothing captured; the next try with the same key captures once", async () => {
    const m = await affirmMerchant();
    const loan = await confirmedLoan(m);
    const k = key();
    await m.fail(503, 3, false, "/capture");
    expect((await unavailable(confirmAffirmPayment(m.config, loan.confirm(k)))).message).toContain("HTTP 503");
    expect(await m.captures(loan.token)).toBe(0);
    captured(await confirmAffirmPayment(m.config, loan.confirm(k)));
    expect(await m.captures(loan.token)).toBe(1);
  });

  it("no answer within the timeout: ProviderUnavailable at once, nothing captured; the next try captures once", async () => {
    const m = await affirmMerchant({ timeoutMs: 300 });
    const loan = await confirmedLoan(m);
    const k = key();
    await m.hang(false, "/capture");
    expect((await unavailable(confirmAffirmPayment(m.config, loan.confirm(k)))).message).toBe("Affirm did not answer the capture within 300 ms");
    expect(await m.captures(loan.token)).toBe(0);
    captured(await confirmAffirmPayment(m.config, loan.confirm(k)));
    expect(await m.captures(loan.token)).toBe(1);
  });

  it("a capture made but its answer lost to the timeout: the next try with the same key reports that capture, not a second", async () => {
    const m = await affirmMerchant({ timeoutMs: 300 });
    const loan = await confirmedLoan(m, 4_321);
    const k = key();
    await m.hang(true, "/capture");
    await unavailable(confirmAffirmPayment(m.config, loan.confirm(k)));
    expect(await m.captures(loan.token)).toBe(1);
    expect(captured(await confirmAffirmPayment(m.config, loan.confirm(k))).amount.amountCents).toBe(4_321);
    expect(await m.captures(loan.token)).toBe(1);
  });

  it("a refund is made once per key, however often it is asked; more than is left is refused", async () => {
    const m = await affirmMerchant();
    const loan = await confirmedLoan(m, 100_000);
    const { providerCaptureId } = captured(await confirmAffirmPayment(m.config, loan.confirm(key())));
    const refund = (amountCents: number, idempotencyKey: string) =>
      refundAffirmPayment(m.config, {
        providerPaymentId: loan.checkoutId,
        providerCaptureId,
        amount: { amountCents, currency: "USD" },
        reason: "returned",
        orderNumber: loan.req.orderNumber,
        idempotencyKey,
      });
    const k = `refund-${crypto.randomUUID()}`;
    await m.fail(500, 1, true, "/refund");
    const first = await refund(30_000, k);
    expect(first).toMatchObject({ status: "refunded", amount: { amountCents: 30_000 } });
    expect(await refund(30_000, k)).toMatchObject({ status: "refunded", providerRefundId: (first as { providerRefundId: string }).providerRefundId });
    expect(await m.refunds(loan.token)).toEqual({ count: 1, amountRefunded: 30_000 });
    expect(await refund(80_000, `refund-${crypto.randomUUID()}`)).toMatchObject({ status: "failed", reason: expect.stringContaining("refund-exceeded") });
    expect(await m.refunds(loan.token)).toEqual({ count: 1, amountRefunded: 30_000 });
  });

  it("keys Affirm refuses: ProviderUnavailable saying so, and no checkout", async () => {
    const m = await affirmMerchant({ privateKey: "not-the-key" });
    expect((await unavailable(createAffirmCheckout(m.config, request(1_000)))).message).toContain("Affirm refused the shop's API keys");
    expect((await m.stats()).checkouts).toBe(0);
  });
});

describe("Affirm through the worker", () => {
  let next = 21;

  /** An order placed to pay with Affirm, the shopper confirmed at Affirm (the token they came back with). */
  async function affirmOrder(m: AffirmMerchant) {
    const { placed, send, cookie } = await placedOverTime(m.bindings, "affirm", next++);
    expect(placed.payment).toMatchObject({ provider: "affirm" });
    const checkoutId = new URL(placed.payment.approvalUrl!).pathname.split("/").pop()!;
    const token = await m.approve(checkoutId);
    const n = placed.order.orderNumber;
    const approve = (t = token, suffix = "") => send(`/api/orders/${n}/affirm/${t}/approve${suffix}`, { method: "PUT" }).then(approval);
    return { placed, send, cookie, checkoutId, token, n, approve };
  }

  it("20 concurrent approvals: one authorisation captured at Affirm, one paid transition; a forged token first changes nothing", async () => {
    const m = await affirmMerchant();
    const o = await affirmOrder(m);
    const checkout = await m.checkout(o.checkoutId);
    expect(checkout).toMatchObject({ order_id: o.n, total: o.placed.order.amountDue, shipping: { address: { city: "Austin", state: "TX" } } });
    const forged = await o.approve("FORGEDTOKEN12345");
    expect(forged.body).toMatchObject({ outcome: "pending", order: { status: "awaiting_payment" } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => o.approve()));
    expect(answers.every((a) => (a.status === 200 && a.body.outcome === "paid") || (a.status === 202 && a.body.outcome === "processing"))).toBe(true);
    expect(answers.some((a) => a.body.outcome === "paid")).toBe(true);
    expect(await m.captures(o.token)).toBe(1);
    expect((await transitions(o.n)).filter((t) => t.to_status === "paid")).toEqual([
      { from_status: "awaiting_payment", to_status: "paid", event: "payment_captured", cause: "provider:affirm" },
    ]);
    // Again later, with Affirm's reference in the path (recorded, not trusted): paid, nothing more captured.
    const again = await o.approve(o.token, `/${o.checkoutId}`);
    expect(again.body).toMatchObject({
      outcome: "paid",
      order: { status: "paid", payments: [{ provider: "affirm", status: "captured", amount: o.placed.order.amountDue }] },
    });
    expect(await m.captures(o.token)).toBe(1);
    const recorded = await env.DB.prepare("SELECT payload FROM payment_events WHERE order_number = ? AND kind = 'return'")
      .bind(o.n)
      .first<{ payload: string }>();
    expect(JSON.parse(recorded!.payload)).toEqual({ checkoutToken: o.token, reference: o.checkoutId });
  });

  it("the success page confirms a return carrying checkout_token: paid, once", async () => {
    const m = await affirmMerchant();
    const o = await affirmOrder(m);
    const page = await o.send(`/orders/${o.n}/success?payment=${o.placed.payment.paymentId}&checkout_token=${o.token}`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Thank you for your order");
    expect(await m.captures(o.token)).toBe(1);
    expect((await o.approve()).body.outcome).toBe("paid");
    expect(await m.captures(o.token)).toBe(1);
  });

  it("answers 502 and keeps the order waiting when Affirm cannot be reached; the next approval pays once", async () => {
    const m = await affirmMerchant();
    const o = await affirmOrder(m);
    await m.fail(503, 3);
    const down = await o.send(`/api/orders/${o.n}/affirm/${o.token}/approve`, { method: "PUT" });
    expect(down.status).toBe(502);
    expect(await m.captures(o.token)).toBe(0);
    expect((await o.approve()).body).toMatchObject({ outcome: "paid", order: { status: "paid" } });
    expect(await m.captures(o.token)).toBe(1);
  });

  it("Affirm not configured here, or an order with no Affirm payment: 404, nothing captured", async () => {
    const m = await affirmMerchant();
    const o = await affirmOrder(m);
    // The same order asked of a site without Affirm's keys: nothing to ask.
    expect((await call(`/api/orders/${o.n}/affirm/${o.token}/approve`, { method: "PUT", headers: { cookie: o.cookie } })).status).toBe(404);
    // An order paid through the embedded gateway (no keys when it was placed) has no Affirm payment.
    const local = await placedOverTime({}, "affirm", next++);
    expect(local.placed.payment.provider).toBe("local");
    const other = await call(`/api/orders/${local.placed.order.orderNumber}/affirm/${o.token}/approve`, { method: "PUT", env: m.bindings });
    expect(other.status).toBe(404);
    expect(await m.captures(o.token)).toBe(0);
  });
});
