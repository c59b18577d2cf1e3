/**
 * Building conversion events (§7 "Social ads conversion events"; issue 23 point 1): one TrackingEvent per
 * occurrence, its user data hashed, its value from values.ts. Pure apart from WebCrypto hashing; the clock is the
 * caller's `now`. A purchase whose diamond type cannot be told also yields the §8 error_message_shown event.
 */
import type { CustomData, TrackedItem, TrackingEvent, TrackingEventName } from "./event";
import { hashUserData, type RawUserData, sha256Hex } from "./hash";
import { centsToUsd, clampDynamicAdsMultiplier, eventValueExact, finalCents } from "./values";

/** §8: the title of the error event a purchase with no diamond type sends. */
export const NO_DIAMOND_TYPE_TITLE = "Purchase with no diamond_type";

/** Where and when the event happened, and who to (raw user data; hashed here). */
export interface EventContext {
  /** Milliseconds since the epoch (event_time is its whole seconds). */
  now: number;
  /** The page the event happened on (event_source_url). */
  url: string;
  ip?: string | null;
  userAgent?: string | null;
  user?: RawUserData;
  /** The id the browser tag used for the same occurrence, so the engines de-duplicate the two. */
  eventId?: string | null;
  /** Overrides of the default content_name / content_category. */
  contentName?: string;
  contentCategory?: string;
}

export type EventInput = EventContext &
  (
    | { name: "page_view"; title?: string }
    | { name: "view_content"; items: readonly TrackedItem[]; dynamicAdsMultiplier?: number | null }
    | { name: "search"; query: string; resultIds: readonly string[] }
    | { name: "add_to_cart"; items: readonly TrackedItem[]; dynamicAdsMultiplier?: number | null }
    | { name: "remove_from_cart" | "initiate_checkout" | "add_shipping_info" | "add_shipping_info_user_data"; items: readonly TrackedItem[] }
    | { name: "purchase"; orderNumber: string; items: readonly TrackedItem[]; promoCode?: string | null }
  );

/** A purchase's event id: the order number, so a repeated report of the same order is de-duplicated. */
export const purchaseEventId = (orderNumber: string): string => `purchase-${orderNumber}`;
/** The id of the error event that goes with a purchase with no diamond type. */
export const noDiamondTypeEventId = (orderNumber: string): string => `purchase-${orderNumber}-no-diamond-type`;

const isDiamondType = (i: TrackedItem): boolean => i.type === "lab-diamond" || i.type === "natural-diamond";
const isDiamondLine = (i: TrackedItem): boolean => i.kind === "diamond" || i.kind === "paired-diamond" || isDiamondType(i);

/**
 * §4: "paired-diamond" when the event holds a paired diamond, "diamond" when it holds a diamond, else absent.
 */
export function diamondTypeOf(items: readonly TrackedItem[]): "diamond" | "paired-diamond" | undefined {
  if (items.some((i) => i.kind === "paired-diamond")) return "paired-diamond";
  return items.some(isDiamondLine) ? "diamond" : undefined;
}

/**
 * §8 "a purchase with no diamond type" (docs/decisions/039): a purchase whose diamond type cannot be told —
 * it has no lines at all, a line of unknown kind (an order from before kinds were kept: it may be a diamond),
 * or a diamond line whose origin (lab-grown or natural) is unknown. A purchase of jewellery alone, every line
 * known, has no diamond and no error.
 */
export function lacksDiamondType(items: readonly TrackedItem[]): boolean {
  if (items.length === 0) return true;
  return items.some((i) => i.kind === null || ((i.kind === "diamond" || i.kind === "paired-diamond") && !isDiamondType(i)));
}

/** The path of a URL (shared/ has no URL type): origin, query and fragment dropped. */
const pathOf = (url: string): string => url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").replace(/[?#].*$/, "") || "/";

function itemsOf(input: EventInput): readonly TrackedItem[] {
  return "items" in input ? input.items : [];
}

