/**
 * Meta Conversions API (https://developers.facebook.com/docs/marketing-api/conversions-api/):
 * `POST {graph}/v{version}/{PIXEL_ID}/events` with `access_token` and `data[]` — server events whose fields the
 * TrackingEvent already has (event_id for de-duplication with the browser pixel, user_data hashed, fbc as is,
 * client_ip_address and client_user_agent inside user_data, custom_data with contents). Up to 1,000 events a
 * request. Errors are Graph API errors `{error: {message, type, code, error_subcode, fbtrace_id, is_transient}}`:
 * a transient one or a throttling code (4, 17, 32, 613, 80004) is retried even when it comes as a 400.
 */
import type { TrackingEventName } from "#shared/tracking/event.ts";
import { callEngine, jsonPost, shortText, trimOrigin } from "./http";
import type { DeliveryOutcome, EngineAdapter, EngineEvent, Reach } from "./types";

export const META_GRAPH_URL = "https://graph.facebook.com";
export const META_API_VERSION = "21.0";

export interface MetaConfig extends Reach {
  pixelId: string;
  accessToken: string;
  graphUrl: string;
  version: string;
  /** Events Manager's test code: events show under Test Events and are not counted. */
  testEventCode?: string;
}

/** META_PIXEL_ID + META_ACCESS_TOKEN (secrets); META_GRAPH_URL, META_API_VERSION, META_TEST_EVENT_CODE (vars); null unless both secrets are set. */
export function metaConfig(env: {
  META_PIXEL_ID?: string;
  META_ACCESS_TOKEN?: string;
  META_GRAPH_URL?: string;
  META_API_VERSION?: string;
  META_TEST_EVENT_CODE?: string;
}): MetaConfig | null {
  const pixelId = env.META_PIXEL_ID?.trim();
  const accessToken = env.META_ACCESS_TOKEN?.trim();
  if (!pixelId || !accessToken) return null;
  const testEventCode = env.META_TEST_EVENT_CODE?.trim();
  return {
    pixelId,
    accessToken,
    graphUrl: trimOrigin(env.META_GRAPH_URL || META_GRAPH_URL),
    version: (env.META_API_VERSION?.trim() || META_API_VERSION).replace(/^v/, ""),
    ...(testEventCode ? { testEventCode } : {}),
  };
}

/** Meta's standard events; the others go as custom events under their own names. */
const META_NAMES: Record<TrackingEventName, string> = {
  page_view: "PageView",
  view_content: "ViewContent",
  search: "Search",
  add_to_cart: "AddToCart",
  remove_from_cart: "RemoveFromCart",
  initiate_checkout: "InitiateCheckout",
  add_shipping_info: "AddShippingInfo",
  add_shipping_info_user_data: "AddShippingInfoUserData",
  purchase: "Purchase",
  error_message_shown: "ErrorMessageShown",
};

/** The server event Meta is sent for one TrackingEvent. */
export function metaServerEvent({ event, view }: EngineEvent): Record<string, unknown> {
  const c = event.custom_data;
  const user_data: Record<string, unknown> = { ...event.user_data };
  if (event.client_ip_address) user_data.client_ip_address = event.client_ip_address;
  if (event.client_user_agent) user_data.client_user_agent = event.client_user_agent;
  const custom_data: Record<string, unknown> = {
    content_category: c.content_category,
    content_name: c.content_name,
    content_ids: view.content_ids,
    content_type: c.content_type,
    currency: c.currency,
    value: view.value,
    contents: view.items.map((i) => ({ id: i.id, quantity: i.quantity, item_price: i.priceCents / 100 })),
    num_items: view.items.reduce((n, i) => n + i.quantity, 0),
  };
  if (c.order_id) custom_data.order_id = c.order_id;
  if (c.search_string !== undefined) custom_data.search_string = c.search_string;
  if (c.title !== undefined) custom_data.title = c.title;
  return {
    event_name: META_NAMES[event.event_name],
    event_time: event.event_time,
    event_id: event.event_id,
    event_source_url: event.event_source_url,
    action_source: event.action_source,
    user_data,
    custom_data,
  };
}

const THROTTLING = new Set([4, 17, 32, 613, 80004]);

interface GraphError {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; fbtrace_id?: string; is_transient?: boolean };
}

/** Meta's throttling and transient errors arrive as 400s: they are retried like a 429. */
const transient = (body: unknown) => {
  const e = (body as GraphError | null)?.error;
  return !!e && (e.is_transient === true || (e.code !== undefined && THROTTLING.has(e.code)));
};

const describe = (body: unknown) => {
  const e = (body as GraphError | null)?.error;
  if (!e) return shortText(body);
  return `${e.type ?? "error"} ${e.code ?? ""}${e.error_subcode ? `/${e.error_subcode}` : ""}: ${e.message ?? ""}${e.fbtrace_id ? ` (fbtrace_id ${e.fbtrace_id})` : ""}`;
};

/** The adapter for one pixel. */
export function metaAdapter(config: MetaConfig): EngineAdapter {
  return {
    engine: "meta",
    maxPerRequest: 1000,
    async send(events: readonly EngineEvent[]): Promise<DeliveryOutcome> {
      const url = `${config.graphUrl}/v${config.version}/${encodeURIComponent(config.pixelId)}/events`;
      const body: Record<string, unknown> = { data: events.map(metaServerEvent), access_token: config.accessToken };
      if (config.testEventCode) body.test_event_code = config.testEventCode;
      const answer = await callEngine(config, "meta", url, jsonPost(body), describe, transient);
      if (!answer.ok) return answer.outcome;
      const received = (answer.body as { events_received?: unknown } | null)?.events_received;
      return received === events.length ? { kind: "delivered" } : { kind: "retry", error: `meta: ${String(received)} of ${events.length} events received` };
    },
  };
}
