/**
 * The PayPal adapter (worker/orders/payments/paypal.ts) inside workerd against the loopback PayPal fake: what
 * the shop sees (the buyer's approval link, a capture with its exact amount, a clear decline) and what PayPal
 * sees (how many captures really happened, one token reused): success, declines, 5xx and 429 retried with the
 * same PayPal-Request-Id (one charge), timeouts, 20 concurrent captures, and the env reader.
 */
import { describe, expect, it } from "vitest";
import { capturePayPalPayment, createPayPalPayment, paypalConfig } from "#worker/orders/payments/paypal.ts";
import { type CaptureOutcome, type PaymentRequest, ProviderUnavailable } from "#worker/orders/payments/provider.ts";
import { type PayPalApp, paypalApp } from "./paypal-control";

let orders = 0;
function request(amountCents: number, over: Partial<PaymentRequest> = {}): PaymentRequest {
  const orderNumber = `LP${String(++orders).padStart(10, "0")}`;
  return {
    orderNumber,
    amount: { amountCents, currency: "USD" },
    description: `Loupe order ${orderNumber}`,
    returnUrl: `https://loupe.test/orders/${orderNumber}/success`,
    cancelUrl: `https://loupe.test/orders/re-payment/${orderNumber}`,
    idempotencyKey: `create-${crypto.randomUUID()}`,
    email: "ada@example.com",
    ...over,
  };
}

