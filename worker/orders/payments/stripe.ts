/** PLACEHOLDER until the Stripe slice lands (its file replaces this one). */
import type { CaptureOutcome, CreatedPayment, PaymentRequest } from "./provider";
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}
export function stripeConfig(env: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
}): StripeConfig | null {
  return env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
    ? { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: null, apiUrl: "" }
    : null;
}
export function createStripePayment(_config: StripeConfig, _req: PaymentRequest): Promise<CreatedPayment> {
  throw new Error("not yet");
}
export function confirmStripePayment(_config: StripeConfig, _paymentIntentId: string): Promise<CaptureOutcome> {
  throw new Error("not yet");
}
