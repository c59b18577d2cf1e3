/**
 * TD's partner API over plain fetch (the shape: td.ts and docs/decisions/034-td-financing.md): an OAuth 2.0
 * client-credentials token (`POST /oauth/token`, Basic client id:secret, form `grant_type=client_credentials` →
 * `{access_token, token_type, expires_in}`), kept per app in the isolate until a minute before it expires and
 * shared by concurrent calls; a 401 on an API call (a token revoked early) fetches a new one once. Each call that
 * moves money carries `Idempotency-Key`; 5xx, 429 and network errors are tried again at once with the same key
 * (three tries in all), then ProviderUnavailable; a timeout is ProviderUnavailable at once (the next try with
 * the same key learns what TD did).
 */
import { TD_TIMEOUT_MS, type TdConfig } from "./td-config";
import { ProviderUnavailable } from "./provider";

/** Tries per call: the first and two retries, all with the same Idempotency-Key. */
const ATTEMPTS = 3;
/** A token is renewed this long before TD says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** TD's error shape: `{ error: { code, message } }`. */
export interface TdError {
  error?: { code?: string; message?: string };
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A failure worth another try with the same key. */
class Transient extends Error {}

/** TD could not be reached or refused the shop's credentials: nothing is known to have happened there. */
export const tdUnavailable = (message: string, cause?: unknown) => new ProviderUnavailable("td", message, cause === undefined ? undefined : { cause });

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** TD's error code and a readable text of an answer. */
export function errorOf(body: unknown): { code: string; text: string } {
  const e = ((body && typeof body === "object" ? body : {}) as TdError).error ?? {};
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";
  return { code, text: `${code || "error"}${message ? `: ${message}` : ""}` };
}

/** One HTTP exchange under the timeout: a timeout is ProviderUnavailable, any other fetch failure Transient. */
async function send(config: TdConfig, path: string, init: RequestInit, what: string): Promise<Response> {
  const timeoutMs = config.timeoutMs ?? TD_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await (config.fetch ?? fetch)(`${config.apiUrl}${path}`, { ...init, signal });
  } catch (err) {
    if (signal.aborted) throw tdUnavailable(`TD did not answer the ${what} within ${timeoutMs} ms`, err);
    throw new Transient(`network error on the ${what}: ${String(err)}`, { cause: err });
  }
}

interface Token {
  value: string;
  renewAt: number;
}

/** Tokens per app, as promises so concurrent calls share one fetch. */
const tokens = new Map<string, Promise<Token>>();
const tokenKey = (c: TdConfig) => `${c.apiUrl}\n${c.clientId}\n${c.clientSecret}`;

async function fetchToken(config: TdConfig): Promise<Token> {
  const response = await send(
    config,
    "/oauth/token",
    {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
    },
    "token request",
  );
  const body = (await readBody(response)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (response.status >= 500 || response.status === 429) throw new Transient(`token request: HTTP ${response.status}`);
  if (!response.ok || typeof body?.access_token !== "string")
    throw tdUnavailable(`TD refused the shop's client id and secret (HTTP ${response.status} ${errorOf(body).text})`);
  const seconds = typeof body.expires_in === "number" ? body.expires_in : 0;
  return { value: body.access_token, renewAt: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
}

async function accessToken(config: TdConfig): Promise<string> {
  const key = tokenKey(config);
  const cached = tokens.get(key);
  if (cached) {
    const token = await cached.catch(() => null);
    if (tokens.get(key) !== cached) return accessToken(config);
    if (token && token.renewAt > Date.now()) return token.value;
  }
  const fetching = fetchToken(config);
  tokens.set(key, fetching);
  fetching.catch(() => tokens.get(key) === fetching && tokens.delete(key));
  return (await fetching).value;
}

function forgetToken(config: TdConfig, value: string): void {
  const key = tokenKey(config);
  const cached = tokens.get(key);
  cached?.then((t) => t.value === value && tokens.get(key) === cached && tokens.delete(key)).catch(() => {});
}

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
  let lastError = "";
  let renewed = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const token = await accessToken(config);
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: "application/json" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (idempotencyKey !== null) headers["Idempotency-Key"] = idempotencyKey;
      const response = await send(config, path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, what);
      const answer = { status: response.status, body: await readBody(response) };
      if (answer.status === 401 && !renewed) {
        // Revoked or expired early: one new token, and this try does not count.
        renewed = true;
        forgetToken(config, token);
        attempt--;
        continue;
      }
      if (answer.status === 401) throw tdUnavailable(`TD refused the shop's access token on the ${what}: ${errorOf(answer.body).text}`);
      if (answer.status >= 500 || answer.status === 429) {
        lastError = `HTTP ${answer.status} ${errorOf(answer.body).text}`;
        continue;
      }
      return answer;
    } catch (err) {
      if (!(err instanceof Transient)) throw err;
      lastError = err.message;
    }
  }
  throw tdUnavailable(`TD ${what} failed ${ATTEMPTS} times: ${lastError}`);
}
