/**
 * Braintree refunds (worker/orders/payments/braintree-refund.ts, and the Braintree adapter) inside workerd against the
 * loopback fake of Braintree's GraphQL API: `refundTransaction` of a settled sale in exact cents, once per key — the
 * refund's key rides in its orderId and is searched for before every attempt, so a 5xx after Braintree refunded, a
 * lost answer or the caller's next try never refunds twice — a timeout is ProviderUnavailable, and Braintree's
 * refusals (not settled yet, more than is left) are failed refunds with nothing given back. The adapter refuses to
 * create or confirm (the sale happens at approval with the nonce) and refunds.
 */
import { describe, expect, inject, it } from "vitest";
import type { FakeRefund } from "../../fakes/braintree";
import { DomainError } from "#shared/refusal.ts";
import { adapterOf } from "#worker/orders/payments/adapters.ts";
import { type BraintreeConfig, chargeBraintreeNonce } from "#worker/orders/payments/braintree.ts";
import { refundBraintreeSale } from "#worker/orders/payments/braintree-refund.ts";
import { ProviderUnavailable, type RefundOutcome, type RefundRequest } from "#worker/orders/payments/provider.ts";
import type { PaymentBindings } from "#worker/orders/payments/providers.ts";

const origin = inject("fakesOrigin");

