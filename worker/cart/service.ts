/**
 * The cart as the API and the cart page use it: the visitor's CartObject plus what it needs from D1.
 * Order of work for every call: read the catalogue (D1) first, then one synchronous CartObject call.
 */
import type { CartIntent, CartView } from "#shared/cart/schemas.ts";
import { DAILY_LOCK_LIMIT_MESSAGE, PRICE_SNAPSHOT_MAX_AGE_MS, STORED_LOCK_LIMIT_MESSAGE, type Location, type PriceLock } from "#shared/cart/model.ts";
import { cartView } from "#shared/cart/view.ts";
import { linkItems, namesNothing, parseCartLink, sameItems, type CartLinkItems } from "#shared/cart/link.ts";
import { DomainError, refused } from "#shared/refusal.ts";
import type { Variant } from "#shared/experiments/bucketing.ts";
import type { Timings } from "../lib/timings";
import { activePromotionGroups } from "../promotions/store";
import type { VisitorEventKind } from "../tracking/messages";
import type { CartActivity } from "../tracking/cart-events";
import type { CartObject, CartSnapshot } from "./cart-object";
import { isStale, refreshChange, resolveIntent, restoreChange } from "./products";
import { refuseTaken, takenByOthers } from "../orders/holds";
import type { SearchIndexObject } from "../search/search-object";

export interface CartBindings {
  DB: D1Database;
  CART: DurableObjectNamespace<CartObject>;
  /** The search index: the similar stones offered with a stone someone else holds. */
  SEARCH?: DurableObjectNamespace<SearchIndexObject>;
}

/**
 * Who a cart call is for: the visitor (its cart object), where the request came from (the tax estimate's
 * fallback), which promotions they are offered (Promocode_Variation_Global) and where their conversions go
 * (the experiments' add-to-cart and checkout counts).
 */
export interface Shopper {
  visitorId: string;
  /** The signed-in customer's guid: their cart (it follows them to any browser) instead of the visitor's. */
  userGuid?: string | null;
  location: Location | null;
  promoVariation: Variant;
  converted?: (kind: VisitorEventKind) => void;
  /** Where the cart's conversion events go (worker/tracking/cart-events.ts): called after the change is made. */
  track?: (activity: CartActivity) => void;
}

export function cartStub(env: CartBindings, visitorId: string): DurableObjectStub<CartObject> {
  return env.CART.get(env.CART.idFromName(`visitor:${visitorId}`));
}

/** A signed-in customer's cart object. */
export function userCartStub(env: CartBindings, userGuid: string): DurableObjectStub<CartObject> {
  return env.CART.get(env.CART.idFromName(`user:${userGuid}`));
}

/** The key of the shopper's cart (orders.cart_key): the customer's when signed in, else the visitor's. */
export const cartKeyOf = (who: Shopper): string => (who.userGuid ? `user:${who.userGuid}` : `visitor:${who.visitorId}`);

/** The cart a shopper's calls go to: the customer's when signed in, else the visitor's. */
export function shopperCart(env: CartBindings, who: Shopper): DurableObjectStub<CartObject> {
  return who.userGuid ? userCartStub(env, who.userGuid) : cartStub(env, who.visitorId);
}

/**
 * Signing in: the visitor's cart moves into the customer's (decision 008's merge: the visitor's newer ring and
 * promo win, lines add up) and the visitor's object is left empty. Should the merge fail, the visitor's
 * cart is put back, so nothing is lost.
 */
export async function mergeVisitorCart(env: CartBindings, visitorId: string, userGuid: string, now = Date.now()): Promise<void> {
  const visitor = cartStub(env, visitorId);
  const taken = await visitor.takeAll();
  if (taken.state.revision === 0 && taken.locks.length === 0) return;
  try {
    await userCartStub(env, userGuid).mergeFrom(taken, now);
  } catch (e) {
    await visitor.mergeFrom(taken, now);
    throw e;
  }
}

/** Running promotion campaigns offered to each Promocode_Variation_Global variant, read at most once a minute per isolate (shown with the cart). */
const promotions: ({ at: number; data: CartView["promotionsData"] } | null)[] = [null, null];
async function promotionsData(db: D1Database, now: number, variation: Variant): Promise<CartView["promotionsData"]> {
  const held = promotions[variation];
  if (held && now - held.at < 60_000) return held.data;
  const { groups } = await activePromotionGroups(db, now, variation);
  const data = groups.map((g) => ({
    name: g.name,
    headline: g.headline,
    promoCode: g.promoCode,
    discountPercent: g.discountPercent,
    appliesTo: g.appliesTo,
    endsAt: g.endsAt,
  }));
  promotions[variation] = { at: now, data };
  return data;
}

export async function view(env: CartBindings, who: Shopper, snap: CartSnapshot, now: number): Promise<CartView> {
  return cartView(snap.state, snap.locks, now, await promotionsData(env.DB, now, who.promoVariation), who.location);
}

