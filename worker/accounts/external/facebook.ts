/**
 * Facebook login, the verifying half. A user access token (from the JavaScript SDK, or from the manual login
 * flow's code exchange) is checked with the Graph API's `debug_token` under our app token (`{app-id}|{secret}`):
 * valid, issued to our app, a user token, not expired. Then `/me` reads the profile, with `appsecret_proof` so
 * a stolen token cannot be replayed through another app. Tokens and the secret never reach a log.
 *
 * Graph's 4xx answers (`{error:{message,type,code}}`) mean the token or code is bad: 401. Its 5xx, its
 * documented transient and throttling codes, network errors and time-outs mean Facebook could not answer:
 * ProviderUnavailable (502).
 */
import { refused } from "#shared/refusal.ts";
import type { FacebookConfig } from "./config";
import { type ExternalProfile, PROVIDER_TIMEOUT_MS, ProviderUnavailable, providerFetch } from "./profile";

/** Graph error codes that say "not now" rather than "no": temporary issue (2) and the rate limits. */
const TRANSIENT_GRAPH_CODES = new Set([2, 4, 17, 32, 341, 613]);

type GraphAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

async function graphGet(config: FacebookConfig, path: string, params: Record<string, string>): Promise<GraphAnswer> {
  const where = `GET ${path}`;
  const url = new URL(config.graphUrl + path);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await providerFetch(config.fetch)(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (e) {
    throw new ProviderUnavailable("facebook", `${where} failed: ${e instanceof Error ? e.name : "error"}`, { cause: e });
  }
  const body: unknown = await res.json().catch(() => null);
  const object = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : null;
  const error = object && typeof object.error === "object" && object.error !== null ? (object.error as { message?: unknown; code?: unknown }) : null;
  if (res.status >= 500 || res.status === 429 || (typeof error?.code === "number" && TRANSIENT_GRAPH_CODES.has(error.code))) {
    throw new ProviderUnavailable("facebook", `${where} answered ${res.status}${error ? ` (code ${String(error.code)})` : ""}`);
  }
  if (res.status >= 400 || error)
    return { ok: false, message: `${where} answered ${res.status}: ${typeof error?.message === "string" ? error.message : "no error message"}` };
  if (!object) throw new ProviderUnavailable("facebook", `${where} answered ${res.status} without a JSON object`);
  return { ok: true, body: object };
}

/** hex(HMAC-SHA256(app secret, access token)): Graph's proof that the call comes from the app's server. */
async function appSecretProof(accessToken: string, appSecret: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(appSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(accessToken)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

const idText = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");
const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

function pictureOf(v: unknown): string | null {
  const data = typeof v === "object" && v !== null ? (v as { data?: { url?: unknown; is_silhouette?: unknown } }).data : undefined;
  if (!data || data.is_silhouette === true) return null;
  return typeof data.url === "string" && data.url.startsWith("https://") ? data.url : null;
}

/**
 * debug_token with the app token (appId|appSecret): is_valid, app_id === appId, a user token, not expired (now
 * injectable; `expires_at` 0 means it does not expire); then /me for the profile. Invalid tokens →
 * refused("unauthorized", …); Facebook unreachable, 5xx or throttling → ProviderUnavailable (the route answers 502).
 */
export async function verifyFacebookAccessToken(accessToken: string, config: FacebookConfig, options: { now?: number } = {}): Promise<ExternalProfile> {
  const now = options.now ?? Date.now();
  const debug = await graphGet(config, "/debug_token", { input_token: accessToken, access_token: `${config.appId}|${config.appSecret}` });
  if (!debug.ok) {
    // Also what a wrong app id or secret looks like: the operator sees Graph's reason.
    console.warn(`Facebook token check refused: ${debug.message}`);
    refused("unauthorized", "The Facebook sign-in could not be verified; sign in again");
  }
  const data = debug.body.data;
  if (typeof data !== "object" || data === null) throw new ProviderUnavailable("facebook", "GET /debug_token answered no data");
  const token = data as { is_valid?: unknown; app_id?: unknown; type?: unknown; user_id?: unknown; expires_at?: unknown };
  if (token.is_valid !== true) refused("unauthorized", "The Facebook sign-in is no longer valid; sign in again");
  if (idText(token.app_id) !== config.appId) refused("unauthorized", "The Facebook sign-in was made for another app");
  if (token.type !== undefined && token.type !== "USER") refused("unauthorized", "The Facebook token is not a person's sign-in");
  if (typeof token.expires_at === "number" && token.expires_at > 0 && token.expires_at * 1000 <= now) {
    refused("unauthorized", "The Facebook sign-in has expired; sign in again");
  }
  const userId = idText(token.user_id);
  if (!userId) refused("unauthorized", "The Facebook token is not a person's sign-in");

  const me = await graphGet(config, "/me", {
    fields: "id,email,first_name,last_name,picture",
    access_token: accessToken,
    appsecret_proof: await appSecretProof(accessToken, config.appSecret),
  });
  if (!me.ok) {
    console.warn(`Facebook profile read refused: ${me.message}`);
    refused("unauthorized", "The Facebook sign-in could not be verified; sign in again");
  }
  if (idText(me.body.id) !== userId) refused("unauthorized", "The Facebook sign-in could not be verified; sign in again");
  const email = text(me.body.email) || null;
  return {
    provider: "facebook",
    subject: userId,
    email,
    // Graph says nothing of whether the email is verified: it is not vouched for (external-sign-in.ts).
    emailVerified: false,
    firstName: text(me.body.first_name),
    lastName: text(me.body.last_name),
    pictureUrl: pictureOf(me.body.picture),
  };
}

/**
 * The manual login flow's first step: Facebook's OAuth dialog, which sends the person back to redirectUri
 * with `code` and `state` (or `error`); the code is then exchanged with exchangeFacebookCode.
 */
export function facebookDialogUrl(config: FacebookConfig, o: { redirectUri: string; state: string }): string {
  const url = new URL(config.dialogUrl);
  url.searchParams.set("client_id", config.appId);
  url.searchParams.set("redirect_uri", o.redirectUri);
  url.searchParams.set("state", o.state);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", "public_profile,email");
  return url.toString();
}

/**
 * The manual-login code exchange (GET {graph}/oauth/access_token with the app's id and secret and the same
 * redirectUri as the dialog); resolves to the user access token, to verify with verifyFacebookAccessToken.
 * Throws refused("unauthorized") for a bad, used or expired code, ProviderUnavailable when Facebook cannot answer.
 */
export async function exchangeFacebookCode(code: string, redirectUri: string, config: FacebookConfig): Promise<string> {
  const answer = await graphGet(config, "/oauth/access_token", { client_id: config.appId, redirect_uri: redirectUri, client_secret: config.appSecret, code });
  if (!answer.ok) {
    console.warn(`Facebook code exchange refused: ${answer.message}`);
    refused("unauthorized", "The Facebook sign-in code is not valid or has expired; sign in again");
  }
  const token = answer.body.access_token;
  if (typeof token !== "string" || !token) throw new ProviderUnavailable("facebook", "GET /oauth/access_token answered no access_token");
  return token;
}
