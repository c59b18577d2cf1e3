/**
 * The tracking calls' work (shared/api/tracking.ts): each event built from D1 (never from the body), and the
 * once-only purchase. Plain values in; the routes pass the request's facts and do the gate and the queueing.
 */
import { isPaid } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import type { PageViewRequest, SearchRequest, ViewContentRequest } from "#shared/tracking/schemas.ts";
import { purchaseEventId } from "#shared/tracking/build.ts";
import type { TrackingEvent } from "#shared/tracking/event.ts";
import { diamondContentId } from "#shared/tracking/items.ts";
import type { OrderRow } from "../orders/store";
import { conversionEvent, conversionEvents, type PlainUserData, type RequestFacts, sha256Hex } from "./build";
import type { PageViewRecord, TrackingMessage } from "./messages";
import { diamondFacts, diamondItem, itemsOfOrder, settingFacts, settingItem } from "./products";

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** The utm_* parameters of a URL (each at most 200 characters). */
export function utmOf(url: string): PageViewRecord["utm"] {
  const params = new URL(url).searchParams;
  const out: PageViewRecord["utm"] = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key);
    if (value) out[key] = value.slice(0, 200);
  }
  return out;
}

/** A page view's record and its page_view event. The page must be this site's (bad_request otherwise). */
export async function pageViewMessages(body: PageViewRequest, facts: RequestFacts, origin: string): Promise<TrackingMessage[]> {
  for (const [path, url] of [
    ["url", body.url],
    ["landingUrl", body.landingUrl],
  ] as const)
    if (url !== undefined && new URL(url).origin !== origin) refused("bad_request", "Invalid request body", [{ path, message: "not a page of this site" }]);
  const record: PageViewRecord = {
    at: facts.now,
    url: body.url,
    referrer: body.referrer || null,
    cookieId: facts.visitorId,
    utm: utmOf(body.landingUrl ?? body.url),
  };
  const event = await conversionEvent({ name: "page_view" }, { ...facts, url: body.url });
  return [
    { type: "page-view", record },
    { type: "conversion", event },
  ];
}

/** view_content of a diamond (paired-diamond when it has a pair) or a setting; not_found for an unknown id. */
export async function viewContentEvent(db: D1Database, body: ViewContentRequest, facts: RequestFacts): Promise<TrackingEvent> {
  if (body.product === "diamond") {
    const d = (await diamondFacts(db, [body.id])).get(body.id) ?? refused("not_found", `No diamond ${body.id}`);
    return conversionEvent({ name: "view_content", items: [diamondItem(d, d.pairId ? "paired-diamond" : "diamond")] }, facts);
  }
  const s = (await settingFacts(db, [body.id])).get(body.id) ?? refused("not_found", `No setting ${body.id}`);
  return conversionEvent({ name: "view_content", items: [settingItem(s)] }, facts);
}

/** search with the diamonds shown that exist, in the order shown. */
export async function searchEvent(db: D1Database, body: SearchRequest, facts: RequestFacts): Promise<TrackingEvent> {
  const found = await diamondFacts(db, body.resultIds);
  const shown = body.resultIds.filter((id) => found.has(id));
  return conversionEvent({ name: "search", query: body.query, resultIds: shown.map(diamondContentId) }, facts);
}

/** The shopper's own details on the order (its email and shipping address). */
function orderUser(order: OrderRow): PlainUserData {
  const ship = JSON.parse(order.shipping_json) as Partial<Record<"name" | "city" | "state" | "postalCode" | "countryCode" | "phone", string>>;
  const [firstName, ...rest] = (ship.name ?? "").trim().split(/\s+/);
  return {
    em: order.email,
    ph: ship.phone || null,
    fn: firstName || null,
    ln: rest.join(" ") || null,
    zp: ship.postalCode ?? null,
    st: ship.state ?? null,
    ct: ship.city ?? null,
    country: ship.countryCode ?? null,
  };
}

/** The paid order's purchase event (and, when its diamond type cannot be told, the §8 error event), from its lines. */
export async function purchaseEvents(db: D1Database, order: OrderRow, facts: RequestFacts): Promise<TrackingEvent[]> {
  const items = await itemsOfOrder(db, order.order_number);
  return conversionEvents({ name: "purchase", orderNumber: order.order_number, items, promoCode: order.promo_code, user: orderUser(order) }, facts);
}

/**
 * Queues the order's purchase once: the first caller claims its event id in tracking_sent (one statement, so
 * of N concurrent callers exactly one wins) and queues it; a failure to queue gives the claim back. True when
 * this call queued it. The order must be paid (conflict otherwise).
 */
export async function purchaseOnce(
  db: D1Database,
  order: OrderRow,
  facts: RequestFacts,
  send: (messages: TrackingMessage[]) => Promise<unknown>,
): Promise<boolean> {
  if (!isPaid(order.status)) refused("conflict", `Order ${order.order_number} is not paid`);
  const eventId = purchaseEventId(order.order_number);
  const claim = await db.prepare("INSERT INTO tracking_sent (event_id, at) VALUES (?, ?) ON CONFLICT DO NOTHING").bind(eventId, facts.now).run();
  if ((claim.meta.changes ?? 0) === 0) return false;
  try {
    const events = await purchaseEvents(db, order, facts);
    await send(events.map((event) => ({ type: "conversion", event })));
    return true;
  } catch (err) {
    await db.prepare("DELETE FROM tracking_sent WHERE event_id = ?").bind(eventId).run();
    throw err;
  }
}

/** The SHA-256 key of an email (trimmed, lowercase). */
export const emailKey = (email: string) => sha256Hex(email.trim().toLowerCase());

/** Keeps the ad-click cookie for the email (the newest click wins). */
export async function saveFbc(db: D1Database, email: string, fbc: string, now: number): Promise<void> {
  await db
    .prepare(
      "INSERT INTO ad_clicks (email_hash, fbc, updated_at) VALUES (?, ?, ?) ON CONFLICT (email_hash) DO UPDATE SET fbc = excluded.fbc, updated_at = excluded.updated_at",
    )
    .bind(await emailKey(email), fbc, now)
    .run();
}

/** The ad-click cookie kept for the email, or null. */
export async function findFbc(db: D1Database, email: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT fbc FROM ad_clicks WHERE email_hash = ?")
    .bind(await emailKey(email))
    .first<{ fbc: string }>();
  return row?.fbc ?? null;
}
