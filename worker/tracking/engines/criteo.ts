/**
 * Criteo's server-side events (the s2s events endpoint, https://developers.criteo.com/ — the same events as the
 * OneTag: viewHome/viewPage, viewItem, viewList, addToCart, beginCheckout, trackTransaction):
 * `POST {origin}/m/event?version=s2s_v0` with `{account, id: {mapping_key?, email: {sha256}}, ip, useragent,
 * full_url, retailer_visitor_id, site_type: "d", events: [{event, timestamp, …}]}`, one visitor (so one event
 * here) per request. Its search event lists the first 5 results (engineView gives them as content_ids).
 */
import type { TrackingEvent, TrackingEventName } from "#shared/tracking/event.ts";
import { callEngine, jsonPost, shortText, trimOrigin } from "./http";
import type { DeliveryOutcome, EngineAdapter, EngineEvent, Reach } from "./types";

export const CRITEO_API_URL = "https://widget.criteo.com";

export interface CriteoConfig extends Reach {
  accountId: string;
  /** The caller id Criteo gives for server-side calls (id.mapping_key); optional. */
  callerId?: string;
  apiUrl: string;
}

/** CRITEO_ACCOUNT_ID (secret), CRITEO_CALLER_ID (secret, optional), CRITEO_API_URL (var); null without an account. */
export function criteoConfig(env: { CRITEO_ACCOUNT_ID?: string; CRITEO_CALLER_ID?: string; CRITEO_API_URL?: string }): CriteoConfig | null {
  const accountId = env.CRITEO_ACCOUNT_ID?.trim();
  if (!accountId) return null;
  const callerId = env.CRITEO_CALLER_ID?.trim();
  return { accountId, apiUrl: trimOrigin(env.CRITEO_API_URL || CRITEO_API_URL), ...(callerId ? { callerId } : {}) };
}

/** Criteo's event of each site event; null: Criteo has none (it is not sent). */
const CRITEO_NAMES: Record<TrackingEventName, string | null> = {
  page_view: "viewPage",
  view_content: "viewItem",
  search: "viewList",
  add_to_cart: "addToCart",
  remove_from_cart: null,
  initiate_checkout: "beginCheckout",
  add_shipping_info: null,
  add_shipping_info_user_data: null,
  purchase: "trackTransaction",
  error_message_shown: null,
};

/** The request Criteo is sent for one event. */
export function criteoRequest(config: CriteoConfig, { event, view }: EngineEvent): Record<string, unknown> {
  const c = event.custom_data;
  const e: Record<string, unknown> = { event: CRITEO_NAMES[event.event_name], timestamp: new Date(event.event_time * 1000).toISOString() };
  if (event.event_name === "search" || event.event_name === "view_content") e.item = view.content_ids;
  else e.item = view.items.map((i) => ({ id: i.id, price: i.priceCents / 100, quantity: i.quantity }));
  if (event.event_name === "search" && c.search_string !== undefined) e.keywords = c.search_string;
  if (event.event_name === "purchase") {
    e.id = c.order_id ?? event.event_id;
    e.currency = c.currency;
  }
  const id: Record<string, unknown> = {};
  if (config.callerId) id.mapping_key = config.callerId;
  if (event.user_data.em) id.email = { sha256: event.user_data.em };
  const body: Record<string, unknown> = { account: config.accountId, id, site_type: "d", full_url: event.event_source_url, events: [e] };
  if (event.user_data.external_id) body.retailer_visitor_id = event.user_data.external_id;
  if (event.client_ip_address) body.ip = event.client_ip_address;
  if (event.client_user_agent) body.useragent = event.client_user_agent;
  return body;
}

/** The adapter for one account. */
export function criteoAdapter(config: CriteoConfig): EngineAdapter {
  return {
    engine: "criteo",
    maxPerRequest: 1,
    declines: (event: TrackingEvent) => (CRITEO_NAMES[event.event_name] === null ? `Criteo has no ${event.event_name} event` : null),
    async send(events: readonly EngineEvent[]): Promise<DeliveryOutcome> {
      const answer = await callEngine(config, "criteo", `${config.apiUrl}/m/event?version=s2s_v0`, jsonPost(criteoRequest(config, events[0]!)), shortText);
      return answer.ok ? { kind: "delivered" } : answer.outcome;
    },
  };
}
