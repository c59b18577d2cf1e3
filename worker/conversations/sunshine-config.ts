/**
 * How the worker reaches the chat provider, Zendesk Sunshine Conversations (API v2,
 * https://developer.zendesk.com/api-reference/conversations/): an app id and an API key's id and secret (secrets;
 * Basic auth) and the API origin (a var). Kept apart from the client (sunshine.ts) so the chat service can ask "is a
 * provider configured?" without loading it; unset, the D1 inbox at /operator/conversations is the only provider.
 */

/** Sunshine Conversations' own API origin (a Zendesk account's is https://{subdomain}.zendesk.com/sc). */
export const SUNSHINE_DEFAULT_URL = "https://api.smooch.io";
/** How long one call may take before it counts as unanswered (the message is marked failed and retried later). */
export const SUNSHINE_TIMEOUT_MS = 8_000;

export interface SunshineConfig {
  appId: string;
  keyId: string;
  keySecret: string;
  /** `https://api.smooch.io`, `https://{subdomain}.zendesk.com/sc`, or the tests' fake; no trailing slash. */
  apiUrl: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Waits between tries (injected in tests: no real sleep). */
  sleep?: (ms: number) => Promise<void>;
}

/** The chat provider's bindings (secrets and the var). */
export interface SunshineBindings {
  SUNSHINE_APP_ID?: string;
  SUNSHINE_KEY_ID?: string;
  SUNSHINE_KEY_SECRET?: string;
  SUNSHINE_API_URL?: string;
}

/** SUNSHINE_APP_ID + SUNSHINE_KEY_ID + SUNSHINE_KEY_SECRET (secrets), SUNSHINE_API_URL (var; default https://api.smooch.io); null unless all three secrets are set. */
export function sunshineConfig(env: SunshineBindings): SunshineConfig | null {
  const appId = env.SUNSHINE_APP_ID?.trim();
  const keyId = env.SUNSHINE_KEY_ID?.trim();
  const keySecret = env.SUNSHINE_KEY_SECRET?.trim();
  if (!appId || !keyId || !keySecret) return null;
  return { appId, keyId, keySecret, apiUrl: (env.SUNSHINE_API_URL?.trim() || SUNSHINE_DEFAULT_URL).replace(/\/+$/, ""), timeoutMs: SUNSHINE_TIMEOUT_MS };
}
