/**
 * The cart as the API and the cart page use it: the visitor's CartObject plus what it needs from D1.
 * Order of work for every call: read the catalogue (D1) first, then one synchronous CartObject call.
 */
import type { CartIntent, CartView } from "#shared/cart/schemas.ts";
import { DAILY_LOCK_LIMIT_MESSAGE, PRICE_SNAPSHOT_MAX_AGE_MS, STORED_LOCK_LIMIT_MESSAGE, type Location, type PriceLock } from "#shared/cart/model.ts";
import { cartView } from "#shared/cart/view.ts";
import { linkItems, namesNothing, parseCartLink, sameItems, type CartLinkItems } from "#shared/cart/link.ts";
import type { Context } from "hono";
import { ApiError } from "../api/errors";
import type { AppEnv } from "../env";
import type { Timings } from "../timings";
import { activePromotionGroups } from "../catalogue/retailers";
import type { CartObject, CartSnapshot } from "./cart-object";
import { isStale, refreshChange, resolveIntent, restoreChange } from "./catalogue";

export interface CartBindings {
  DB: D1Database;
  CART: DurableObjectNamespace<CartObject>;
}

/** The visitor's cart object (one per signed visitor id). */
/** Who a cart call is for: the visitor (its cart object) and where the request came from (the tax estimate's fallback). */
export interface Shopper {
  visitorId: string;
  location: Location | null;
}

/** The shopper of a request: its signed visitor id and its geo (§3 Location). */
export function shopperOf(c: Context<AppEnv>): Shopper {
  return { visitorId: c.get("visitorId"), location: c.get("geo") };
}

export function cartStub(env: CartBindings, visitorId: string): DurableObjectStub<CartObject> {
  return env.CART.get(env.CART.idFromName(`visitor:${visitorId}`));
}

/** Running promotion campaigns, read at most once a minute per isolate (shown with the cart). */
let promotions: { at: number; data: CartView["promotionsData"] } | null = null;
async function promotionsData(db: D1Database, now: number): Promise<CartView["promotionsData"]> {
  if (promotions && now - promotions.at < 60_000) return promotions.data;
  const { groups } = await activePromotionGroups(db, now);
  const data = groups.map((g) => ({ name: g.name, headline: g.headline, promoCode: g.promoCode, discountPercent: g.discountPercent, appliesTo: g.appliesTo, endsAt: g.endsAt }));
  promotions = { at: now, data };
  return data;
}

async function view(env: CartBindings, who: Shopper, snap: CartSnapshot, now: number): Promise<CartView> {
  return cartView(snap.state, snap.locks, now, await promotionsData(env.DB, now), who.location);
}

/** The cart with catalogue prices at most PRICE_SNAPSHOT_MAX_AGE_MS old (a refresh when they are older). */
export async function getCart(env: CartBindings, who: Shopper, now = Date.now()): Promise<CartView> {
  const stub = cartStub(env, who.visitorId);
  let snap = await stub.snapshot(now);
  if (isStale(snap.state, now, PRICE_SNAPSHOT_MAX_AGE_MS)) {
    const r = await stub.apply([await refreshChange(env.DB, snap.state, now)], now);
    if (r.ok) snap = r;
  }
  return view(env, who, snap, now);
}

/** Applies one intent; the answer is the whole cart. Unknown items 404, sold ones 409, misfits 400/409. */
export async function changeCart(env: CartBindings, who: Shopper, intent: CartIntent, now = Date.now(), timings?: Timings): Promise<CartView> {
  if (intent.type === "restore") {
    const url = new URL(intent.link, "https://loupe.invalid");
    const items = parseCartLink(url.pathname.split("/").filter(Boolean).slice(1), url.searchParams);
    if (!items) throw new ApiError(400, "Invalid cart link", [{ path: "link", message: "not a cart link" }]);
    return (await restoreFromLink(env, who, items, now)).cart;
  }
  let t = performance.now();
  const changes = await resolveIntent(env.DB, intent, now);
  if (timings) timings.catalogue = performance.now() - t;
  t = performance.now();
  const r = await cartStub(env, who.visitorId).apply(changes, now);
  if (timings) timings.cart = performance.now() - t;
  if (!r.ok) throw new ApiError(r.status, r.message);
  t = performance.now();
  const out = await view(env, who, r, now);
  if (timings) timings.view = performance.now() - t;
  return out;
}

export type PriceLockResult = { status: 200 | 201; lock: PriceLock; cart: CartView };

/**
 * Locks the cart's current total (§4/§5): catalogue prices are read fresh, then the object decides. A new
 * lock answers 201, the lock already holding this total 200; the fourth lock of the day 429 with the §8
 * message; a fifth stored lock 409; an empty cart 409.
 */
export async function lockPrice(env: CartBindings, who: Shopper, now = Date.now()): Promise<PriceLockResult> {
  const stub = cartStub(env, who.visitorId);
  const { state } = await stub.snapshot(now);
  const r = await stub.lockPrice(await refreshChange(env.DB, state, now), now);
  switch (r.decision) {
    case "daily-limit":
      throw new ApiError(429, DAILY_LOCK_LIMIT_MESSAGE);
    case "stored-limit":
      throw new ApiError(409, STORED_LOCK_LIMIT_MESSAGE);
    case "empty":
      throw new ApiError(409, "Add an item to your cart before locking its price");
    default:
      return { status: r.decision === "add" ? 201 : 200, lock: r.lock!, cart: await view(env, who, r, now) };
  }
}

/** Care-plan quotes for the cart's products (§7 POST care-plan/quote/cart), reconciled into the cart. */
export async function quoteCarePlans(env: CartBindings, who: Shopper, now = Date.now()): Promise<{ quotes: { productId: string; productName: string; quotes: CartView["CarePlans"][number]["quotes"] }[]; cart: CartView }> {
  const stub = cartStub(env, who.visitorId);
  const { state } = await stub.snapshot(now);
  // Fresh prices make fresh quotes; applying them reconciles the chosen plans (§4).
  const r = await stub.apply(state.revision === 0 ? [] : [await refreshChange(env.DB, state, now)], now);
  if (!r.ok) throw new ApiError(r.status, r.message);
  const cart = await view(env, who, r, now);
  const names = new Map(
    [...cart.EngagementRings.flatMap((x) => [x.setting, x.diamond]), cart.PairedDiamond, ...cart.WeddingBands, ...cart.FineJewelry, ...cart.Pendants, ...cart.Studs]
      .filter((l) => l !== null)
      .map((l) => [l.lineId, l.name]),
  );
  return { quotes: cart.CarePlans.map((o) => ({ productId: o.productIds[0]!, productName: names.get(o.productIds[0]!) ?? "", quotes: o.quotes })), cart };
}

/**
 * Rebuilds the visitor's cart from a shared link (§2) when it names other items than the cart holds:
 * the link's items replace the cart's (addresses, contact and promo code stay). Unknown or sold items in a
 * link are skipped; the answer says how many.
 */
export async function restoreFromLink(env: CartBindings, who: Shopper, items: CartLinkItems, now = Date.now()): Promise<{ cart: CartView; skipped: number }> {
  const stub = cartStub(env, who.visitorId);
  const snap = await stub.snapshot(now);
  if (namesNothing(items) || sameItems(linkItems(snap.state), items)) return { cart: await view(env, who, snap, now), skipped: 0 };
  const { change, skipped } = await restoreChange(env.DB, items);
  const r = await stub.apply([change], now);
  if (!r.ok) throw new ApiError(r.status, r.message);
  return { cart: await view(env, who, r, now), skipped };
}