/** The cart with every product's catalogue facts read afresh from D1 (a cart never changed has nothing to refresh). */
export async function refreshed(env: CartBindings, stub: DurableObjectStub<CartObject>, now: number): Promise<CartSnapshot> {
  const { state } = await stub.snapshot(now);
  const r = await stub.apply(state.revision === 0 ? [] : [await refreshChange(env.DB, state, now)], now);
  if (!r.ok) throw new DomainError(r);
  return r;
}

/** The cart with catalogue prices at most PRICE_SNAPSHOT_MAX_AGE_MS old (a refresh when they are older). */
export async function getCart(env: CartBindings, who: Shopper, now = Date.now()): Promise<CartView> {
  const stub = shopperCart(env, who);
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
    if (!items) refused("bad_request", "Invalid cart link", [{ path: "link", message: "not a cart link" }]);
    return (await restoreFromLink(env, who, items, now)).cart;
  }
  // A removal's event is about the line removed: the cart before it (read only when someone tracks).
  const before = intent.type === "remove" && who.track ? await view(env, who, await shopperCart(env, who).snapshot(now), now).catch(() => null) : null;
  let t = performance.now();
  // A promo code's rules look at the customer: the account, and the emails the cart has for the checkout.
  const customer =
    intent.type === "apply-promo"
      ? await shopperCart(env, who)
          .snapshot(now)
          .then(({ state }) => ({ userGuid: who.userGuid ?? null, emails: [state.userEmail, state.shippingAddress?.email] }))
      : undefined;
  const changes = await resolveIntent(env.DB, intent, now, customer);
  // A stone another shopper's order holds (or bought) cannot be added (worker/orders/holds.ts).
  if (intent.type === "add-diamond") await refuseTaken(env, [intent.diamondId, ...(intent.pairId ? [intent.pairId] : [])], cartKeyOf(who));
  if (timings) timings.catalogue = performance.now() - t;
  t = performance.now();
  const r = await shopperCart(env, who).apply(changes, now);
  if (timings) timings.cart = performance.now() - t;
  if (!r.ok) throw new DomainError(r);
  t = performance.now();
  const out = await view(env, who, r, now);
  if (timings) timings.view = performance.now() - t;
  // Together (one tick): the experiments' conversion and the cart's event leave in one send.
  if (intent.type === "add-diamond" || intent.type === "add-item") who.converted?.("add-to-cart");
  who.track?.({ kind: "changed", intent, before, after: out });
  return out;
}

export type PriceLockResult = { created: boolean; lock: PriceLock; cart: CartView };

/**
 * Locks the cart's current total (§4/§5): catalogue prices are read fresh, then the object decides. A new
 * lock is `created`; the lock already holding this total is not; the fourth lock of the day is refused
 * (rate_limited, the §8 message), a fifth stored lock and an empty cart too (conflict).
 */
export async function lockPrice(env: CartBindings, who: Shopper, now = Date.now()): Promise<PriceLockResult> {
  const stub = shopperCart(env, who);
  const { state } = await stub.snapshot(now);
  const r = await stub.lockPrice(await refreshChange(env.DB, state, now), now);
  switch (r.decision) {
    case "daily-limit":
      return refused("rate_limited", DAILY_LOCK_LIMIT_MESSAGE);
    case "stored-limit":
      return refused("conflict", STORED_LOCK_LIMIT_MESSAGE);
    case "empty":
      return refused("conflict", "Add an item to your cart before locking its price");
    default:
      return { created: r.decision === "add", lock: r.lock!, cart: await view(env, who, r, now) };
  }
}

/** Care-plan quotes for the cart's products (§7 POST care-plan/quote/cart), reconciled into the cart. */
export async function quoteCarePlans(
  env: CartBindings,
  who: Shopper,
  now = Date.now(),
): Promise<{ quotes: { productId: string; productName: string; quotes: CartView["CarePlans"][number]["quotes"] }[]; cart: CartView }> {
  // Fresh prices make fresh quotes; applying them reconciles the chosen plans (§4).
  const cart = await view(env, who, await refreshed(env, shopperCart(env, who), now), now);
  const names = new Map(
    [
      ...cart.EngagementRings.flatMap((x) => [x.setting, x.diamond]),
      cart.PairedDiamond,
      ...cart.WeddingBands,
      ...cart.FineJewelry,
      ...cart.Pendants,
      ...cart.Studs,
    ]
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
  const stub = shopperCart(env, who);
  const snap = await stub.snapshot(now);
  if (namesNothing(items) || sameItems(linkItems(snap.state), items)) return { cart: await view(env, who, snap, now), skipped: 0 };
  // A stone another shopper's order holds (or bought) is skipped like a sold one (worker/orders/holds.ts).
  const taken = new Set(
    await takenByOthers(
      env.DB,
      [items.diamondId, items.pairId].filter((id) => id !== null),
      cartKeyOf(who),
    ),
  );
  const free = { ...items, diamondId: taken.has(items.diamondId ?? 0) ? null : items.diamondId, pairId: taken.has(items.pairId ?? 0) ? null : items.pairId };
  const { change, skipped } = await restoreChange(env.DB, free);
  const r = await stub.apply([change], now);
  if (!r.ok) throw new DomainError(r);
  return { cart: await view(env, who, r, now), skipped: skipped + taken.size };
}
