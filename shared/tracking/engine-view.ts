/**
 * Per-engine view of an event (issue 23 point 1): the value, content ids and items an engine is sent, or null
 * when the engine does not take the event. ShareASale takes purchases only, without natural diamonds and never
 * with the 'price match' promo code; criteo's search lists at most the first 5 results; add-to-cart is worth
 * 0.0025 of its value only to the engines that bid on value; Google Ads values are scaled by 0.011; GA4's purchase
 * is the revenue estimate. The 7,500 USD cap is applied last. Table and reasons: docs/decisions/039.
 */
import { type EngineName, type EngineView, TRACKING_EVENT_NAMES, type TrackedItem, type TrackingEvent, type TrackingEventName } from "./event";
import { centsToUsd, eventValueExact, finalCents, GOOGLE_CONVERSION_SCALE, revenueEstimateExact } from "./values";

const CONVERSIONS = ["add_to_cart", "initiate_checkout", "add_shipping_info", "add_shipping_info_user_data", "purchase"] as const;
const SOCIAL = ["page_view", "view_content", "search", "add_to_cart", "initiate_checkout", "purchase"] as const;

/** Which events each engine takes (any other event: engineView is null). */
export const ENGINE_EVENTS: Readonly<Record<EngineName, readonly TrackingEventName[]>> = {
  // Meta takes every event but the error one; GA4 every event (TRACKING_EVENT_NAMES).
  meta: TRACKING_EVENT_NAMES.filter((name) => name !== "error_message_shown"),
  ga4: TRACKING_EVENT_NAMES,
  "google-ads": CONVERSIONS,
  tiktok: SOCIAL,
  pinterest: SOCIAL,
  criteo: SOCIAL,
  shareasale: ["purchase"],
};

/** §9 "add-to-cart 0.0025 for some engines": the engines whose bidding optimises on conversion value. */
export const ADD_TO_CART_SCALED_ENGINES: readonly EngineName[] = ["meta", "google-ads", "tiktok", "pinterest"];

/** §9: the criteo search event lists at most this many results. */
export const CRITEO_SEARCH_RESULTS = 5;
/** §9: ShareASale is never sent an order with this promo code (compared trimmed and case-insensitively). */
export const SHAREASALE_SKIPPED_PROMO = "price match";

/**
 * "Ad event caps 10000 (1e8 for the email marketing tool)": events per engine per UTC day, counted per event kind
 * (docs/decisions/055-abuse-limits-and-promotion-rules.md): each kind — purchase, view_content, page_view, … — has
 * its own cap, so a flood of anonymous page events can never use up the day's purchases.
 */
export const EVENT_CAP = 10_000;
export const EMAIL_TOOL_EVENT_CAP = 1e8;
export type CappedEngine = EngineName | "email-marketing";
export const EVENT_CAPS: Readonly<Record<CappedEngine, number>> = {
  meta: EVENT_CAP,
  ga4: EVENT_CAP,
  "google-ads": EVENT_CAP,
  tiktok: EVENT_CAP,
  pinterest: EVENT_CAP,
  criteo: EVENT_CAP,
  shareasale: EVENT_CAP,
  "email-marketing": EMAIL_TOOL_EVENT_CAP,
};

/** The UTC day an event of `now` is counted under, e.g. "2026-11-28". */
export function eventCapDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The counter an engine's events of one kind of `now`'s UTC day are counted under, e.g. "meta:purchase:2026-11-28". */
export function eventCapKey(engine: CappedEngine, kind: TrackingEventName, now: number): string {
  return `${engine}:${kind}:${eventCapDay(now)}`;
}

/** How many of `wanted` more events (of one kind) the engine may still be sent today, having been sent `sentToday` of that kind. */
export function eventsUnderCap(engine: CappedEngine, sentToday: number, wanted = 1): number {
  return Math.max(0, Math.min(wanted, EVENT_CAPS[engine] - Math.max(0, sentToday)));
}

const usd = (exact: number): number => centsToUsd(finalCents(exact));
const view = (value: number, items: readonly TrackedItem[], content_ids: string[]): EngineView => ({ value, content_ids, items: [...items] });

/** The engine's value, ids and items for the event, or null when it does not take it. */
export function engineView(engine: EngineName, event: TrackingEvent): EngineView | null {
  if (!ENGINE_EVENTS[engine].includes(event.event_name)) return null;
  const cd = event.custom_data;
  const items = cd.items;
  const options = { dynamicAdsMultiplier: cd.dynamic_ads_multiplier, scaleAddToCart: ADD_TO_CART_SCALED_ENGINES.includes(engine) };
  switch (engine) {
    case "shareasale":
      return shareASaleView(event);
    case "google-ads":
      return view(usd(eventValueExact(event.event_name, items, options) * GOOGLE_CONVERSION_SCALE), items, cd.content_ids);
    case "ga4":
      if (event.event_name === "purchase") return view(usd(revenueEstimateExact(items)), items, cd.content_ids);
      break;
    case "criteo":
      if (event.event_name === "search") return view(0, items, (cd.result_ids ?? cd.content_ids).slice(0, CRITEO_SEARCH_RESULTS));
      break;
  }
  return view(usd(eventValueExact(event.event_name, items, options)), items, cd.content_ids);
}

/** ShareASale: the sale amount of the lines left after natural diamonds (affiliates earn on what is sent). */
function shareASaleView(event: TrackingEvent): EngineView | null {
  // Shoppers type codes as PRICE-MATCH or PRICE_MATCH (the cart allows letters, digits, - and _): the same code.
  const promo = (event.custom_data.promo_code ?? "")
    .trim()
    .replace(/[\s_-]+/g, " ")
    .toLowerCase();
  if (promo === SHAREASALE_SKIPPED_PROMO) return null;
  const kept = event.custom_data.items.filter((i) => i.type !== "natural-diamond");
  if (kept.length === 0) return null;
  const sale = kept.reduce((s, i) => s + i.priceCents * i.quantity, 0);
  return view(
    usd(sale),
    kept,
    kept.map((i) => i.id),
  );
}
