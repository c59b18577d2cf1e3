/**
 * The Braintree adapter (worker/orders/payments/braintree.ts) inside workerd against the loopback fake of Braintree's
 * GraphQL API (tests/fakes/braintree.ts): the browser's client token, a card / Apple Pay / Google Pay sale for the
 * exact amount of the order, declines, and every way an answer goes missing (5xx, 429, a lost answer after the
 * charge, a timeout, Braintree down) — with exactly one sale at Braintree however often the charge is tried.
 * Each test is its own merchant (public key) at the fake, so files and tests never see each other's sales.
 */
import { describe, expect, inject, it } from "vitest";
import type { FakeSale } from "../../fakes/braintree";
import {
  BRAINTREE_PRODUCTION_URL,
  BRAINTREE_SANDBOX_URL,
  type BraintreeConfig,
  braintreeClientToken,
  braintreeConfig,
  braintreeOrderId,
  chargeBraintreeNonce,
} from "#worker/orders/payments/braintree.ts";
import { type CaptureOutcome, type PaymentRequest, ProviderUnavailable } from "#worker/orders/payments/provider.ts";

const origin = inject("fakesOrigin");
/** A loopback port nothing listens on: Braintree is down. */
const CLOSED = "http://127.0.0.1:9";

type Kind = "CreditCard" | "ApplePayCard" | "GooglePay";
type Trouble = { status?: number; times?: number; afterCharge?: boolean; operation?: "charge" | "search" | "nonce" | "clientToken" | "any" };

async function control<T>(action: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${origin}/__control/braintree/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** A fresh merchant at the fake and the adapter's config for it. */
async function merchant(extra: Partial<BraintreeConfig> = {}) {
  const publicKey = `pk_${crypto.randomUUID().slice(0, 12)}`;
  const config: BraintreeConfig = { publicKey, privateKey: `private-${publicKey}`, merchantAccountId: "loupe_usd", apiUrl: `${origin}/braintree`, ...extra };
  await control("requests", { publicKey });
  return {
    config,
    nonce: async (kind: Kind = "CreditCard", decline = false) => (await control<{ nonce: string }>("nonce", { publicKey, kind, decline })).nonce,
    fail: (trouble: Trouble) => control("fail", { publicKey, ...trouble }),
    hang: (trouble: Trouble = {}) => control("hang", { publicKey, ...trouble }),
    sales: (orderId?: string) => control<FakeSale[]>("sales", { publicKey, orderId }),
    requests: () => control<{ operation: string; status: number }[]>("requests", { publicKey }),
  };
}

/** A payment attempt of a fresh order, for `amountCents`. */
function order(amountCents: number): PaymentRequest {
  const orderNumber = `LP${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
  return {
    orderNumber,
    amount: { amountCents, currency: "USD" },
    description: `Loupe order ${orderNumber}`,
    returnUrl: `https://loupe.test/orders/${orderNumber}/success`,
    cancelUrl: "https://loupe.test/checkout",
    idempotencyKey: crypto.randomUUID(),
  };
}

/** The captured outcome (fails the test on any other). */
function captured(outcome: CaptureOutcome) {
  expect(outcome.status).toBe("captured");
  return outcome as Extract<CaptureOutcome, { status: "captured" }>;
}

/** What a call threw (fails the test if it resolved). */
async function thrown(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (value) => expect.fail(`resolved with ${JSON.stringify(value)}`),
    (err: unknown) => err,
  );
}

const settled = (sales: FakeSale[]) => sales.filter((s) => s.status === "SUBMITTED_FOR_SETTLEMENT");

