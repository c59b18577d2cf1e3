/**
 * From what the server knows to conversion events: the request's facts (visitor, address, browser, ad-click
 * cookie, page) joined to an occurrence (items read from D1, the cart or the order) and handed to the pure
 * builders (shared/tracking/build.ts: values, hashing, event ids, the §8 'Purchase with no diamond_type' event).
 */
import { buildEvents, type EventInput } from "#shared/tracking/build.ts";
import type { TrackingEvent } from "#shared/tracking/event.ts";
import type { RawUserData } from "#shared/tracking/hash.ts";

export { sha256Hex } from "#shared/tracking/hash.ts";

/** Who and where, as the request tells the server (never the body). */
export interface RequestFacts {
  visitorId: string;
  ip: string | null;
  userAgent: string | null;
  /** A well-formed ad-click cookie, else null. */
  fbc: string | null;
  /** The page the event happened on. */
  url: string;
  now: number;
}

/** The shopper's own details an event may carry (hashed by the builders). */
export type PlainUserData = Omit<RawUserData, "external_id" | "fbc">;

/** An occurrence: the builders' input without the request's part. */
export type Occurrence = DistributiveOmit<EventInput, "now" | "url" | "ip" | "userAgent" | "user"> & { user?: PlainUserData };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The events of an occurrence as this request saw it (a purchase with no diamond type: two). */
export function conversionEvents(occurrence: Occurrence, facts: RequestFacts): Promise<TrackingEvent[]> {
  const { user, ...rest } = occurrence;
  return buildEvents({
    ...rest,
    now: facts.now,
    url: facts.url,
    ip: facts.ip,
    userAgent: facts.userAgent,
    user: { ...user, external_id: facts.visitorId, fbc: facts.fbc },
  } as EventInput);
}

/** The first (the occurrence's own) event. */
export async function conversionEvent(occurrence: Occurrence, facts: RequestFacts): Promise<TrackingEvent> {
  return (await conversionEvents(occurrence, facts))[0]!;
}
