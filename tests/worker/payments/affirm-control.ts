/**
 * The Affirm adapter tests' handle on the loopback Affirm fake (tests/fakes/affirm.ts): a fresh merchant per
 * test (its own API keys, so test files running at once never share checkouts or injected failures), configured
 * through the worker's own env reader, and the fake's control calls (the shopper confirms the loan, the next
 * authorisation is declined, calls fail or hang, what really happened).
 */
import { inject } from "vitest";
import type { FakeAffirmRequest } from "../../fakes/affirm";
import { type AffirmConfig, affirmConfig } from "#worker/orders/payments/affirm.ts";

async function control<T>(action: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${inject("fakesOrigin")}/__control/affirm/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** An Affirm merchant registered at the fake, and the adapter's config for it. */
export interface AffirmMerchant {
  publicKey: string;
  privateKey: string;
  config: AffirmConfig;
  /** The worker's bindings that configure this merchant (AFFIRM_*). */
  bindings: { AFFIRM_PUBLIC_KEY: string; AFFIRM_PRIVATE_KEY: string; AFFIRM_API_URL: string };
  /** The shopper confirms the loan at Affirm: the checkout token they come back with. */
  approve(checkoutId: string): Promise<string>;
  /** The next authorisation answers 400 auth-declined. */
  declineNext(): Promise<unknown>;
  /** The next capture answers 400 capture-declined. */
  captureDeclineNext(): Promise<unknown>;
  /** The next `times` calls answer `status`; with `processed` Affirm acts first and only the answer is lost; `on`: only calls to paths ending so. */
  fail(status: number, times?: number, processed?: boolean, on?: string): Promise<unknown>;
  /** The next call (to a path ending with `on`) never answers (after Affirm acted, with `processed`). */
  hang(processed?: boolean, on?: string): Promise<unknown>;
  /** How many captures Affirm really made of the transaction. */
  captures(transactionId: string): Promise<number>;
  refunds(transactionId: string): Promise<{ count: number; amountRefunded: number }>;
  /** The checkout object as Affirm received it. */
  checkout(checkoutId: string): Promise<Record<string, unknown> & { checkout_id: string }>;
  stats(): Promise<{ checkouts: number; requests: FakeAffirmRequest[] }>;
}

/** Registers a new merchant at the fake with the adapter's timeout at `timeoutMs`. */
export async function affirmMerchant(options: { timeoutMs?: number; privateKey?: string } = {}): Promise<AffirmMerchant> {
  const publicKey = `pub_${crypto.randomUUID().replace(/-/g, "")}`;
  const privateKey = `priv_${crypto.randomUUID().replace(/-/g, "")}`;
  await control("register", { publicKey, privateKey });
  const bindings = { AFFIRM_PUBLIC_KEY: publicKey, AFFIRM_PRIVATE_KEY: options.privateKey ?? privateKey, AFFIRM_API_URL: `${inject("fakesOrigin")}/affirm/` };
  const config = affirmConfig(bindings)!;
  const c = <T>(action: string, body: Record<string, unknown> = {}) => control<T>(action, { publicKey, ...body });
  return {
    publicKey,
    privateKey,
    bindings,
    config: { ...config, timeoutMs: options.timeoutMs ?? 5_000 },
    approve: async (checkoutId) => (await c<{ checkoutToken: string }>("approve", { checkoutId })).checkoutToken,
    declineNext: () => c("decline-next"),
    captureDeclineNext: () => c("capture-decline-next"),
    fail: (status, times = 1, processed = false, on = "") => c("fail", { status, times, processed, on }),
    hang: (processed = false, on = "") => c("hang", { processed, on }),
    captures: (transactionId) => c("captures", { transactionId }),
    refunds: (transactionId) => c("refunds", { transactionId }),
    checkout: (checkoutId) => c("checkout", { checkoutId }),
    stats: () => c("stats"),
  };
}
