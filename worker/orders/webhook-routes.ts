/**
 * The payment providers' webhooks under /api/webhooks (shared/api/webhooks.ts;
 * docs/decisions/062-provider-webhooks.md). Each route checks the delivery as its provider documents (a
 * signature, or PayPal's own verification) before anything is read, then applies the event by the payment's
 * state (provider-events.ts). A provider whose webhook is not configured answers 404 and applies nothing:
 * an unsigned event is never accepted. A provider that cannot be reached (PayPal's verification, the capture
 * an approval asks for) answers 503, and the provider delivers again.
 */
import type { Context } from "hono";
import { webhookOperations as ops } from "#shared/api/webhooks.ts";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { handle } from "../http/routes";
import { siteOrigin } from "../platform/config";
import { affirmConfig } from "./payments/affirm-config";
import { verifyAffirmWebhook } from "./payments/affirm-webhook";
import { braintreeConfig } from "./payments/braintree";
import { verifyBraintreeWebhook } from "./payments/braintree-webhook";
import { paypalConfig } from "./payments/paypal-config";
import { verifyPayPalWebhook } from "./payments/paypal-webhook";
import { ProviderUnavailable } from "./payments/provider";
import type { ProviderEvent } from "./payments/provider-event";
import { verifySplititWebhook } from "./payments/splitit-webhook";
import { stripeConfig } from "./payments/stripe";
import { verifyStripeWebhook } from "./payments/stripe-webhook";
import { applyProviderEvent } from "./provider-events";
import { PaymentUnavailable } from "./service";
import { stripeProviderEvent } from "./webhooks";

/** Applies a verified event (none: received, nothing to do); an unreachable provider is a 503 the provider retries. */
async function receipt(c: Context<AppEnv>, verify: () => Promise<ProviderEvent | null>) {
  try {
    const event = await verify();
    const applied = event
      ? await applyProviderEvent(c.env, event, { origin: siteOrigin(c.env), now: Date.now(), waitUntil: (p) => c.executionCtx.waitUntil(p) })
      : false;
    return { status: 200 as const, body: { received: true as const, applied } };
  } catch (e) {
    if (e instanceof ProviderUnavailable || e instanceof PaymentUnavailable) throw new ApiError(503, e.message);
    throw e;
  }
}

export const webhookRoutes = [
  handle(ops.stripeWebhook, async (_input, c) => {
    const collector = stripeConfig(c.env);
    if (!collector?.webhookSecret) refused("not_found", "Stripe webhooks are not configured on this site.");
    const raw = await c.req.text();
    return receipt(c, async () =>
      stripeProviderEvent(await verifyStripeWebhook(raw, c.req.header("stripe-signature") ?? null, collector.webhookSecret!, Date.now())),
    );
  }),
  handle(ops.paypalWebhook, async (_input, c) => {
    const config = paypalConfig(c.env);
    const webhookId = c.env.PAYPAL_WEBHOOK_ID?.trim();
    if (!config || !webhookId) refused("not_found", "PayPal webhooks are not configured on this site.");
    const raw = await c.req.text();
    return receipt(c, () => verifyPayPalWebhook(config, webhookId, raw, (name) => c.req.header(name) ?? null));
  }),
  handle(ops.braintreeWebhook, async (_input, c) => {
    const config = braintreeConfig(c.env);
    if (!config) refused("not_found", "Braintree is not configured on this site.");
    const form = new URLSearchParams(await c.req.text());
    return receipt(c, () => verifyBraintreeWebhook(config, form));
  }),
  handle(ops.affirmWebhook, async (_input, c) => {
    const config = affirmConfig(c.env);
    if (!config) refused("not_found", "Affirm is not configured on this site.");
    const raw = await c.req.text();
    return receipt(c, () => verifyAffirmWebhook(config.privateKey, raw, c.req.header("x-affirm-signature") ?? null, Date.now()));
  }),
  handle(ops.splititWebhook, async (_input, c) => {
    const publicKey = c.env.SPLITIT_WEBHOOK_PUBLIC_KEY?.trim();
    if (!publicKey) refused("not_found", "Splitit webhooks are not configured on this site.");
    const raw = await c.req.text();
    return receipt(c, () => verifySplititWebhook(publicKey, raw, (name) => c.req.header(name) ?? null));
  }),
];
