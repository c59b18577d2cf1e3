/**
 * How the worker reaches PayPal: the REST app's client id and secret (secrets) and the API origin (a var:
 * the sandbox unless production says otherwise). Kept apart from the client (paypal.ts) so the order
 * services can ask "is PayPal configured?" without loading it; the tests point `apiUrl` at the loopback fake.
 */

/** PayPal's sandbox REST origin: the default, so a deployment never charges real money by omission. */
export const PAYPAL_SANDBOX_URL = "https://api-m.sandbox.paypal.com";
/** PayPal's live REST origin (set `PAYPAL_API_URL` to it in production). */
export const PAYPAL_LIVE_URL = "https://api-m.paypal.com";
/** How long one call to PayPal may take before it counts as unanswered (ProviderUnavailable). */
export const PAYPAL_TIMEOUT_MS = 10_000;

/** A PayPal REST app (https://developer.paypal.com/api/rest/#link-getclientidandclientsecret) and where its API is. */
export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** `https://api-m.sandbox.paypal.com`, `https://api-m.paypal.com`, or the tests' fake; no trailing path. */
  apiUrl: string;
  /** Injected in tests (a stub or the loopback fake); the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Gives up on one answer after this long (default PAYPAL_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET (secrets), PAYPAL_API_URL (var; default https://api-m.sandbox.paypal.com; production https://api-m.paypal.com); null when a secret is missing. */
export function paypalConfig(env: { PAYPAL_CLIENT_ID?: string; PAYPAL_CLIENT_SECRET?: string; PAYPAL_API_URL?: string }): PayPalConfig | null {
  const clientId = env.PAYPAL_CLIENT_ID?.trim();
  const clientSecret = env.PAYPAL_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  const apiUrl = (env.PAYPAL_API_URL?.trim() || PAYPAL_SANDBOX_URL).replace(/\/+$/, "");
  return { clientId, clientSecret, apiUrl, timeoutMs: PAYPAL_TIMEOUT_MS };
}