describe("Braintree configuration", () => {
  it("is off unless both keys are set; the sandbox is the default API", () => {
    expect(braintreeConfig({})).toBeNull();
    expect(braintreeConfig({ BRAINTREE_PUBLIC_KEY: "pk" })).toBeNull();
    expect(braintreeConfig({ BRAINTREE_PUBLIC_KEY: "pk", BRAINTREE_PRIVATE_KEY: "  " })).toBeNull();
    expect(braintreeConfig({ BRAINTREE_PUBLIC_KEY: " pk ", BRAINTREE_PRIVATE_KEY: " sk " })).toMatchObject({
      publicKey: "pk",
      privateKey: "sk",
      merchantAccountId: null,
      apiUrl: BRAINTREE_SANDBOX_URL,
    });
    const production = braintreeConfig({
      BRAINTREE_PUBLIC_KEY: "pk",
      BRAINTREE_PRIVATE_KEY: "sk",
      BRAINTREE_MERCHANT_ACCOUNT_ID: "loupe_usd",
      BRAINTREE_API_URL: BRAINTREE_PRODUCTION_URL,
    });
    expect(production).toMatchObject({ merchantAccountId: "loupe_usd", apiUrl: BRAINTREE_PRODUCTION_URL });
  });
});

describe("Braintree client token", () => {
  it("gives the browser a client token for the shop's merchant account, even after a 503", async () => {
    const m = await merchant();
    await m.fail({ operation: "clientToken", status: 503 });
    const token = await braintreeClientToken(m.config);
    expect(JSON.parse(atob(token))).toMatchObject({ version: 2, merchantAccountId: "loupe_usd" });
    expect((await m.requests()).map((r) => r.status)).toEqual([503, 200]);
  });

  it("Braintree down: ProviderUnavailable, so checkout can say card payments are unavailable", async () => {
    const m = await merchant({ apiUrl: CLOSED });
    expect(await thrown(braintreeClientToken(m.config))).toBeInstanceOf(ProviderUnavailable);
  });
});

