/**
 * The providers' webhook verifiers in Node, each delivery signed independently with Node's crypto as the
 * provider documents (docs/decisions/062-provider-webhooks.md): Braintree's bt_signature (and its XML read
 * field by field, not by the first `<id>`), Affirm's X-Affirm-Signature, Splitit's RSA signature, and what
 * PayPal's events mean once PayPal has verified them.
 */
import { createHash, createHmac, createSign, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DomainError } from "#shared/refusal.ts";
import { verifyAffirmWebhook } from "#worker/orders/payments/affirm-webhook.ts";
import { readNotification, verifyBraintreeWebhook } from "#worker/orders/payments/braintree-webhook.ts";
import { paypalProviderEvent } from "#worker/orders/payments/paypal-webhook.ts";
import { verifySplititWebhook } from "#worker/orders/payments/splitit-webhook.ts";
import { notificationXml } from "../../fakes/braintree-webhooks";

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(DomainError);
  return (e as DomainError).refusal;
};

describe("Braintree notifications", () => {
  const keys = { publicKey: "pk_merchant", privateKey: "the-private-key" };
  const sign = (privateKey: string, payload: string) => createHmac("sha1", createHash("sha1").update(privateKey).digest()).update(payload).digest("hex");
  const sale = { id: "tx_9", amount: "1161.30", orderId: "LP0000000042/LP0000000042-2", status: "settled" };
  const form = (payload: string, signature: string) => new URLSearchParams({ bt_signature: signature, bt_payload: payload });

  it("reads the subject transaction's own fields, not a nested object's", () => {
    const { kind, transaction } = readNotification(notificationXml("transaction_settled", sale));
    expect(kind).toBe("transaction_settled");
    expect(transaction).toMatchObject({ id: "tx_9", amount: "1161.30", "order-id": "LP0000000042/LP0000000042-2", "currency-iso-code": "USD" });
  });

  it("verifies the pair of the merchant's public key, over the payload with or without a final newline", async () => {
    const payload = Buffer.from(notificationXml("transaction_settled", sale)).toString("base64");
    const signature = `pk_other|${"0".repeat(40)}&${keys.publicKey}|${sign(keys.privateKey, payload)}`;
    const event = await verifyBraintreeWebhook(keys, form(payload, signature));
    expect(event).toMatchObject({
      provider: "braintree",
      eventId: "transaction_settled:tx_9",
      outcome: "captured",
      providerCaptureId: "tx_9",
      orderNumber: "LP0000000042",
      paymentKey: "LP0000000042-2",
      amountCents: 116130,
    });
    // Signed over the payload with its final newline, delivered without it (Braintree's libraries accept both).
    const withNewline = await verifyBraintreeWebhook(keys, form(payload, `${keys.publicKey}|${sign(keys.privateKey, `${payload}\n`)}`));
    expect(withNewline?.outcome).toBe("captured");
  });

  it("refuses another key's signature, a pair for another public key only, and a missing field", async () => {
    const payload = Buffer.from(notificationXml("transaction_settled", sale)).toString("base64");
    expect((await refusal(verifyBraintreeWebhook(keys, form(payload, `${keys.publicKey}|${sign("other", payload)}`)))).kind).toBe("bad_request");
    expect((await refusal(verifyBraintreeWebhook(keys, form(payload, `pk_other|${sign(keys.privateKey, payload)}`)))).kind).toBe("bad_request");
    expect((await refusal(verifyBraintreeWebhook(keys, new URLSearchParams({ bt_payload: payload })))).kind).toBe("bad_request");
  });

  it("reads a settlement decline as declined and ignores other kinds", async () => {
    const declined = Buffer.from(notificationXml("transaction_settlement_declined", sale)).toString("base64");
    expect((await verifyBraintreeWebhook(keys, form(declined, `${keys.publicKey}|${sign(keys.privateKey, declined)}`)))?.outcome).toBe("declined");
    const disbursed = Buffer.from(notificationXml("transaction_disbursed", sale)).toString("base64");
    expect(await verifyBraintreeWebhook(keys, form(disbursed, `${keys.publicKey}|${sign(keys.privateKey, disbursed)}`))).toBeNull();
  });
});

