/**
 * The TD tests' handle on the loopback TD fake (tests/fakes/td.ts): a fresh merchant app per test (its own
 * client id, so test files running at once never share applications, tokens or injected failures), its
 * configuration through the worker's own env reader, the fake's control calls, and a shopper whose financing
 * order is placed through the worker with TD configured.
 */
import { inject } from "vitest";
import type { Bindings } from "#worker/env.ts";
import { type TdConfig, tdConfig } from "#worker/orders/payments/td.ts";
import type { FakeTdRequest } from "../../fakes/td";
import { cartWith, placedWith } from "../orders/orders-helpers";

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

/** A new visitor's cart ready to pay by financing (orders-helpers.ts cartWith); `place` places the order. */
export const financingCart = (bindings: Partial<Bindings>, diamondIndex: number) => cartWith(bindings, "financing", diamondIndex);

/** As financingCart, with the order placed (201). */
export const financedOrder = (bindings: Partial<Bindings>, diamondIndex: number) => placedWith(bindings, "financing", diamondIndex);
