/** PLACEHOLDER until the Braintree slice lands (its file replaces this one). */
import type { CaptureOutcome, PaymentRequest } from "./provider";
export interface BraintreeConfig {
  publicKey: string;
  privateKey: string;
  merchantAccountId: string | null;
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}
export function braintreeConfig(env: {
  BRAINTREE_PUBLIC_KEY?: string;
  BRAINTREE_PRIVATE_KEY?: string;
  BRAINTREE_MERCHANT_ACCOUNT_ID?: string;
  BRAINTREE_API_URL?: string;
}): BraintreeConfig | null {
  return env.BRAINTREE_PUBLIC_KEY && env.BRAINTREE_PRIVATE_KEY
    ? { publicKey: env.BRAINTREE_PUBLIC_KEY, privateKey: env.BRAINTREE_PRIVATE_KEY, merchantAccountId: null, apiUrl: "" }
    : null;
}
export function braintreeClientToken(_config: BraintreeConfig): Promise<string> {
  throw new Error("not yet");
}
export function chargeBraintreeNonce(_config: BraintreeConfig, _req: PaymentRequest, _nonce: string, _description?: string): Promise<CaptureOutcome> {
  throw new Error("not yet");
}