describe("Affirm events", () => {
  const privateKey = "affirm-private";
  const now = Date.UTC(2026, 11, 2, 12, 0, 0);
  const t = Math.floor(now / 1000);
  const body = "checkout_token=TOKEN123&event=confirmed&order_id=LP0000000042&event_timestamp=2026-12-02T12%3A00%3A00Z";
  const header = (key: string, at: number, b = body) => `t=${at},v0=${createHmac("sha512", key).update(`${at}.${b}`).digest("hex")}`;

  it("verifies HMAC-SHA512 over t.body and reads confirmed as an approval with its token", async () => {
    expect(await verifyAffirmWebhook(privateKey, body, header(privateKey, t), now)).toMatchObject({
      provider: "affirm",
      outcome: "approved",
      token: "TOKEN123",
      orderNumber: "LP0000000042",
      eventId: "confirmed:TOKEN123",
    });
  });

  it("refuses another key, a body changed after signing, a timestamp 301 s old and a missing header", async () => {
    await refusal(verifyAffirmWebhook(privateKey, body, header("other", t), now));
    await refusal(verifyAffirmWebhook(privateKey, body.replace("LP0000000042", "LP0000000043"), header(privateKey, t), now));
    await refusal(verifyAffirmWebhook(privateKey, body, header(privateKey, t - 301), now));
    await refusal(verifyAffirmWebhook(privateKey, body, null, now));
  });

  it("ignores checkout events that decide nothing (opened)", async () => {
    const opened = "checkout_token=TOKEN123&event=opened&order_id=LP0000000042";
    expect(await verifyAffirmWebhook(privateKey, opened, header(privateKey, t, opened), now)).toBeNull();
  });
});

describe("Splitit events", () => {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const sign = (key: string, b: string) => createSign("RSA-SHA256").update(`${key};${b}`).sign(privateKey, "base64");
  const body = JSON.stringify({ EventName: "PlanApprovedSucceeded", InstallmentPlanNumber: "58223776", RefOrderNumber: "LP0000000042" });
  const headers = (key: string, signature: string) => (name: string) => ({ "x-splitit-idempotencykey": key, "x-splitit-signature": signature })[name] ?? null;

  it("verifies Splitit's RSA signature over key;body and reads the event, its idempotency key as the id", async () => {
    expect(await verifySplititWebhook(pem, body, headers("k-1", sign("k-1", body)))).toMatchObject({
      provider: "splitit",
      eventId: "k-1",
      outcome: "approved",
      providerPaymentId: "58223776",
      orderNumber: "LP0000000042",
    });
  });

  it("refuses a signature made for another key or body, or none", async () => {
    await refusal(verifySplititWebhook(pem, body, headers("k-2", sign("k-1", body))));
    await refusal(verifySplititWebhook(pem, body.replace("58223776", "58223777"), headers("k-1", sign("k-1", body))));
    await refusal(verifySplititWebhook(pem, body, () => null));
  });
});

describe("PayPal events (after PayPal verified them)", () => {
  const capture = (type: string, extra: Record<string, unknown> = {}) =>
    paypalProviderEvent({
      id: "WH-1",
      event_type: type,
      resource: {
        id: "CAP1",
        amount: { currency_code: "USD", value: "2821.98" },
        supplementary_data: { related_ids: { order_id: "ORDER1" } },
        ...extra,
      },
    });

  it("reads captures, denials, refunds and approvals by their order and capture ids", () => {
    expect(capture("PAYMENT.CAPTURE.COMPLETED")).toMatchObject({
      outcome: "captured",
      providerPaymentId: "ORDER1",
      providerCaptureId: "CAP1",
      amountCents: 282198,
    });
    expect(capture("PAYMENT.CAPTURE.DENIED")).toMatchObject({ outcome: "declined", providerPaymentId: "ORDER1" });
    expect(capture("PAYMENT.CAPTURE.COMPLETED", { amount: { currency_code: "EUR", value: "2821.98" } })?.amountCents).toBe(-1);
    const refund = paypalProviderEvent({
      id: "WH-2",
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: "REF1",
        amount: { currency_code: "USD", value: "10.00" },
        links: [{ rel: "up", href: "https://api.paypal.com/v2/payments/captures/CAP1" }],
      },
    });
    expect(refund).toMatchObject({ outcome: "refunded", providerCaptureId: "CAP1", amountCents: 1000 });
    expect(paypalProviderEvent({ id: "WH-3", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: "ORDER1" } })).toMatchObject({
      outcome: "approved",
      providerPaymentId: "ORDER1",
    });
    expect(paypalProviderEvent({ id: "WH-4", event_type: "BILLING.SUBSCRIPTION.CREATED", resource: {} })).toBeNull();
  });
});
