/**
 * The OAuth 2.0 client-credentials plumbing shared by the adapters that call an API with a bearer token
 * (paypal.ts, td-http.ts), and the session cache splitit.ts reuses:
 * - a token is fetched with `POST {tokenUrl}`, Basic client id:secret, form `grant_type=client_credentials`
 *   (→ `{access_token, expires_in}`); 5xx, 429 and network errors are Transient (the call's retries try again),
 *   any other refusal is ProviderUnavailable (the shop's credentials are wrong: trying again will not help);
 * - tokens are kept per app in the isolate, as promises so concurrent calls share one fetch, until `marginMs`
 *   before they expire (a call started on a token must not outlive it);
 * - a 401 on an API call (a token revoked early) forgets that token and fetches a new one once per call, and
 *   that try does not count; a second 401 is ProviderUnavailable.
 */
import { ProviderUnavailable } from "./provider";
import { type Answer, exchange, type Reach, Transient, withRetries } from "./provider-http";

/** A value to cache and how long its issuer says it lasts. */
export interface Issued {
  value: string;
  /** Seconds from now; `Number.POSITIVE_INFINITY` for one kept until the provider refuses it. */
  expiresInSeconds: number;
}

interface Cached {
  value: string;
  /** Epoch ms after which it is fetched again. */
  renewAt: number;
}

/** Tokens (or sessions) per app, as promises so concurrent calls share one fetch. */
const cache = new Map<string, Promise<Cached>>();

/** The cache key of an app: the provider, the API origin and the credentials (a new secret is a new app). */
export const tokenKey = (provider: string, ...parts: string[]): string => [provider, ...parts].join("\n");

/**
 * The app's token: the cached one while it is fresh (more than `marginMs` before it expires), else one
 * `fetchToken` shared by every caller waiting. A failed fetch is not kept: the next call fetches again.
 */
export async function accessToken(key: string, fetchToken: () => Promise<Issued>, marginMs: number): Promise<string> {
  const cached = cache.get(key);
  if (cached) {
    const token = await cached.catch(() => null);
    // Renewed or forgotten meanwhile (a 401): share the new fetch, or start one.
    if (cache.get(key) !== cached) return accessToken(key, fetchToken, marginMs);
    if (token && token.renewAt > Date.now()) return token.value;
  }
  const fetching = fetchToken().then((t) => ({ value: t.value, renewAt: Date.now() + t.expiresInSeconds * 1000 - marginMs }));
  cache.set(key, fetching);
  fetching.catch(() => cache.get(key) === fetching && cache.delete(key));
  return (await fetching).value;
}

/** Forgets the app's token `value` (the provider refused it), unless another has replaced it already. */
export function forgetToken(key: string, value: string): void {
  const cached = cache.get(key);
  cached?.then((t) => t.value === value && cache.get(key) === cached && cache.delete(key)).catch(() => {});
}

/** An app of a provider's API that authenticates with client credentials. */
export interface OAuthApp {
  reach: Reach;
  /** The token endpoint's full URL. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The cache key (tokenKey of the provider, the API origin and the credentials). */
  key: string;
  /** A token is renewed this long before the provider says it expires. */
  marginMs: number;
  /** Why the provider refused the credentials, from the token endpoint's answer body. */
  refusal: (body: unknown) => string;
}

/** Fetches a client-credentials token: Transient on 5xx/429, ProviderUnavailable when the credentials are refused. */
async function fetchToken(app: OAuthApp): Promise<Issued> {
  const init: RequestInit = {
    method: "POST",
    headers: {
      Authorization: `Basic ${btoa(`${app.clientId}:${app.clientSecret}`)}`,
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
    },
    body: "grant_type=client_credentials",
  };
  const answer = await exchange(app.reach, app.tokenUrl, init, "token request");
  const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
  if (answer.status >= 500 || answer.status === 429) throw new Transient(`token request: HTTP ${answer.status}`);
  if (answer.status < 200 || answer.status > 299 || typeof body?.access_token !== "string")
    throw new ProviderUnavailable(
      app.reach.provider,
      `${app.reach.name} refused the shop's client id and secret (HTTP ${answer.status} ${app.refusal(answer.body)})`,
    );
  return { value: body.access_token, expiresInSeconds: typeof body.expires_in === "number" ? body.expires_in : 0 };
}

/** How an API answer reads: its error in words, and whether it is worth another try with the same key. */
export interface Problem {
  text: string;
  retry: boolean;
}

/**
 * One API call with the app's bearer token and the retries of provider-http.ts: the answer (2xx or a 4xx worth
 * reading), or ProviderUnavailable after the failed tries, a timeout, or a token refused twice. `headers` are
 * sent on every try (the idempotency key among them) with `Authorization: Bearer …` added.
 */
export async function bearerCall(
  app: OAuthApp,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  what: string,
  problem: (answer: Answer) => Problem,
): Promise<Answer> {
  let renewed = false;
  const once = async (): Promise<Answer> => {
    const token = await accessToken(app.key, () => fetchToken(app), app.marginMs);
    const answer = await exchange(app.reach, url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } }, what);
    if (answer.status === 401 && !renewed) {
      // The token was revoked or expired early: one new token, and this try does not count.
      renewed = true;
      forgetToken(app.key, token);
      return once();
    }
    const { text, retry } = problem(answer);
    if (answer.status === 401) throw new ProviderUnavailable(app.reach.provider, `${app.reach.name} refused the shop's access token on the ${what}: ${text}`);
    if (retry) throw new Transient(`HTTP ${answer.status} ${text}`);
    return answer;
  };
  return withRetries(app.reach, what, once);
}
