/**
 * TikTok Events API 2.0 (https://business-api.tiktok.com/portal/docs?id=1771100865818625):
 * `POST {origin}/open_api/v1.3/event/track/` with the `Access-Token` header and `{event_source: "web",
 * event_source_id: pixel code, data: [{event, event_time, event_id, user, properties, page}]}`. TikTok answers
 * HTTP 200 with `{code, message, request_id}`: code 0 is success; 40100 (too many requests) and 5xxxx codes are
 * retried, other codes are refusals.
 */
import type { TrackingEventName } from "#shared/tracking/event.ts";
import { callEngine, jsonPost, shortText, trimOrigin } from "./http";
import type { DeliveryOutcome, EngineAdapter, EngineEvent, Reach } from "./types";

export const TIKTOK_API_URL = "https://business-api.tiktok.com";

export interface TikTokConfig extends Reach {
  pixelCode: string;
  accessToken: string;
  apiUrl: string;
  testEventCode?: string;
}

/** TIKTOK_PIXEL_CODE + TIKTOK_ACCESS_TOKEN (secrets), TIKTOK_API_URL, TIKTOK_TEST_EVENT_CODE (vars); null unless both are set. */
export function tiktokConfig(env: {
  TIKTOK_PIXEL_CODE?: string;
  TIKTOK_ACCESS_TOKEN?: string;
  TIKTOK_API_URL?: string;
  TIKTOK_TEST_EVENT_CODE?: string;
}): TikTokConfig | null {
  const pixelCode = env.TIKTOK_PIXEL_CODE?.trim();
  const accessToken = env.TIKTOK_ACCESS_TOKEN?.trim();
  if (!pixelCode || !accessToken) return null;
  const testEventCode = env.TIKTOK_TEST_EVENT_CODE?.trim();
  return { pixelCode, accessToken, apiUrl: trimOrigin(env.TIKTOK_API_URL || TIKTOK_API_URL), ...(testEventCode ? { testEventCode } : {}) };
}

/** TikTok's standard events; the rest go under their own names (custom events). */
const TIKTOK_NAMES: Record<TrackingEventName, string> = {
  page_view: "Pageview",
  view_content: "ViewContent",
  search: "Search",
  add_to_cart: "AddToCart",
  remove_from_cart: "RemoveFromCart",
  initiate_checkout: "InitiateCheckout",
  add_shipping_info: "AddShippingInfo",
  add_shipping_info_user_data: "AddShippingInfoUserData",
  purchase: "CompletePayment",
  error_message_shown: "ErrorMessageShown",
};

/** The data[] entry TikTok is sent for one event. */
export function tiktokEvent({ event, view }: EngineEvent): Record<string, unknown> {
  const u = event.user_data;
  const c = event.custom_data;
  const user: Record<string, unknown> = {};
  if (u.em) user.email = u.em;
  if (u.ph) user.phone = u.ph;
  if (u.external_id) user.external_id = u.external_id;
  if (event.client_ip_address) user.ip = event.client_ip_address;
  if (event.client_user_agent) user.user_agent = event.client_user_agent;
  const properties: Record<string, unknown> = {
    contents: view.items.map((i) => ({ content_id: i.id, content_type: "product", content_name: i.name, price: i.priceCents / 100, quantity: i.quantity })),
    content_type: "product",
    currency: c.currency,
    value: view.value,
  };
  if (c.order_id) properties.order_id = c.order_id;
  if (c.search_string !== undefined) properties.query = c.search_string;
  return {
    event: TIKTOK_NAMES[event.event_name],
    event_time: event.event_time,
    event_id: event.event_id,
    user,
    properties,
    page: { url: event.event_source_url },
  };
}

interface TikTokAnswer {
  code?: number;
  message?: string;
  request_id?: string;
}

const describe = (body: unknown) => {
  const a = body as TikTokAnswer | null;
  return a && typeof a.code === "number" ? `code ${a.code}: ${a.message ?? ""}${a.request_id ? ` (request_id ${a.request_id})` : ""}` : shortText(body);
};

/** The adapter for one pixel. */
export function tiktokAdapter(config: TikTokConfig): EngineAdapter {
  return {
    engine: "tiktok",
    maxPerRequest: 1000,
    async send(events: readonly EngineEvent[]): Promise<DeliveryOutcome> {
      const body: Record<string, unknown> = { event_source: "web", event_source_id: config.pixelCode, data: events.map(tiktokEvent) };
      if (config.testEventCode) body.test_event_code = config.testEventCode;
      const answer = await callEngine(
        config,
        "tiktok",
        `${config.apiUrl}/open_api/v1.3/event/track/`,
        jsonPost(body, { "Access-Token": config.accessToken }),
        describe,
      );
      if (!answer.ok) return answer.outcome;
      const a = answer.body as TikTokAnswer | null;
      if (a?.code === 0) return { kind: "delivered" };
      const error = `tiktok: ${describe(a)}`;
      return a?.code === 40100 || (a?.code ?? 0) >= 50000 ? { kind: "retry", error } : { kind: "failed", error };
    },
  };
}
