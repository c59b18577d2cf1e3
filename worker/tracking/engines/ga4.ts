/**
 * GA4 Measurement Protocol (https://developers.google.com/analytics/devguides/collection/protocol/ga4):
 * `POST {origin}/mp/collect?measurement_id=G-…&api_secret=…` with `{client_id, timestamp_micros, events: [{name,
 * params}]}`, at most 25 events per request and one client per request. Collect answers 2xx whatever it thinks of
 * the payload (validation is /debug/mp/collect's job), so any 2xx is delivered.
 * Names follow GA4's recommended e-commerce events: view_item, add_to_cart, remove_from_cart, begin_checkout,
 * add_shipping_info, purchase, search, page_view; error_message_shown goes as that custom event, and
 * add_shipping_info_user_data is not sent (its twin add_shipping_info already is: GA4 would count it twice).
 */
import type { TrackingEvent, TrackingEventName } from "#shared/tracking/event.ts";
import { callEngine, jsonPost, shortText, trimOrigin } from "./http";
import type { DeliveryOutcome, EngineAdapter, EngineEvent, Reach } from "./types";

export const GA4_API_URL = "https://www.google-analytics.com";
/** GA4's limit of events per Measurement Protocol request. */
export const GA4_MAX_EVENTS = 25;

export interface Ga4Config extends Reach {
  measurementId: string;
  apiSecret: string;
  apiUrl: string;
}

/** GA4_MEASUREMENT_ID + GA4_API_SECRET (secrets), GA4_API_URL (var; default https://www.google-analytics.com); null unless both are set. */
export function ga4Config(env: { GA4_MEASUREMENT_ID?: string; GA4_API_SECRET?: string; GA4_API_URL?: string }): Ga4Config | null {
  const measurementId = env.GA4_MEASUREMENT_ID?.trim();
  const apiSecret = env.GA4_API_SECRET?.trim();
  if (!measurementId || !apiSecret) return null;
  return { measurementId, apiSecret, apiUrl: trimOrigin(env.GA4_API_URL || GA4_API_URL) };
}

/** The GA4 event name of each site event; null: not sent to GA4. */
export const GA4_NAMES: Record<TrackingEventName, string | null> = {
  page_view: "page_view",
  view_content: "view_item",
  search: "search",
  add_to_cart: "add_to_cart",
  remove_from_cart: "remove_from_cart",
  initiate_checkout: "begin_checkout",
  add_shipping_info: "add_shipping_info",
  add_shipping_info_user_data: null,
  purchase: "purchase",
  error_message_shown: "error_message_shown",
};

/** GA4's client id: the visitor's (hashed) id, else the event's own id (a one-event client). */
export const ga4ClientId = (event: TrackingEvent) => event.user_data.external_id ?? event.event_id;

/** The `{name, params}` GA4 is sent for one event. */
export function ga4Event({ event, view }: EngineEvent): { name: string; params: Record<string, unknown> } {
  const c = event.custom_data;
  const params: Record<string, unknown> = {
    currency: c.currency,
    value: view.value,
    items: view.items.map((i) => ({ item_id: i.id, item_name: i.name, item_category: i.type, price: i.priceCents / 100, quantity: i.quantity })),
    page_location: event.event_source_url,
    event_id: event.event_id,
    engagement_time_msec: 1,
  };
  if (c.order_id) params.transaction_id = c.order_id;
  if (c.promo_code) params.coupon = c.promo_code;
  if (c.search_string !== undefined) params.search_term = c.search_string;
  if (c.title !== undefined) params.title = c.title;
  return { name: GA4_NAMES[event.event_name] ?? event.event_name, params };
}

/** The adapter for one data stream. */
export function ga4Adapter(config: Ga4Config): EngineAdapter {
  return {
    engine: "ga4",
    maxPerRequest: GA4_MAX_EVENTS,
    requestKey: ga4ClientId,
    declines: (event) => (GA4_NAMES[event.event_name] === null ? `GA4 does not take ${event.event_name}` : null),
    async send(events: readonly EngineEvent[]): Promise<DeliveryOutcome> {
      const first = events[0]!.event;
      const url = `${config.apiUrl}/mp/collect?measurement_id=${encodeURIComponent(config.measurementId)}&api_secret=${encodeURIComponent(config.apiSecret)}`;
      const body = { client_id: ga4ClientId(first), timestamp_micros: first.event_time * 1_000_000, events: events.map(ga4Event) };
      const answer = await callEngine(config, "ga4", url, jsonPost(body), shortText);
      return answer.ok ? { kind: "delivered" } : answer.outcome;
    },
  };
}
