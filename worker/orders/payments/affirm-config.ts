/**
 * How the worker reaches Affirm: the merchant's public and private API keys (secrets; Basic auth
 * `public:private`) and the API origin (a var: the sandbox unless production says otherwise). Kept apart from
 * the client (affirm.ts) so the order services can ask "is Affirm configured?" without loading it; the tests
 * point `apiUrl` at the loopback fake. docs/decisions/033-affirm-and-splitit.md
 */

/** Affirm's sandbox origin: the default, so a deployment never lends real money by omission. */
export const AFFIRM_SANDBOX_URL = "https://sandbox.affirm.com";
/** Affirm's live origin (set `AFFIRM_API_URL` to it in production). */
export const AFFIRM_LIVE_URL = "https://api.affirm.com";
/** How long one call to Affirm may take before it counts as unanswered (ProviderUnavailable). */
export const AFFIRM_TIMEOUT_MS = 10_000;

/** A merchant's Affirm API keys (https://docs.affirm.com, Basic auth) and where its API is. */
export interface AffirmConfig {
  publicKey: string;
  privateKey: string;
  /** `https://sandbox.affirm.com`, `https://api.affirm.com`, or the tests' fake; no trailing slash. */
  apiUrl: string;
  /** Injected in tests (a stub or the loopback fake); the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Gives up on one answer after this long (default AFFIRM_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The secrets and vars that configure Affirm (worker/orders/payments/providers.ts PaymentBindings). */
export type AffirmBindings = {
  /** The merchant's public API key (secret; with the private key, or Affirm is not offered). */
  AFFIRM_PUBLIC_KEY?: string;
  /** The merchant's private API key (secret). */
  AFFIRM_PRIVATE_KEY?: string;
  /** Affirm's API origin (var): default https://sandbox.affirm.com; production https://api.affirm.com. */
  AFFIRM_API_URL?: string;
};

/** AFFIRM_PUBLIC_KEY + AFFIRM_PRIVATE_KEY (secrets), AFFIRM_API_URL (var; default the sandbox); null when a key is missing. */
export function affirmConfig(env: AffirmBindings): AffirmConfig | null {
  const publicKey = env.AFFIRM_PUBLIC_KEY?.trim();
  const privateKey = env.AFFIRM_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  const apiUrl = (env.AFFIRM_API_URL?.trim() || AFFIRM_SANDBOX_URL).replace(/\/+$/, "");
  return { publicKey, privateKey, apiUrl, timeoutMs: AFFIRM_TIMEOUT_MS };
}
