/** PLACEHOLDER until the PayPal slice lands (its file replaces this one). */
import type { CaptureOutcome, CreatedPayment, PaymentRequest } from "./provider";
export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}
export function paypalConfig(env: { PAYPAL_CLIENT_ID?: string; PAYPAL_CLIENT_SECRET?: string; PAYPAL_API_URL?: string }): PayPalConfig | null {
  return env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
    ? { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiUrl: env.PAYPAL_API_URL ?? "" }
    : null;
}
export function createPayPalPayment(_config: PayPalConfig, _req: PaymentRequest): Promise<CreatedPayment> {
  throw new Error("not yet");
}
export function capturePayPalPayment(_config: PayPalConfig, _paypalOrderId: string, _idempotencyKey: string): Promise<CaptureOutcome> {
  throw new Error("not yet");
}
