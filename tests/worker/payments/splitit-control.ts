/**
 * The Splitit adapter tests' handle on the loopback Splitit fake (tests/fakes/splitit.ts): a fresh API user and
 * terminal per test (so test files running at once never share plans, sessions or injected failures),
 * configured through the worker's own env reader, and the fake's control calls (the shopper approves on
 * Splitit's form, the next start is declined, calls fail or hang, sessions expire, what really happened).
 */
import { inject } from "vitest";
import type { FakeSplititRequest } from "../../fakes/splitit";
import { type SplititConfig, splititConfig } from "#worker/orders/payments/splitit.ts";

async function control<T>(action: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${inject("fakesOrigin")}/__control/splitit/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** A Splitit API user registered at the fake, and the adapter's config for it. */
export interface SplititMerchant {
  username: string;
  config: SplititConfig;
  /** The worker's bindings that configure this user (SPLITIT_*). */
  bindings: { SPLITIT_USERNAME: string; SPLITIT_PASSWORD: string; SPLITIT_API_KEY: string; SPLITIT_API_URL: string };
  /** The shopper completes Splitit's form (the card authorised; the plan waits for the shop to start it). */
  approve(planNumber: string): Promise<unknown>;
  cancel(planNumber: string): Promise<unknown>;
  /** The next start's first instalment is declined. */
  declineNext(): Promise<unknown>;
  /** The next `times` calls answer `status`; with `processed` Splitit acts first and only the answer is lost; `on`: only calls to paths ending so. */
  fail(status: number, times?: number, processed?: boolean, on?: string): Promise<unknown>;
  /** The next call (to a path ending with `on`) never answers (after Splitit acted, with `processed`). */
  hang(processed?: boolean, on?: string): Promise<unknown>;
  /** Every session issued so far stops working (error 704). */
  expireSessions(): Promise<unknown>;
  /** How many times Splitit really started the plan (charged its first instalment). */
  starts(planNumber: string): Promise<number>;
  refunds(planNumber: string): Promise<{ count: number; refundedCents: number }>;
  /** The plan as Splitit holds it, with the Initiate request as received. */
  plan(planNumber: string): Promise<Record<string, unknown> & { request: Record<string, unknown> }>;
  stats(): Promise<{ logins: number; plans: number; requests: FakeSplititRequest[] }>;
}

/** Registers a new API user at the fake with the adapter's timeout at `timeoutMs`. */
export async function splititMerchant(options: { timeoutMs?: number; password?: string } = {}): Promise<SplititMerchant> {
  const username = `user-${crypto.randomUUID()}`;
  const password = `pw-${crypto.randomUUID()}`;
  const apiKey = `key-${crypto.randomUUID()}`;
  await control("register", { username, password, apiKey });
  const bindings = {
    SPLITIT_USERNAME: username,
    SPLITIT_PASSWORD: options.password ?? password,
    SPLITIT_API_KEY: apiKey,
    SPLITIT_API_URL: `${inject("fakesOrigin")}/splitit`,
  };
  const config = splititConfig(bindings)!;
  const c = <T>(action: string, body: Record<string, unknown> = {}) => control<T>(action, { username, ...body });
  return {
    username,
    bindings,
    config: { ...config, timeoutMs: options.timeoutMs ?? 5_000 },
    approve: (planNumber) => c("approve", { planNumber }),
    cancel: (planNumber) => c("cancel", { planNumber }),
    declineNext: () => c("decline-next"),
    fail: (status, times = 1, processed = false, on = "") => c("fail", { status, times, processed, on }),
    hang: (processed = false, on = "") => c("hang", { processed, on }),
    expireSessions: () => c("expire-sessions"),
    starts: (planNumber) => c("starts", { planNumber }),
    refunds: (planNumber) => c("refunds", { planNumber }),
    plan: (planNumber) => c("plan", { planNumber }),
    stats: () => c("stats"),
  };
}
