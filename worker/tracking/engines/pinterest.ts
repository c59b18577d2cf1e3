/**
 * Pinterest Conversions API v5 (https://developers.pinterest.com/docs/api/v5/events-create/):
 * `POST {origin}/v5/ad_accounts/{ad_account_id}/events` with a Bearer conversion token and `{data: [{event_name,
 * action_source: "web", event_time, event_id, event_source_url, user_data: {em: [], ph: [], external_id: [],
 * client_ip_address, client_user_agent}, custom_data: {currency, value (a string), content_ids, contents,
 * num_items, order_id, search_string}}]}`; up to 1,000 events. Errors are `{code, message}`.
 */
import type { TrackingEventName } from "#shared/tracking/event.ts";
import { callEngine, jsonPost, shortText, trimOrigin } from "./http";
import type { DeliveryOutcome, EngineAdapter, EngineEvent, Reach } from "./types";

export const PINTEREST_API_URL = "https://api.pinterest.com";

export interface PinterestConfig extends Reach {
  adAccountId: string;
  accessToken: string;
  apiUrl: string;
}

/** PINTEREST_AD_ACCOUNT_ID + PINTEREST_ACCESS_TOKEN (secrets), PINTEREST_API_URL (var); null unless both are set. */
export function pinterestConfig(env: {
  PINTEREST_AD_ACCOUNT_ID?: string;
  PINTEREST_ACCESS_TOKEN?: string;
  PINTEREST_API_URL?: string;
}): PinterestConfig | null {
  const adAccountId = env.PINTEREST_AD_ACCOUNT_ID?.trim();
  const accessToken = env.PINTEREST_ACCESS_TOKEN?.trim();
  if (!adAccountId || !accessToken) return null;
  return { adAccountId, accessToken, apiUrl: trimOrigin(env.PINTEREST_API_URL || PINTEREST_API_URL) };
}

/** Pinterest's event names (its list is closed: the others are `custom`). */
const PINTEREST_NAMES: Record<TrackingEventName, string> = {
  page_view: "page_visit",
  view_content: "page_visit",
  search: "search",
  add_to_cart: "add_to_cart",
  remove_from_cart: "custom",
  initiate_checkout: "custom",
  add_shipping_info: "custom",
  add_shipping_info_user_data: "custom",
  purchase: "checkout",
  error_message_shown: "custom",
};

const list = (value: string | undefined) => (value ? [value] : undefined);

/** The data[] entry Pinterest is sent for one event. */
export function pinterestEvent({ event, view }: EngineEvent): Record<string, unknown> {
  const u = event.user_data;
  const c = event.custom_data;
  const user_data: Record<string, unknown> = {
    em: list(u.em),
    ph: list(u.ph),
    fn: list(u.fn),
    ln: list(u.ln),
    ct: list(u.ct),
    st: list(u.st),
    zp: list(u.zp),
    country: list(u.country),
    external_id: list(u.external_id),
  };
  for (const k of Object.keys(user_data)) if (user_data[k] === undefined) delete user_data[k];
  if (event.client_ip_address) user_data.client_ip_address = event.client_ip_address;
  if (event.client_user_agent) user_data.client_user_agent = event.client_user_agent;
  const custom_data: Record<string, unknown> = {
    currency: c.currency,
    value: String(view.value),
    content_ids: view.content_ids,
    contents: view.items.map((i) => ({ id: i.id, item_name: i.name, item_price: (i.priceCents / 100).toFixed(2), quantity: i.quantity })),
    num_items: view.items.reduce((n, i) => n + i.quantity, 0),
  };
  if (c.order_id) custom_data.order_id = c.order_id;
  if (c.search_string !== undefined) custom_data.search_string = c.search_string;
  return {
    event_name: PINTEREST_NAMES[event.event_name],
    action_source: "web",
    event_time: event.event_time,
    event_id: event.event_id,
    event_source_url: event.event_source_url,
    user_data,
    custom_data,
  };
}

const describe = (body: unknown) => {
  const e = body as { code?: number; message?: string } | null;
  return e && typeof e.message === "string" ? `code ${e.code ?? "?"}: ${e.message}` : shortText(body);
};

/** The adapter for one ad account. */
export function pinterestAdapter(config: PinterestConfig): EngineAdapter {
  return {
    engine: "pinterest",
    maxPerRequest: 1000,
    async send(events: readonly EngineEvent[]): Promise<DeliveryOutcome> {
      const url = `${config.apiUrl}/v5/ad_accounts/${encodeURIComponent(config.adAccountId)}/events`;
      const answer = await callEngine(
        config,
        "pinterest",
        url,
        jsonPost({ data: events.map(pinterestEvent) }, { authorization: `Bearer ${config.accessToken}` }),
        describe,
      );
      return answer.ok ? { kind: "delivered" } : answer.outcome;
    },
  };
}
