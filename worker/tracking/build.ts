/**
 * Builds the conversion event (shared/tracking/event.ts) from what the server knows: the request's visitor,
 * address, browser and ad-click cookie, and the items read from D1, the cart or the order.
 * LOCAL STAND-IN for helper A's pure builders (shared/tracking/: buildEvent, hashUserData, values): the
 * value here is the items' sum in USD capped at §9's 7,500; when A's rules land, `conversionEvent` calls them
 * and nothing else changes (every caller goes through it).
 */
import type { CustomData, HashedUserData, TrackedItem, TrackingEvent, TrackingEventName } from "#shared/tracking/event.ts";

/** §9: the conversion value cap in USD. */
const VALUE_CAP_USD = 7500;

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

/** Lowercase hex SHA-256 of the text. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The shopper's own details the event may carry, hashed once normalised (lowercase, trimmed; phone digits only). */
export interface PlainUserData {
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  zip?: string | null;
  state?: string | null;
  city?: string | null;
  country?: string | null;
}

async function hashed(user: PlainUserData, facts: RequestFacts): Promise<HashedUserData> {
  const out: HashedUserData = { external_id: await sha256Hex(facts.visitorId) };
  const fields: [keyof HashedUserData, string | null | undefined][] = [
    ["em", user.email?.trim().toLowerCase()],
    ["ph", user.phone?.replace(/\D/g, "")],
    ["fn", user.firstName?.trim().toLowerCase()],
    ["ln", user.lastName?.trim().toLowerCase()],
    ["zp", user.zip?.replace(/\s/g, "").toLowerCase()],
    ["st", user.state?.trim().toLowerCase()],
    ["ct", user.city?.replace(/\s/g, "").toLowerCase()],
    ["country", user.country?.trim().toLowerCase()],
  ];
  for (const [key, value] of fields) if (value) out[key] = await sha256Hex(value);
  if (facts.fbc) out.fbc = facts.fbc;
  return out;
}

export interface EventInput {
  name: TrackingEventName;
  eventId: string;
  items: TrackedItem[];
  user?: PlainUserData;
  category?: string;
  extra?: Partial<Omit<CustomData, "items" | "value" | "currency">>;
}

/** The conversion event of `input` as this request saw it (see the module note: the value rules come from helper A). */
export async function conversionEvent(input: EventInput, facts: RequestFacts): Promise<TrackingEvent> {
  const cents = input.items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0);
  const first = input.items[0];
  return {
    event_id: input.eventId,
    event_name: input.name,
    event_time: Math.floor(facts.now / 1000),
    event_source_url: facts.url,
    action_source: "website",
    user_data: await hashed(input.user ?? {}, facts),
    client_ip_address: facts.ip,
    client_user_agent: facts.userAgent,
    custom_data: {
      content_category: input.category ?? first?.type ?? "site",
      content_name: first?.name ?? input.name,
      content_ids: input.items.map((i) => i.id),
      content_type: input.items.length > 1 ? "product_group" : "product",
      currency: "USD",
      value: Math.min(VALUE_CAP_USD, Math.round(cents) / 100),
      items: input.items,
      ...input.extra,
    },
  };
}
