/**
 * What the tracking queue carries (wrangler.toml `TRACKING_QUEUE`, consumer worker/tracking/consumer.ts).
 * Everything that must not be lost when an isolate goes away goes through it: conversion events for the ad
 * engines, the experiments' exposures and conversions, page-view records.
 */
import type { Variant, AssignmentSource } from "#shared/experiments/bucketing.ts";
import type { EngineName, TrackingEvent } from "#shared/tracking/event.ts";

export type VisitorEventKind = "add-to-cart" | "checkout";

/** A page view (§7): when, where, from where, which visitor, the utm_* parameters. */
export interface PageViewRecord {
  at: number;
  url: string;
  referrer: string | null;
  cookieId: string;
  utm: Partial<Record<"utm_source" | "utm_medium" | "utm_campaign" | "utm_term" | "utm_content", string>>;
}

export type TrackingMessage =
  /** A conversion event, fanned out by the consumer into one `deliver` per enabled engine. */
  | { type: "conversion"; event: TrackingEvent }
  /** One engine's delivery of one event: retried and dead-lettered on its own. */
  | { type: "deliver"; engine: EngineName | "local"; event: TrackingEvent }
  | { type: "exposure"; visitorId: string; experiment: string; variant: Variant; source: AssignmentSource; at: number }
  | { type: "visitor-event"; visitorId: string; kind: VisitorEventKind; at: number }
  | { type: "page-view"; record: PageViewRecord };

/** The producer side of the queue binding (the tests pass a recording one). */
export interface TrackingProducer {
  sendBatch(messages: Iterable<MessageSendRequest<TrackingMessage>>): Promise<unknown>;
}

/** Queue limits: 100 messages per sendBatch. */
const BATCH = 100;

/** Puts messages on the tracking queue (in batches of 100). */
export async function enqueueTracking(queue: TrackingProducer, messages: readonly TrackingMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += BATCH) {
    await queue.sendBatch(messages.slice(i, i + BATCH).map((body) => ({ body, contentType: "json" as const })));
  }
}
