/**
 * TD's partner API over plain fetch (the shape: td.ts and docs/decisions/034-td-financing.md): an OAuth 2.0
 * client-credentials token (`POST /oauth/token`, Basic client id:secret, form `grant_type=client_credentials` →
 * `{access_token, token_type, expires_in}`), kept per app in the isolate until a minute before it expires and
 * shared by concurrent calls; a 401 on an API call (a token revoked early) fetches a new one once (the token
 * plumbing: oauth-token.ts). Each call that moves money carries `Idempotency-Key`; 5xx, 429 and network errors
 * are tried again at once with the same key (three tries in all), then ProviderUnavailable; a timeout is
 * ProviderUnavailable at once (the next try with the same key learns what TD did).
 */
import { bearerCall, type OAuthApp, tokenKey } from "./oauth-token";
import { ProviderUnavailable } from "./provider";
import type { Answer } from "./provider-http";
import { TD_TIMEOUT_MS, type TdConfig } from "./td-config";

export type { Answer } from "./provider-http";

/** A token is renewed this long before TD says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** TD's error shape: `{ error: { code, message } }`. */
export interface TdError {
  error?: { code?: string; message?: string };
}

/** TD could not be reached or refused the shop's credentials: nothing is known to have happened there. */
export const tdUnavailable = (message: string, cause?: unknown) => new ProviderUnavailable("td", message, cause === undefined ? undefined : { cause });

/** TD's error code and a readable text of an answer. */
export function errorOf(body: unknown): { code: string; text: string } {
  const e = ((body && typeof body === "object" ? body : {}) as TdError).error ?? {};
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";
  return { code, text: `${code || "error"}${message ? `: ${message}` : ""}` };
}

const appOf = (config: TdConfig): OAuthApp => ({
  reach: { provider: "td", name: "TD", fetch: config.fetch, timeoutMs: config.timeoutMs ?? TD_TIMEOUT_MS },
  tokenUrl: `${config.apiUrl}/oauth/token`,
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  key: tokenKey("td", config.apiUrl, config.clientId, config.clientSecret),
  marginMs: TOKEN_MARGIN_MS,
  refusal: (body) => errorOf(body).text,
});

/**
 * One API call with the retries: the answer TD gave (2xx or a 4xx worth reading), or ProviderUnavailable after
 * three failed tries or a timeout. `idempotencyKey` is sent on every try of a call that moves money.
 */
export async function tdCall(
  config: TdConfig,
  method: "GET" | "POST",
  path: string,
  body: unknown,
  idempotencyKey: string | null,
  what: string,
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (idempotencyKey !== null) headers["Idempotency-Key"] = idempotencyKey;
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  return bearerCall(appOf(config), `${config.apiUrl}${path}`, init, what, (answer) => ({
    text: errorOf(answer.body).text,
    retry: answer.status >= 500 || answer.status === 429,
  }));
}
