/**
 * Google Ads offline click conversions (https://developers.google.com/google-ads/api/docs/conversions/upload-clicks):
 * an OAuth access token from the refresh token (`POST {oauth}/token`, grant_type=refresh_token), then
 * `POST {origin}/v{version}/customers/{customer_id}:uploadClickConversions` with `developer-token` (and
 * `login-customer-id` for a manager account) and `{conversions: [{gclid, conversionAction, conversionDateTime,
 * conversionValue, currencyCode, orderId}], partialFailure: true}`. Only purchases that came from an ad click are
 * sent: the click's `gclid` is read from the event's landing URL; without one Google Ads declines the event.
 */
import type { TrackingEvent } from "#shared/tracking/event.ts";
import { callEngine, jsonPost, shortText, trimOrigin } from "./http";
import type { DeliveryOutcome, EngineAdapter, EngineEvent, Reach } from "./types";

export const GOOGLE_ADS_API_URL = "https://googleads.googleapis.com";
export const GOOGLE_OAUTH_URL = "https://oauth2.googleapis.com";
export const GOOGLE_ADS_API_VERSION = "19";

export interface GoogleAdsConfig extends Reach {
  customerId: string;
  /** `customers/{id}/conversionActions/{id}` of the purchase conversion. */
  conversionAction: string;
  developerToken: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  loginCustomerId?: string;
  apiUrl: string;
  oauthUrl: string;
  version: string;
}

type GoogleAdsEnv = {
  GOOGLE_ADS_CUSTOMER_ID?: string;
  GOOGLE_ADS_CONVERSION_ACTION_ID?: string;
  GOOGLE_ADS_DEVELOPER_TOKEN?: string;
  GOOGLE_ADS_CLIENT_ID?: string;
  GOOGLE_ADS_CLIENT_SECRET?: string;
  GOOGLE_ADS_REFRESH_TOKEN?: string;
  GOOGLE_ADS_LOGIN_CUSTOMER_ID?: string;
  GOOGLE_ADS_API_URL?: string;
  GOOGLE_OAUTH_URL?: string;
};

/** GOOGLE_ADS_CUSTOMER_ID, _CONVERSION_ACTION_ID, _DEVELOPER_TOKEN, _CLIENT_ID, _CLIENT_SECRET, _REFRESH_TOKEN (secrets; _LOGIN_CUSTOMER_ID optional), GOOGLE_ADS_API_URL, GOOGLE_OAUTH_URL (vars); null unless all six are set. */
export function googleAdsConfig(env: GoogleAdsEnv): GoogleAdsConfig | null {
  const read = (v?: string) => v?.trim() || "";
  const customerId = read(env.GOOGLE_ADS_CUSTOMER_ID).replace(/-/g, "");
  const actionId = read(env.GOOGLE_ADS_CONVERSION_ACTION_ID);
  const developerToken = read(env.GOOGLE_ADS_DEVELOPER_TOKEN);
  const clientId = read(env.GOOGLE_ADS_CLIENT_ID);
  const clientSecret = read(env.GOOGLE_ADS_CLIENT_SECRET);
  const refreshToken = read(env.GOOGLE_ADS_REFRESH_TOKEN);
  if (!customerId || !actionId || !developerToken || !clientId || !clientSecret || !refreshToken) return null;
  const login = read(env.GOOGLE_ADS_LOGIN_CUSTOMER_ID).replace(/-/g, "");
  return {
    customerId,
    conversionAction: `customers/${customerId}/conversionActions/${actionId}`,
    developerToken,
    clientId,
    clientSecret,
    refreshToken,
    ...(login ? { loginCustomerId: login } : {}),
    apiUrl: trimOrigin(env.GOOGLE_ADS_API_URL || GOOGLE_ADS_API_URL),
    oauthUrl: trimOrigin(env.GOOGLE_OAUTH_URL || GOOGLE_OAUTH_URL),
    version: GOOGLE_ADS_API_VERSION,
  };
}

/** The ad click's id in the landing URL, or null. */
export function gclidOf(event: TrackingEvent): string | null {
  try {
    return new URL(event.event_source_url).searchParams.get("gclid") || null;
  } catch {
    return null;
  }
}

/** `yyyy-mm-dd hh:mm:ss+00:00`, as Google Ads wants it. */
export const conversionDateTime = (unixSeconds: number) => `${new Date(unixSeconds * 1000).toISOString().slice(0, 19).replace("T", " ")}+00:00`;

/** One click conversion. */
export function clickConversion(config: GoogleAdsConfig, { event, view }: EngineEvent): Record<string, unknown> {
  return {
    gclid: gclidOf(event),
    conversionAction: config.conversionAction,
    conversionDateTime: conversionDateTime(event.event_time),
    conversionValue: view.value,
    currencyCode: event.custom_data.currency,
    orderId: event.custom_data.order_id ?? event.event_id,
  };
}

const tokens = new Map<string, { token: string; until: number }>();

const describe = (body: unknown) => {
  const e = (body as { error?: { code?: number; message?: string; status?: string } | string; error_description?: string } | null)?.error;
  if (typeof e === "string") return `${e}: ${(body as { error_description?: string }).error_description ?? ""}`;
  return e ? `${e.status ?? e.code ?? ""}: ${e.message ?? ""}` : shortText(body);
};

async function accessToken(config: GoogleAdsConfig): Promise<string | DeliveryOutcome> {
  const cached = tokens.get(config.clientId + config.refreshToken);
  if (cached && cached.until > Date.now()) return cached.token;
  const form = new URLSearchParams({
    grant_type: "refresh_token",
    client_id: config.clientId,
    client_secret: config.clientSecret,
    refresh_token: config.refreshToken,
  });
  const answer = await callEngine(
    config,
    "google-ads oauth",
    `${config.oauthUrl}/token`,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() },
    describe,
  );
  if (!answer.ok) return answer.outcome;
  const t = answer.body as { access_token?: string; expires_in?: number } | null;
  if (!t?.access_token) return { kind: "retry", error: "google-ads oauth: no access_token" };
  tokens.set(config.clientId + config.refreshToken, { token: t.access_token, until: Date.now() + Math.max(0, (t.expires_in ?? 3600) - 300) * 1000 });
  return t.access_token;
}

/** The adapter for one customer's purchase conversion action. */
export function googleAdsAdapter(config: GoogleAdsConfig): EngineAdapter {
  return {
    engine: "google-ads",
    maxPerRequest: 2000,
    declines: (event) => (event.event_name !== "purchase" ? "Google Ads takes purchases only" : gclidOf(event) ? null : "no gclid: not from an ad click"),
    async send(events: readonly EngineEvent[]): Promise<DeliveryOutcome> {
      const token = await accessToken(config);
      if (typeof token !== "string") return token;
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, "developer-token": config.developerToken };
      if (config.loginCustomerId) headers["login-customer-id"] = config.loginCustomerId;
      const url = `${config.apiUrl}/v${config.version}/customers/${config.customerId}:uploadClickConversions`;
      const body = { conversions: events.map((e) => clickConversion(config, e)), partialFailure: true };
      const answer = await callEngine(config, "google-ads", url, jsonPost(body, headers), describe);
      if (!answer.ok) return answer.outcome;
      const partial = (answer.body as { partialFailureError?: { message?: string } } | null)?.partialFailureError;
      return partial ? { kind: "failed", error: `google-ads: ${partial.message ?? "partial failure"}` } : { kind: "delivered" };
    },
  };
}