describe("Braintree sale", () => {
  it("charges a card once for the order's amount and reports Braintree's transaction", async () => {
    const m = await merchant();
    const req = order(123_456);
    const outcome = captured(await chargeBraintreeNonce(m.config, req, await m.nonce(), "CreditCard"));
    const [sale, ...more] = await m.sales(req.orderNumber);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ amount: "1234.56", status: "SUBMITTED_FOR_SETTLEMENT", merchantAccountId: "loupe_usd", kind: "CreditCard" });
    expect(sale!.orderId).toBe(braintreeOrderId(req));
    expect(sale!.orderId).toBe(`${req.orderNumber}/${req.idempotencyKey}`);
    expect(outcome).toMatchObject({ providerCaptureId: sale!.id, amount: { amountCents: 123_456, currency: "USD" } });
  });

  it("charges amounts exact to the cent", async () => {
    const m = await merchant({ merchantAccountId: null });
    for (const [amountCents, amount] of [
      [1, "0.01"],
      [5, "0.05"],
      [99, "0.99"],
      [100, "1.00"],
      [100_001, "1000.01"],
      [1_999_999, "19999.99"],
      [123_456_789, "1234567.89"],
    ] as const) {
      const req = order(amountCents);
      const outcome = captured(await chargeBraintreeNonce(m.config, req, await m.nonce()));
      expect(outcome.amount).toEqual({ amountCents, currency: "USD" });
      expect(await m.sales(req.orderNumber)).toMatchObject([{ amount, amountCents, merchantAccountId: null }]);
    }
  });

  it("a declined card is a decline with a reason, and nothing is settled", async () => {
    const m = await merchant();
    const req = order(250_000);
    const outcome = await chargeBraintreeNonce(m.config, req, await m.nonce("CreditCard", true), "CreditCard");
    expect(outcome).toMatchObject({ status: "declined", reason: "The card issuer declined the payment." });
    expect(settled(await m.sales(req.orderNumber))).toEqual([]);
  });

  it("a 5xx then a success with the same idempotency key makes exactly one sale", async () => {
    const m = await merchant();
    const req = order(99_900);
    await m.fail({ status: 500 });
    captured(await chargeBraintreeNonce(m.config, req, await m.nonce()));
    expect(await m.sales(req.orderNumber)).toHaveLength(1);
    expect(await m.requests()).toEqual([
      { operation: "search", status: 200 },
      { operation: "charge", status: 500 },
      { operation: "search", status: 200 },
      { operation: "charge", status: 200 },
    ]);
  });

  it("a 429 is retried like a 5xx", async () => {
    const m = await merchant();
    const req = order(10_000);
    await m.fail({ status: 429 });
    captured(await chargeBraintreeNonce(m.config, req, await m.nonce()));
    expect(await m.sales(req.orderNumber)).toHaveLength(1);
  });

  it("a lost answer (charged, then 502): the retry finds the sale and charges nothing more", async () => {
    const m = await merchant();
    const req = order(480_000);
    await m.fail({ status: 502, afterCharge: true });
    const outcome = captured(await chargeBraintreeNonce(m.config, req, await m.nonce()));
    const sales = await m.sales(req.orderNumber);
    expect(sales).toHaveLength(1);
    expect(outcome).toMatchObject({ providerCaptureId: sales[0]!.id, amount: { amountCents: 480_000, currency: "USD" } });
    expect((await m.requests()).map((r) => `${r.operation} ${r.status}`)).toEqual(["search 200", "charge 502", "search 200"]);
  });

  it("Braintree failing three times: ProviderUnavailable, nothing charged, and the next try charges once", async () => {
    const m = await merchant();
    const req = order(75_000);
    const nonce = await m.nonce();
    await m.fail({ status: 503, times: 3 });
    const err = await thrown(chargeBraintreeNonce(m.config, req, nonce));
    expect(err).toBeInstanceOf(ProviderUnavailable);
    expect((err as ProviderUnavailable).provider).toBe("braintree");
    expect(await m.sales(req.orderNumber)).toEqual([]);
    expect((await m.requests()).filter((r) => r.operation === "charge")).toHaveLength(3);

    captured(await chargeBraintreeNonce(m.config, req, nonce));
    expect(await m.sales(req.orderNumber)).toHaveLength(1);
  });

  it("never charges without knowing there is no earlier sale: a search that keeps failing charges nothing", async () => {
    const m = await merchant();
    const req = order(40_000);
    const nonce = await m.nonce();
    await m.fail({ operation: "search", status: 500, times: 3 });
    expect(await thrown(chargeBraintreeNonce(m.config, req, nonce))).toBeInstanceOf(ProviderUnavailable);
    expect((await m.requests()).map((r) => r.operation)).toEqual(["search", "search", "search"]);
    captured(await chargeBraintreeNonce(m.config, req, nonce));
    expect(await m.sales(req.orderNumber)).toHaveLength(1);
  });

  it("a timeout is ProviderUnavailable with nothing charged; the next try charges once", async () => {
    const m = await merchant({ timeoutMs: 300 });
    const req = order(61_500);
    const nonce = await m.nonce();
    await m.hang();
    expect(await thrown(chargeBraintreeNonce(m.config, req, nonce))).toBeInstanceOf(ProviderUnavailable);
    expect(await m.sales(req.orderNumber)).toEqual([]);
    captured(await chargeBraintreeNonce(m.config, req, nonce));
    expect(await m.sales(req.orderNumber)).toHaveLength(1);
  });

  it("a timeout after the charge leaves the outcome to the next try, which finds the one sale", async () => {
    const m = await merchant({ timeoutMs: 300 });
    const req = order(61_500);
    const nonce = await m.nonce();
    await m.hang({ afterCharge: true });
    expect(await thrown(chargeBraintreeNonce(m.config, req, nonce))).toBeInstanceOf(ProviderUnavailable);
    const [sale] = await m.sales(req.orderNumber);
    expect(captured(await chargeBraintreeNonce(m.config, req, nonce)).providerCaptureId).toBe(sale!.id);
    expect(await m.sales(req.orderNumber)).toHaveLength(1);
    expect((await m.requests()).filter((r) => r.operation === "charge")).toHaveLength(1);
  });

  it("Braintree unreachable: ProviderUnavailable", async () => {
    const m = await merchant({ apiUrl: CLOSED });
    expect(await thrown(chargeBraintreeNonce(m.config, order(1_000), "fake-valid-nonce"))).toBeInstanceOf(ProviderUnavailable);
  });

  it("the same approval arriving twice reports the first sale again", async () => {
    const m = await merchant();
    const req = order(20_000);
    const nonce = await m.nonce();
    const first = captured(await chargeBraintreeNonce(m.config, req, nonce, "CreditCard"));
    const again = captured(await chargeBraintreeNonce(m.config, req, nonce, "CreditCard"));
    expect(again.providerCaptureId).toBe(first.providerCaptureId);
    expect(await m.sales(req.orderNumber)).toHaveLength(1);
  });

  it("five approvals of one payment at once make one sale and all report it", async () => {
    const m = await merchant();
    const req = order(1_250_000);
    const nonce = await m.nonce("ApplePayCard");
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => chargeBraintreeNonce(m.config, req, nonce, "ApplePayCard")));
    const [sale, ...more] = await m.sales(req.orderNumber);
    expect(more).toEqual([]);
    for (const outcome of outcomes) expect(captured(outcome).providerCaptureId).toBe(sale!.id);
  });

  it("a nonce used twice is refused as Braintree does: the second order is declined and not charged", async () => {
    const m = await merchant();
    const nonce = await m.nonce();
    captured(await chargeBraintreeNonce(m.config, order(30_000), nonce));
    const other = order(30_000);
    const outcome = await chargeBraintreeNonce(m.config, other, nonce);
    expect(outcome.status).toBe("declined");
    expect(outcome.status === "declined" && outcome.reason).toContain("Cannot use a payment_method_nonce more than once");
    expect(await m.sales(other.orderNumber)).toEqual([]);
    expect(await m.sales()).toHaveLength(1);
  });

  it.each([
    ["ApplePayCard", "ApplePayCard"],
    ["GooglePay", "GooglePay"],
    ["AndroidPayCard", "GooglePay"],
    ["CreditCard", "CreditCard"],
  ] as const)("takes %s (a %s nonce)", async (description, kind) => {
    const m = await merchant();
    const req = order(345_600);
    captured(await chargeBraintreeNonce(m.config, req, await m.nonce(kind), description));
    expect(await m.sales(req.orderNumber)).toMatchObject([{ kind, amount: "3456.00" }]);
  });

  it("refuses a nonce that is not the method the browser named, before charging it", async () => {
    const m = await merchant();
    const req = order(345_600);
    const nonce = await m.nonce("GooglePay");
    const outcome = await chargeBraintreeNonce(m.config, req, nonce, "ApplePayCard");
    expect(outcome).toMatchObject({ status: "declined", reason: "The payment method is GooglePay, not ApplePayCard; please choose it again." });
    const card = await chargeBraintreeNonce(m.config, order(1_000), await m.nonce("ApplePayCard"), "CreditCard");
    expect(card).toMatchObject({ status: "declined", reason: "The payment method is ApplePayCard, not CreditCard; please choose it again." });
    expect(await m.sales()).toEqual([]);
    captured(await chargeBraintreeNonce(m.config, req, nonce, "GooglePay"));
  });

  it("refuses a method Loupe does not take through Braintree, and an unknown nonce", async () => {
    const m = await merchant();
    expect(await chargeBraintreeNonce(m.config, order(1_000), await m.nonce(), "Bitcoin")).toMatchObject({ status: "declined" });
    expect(await chargeBraintreeNonce(m.config, order(1_000), "fake-expired-nonce", "CreditCard")).toMatchObject({ status: "declined" });
    expect(await chargeBraintreeNonce(m.config, order(1_000), "fake-expired-nonce")).toMatchObject({ status: "declined" });
    expect(await m.sales()).toEqual([]);
  });

  it("wrong keys are a configuration error, not a retry, and charge nothing", async () => {
    const m = await merchant();
    const nonce = await m.nonce();
    const err = await thrown(chargeBraintreeNonce({ ...m.config, privateKey: "wrong" }, order(1_000), nonce));
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ProviderUnavailable);
    expect(String(err)).toContain("Authentication credentials are invalid");
    expect(await m.sales()).toEqual([]);
  });
});
