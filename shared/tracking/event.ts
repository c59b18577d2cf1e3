/**
 * The conversion event as the site builds it (§7 "Social ads conversion events"): one shape for every engine,
 * close to the Meta Conversions API's server event, which §7 quotes. The pure rules (shared/tracking/build.ts,
 * values.ts, hash.ts) build it; the queue carries it (worker/tracking/); each engine's adapter turns it into
 * that engine's request, asking `engineView` (shared/tracking/engine-view.ts) for the engine's value, ids and
 * whether the engine takes the event at all.
 */

/** The events the site reports (§7 Tracking POSTs, plus search, page view and the §8 error event). */
export const TRACKING_EVENT_NAMES = [
  "page_view",
  "view_content",
  "search",
  "add_to_cart",
  "remove_from_cart",
  "initiate_checkout",
  "add_shipping_info",
  "add_shipping_info_user_data",
  "purchase",
  "error_message_shown",
] as const;
export type TrackingEventName = (typeof TRACKING_EVENT_NAMES)[number];

/** The engines with a server-side adapter (§1: applovin, reddit, blotout and snapchat are disabled). */
export const ENGINES = ["meta", "ga4", "google-ads", "tiktok", "pinterest", "criteo", "shareasale"] as const;
export type EngineName = (typeof ENGINES)[number];
/** §1: engines that never receive an event, whatever is configured. */
export const DISABLED_ENGINES = ["applovin", "reddit", "blotout", "snapchat"] as const;

/** What a cart or order line is, for the §9 value multipliers. */
export const PRODUCT_TYPES = [
  "lab-diamond",
  "natural-diamond",
  "setting",
  "earrings",
  "pendant",
  "wedding-band",
  "preset-earrings",
  "preset-necklace",
  "bracelet",
  "care-plan",
  "preset-engagement-ring",
  "other",
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The kinds of cart lines and of order_items.kind (shared/cart/model.ts productLines), plus the cart's care plans. */
export const LINE_KINDS = ["setting", "diamond", "paired-diamond", "wedding-band", "pendant", "stud", "fine-jewelry", "care-plan"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** One product the event is about: price in whole USD cents (exact), quantity ≥ 1. */
export interface TrackedItem {
  id: string;
  type: ProductType;
  name: string;
  priceCents: number;
  quantity: number;
  /**
   * The cart or order line it came from (productTypeOf's input), when known: "paired-diamond" makes the event's
   * diamond_type "paired-diamond" (§4); null is an order line from before line kinds were kept (unknown).
   */
  kind?: LineKind | null;
  /** Diamonds only: the grading fields the §5 revenue estimate reads. */
  grade?: string | null;
  color?: string | null;
  clarity?: string | null;
}

/**
 * User data, each field the lowercase hex SHA-256 of the normalised value (shared/tracking/hash.ts); absent
 * when unknown. external_id is the hashed visitor id; fbc is the ad-click cookie, sent unhashed as Meta asks.
 */
export interface HashedUserData {
  em?: string;
  ph?: string;
  fn?: string;
  ln?: string;
  zp?: string;
  st?: string;
  ct?: string;
  country?: string;
  external_id?: string;
  fbc?: string;
}

export interface CustomData {
  content_category: string;
  content_name: string;
  content_ids: string[];
  content_type: "product" | "product_group";
  currency: "USD";
  /**
   * The event's value in USD after the §9 multipliers and the 7,500 cap: what Meta is sent (engineView gives
   * every engine's own; docs/decisions/039-conversion-values.md has the table).
   */
  value: number;
  /** view_content and add_to_cart: the dynamic ads multiplier the value was built with (0.3–2; absent means 1). */
  dynamic_ads_multiplier?: number;
  /** The products, for engines that price per engine (engineView) and for the dynamic ads. */
  items: TrackedItem[];
  /** §4: "diamond", "paired-diamond" when a paired diamond exists; absent when the event has no diamond. */
  diamond_type?: "diamond" | "paired-diamond";
  /** Lab-grown or natural, when the event has a diamond. */
  diamond_origin?: "lab" | "natural";
  order_id?: string;
  promo_code?: string | null;
  search_string?: string;
  /** Search only: the result ids in order (criteo lists the first 5). */
  result_ids?: string[];
  /** error_message_shown only: the error's title. */
  title?: string;
}

export interface TrackingEvent {
  /** De-duplication key shared with browser tags: the same id for the same occurrence. */
  event_id: string;
  event_name: TrackingEventName;
  /** Unix seconds. */
  event_time: number;
  event_source_url: string;
  action_source: "website";
  user_data: HashedUserData;
  client_ip_address: string | null;
  client_user_agent: string | null;
  custom_data: CustomData;
}

/** What one engine is sent for an event: its value, ids and items (engineView), or nothing. */
export interface EngineView {
  value: number;
  content_ids: string[];
  items: TrackedItem[];
}
