/**
 * The TD tests' handle on the loopback TD fake (tests/fakes/td.ts): a fresh merchant app per test (its own
 * client id, so test files running at once never share applications, tokens or injected failures), its
 * configuration through the worker's own env reader, the fake's control calls, and a shopper whose financing
 * order is placed through the worker with TD configured.
 */
import { expect, inject } from "vitest";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import type { Bindings } from "#worker/env.ts";
import { type TdConfig, tdConfig } from "#worker/orders/payments/td.ts";
import type { FakeTdRequest } from "../../fakes/td";
import { diamonds } from "../cart/cart-helpers";
import { call } from "../helpers";
import { ADDRESS } from "../orders/orders-helpers";

async function control<T>(action: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${inject("fakesOrigin")}/__control/td/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

export interface TdApplicationView {
  transactionLink: string;
  status: string;
  amount: string;
  accountNumberLast4: string | null;
  accountNumber: string | null;
  creditPlan: string | null;
}

/** A TD merchant app registered at the fake, its adapter config and bindings, and the fake's controls. */
export interface TdApp {
  clientId: string;
  config: TdConfig;
  /** The worker's bindings that configure TD with this app. */
  bindings: Partial<Bindings>;
  /** The shopper's answer at TD (approve opens an account: its number is in the application's view). */
  decide(transactionLink: string, decision: "approve" | "decline" | "refer" | "cancel", over?: { approvedAmount?: string }): Promise<unknown>;
  /** The lender decides a referred application. */
  lenderDecides(transactionLink: string, decision: "approve" | "decline"): Promise<unknown>;
  declineNextAuthorization(): Promise<unknown>;
  /** The next `times` calls under `path` answer `status`; with `processed` TD acts first and only the answer is lost. */
  fail(status: number, options?: { times?: number; processed?: boolean; path?: string }): Promise<unknown>;
  /** The next call under `path` never answers (after TD acted, with `processed`). */
  hang(options?: { processed?: boolean; path?: string }): Promise<unknown>;
  addCardholder(h: { lastName: string; postalCode: string; ssnLast4: string; dateOfBirth: string; accountNumber: string }): Promise<unknown>;
  application(transactionLink: string): Promise<TdApplicationView>;
  /** How many authorisations and captures TD really made for an application. */
  authorizations(transactionLink: string): Promise<number>;
  captures(transactionLink: string): Promise<number>;
  stats(): Promise<{ tokenFetches: number; requests: FakeTdRequest[] }>;
}

/** Registers a new merchant app at the fake, the adapter's timeout at `timeoutMs`. */
export async function tdApp(options: { timeoutMs?: number } = {}): Promise<TdApp> {
  const clientId = `td-${crypto.randomUUID()}`;
  const clientSecret = `secret-${crypto.randomUUID()}`;
  const merchantId = `M${Math.floor(Math.random() * 1e8)}`;
  await control("register", { clientId, clientSecret, merchantId });
  const bindings = { TD_CLIENT_ID: clientId, TD_CLIENT_SECRET: clientSecret, TD_MERCHANT_ID: merchantId, TD_API_URL: `${inject("fakesOrigin")}/td/` };
  const config = tdConfig(bindings)!;
  const c = <T>(action: string, body: Record<string, unknown> = {}) => control<T>(action, { clientId, ...body });
  return {
    clientId,
    config: { ...config, timeoutMs: options.timeoutMs ?? 5_000 },
    bindings,
    decide: (transactionLink, decision, over = {}) => c("decide", { transactionLink, decision, ...over }),
    lenderDecides: (transactionLink, decision) => c("lender-decides", { transactionLink, decision }),
    declineNextAuthorization: () => c("decline-next-authorization"),
    fail: (status, options = {}) => c("fail", { status, ...options }),
    hang: (options = {}) => c("hang", options),
    addCardholder: (h) => c("add-cardholder", h),
    application: (transactionLink) => c("application", { transactionLink }),
    authorizations: (transactionLink) => c("authorizations", { transactionLink }),
    captures: (transactionLink) => c("captures", { transactionLink }),
    stats: () => c("stats"),
  };
}

/**
 * A new visitor whose cart holds one diamond (`diamondIndex` picks it), an address and financing as the payment
 * method, every call made with `bindings` (TD configured, or none: the embedded gateway). `send` makes further
 * calls as that visitor; `place` places the order.
 */
export async function financingCart(bindings: Partial<Bindings>, diamondIndex: number) {
  const first = await call("/api/cart", { env: bindings });
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const send = (path: string, init: RequestInit = {}) =>
    call(path, { ...init, headers: { cookie, "content-type": "application/json", ...(init.headers ?? {}) }, env: bindings });
  const list = await diamonds();
  for (const intent of [
    { type: "add-diamond", diamondId: list[diamondIndex % list.length]!.id },
    { type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true },
    { type: "set-payment-method", paymentMethod: "financing" },
  ])
    expect((await send("/api/cart", { method: "POST", body: JSON.stringify(intent) })).status).toBe(200);
  return { send, cookie, place: () => send("/api/orders", { method: "POST" }) };
}

/** As financingCart, with the order placed (201). */
export async function financedOrder(bindings: Partial<Bindings>, diamondIndex: number) {
  const cart = await financingCart(bindings, diamondIndex);
  const res = await cart.place();
  expect(res.status).toBe(201);
  return { ...cart, placed: (await res.json()) as PlacedOrder };
}