/** A PayPal order the buyer has approved, for `amountCents`. */
async function approvedOrder(app: PayPalApp, amountCents = 123_405): Promise<string> {
  const created = await createPayPalPayment(app.config, request(amountCents));
  await app.approve(created.providerPaymentId!);
  return created.providerPaymentId!;
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

describe("paypalConfig", () => {
  it("is null unless both the client id and the secret are set, and defaults to the sandbox", () => {
    expect(paypalConfig({})).toBeNull();
    expect(paypalConfig({ PAYPAL_CLIENT_ID: "id" })).toBeNull();
    expect(paypalConfig({ PAYPAL_CLIENT_ID: " ", PAYPAL_CLIENT_SECRET: "s" })).toBeNull();
    expect(paypalConfig({ PAYPAL_CLIENT_ID: " id ", PAYPAL_CLIENT_SECRET: "s" })).toEqual({
      clientId: "id",
      clientSecret: "s",
      apiUrl: "https://api-m.sandbox.paypal.com",
      timeoutMs: 10_000,
    });
    expect(paypalConfig({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_API_URL: "https://api-m.paypal.com/" })?.apiUrl).toBe(
      "https://api-m.paypal.com",
    );
  });
});

describe("PayPal payments", () => {
  it("creates a PayPal order for the shop's order and sends the buyer to PayPal's approval page", async () => {
    const app = await paypalApp();
    const req = request(123_405);
    const created = await createPayPalPayment(app.config, req);
    expect(created.providerPaymentId).toMatch(/^[0-9A-Z]{17}$/);
    expect(created.approvalUrl).toBe(`${app.config.apiUrl}/checkoutnow?token=${created.providerPaymentId}`);
    expect(created.clientSecret).toBeNull();
    const order = await app.order(created.providerPaymentId!);
    expect(order.status).toBe("PAYER_ACTION_REQUIRED");
    expect(order.purchase_units[0]).toMatchObject({
      reference_id: req.orderNumber,
      invoice_id: req.orderNumber,
      description: req.description,
      amount: { value: "1234.05" },
    });
    const [call] = (await app.stats()).requests.filter((r) => r.path === "/v2/checkout/orders");
    expect(call).toMatchObject({ method: "POST", requestId: req.idempotencyKey, status: 201 });
  });

  it("the buyer approves on PayPal's page, comes back to the shop, and the capture collects the exact amount once", async () => {
    const app = await paypalApp();
    const req = request(123_405);
    const created = await createPayPalPayment(app.config, req);
    const page = await fetch(created.approvalUrl!);
    expect(await page.text()).toContain("Pay 1234.05 USD");
    const back = await fetch(`${app.config.apiUrl}/checkoutnow/approve?token=${created.providerPaymentId}`, { method: "POST", redirect: "manual" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toMatch(new RegExp(`^${req.returnUrl}\\?token=${created.providerPaymentId}&PayerID=`));
    const outcome = captured(await capturePayPalPayment(app.config, created.providerPaymentId!, key()));
    expect(outcome.amount).toEqual({ amountCents: 123_405, currency: "USD" });
    expect(outcome.providerCaptureId).toMatch(/^[0-9A-Z]{17}$/);
    expect(await app.captures(created.providerPaymentId!)).toBe(1);
    expect((await app.order(created.providerPaymentId!)).status).toBe("COMPLETED");
  });

  it("amounts are exact in cents both ways", async () => {
    const app = await paypalApp();
    for (const [amountCents, value] of [
      [1, "0.01"],
      [10, "0.10"],
      [99, "0.99"],
      [100, "1.00"],
      [1_999, "19.99"],
      [29_00, "29.00"],
      [1_234_567_89, "1234567.89"],
    ] as const) {
      const id = await approvedOrder(app, amountCents);
      expect((await app.order(id)).purchase_units[0]!.amount.value).toBe(value);
      expect(captured(await capturePayPalPayment(app.config, id, key())).amount.amountCents).toBe(amountCents);
    }
  });

  it("a declined funding source is a decline with PayPal's reason, nothing captured; another try after the buyer changes it succeeds", async () => {
    const app = await paypalApp();
    const id = await approvedOrder(app);
    await app.declineNext();
    const outcome = await capturePayPalPayment(app.config, id, key());
    expect(outcome).toMatchObject({ status: "declined", reason: expect.stringContaining("INSTRUMENT_DECLINED") });
    expect(await app.captures(id)).toBe(0);
    captured(await capturePayPalPayment(app.config, id, key()));
    expect(await app.captures(id)).toBe(1);
  });

  it("capturing an order the buyer has not approved is pending (nothing changes); after the approval the same key captures", async () => {
    const app = await paypalApp();
    const { providerPaymentId } = await createPayPalPayment(app.config, request(5_000));
    const k = key();
    const outcome = await capturePayPalPayment(app.config, providerPaymentId!, k);
    expect(outcome).toMatchObject({ status: "pending" });
    expect(await app.captures(providerPaymentId!)).toBe(0);
    await app.approve(providerPaymentId!);
    expect(captured(await capturePayPalPayment(app.config, providerPaymentId!, k)).amount.amountCents).toBe(5_000);
  });

  it("an order PayPal does not know is declined, naming it", async () => {
    const app = await paypalApp();
    expect(await capturePayPalPayment(app.config, "5O190127TN364715T", key())).toMatchObject({
      status: "declined",
      reason: expect.stringContaining("PayPal has no order 5O190127TN364715T"),
    });
  });

  it("a capture under review is pending, not paid", async () => {
    const app = await paypalApp();
    const id = await approvedOrder(app);
    await app.pendingNext();
    expect((await capturePayPalPayment(app.config, id, key())).status).toBe("pending");
  });

  it.each([500, 503, 429, 409])("a %i whose capture went through, then success with the same PayPal-Request-Id: exactly one capture", async (status) => {
    const app = await paypalApp();
    const id = await approvedOrder(app, 77_777);
    const k = key();
    await app.fail(status, 1, true);
    expect(captured(await capturePayPalPayment(app.config, id, k)).amount.amountCents).toBe(77_777);
    expect(await app.captures(id)).toBe(1);
    const calls = (await app.stats()).requests.filter((r) => r.path.endsWith("/capture"));
    expect(calls.map((r) => [r.requestId, r.status])).toEqual([
      [k, status],
      [k, 201],
    ]);
  });

  it("a 5xx on creation then success with the same PayPal-Request-Id: one PayPal order", async () => {
    const app = await paypalApp();
    await createPayPalPayment(app.config, request(100)); // the token is cached: the failure hits the creation
    await app.fail(500, 2, true);
    const req = request(2_500);
    const created = await createPayPalPayment(app.config, req);
    expect((await app.stats()).orders).toBe(2);
    expect((await app.order(created.providerPaymentId!)).purchase_units[0]!.invoice_id).toBe(req.orderNumber);
    // The shop asks again (e.g. a reload) with the same key: the same order, not a third one.
    expect((await createPayPalPayment(app.config, req)).providerPaymentId).toBe(created.providerPaymentId);
    expect((await app.stats()).orders).toBe(2);
  });

  it("three 5xx in a row: ProviderUnavailable, nothing captured; the next try with the same key captures once", async () => {
    const app = await paypalApp();
    const id = await approvedOrder(app);
    const k = key();
    await app.fail(503, 3);
    expect((await unavailable(capturePayPalPayment(app.config, id, k))).message).toContain("HTTP 503");
    expect(await app.captures(id)).toBe(0);
    captured(await capturePayPalPayment(app.config, id, k));
    expect(await app.captures(id)).toBe(1);
  });

  it("no answer within the timeout: ProviderUnavailable at once, nothing captured; the next try captures", async () => {
    const app = await paypalApp({ timeoutMs: 300 });
    const id = await approvedOrder(app);
    const k = key();
    await app.hang();
    expect((await unavailable(capturePayPalPayment(app.config, id, k))).message).toBe("PayPal did not answer the capture within 300 ms");
    expect(await app.captures(id)).toBe(0);
    captured(await capturePayPalPayment(app.config, id, k));
    expect(await app.captures(id)).toBe(1);
  });

  it("a capture made but its answer lost to the timeout: the next try with the same key reports that capture, not a second", async () => {
    const app = await paypalApp({ timeoutMs: 300 });
    const id = await approvedOrder(app, 4_321);
    const k = key();
    await app.hang(true);
    await unavailable(capturePayPalPayment(app.config, id, k));
    expect(await app.captures(id)).toBe(1);
    const again = captured(await capturePayPalPayment(app.config, id, k));
    expect(again.amount.amountCents).toBe(4_321);
    expect(await app.captures(id)).toBe(1);
  });

  it("20 concurrent captures of one approved order with one request id: exactly one capture, all report it", async () => {
    const app = await paypalApp();
    const id = await approvedOrder(app);
    const k = key();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => capturePayPalPayment(app.config, id, k)));
    const ids = new Set(outcomes.map((o) => captured(o).providerCaptureId));
    expect(ids.size).toBe(1);
    expect(outcomes.every((o) => captured(o).amount.amountCents === 123_405)).toBe(true);
    expect(await app.captures(id)).toBe(1);
  });

  it("20 concurrent captures with different keys: one capture, the others read it (ORDER_ALREADY_CAPTURED)", async () => {
    const app = await paypalApp();
    const id = await approvedOrder(app);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => capturePayPalPayment(app.config, id, key())));
    expect(new Set(outcomes.map((o) => captured(o).providerCaptureId)).size).toBe(1);
    expect(await app.captures(id)).toBe(1);
  });

  it("the access token is fetched once and reused, also by concurrent calls", async () => {
    const app = await paypalApp();
    await Promise.all(Array.from({ length: 5 }, () => createPayPalPayment(app.config, request(1_000))));
    const id = await approvedOrder(app);
    captured(await capturePayPalPayment(app.config, id, key()));
    expect((await app.stats()).tokenFetches).toBe(1);
  });

  it("a token about to expire is not reused", async () => {
    const app = await paypalApp({ tokenTtl: 60 }); // inside the adapter's five-minute margin
    await createPayPalPayment(app.config, request(1_000));
    await createPayPalPayment(app.config, request(1_000));
    expect((await app.stats()).tokenFetches).toBe(2);
  });

  it("a token PayPal stopped accepting is replaced once, and the call goes through", async () => {
    const app = await paypalApp();
    const id = await approvedOrder(app);
    await app.revokeTokens();
    captured(await capturePayPalPayment(app.config, id, key()));
    expect((await app.stats()).tokenFetches).toBe(2);
    expect(await app.captures(id)).toBe(1);
  });

  it("a wrong client secret: ProviderUnavailable saying so, and nothing created", async () => {
    const app = await paypalApp({ secret: "not-the-secret" });
    const error = await unavailable(createPayPalPayment(app.config, request(1_000)));
    expect(error.message).toContain("PayPal refused the shop's client id and secret (HTTP 401 invalid_client");
    expect((await app.stats()).orders).toBe(0);
  });
});
