/**
 * How the worker reaches Splitit's web API (v1): the API user's name and password (secrets; `POST /api/Login`
 * turns them into a session), the terminal's API key (secret; sent in every request's RequestHeader) and the
 * API origin (a var: the sandbox unless production says otherwise). Kept apart from the client (splitit.ts) so
 * the order services can ask "is Splitit configured?" without loading it. docs/decisions/033-affirm-and-splitit.md
 */

/** Splitit's sandbox web API origin: the default, so a deployment never charges real cards by omission. */
export const SPLITIT_SANDBOX_URL = "https://webapi.sandbox.splitit.com";
/** Splitit's production web API origin (set `SPLITIT_API_URL` to it in production). */
export const SPLITIT_LIVE_URL = "https://webapi.production.splitit.com";
/** How long one call to Splitit may take before it counts as unanswered (ProviderUnavailable). */
export const SPLITIT_TIMEOUT_MS = 10_000;
/** The plans the payment form offers (PaymentWizardData.RequestedNumberOfInstallments), and the one it shows first. */
export const SPLITIT_INSTALLMENTS = { offered: [3, 6, 12], preselected: 3 } as const;

/** A Splitit API user and terminal, and where its API is. */
export interface SplititConfig {
  username: string;
  password: string;
  /** The terminal's API key (RequestHeader.ApiKey). */
  apiKey: string;
  /** `https://webapi.sandbox.splitit.com`, production's origin, or the tests' fake; no trailing slash. */
  apiUrl: string;
  /** Injected in tests (a stub or the loopback fake); the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Gives up on one answer after this long (default SPLITIT_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The secrets and vars that configure Splitit (worker/orders/payments/providers.ts PaymentBindings). */
export type SplititBindings = {
  /** The API user's name and password (secrets; all three secrets, or Splitit is not offered). */
  SPLITIT_USERNAME?: string;
  SPLITIT_PASSWORD?: string;
  /** The terminal's API key (secret). */
  SPLITIT_API_KEY?: string;
  /** Splitit's web API origin (var): default https://webapi.sandbox.splitit.com; production https://webapi.production.splitit.com. */
  SPLITIT_API_URL?: string;
};

/** SPLITIT_USERNAME + SPLITIT_PASSWORD + SPLITIT_API_KEY (secrets), SPLITIT_API_URL (var; default the sandbox); null when a secret is missing. */
export function splititConfig(env: SplititBindings): SplititConfig | null {
  const username = env.SPLITIT_USERNAME?.trim();
  const password = env.SPLITIT_PASSWORD;
  const apiKey = env.SPLITIT_API_KEY?.trim();
  if (!username || !password?.trim() || !apiKey) return null;
  const apiUrl = (env.SPLITIT_API_URL?.trim() || SPLITIT_SANDBOX_URL).replace(/\/+$/, "");
  return { username, password, apiKey, apiUrl, timeoutMs: SPLITIT_TIMEOUT_MS };
}