async function control<T>(action: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${origin}/__control/braintree/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

type Trouble = { status?: number; times?: number; afterCharge?: boolean; operation?: "refund" | "refundSearch" | "any" };

/** A fresh merchant at the fake with a sale of `amountCents` (settled unless told otherwise). */
async function saleOf(amountCents: number, settle = true, extra: Partial<BraintreeConfig> = {}) {
  const publicKey = `pk_${crypto.randomUUID().slice(0, 12)}`;
  const config: BraintreeConfig = { publicKey, privateKey: `private-${publicKey}`, merchantAccountId: "loupe_usd", apiUrl: `${origin}/braintree`, ...extra };
  const { nonce } = await control<{ nonce: string }>("nonce", { publicKey, kind: "CreditCard" });
  const orderNumber = `LP${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
  const sale = await chargeBraintreeNonce(
    config,
    { orderNumber, amount: { amountCents, currency: "USD" }, description: "x", returnUrl: "", cancelUrl: "", idempotencyKey: crypto.randomUUID() },
    nonce,
  );
  if (sale.status !== "captured") throw new Error("no sale");
  if (settle) await control("settle", { publicKey, saleId: sale.providerCaptureId });
  return {
    config,
    orderNumber,
    saleId: sale.providerCaptureId,
    refunds: () => control<FakeRefund[]>("refunds", { publicKey, saleId: sale.providerCaptureId }),
    fail: (t: Trouble) => control("fail", { publicKey, ...t }),
    hang: (t: Trouble) => control("hang", { publicKey, ...t }),
    requests: () => control<{ operation: string; status: number }[]>("requests", { publicKey }),
  };
}

const refundOf = (s: { orderNumber: string; saleId: string }, amountCents: number): RefundRequest => ({
  providerPaymentId: null,
  providerCaptureId: s.saleId,
  amount: { amountCents, currency: "USD" },
  reason: "Returned",
  orderNumber: s.orderNumber,
  idempotencyKey: `pay_x-refund-${crypto.randomUUID().slice(0, 8)}`,
});

function refunded(outcome: RefundOutcome) {
  expect(outcome.status).toBe("refunded");
  return outcome as Extract<RefundOutcome, { status: "refunded" }>;
}

describe("Braintree refunds", () => {
  it("refunds part of a settled sale, then the rest, to the cent; the refund's orderId carries its key", async () => {
    const s = await saleOf(123_456);
    const req = refundOf(s, 23_456);
    const first = refunded(await refundBraintreeSale(s.config, s.saleId, req));
    expect(first.amount).toEqual({ amountCents: 23_456, currency: "USD" });
    refunded(await refundBraintreeSale(s.config, s.saleId, refundOf(s, 100_000)));
    const made = await s.refunds();
    expect(made.map((r) => r.amount)).toEqual(["234.56", "1000.00"]);
    expect(made[0]).toMatchObject({ id: first.providerRefundId, orderId: `${s.orderNumber}/${req.idempotencyKey}` });
    expect(await refundBraintreeSale(s.config, s.saleId, refundOf(s, 1))).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("already been completely refunded"),
    });
  });

  it("the same key again finds the refund already made: one refund", async () => {
    const s = await saleOf(50_000);
    const req = refundOf(s, 50_000);
    const a = refunded(await refundBraintreeSale(s.config, s.saleId, req));
    const b = refunded(await refundBraintreeSale(s.config, s.saleId, req));
    expect(b.providerRefundId).toBe(a.providerRefundId);
    expect(await s.refunds()).toHaveLength(1);
  });

  it("a 5xx after Braintree refunded: the retry searches first and reports that refund — one refund", async () => {
    const s = await saleOf(77_777);
    await s.fail({ operation: "refund", status: 503, afterCharge: true });
    expect(refunded(await refundBraintreeSale(s.config, s.saleId, refundOf(s, 77_777))).amount.amountCents).toBe(77_777);
    expect(await s.refunds()).toHaveLength(1);
    expect((await s.requests()).filter((r) => r.operation.startsWith("refund")).map((r) => [r.operation, r.status])).toEqual([
      ["refundSearch", 200],
      ["refund", 503],
      ["refundSearch", 200],
    ]);
  });

  it("a 5xx before Braintree acted: retried, one refund", async () => {
    const s = await saleOf(10_000);
    await s.fail({ operation: "refund", status: 500, times: 2 });
    refunded(await refundBraintreeSale(s.config, s.saleId, refundOf(s, 10_000)));
    expect(await s.refunds()).toHaveLength(1);
  });

  it("no answer in time: ProviderUnavailable; the next try with the same key finds the refund made meanwhile", async () => {
    const s = await saleOf(4_321, true, { timeoutMs: 300 });
    const req = refundOf(s, 4_321);
    await s.hang({ operation: "refund", afterCharge: true });
    const error = await refundBraintreeSale(s.config, s.saleId, req).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(await s.refunds()).toHaveLength(1);
    refunded(await refundBraintreeSale(s.config, s.saleId, req));
    expect(await s.refunds()).toHaveLength(1);
  });

  it("a sale not settled yet, and more than is left, are failed with Braintree's words and nothing refunded", async () => {
    const unsettled = await saleOf(10_000, false);
    expect(await refundBraintreeSale(unsettled.config, unsettled.saleId, refundOf(unsettled, 10_000))).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("Cannot refund transaction unless it is settled"),
    });
    const s = await saleOf(10_000);
    expect(await refundBraintreeSale(s.config, s.saleId, refundOf(s, 10_001))).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("Refund amount is too large"),
    });
    expect([...(await unsettled.refunds()), ...(await s.refunds())]).toEqual([]);
  });

  it("the Braintree adapter refuses to create or confirm (the sale is made at approval) and refunds the payment's sale", async () => {
    const s = await saleOf(2_500);
    const adapter = adapterOf({} as PaymentBindings, { provider: "braintree", config: s.config }, "card", { origin: "https://loupe.test", now: Date.now() })!;
    expect(adapter.provider).toBe("braintree");
    const refusedCreate = await adapter
      .create({ orderNumber: s.orderNumber, amount: { amountCents: 1, currency: "USD" }, description: "", returnUrl: "", cancelUrl: "", idempotencyKey: "k" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refusedCreate).toBeInstanceOf(DomainError);
    const refusedConfirm = await adapter
      .confirm({ providerPaymentId: "x", amount: { amountCents: 1, currency: "USD" }, orderNumber: s.orderNumber, idempotencyKey: "k" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refusedConfirm).toBeInstanceOf(DomainError);
    refunded(await adapter.refund(refundOf(s, 2_500)));
    expect(await s.refunds()).toHaveLength(1);
  });
});
