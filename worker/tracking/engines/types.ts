/**
 * What every engine adapter is to the queue consumer (worker/tracking/deliver.ts): the events it takes, how many
 * fit one request, and one call that sends them and says how it went. Adapters never retry themselves: the queue
 * does (msg.retry with a backoff, then the dead-letter queue), so a failure costs no worker time.
 */
import type { EngineName, EngineView, TrackingEvent } from "#shared/tracking/event.ts";

/** How one request to an engine went, for every event it carried. */
export type DeliveryOutcome =
  | { kind: "delivered" }
  /** 408, 429, 5xx, a network error or a timeout: worth another try (after `retryAfterSeconds` when the engine said). */
  | { kind: "retry"; error: string; retryAfterSeconds?: number }
  /** Any other 4xx: the engine will never take this request; recorded as failed, never retried. */
  | { kind: "failed"; error: string };

/** An event as one engine sees it: the event and the engine's view of it (shared/tracking/engine-view.ts). */
export interface EngineEvent {
  event: TrackingEvent;
  view: EngineView;
}

export interface EngineAdapter {
  readonly engine: EngineName;
  /** The most events one request may carry (GA4 25, Criteo and ShareASale 1, …). */
  readonly maxPerRequest: number;
  /** Events sharing a request must share this key (GA4: one client_id per request); default: any may share. */
  requestKey?(event: TrackingEvent): string;
  /** Why this engine does not take the event beyond its view (no gclid for Google Ads…), or null when it does. */
  declines?(event: TrackingEvent): string | null;
  /** Sends the events (1 ≤ length ≤ maxPerRequest, one requestKey). */
  send(events: readonly EngineEvent[]): Promise<DeliveryOutcome>;
}

/** How an adapter reaches its API: injected fetch (tests), the per-call timeout (§9: tracking calls 3,000 ms). */
export interface Reach {
  fetch?: typeof fetch;
  timeoutMs?: number;
}
