/**
 * How the worker reaches TD Retail Card Services' partner API (docs/decisions/034-td-financing.md): the OAuth
 * client id and secret and the merchant id (secrets) and the API origin (a var). TD gives its partners their
 * API origin with their credentials, so there is no default: without all four, financing is not configured
 * (APP_ENV local then finances through the embedded gateway). Kept apart from the client (td.ts) so the order
 * services can ask "is TD configured?" without loading it; the tests point `apiUrl` at the loopback fake.
 */

/** How long one call to TD may take before it counts as unanswered (ProviderUnavailable). */
export const TD_TIMEOUT_MS = 10_000;

/** The secrets and vars that configure TD (`wrangler secret put TD_CLIENT_ID` …; TD_API_URL in [vars]). */
export interface TdBindings {
  TD_CLIENT_ID?: string;
  TD_CLIENT_SECRET?: string;
  TD_MERCHANT_ID?: string;
  TD_API_URL?: string;
}

/** A TD partner app and where its API is. */
export interface TdConfig {
  clientId: string;
  clientSecret: string;
  merchantId: string;
  /** TD's API origin (or the tests' fake); no trailing slash. */
  apiUrl: string;
  /** Injected in tests (a stub or the loopback fake); the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Gives up on one answer after this long (default TD_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** TD_CLIENT_ID, TD_CLIENT_SECRET, TD_MERCHANT_ID (secrets) and TD_API_URL (var); null when any is missing. */
export function tdConfig(env: TdBindings): TdConfig | null {
  const clientId = env.TD_CLIENT_ID?.trim();
  const clientSecret = env.TD_CLIENT_SECRET?.trim();
  const merchantId = env.TD_MERCHANT_ID?.trim();
  const apiUrl = env.TD_API_URL?.trim().replace(/\/+$/, "");
  if (!clientId || !clientSecret || !merchantId || !apiUrl) return null;
  return { clientId, clientSecret, merchantId, apiUrl, timeoutMs: TD_TIMEOUT_MS };
}
