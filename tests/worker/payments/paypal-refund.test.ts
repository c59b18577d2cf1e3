/**
 * PayPal refunds (worker/orders/payments/paypal.ts refundPayPalCapture, and the PayPal adapter's refund) inside
 * workerd against the loopback PayPal fake: a captured payment refunded in part and in full with exact cents, once
 * per key however the call is retried (a 5xx after PayPal refunded, a lost answer, a timeout), and PayPal's refusals
 * as failed refunds with nothing given back.
 */
import { describe, expect, it } from "vitest";
import { adapterOf } from "#worker/orders/payments/adapters.ts";
import { capturePayPalPayment, createPayPalPayment, refundPayPalCapture } from "#worker/orders/payments/paypal.ts";
import { ProviderUnavailable, type RefundOutcome, type RefundRequest } from "#worker/orders/payments/provider.ts";
import type { PaymentBindings } from "#worker/orders/payments/providers.ts";
import { type PayPalApp, paypalApp } from "./paypal-control";

let orders = 0;

/** A PayPal payment of `amountCents`, approved and captured: its capture id. */
async function capturedPayment(app: PayPalApp, amountCents: number): Promise<{ captureId: string; orderNumber: string }> {
  const orderNumber = `LP${String(9_000_000_000 + ++orders)}`;
  const created = await createPayPalPayment(app.config, {
    orderNumber,
    amount: { amountCents, currency: "USD" },
    description: `Loupe order ${orderNumber}`,
    returnUrl: "https://loupe.test/return",
    cancelUrl: "https://loupe.test/cancel",
    idempotencyKey: crypto.randomUUID(),
  });
  await app.approve(created.providerPaymentId!);
  const outcome = await capturePayPalPayment(app.config, created.providerPaymentId!, crypto.randomUUID());
  if (outcome.status !== "captured") throw new Error(`not captured: ${outcome.status}`);
  return { captureId: outcome.providerCaptureId, orderNumber };
}

const refundOf = (orderNumber: string, captureId: string, amountCents: number, key = `pay_x-refund-${crypto.randomUUID()}`): RefundRequest => ({
  providerPaymentId: null,
  providerCaptureId: captureId,
  amount: { amountCents, currency: "USD" },
  reason: "The ring did not fit",
  orderNumber,
  idempotencyKey: key,
});

function refunded(outcome: RefundOutcome) {
  expect(outcome.status).toBe("refunded");
  return outcome as Extract<RefundOutcome, { status: "refunded" }>;
}

describe("PayPal refunds", () => {
  it("refunds part, then the rest, in exact cents; a third refund is refused with nothing given back", async () => {
    const app = await paypalApp();
    const { captureId, orderNumber } = await capturedPayment(app, 123_405);
    const first = refunded(await refundPayPalCapture(app.config, captureId, refundOf(orderNumber, captureId, 23_405)));
    expect(first.amount).toEqual({ amountCents: 23_405, currency: "USD" });
    const rest = refunded(await refundPayPalCapture(app.config, captureId, refundOf(orderNumber, captureId, 100_000)));
    expect(rest.providerRefundId).not.toBe(first.providerRefundId);
    expect((await app.refunds(captureId)).map((r) => r.amount.value)).toEqual(["234.05", "1000.00"]);
    expect((await app.refunds(captureId))[0]!.note).toBe("The ring did not fit");
    const third = await refundPayPalCapture(app.config, captureId, refundOf(orderNumber, captureId, 1));
    expect(third).toMatchObject({ status: "failed", reason: expect.stringContaining("CAPTURE_FULLY_REFUNDED") });
    expect(await app.refunds(captureId)).toHaveLength(2);
  });

  it("the same key twice is one refund at PayPal, both answers naming it", async () => {
    const app = await paypalApp();
    const { captureId, orderNumber } = await capturedPayment(app, 50_000);
    const req = refundOf(orderNumber, captureId, 50_000);
    const a = refunded(await refundPayPalCapture(app.config, captureId, req));
    const b = refunded(await refundPayPalCapture(app.config, captureId, req));
    expect(b.providerRefundId).toBe(a.providerRefundId);
    expect(await app.refunds(captureId)).toHaveLength(1);
  });

  it("a 5xx after PayPal refunded, retried with the same PayPal-Request-Id: exactly one refund", async () => {
    const app = await paypalApp();
    const { captureId, orderNumber } = await capturedPayment(app, 77_777);
    const req = refundOf(orderNumber, captureId, 77_777);
    await app.fail(503, 1, true);
    expect(refunded(await refundPayPalCapture(app.config, captureId, req)).amount.amountCents).toBe(77_777);
    expect(await app.refunds(captureId)).toHaveLength(1);
    const calls = (await app.stats()).requests.filter((r) => r.path.endsWith("/refund"));
    expect(calls.map((r) => [r.requestId, r.status])).toEqual([
      [req.idempotencyKey, 503],
      [req.idempotencyKey, 201],
    ]);
  });

  it("no answer in time: ProviderUnavailable; the refund PayPal made meanwhile is reported by the next try with the same key, not repeated", async () => {
    const app = await paypalApp({ timeoutMs: 300 });
    const { captureId, orderNumber } = await capturedPayment(app, 4_321);
    const req = refundOf(orderNumber, captureId, 4_321);
    await app.hang(true);
    const error = await refundPayPalCapture(app.config, captureId, req).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).toBe("PayPal did not answer the refund within 300 ms");
    expect(await app.refunds(captureId)).toHaveLength(1);
    refunded(await refundPayPalCapture(app.config, captureId, req));
    expect(await app.refunds(captureId)).toHaveLength(1);
  });

  it("more than is left is refused (REFUND_AMOUNT_EXCEEDED); an unknown capture is failed naming it", async () => {
    const app = await paypalApp();
    const { captureId, orderNumber } = await capturedPayment(app, 10_000);
    expect(await refundPayPalCapture(app.config, captureId, refundOf(orderNumber, captureId, 10_001))).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("REFUND_AMOUNT_EXCEEDED"),
    });
    expect(await app.refunds(captureId)).toHaveLength(0);
    expect(await refundPayPalCapture(app.config, "0NOSUCHCAPTURE000", refundOf(orderNumber, "0NOSUCHCAPTURE000", 100))).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("PayPal has no capture 0NOSUCHCAPTURE000"),
    });
  });

  it("a PENDING refund is pending with PayPal's refund id", async () => {
    const app = await paypalApp();
    const { captureId, orderNumber } = await capturedPayment(app, 10_000);
    await app.refundPendingNext();
    const outcome = await refundPayPalCapture(app.config, captureId, refundOf(orderNumber, captureId, 10_000));
    expect(outcome).toMatchObject({ status: "pending", providerRefundId: (await app.refunds(captureId))[0]!.id });
  });

  it("the PayPal adapter refunds the payment's capture", async () => {
    const app = await paypalApp();
    const { captureId, orderNumber } = await capturedPayment(app, 2_500);
    const adapter = adapterOf({} as PaymentBindings, { provider: "paypal", config: app.config }, "paypal", { origin: "https://loupe.test", now: Date.now() })!;
    refunded(await adapter.refund(refundOf(orderNumber, captureId, 2_500)));
    expect(await app.refunds(captureId)).toHaveLength(1);
    expect(await adapter.refund({ ...refundOf(orderNumber, captureId, 100), providerCaptureId: null })).toMatchObject({ status: "failed" });
  });
});
