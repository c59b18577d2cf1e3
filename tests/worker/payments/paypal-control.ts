/**
 * The PayPal adapter tests' handle on the loopback PayPal fake (tests/fakes/paypal.ts): a fresh PayPal app per
 * test (its own client id, so test files running at once never share orders, tokens or injected failures),
 * configured through the worker's own env reader, and the fake's control calls (the buyer approves, the next
 * capture is declined, calls fail or hang, what really happened).
 */
import { inject } from "vitest";
import type { FakePayPalRequest } from "../../fakes/paypal";
import type { FakePayPalRefund } from "../../fakes/paypal-refunds";
import { type PayPalConfig, paypalConfig } from "#worker/orders/payments/paypal.ts";

async function control<T>(action: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${inject("fakesOrigin")}/__control/paypal/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** A PayPal app registered at the fake, and the adapter's config for it. */
export interface PayPalApp {
  clientId: string;
  config: PayPalConfig;
  /** The buyer approves the PayPal order at PayPal. */
  approve(orderId: string): Promise<unknown>;
  /** The next capture answers 422 INSTRUMENT_DECLINED. */
  declineNext(): Promise<unknown>;
  /** The next capture is PENDING (under review). */
  pendingNext(): Promise<unknown>;
  /** The next `times` calls answer `status`; with `processed` PayPal acts first and only the answer is lost. */
  fail(status: number, times?: number, processed?: boolean): Promise<unknown>;
  /** The next call never answers (after PayPal acted, with `processed`). */
  hang(processed?: boolean): Promise<unknown>;
  /** Every token issued so far stops working. */
  revokeTokens(): Promise<unknown>;
  /** How many captures PayPal really made of the order. */
  captures(orderId: string): Promise<number>;
  /** The order as PayPal holds it (GET /v2/checkout/orders/{id}). */
  order(
    orderId: string,
  ): Promise<{ status: string; purchase_units: { reference_id: string; invoice_id: string; description: string; amount: { value: string } }[] }>;
  stats(): Promise<{ tokenFetches: number; orders: number; requests: FakePayPalRequest[] }>;
  /** The refunds PayPal really made of a capture. */
  refunds(captureId: string): Promise<FakePayPalRefund[]>;
  /** The next refund is PENDING (PayPal finishes it later). */
  refundPendingNext(): Promise<unknown>;
  /** A webhook registered for the app at PayPal: its id (PAYPAL_WEBHOOK_ID). */
  webhook(): Promise<string>;
  /** The event PayPal would post now about the order to the webhook, with its transmission headers (tests/fakes/paypal-webhooks.ts). */
  event(orderId: string, type: string, webhookId: string): Promise<{ body: string; headers: Record<string, string> }>;
}

/** Registers a new app at the fake (tokens living `tokenTtl` seconds) with the adapter's timeout at `timeoutMs`. */
export async function paypalApp(options: { tokenTtl?: number; timeoutMs?: number; secret?: string } = {}): Promise<PayPalApp> {
  const clientId = `app-${crypto.randomUUID()}`;
  const clientSecret = `secret-${crypto.randomUUID()}`;
  await control("register", { clientId, clientSecret, tokenTtl: options.tokenTtl });
  const config = paypalConfig({
    PAYPAL_CLIENT_ID: clientId,
    PAYPAL_CLIENT_SECRET: options.secret ?? clientSecret,
    PAYPAL_API_URL: `${inject("fakesOrigin")}/paypal/`,
  })!;
  const c = <T>(action: string, body: Record<string, unknown> = {}) => control<T>(action, { clientId, ...body });
  return {
    clientId,
    config: { ...config, timeoutMs: options.timeoutMs ?? 5_000 },
    approve: (orderId) => c("approve", { orderId }),
    declineNext: () => c("decline-next"),
    pendingNext: () => c("pending-next"),
    fail: (status, times = 1, processed = false) => c("fail", { status, times, processed }),
    hang: (processed = false) => c("hang", { processed }),
    revokeTokens: () => c("revoke-tokens"),
    captures: (orderId) => c("captures", { orderId }),
    order: (orderId) => c("order", { orderId }),
    stats: () => c("stats"),
    refunds: (captureId) => c("refunds", { captureId }),
    refundPendingNext: () => c("refund-pending-next"),
    webhook: () => c<{ webhookId: string }>("webhook").then((r) => r.webhookId),
    event: (orderId, type, webhookId) => c("event", { orderId, type, webhookId }),
  };
}
