/**
 * Per-engine view of an event (issue 23 point 1): the value, content ids and items an engine is sent, or null
 * when the engine does not take the event (ShareASale skips natural diamonds and the 'price match' promo code;
 * criteo's search lists at most the first 5 results; add-to-cart is worth 0.0025 only to the engines that use it).
 * PLACEHOLDER until the rules land (helper A replaces this body): the event's own value and ids, every engine.
 */
import type { EngineName, EngineView, TrackingEvent } from "./event";

export function engineView(_engine: EngineName, event: TrackingEvent): EngineView | null {
  return { value: event.custom_data.value, content_ids: event.custom_data.content_ids, items: event.custom_data.items };
}