function defaults(input: EventInput): { name: string; category: string; ids: string[] } {
  const items = itemsOf(input);
  switch (input.name) {
    case "page_view":
      return { name: input.title ?? pathOf(input.url), category: "page", ids: [] };
    case "search":
      return { name: input.query, category: "search", ids: [...input.resultIds] };
    case "purchase":
      return { name: `Order ${input.orderNumber}`, category: "order", ids: items.map((i) => i.id) };
    default:
      return { name: items.map((i) => i.name).join(" + "), category: items[0]?.type ?? "other", ids: items.map((i) => i.id) };
  }
}

async function derivedEventId(input: EventInput, userId: string, seconds: number, ids: readonly string[]): Promise<string> {
  if (input.name === "purchase") return purchaseEventId(input.orderNumber);
  const digest = await sha256Hex(JSON.stringify([input.name, userId, input.url, seconds, ids]));
  return `${input.name}-${digest.slice(0, 24)}`;
}

/**
 * The events of one occurrence: the event itself and, for a purchase with no diamond type, the §8
 * error_message_shown event after it. Deterministic for the same input (ids, hashes, values).
 */
export async function buildEvents(input: EventInput): Promise<TrackingEvent[]> {
  const items = itemsOf(input);
  const d = defaults(input);
  const event_time = Math.floor(input.now / 1000);
  const user_data = await hashUserData(input.user ?? {});
  const dynamic = "dynamicAdsMultiplier" in input ? clampDynamicAdsMultiplier(input.dynamicAdsMultiplier) : undefined;
  const value = centsToUsd(finalCents(eventValueExact(input.name, items, { dynamicAdsMultiplier: dynamic })));
  const custom_data: CustomData = {
    content_category: input.contentCategory ?? d.category,
    content_name: input.contentName ?? d.name,
    content_ids: d.ids,
    content_type: items.length > 1 ? "product_group" : "product",
    currency: "USD",
    value,
    items: items.map((i) => ({ ...i })),
  };
  if (dynamic !== undefined) custom_data.dynamic_ads_multiplier = dynamic;
  const diamondType = diamondTypeOf(items);
  if (diamondType) custom_data.diamond_type = diamondType;
  const origin = items.find(isDiamondType)?.type;
  if (origin) custom_data.diamond_origin = origin === "lab-diamond" ? "lab" : "natural";
  if (input.name === "search") {
    custom_data.search_string = input.query;
    custom_data.result_ids = [...input.resultIds];
  }
  if (input.name === "purchase") {
    custom_data.order_id = input.orderNumber;
    custom_data.promo_code = input.promoCode ?? null;
  }
  const event: TrackingEvent = {
    event_id: input.eventId || (await derivedEventId(input, input.user?.external_id ?? "", event_time, d.ids)),
    event_name: input.name,
    event_time,
    event_source_url: input.url,
    action_source: "website",
    user_data,
    client_ip_address: input.ip ?? null,
    client_user_agent: input.userAgent ?? null,
    custom_data,
  };
  if (input.name !== "purchase" || !lacksDiamondType(items)) return [event];
  return [event, noDiamondTypeEvent(event, input.orderNumber)];
}

function noDiamondTypeEvent(purchase: TrackingEvent, orderNumber: string): TrackingEvent {
  const name: TrackingEventName = "error_message_shown";
  return {
    ...purchase,
    event_id: noDiamondTypeEventId(orderNumber),
    event_name: name,
    custom_data: {
      content_category: "error",
      content_name: NO_DIAMOND_TYPE_TITLE,
      content_ids: purchase.custom_data.content_ids,
      content_type: "product",
      currency: "USD",
      value: 0,
      items: [],
      order_id: orderNumber,
      title: NO_DIAMOND_TYPE_TITLE,
    },
  };
}

/** The event itself (the first of buildEvents); a purchase's error event, if any, only comes from buildEvents. */
export async function buildEvent(input: EventInput): Promise<TrackingEvent> {
  const [event] = await buildEvents(input);
  return event!;
}
