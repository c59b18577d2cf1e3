/**
 * The cart as the API and the cart page use it: the visitor's CartObject plus what it needs from D1.
 * Order of work for every call: read the catalogue (D1) first, then one synchronous CartObject call.
 */
import type { CartIntent, CartView, OrderDraft } from "#shared/cart/schemas.ts";
import { checkoutProblems, viewLines } from "#shared/cart/checkout.ts";
import { DAILY_LOCK_LIMIT_MESSAGE, PRICE_SNAPSHOT_MAX_AGE_MS, STORED_LOCK_LIMIT_MESSAGE, type Location, type PriceLock } from "#shared/cart/model.ts";
import { cartView } from "#shared/cart/view.ts";
import { linkItems, namesNothing, parseCartLink, sameItems, type CartLinkItems } from "#shared/cart/link.ts";
import type { Context } from "hono";
import { ApiError } from "../api/errors";
import type { AppEnv } from "../env";
import type { Timings } from "../timings";
import { activePromotionGroups } from "../catalogue/retailers";
import { PROMO_EXPERIMENT } from "../catalogue/promotions";
import { recordVisitorEvent, type VisitorEventKind } from "../experiments/store";
import type { Variant } from "#shared/experiments/bucketing.ts";
import type { CartObject, CartSnapshot } from "./cart-object";
import { isStale, refreshChange, resolveIntent, restoreChange } from "./catalogue";

export interface CartBindings {
  DB: D1Database;
  CART: DurableObjectNamespace<CartObject>;
}

/**
 * Who a cart call is for: the visitor (its cart object), where the request came from (the tax estimate's
 * fallback), which promotions they are offered (Promocode_Variation_Global) and where their conversions go
 * (the experiments' add-to-cart and checkout counts).
 */
export interface Shopper {
  visitorId: string;
  location: Location | null;
  promoVariation: Variant;
  converted?: (kind: VisitorEventKind) => void;
}

/** The shopper of a request: its signed visitor id, its geo (§3 Location), its promo variant; conversions recorded after the response. */
export function shopperOf(c: Context<AppEnv>): Shopper {
  const visitorId = c.get("visitorId");
  return {
    visitorId,
    location: c.get("geo"),
    promoVariation: c.get("variants")[PROMO_EXPERIMENT] ?? 0,
    converted: (kind) => recordVisitorEvent(c.env.DB, visitorId, kind, (p) => c.executionCtx.waitUntil(p)),
  };
}

export function cartStub(env: CartBindings, visitorId: string): DurableObjectStub<CartObject> {
  return env.CART.get(env.CART.idFromName(`visitor:${visitorId}`));
}

/** Running promotion campaigns offered to each Promocode_Variation_Global variant, read at most once a minute per isolate (shown with the cart). */
const promotions: ({ at: number; data: CartView["promotionsData"] } | null)[] = [null, null];
async function promotionsData(db: D1Database, now: number, variation: Variant): Promise<CartView["promotionsData"]> {
  const held = promotions[variation];
  if (held && now - held.at < 60_000) return held.data;
  const { groups } = await activePromotionGroups(db, now, variation);
  const data = groups.map((g) => ({ name: g.name, headline: g.headline, promoCode: g.promoCode, discountPercent: g.discountPercent, appliesTo: g.appliesTo, endsAt: g.endsAt }));
  promotions[variation] = { at: now, data };
  return data;
}

async function view(env: CartBindings, who: Shopper, snap: CartSnapshot, now: number): Promise<CartView> {
  return cartView(snap.state, snap.locks, now, await promotionsData(env.DB, now, who.promoVariation), who.location);
}

/** The cart with every product's catalogue facts read afresh from D1 (a cart never changed has nothing to refresh). */
async function refreshed(env: CartBindings, stub: DurableObjectStub<CartObject>, now: number): Promise<CartSnapshot> {
  const { state } = await stub.snapshot(now);
  const r = await stub.apply(state.revision === 0 ? [] : [await refreshChange(env.DB, state, now)], now);
  if (!r.ok) throw new ApiError(r.status, r.message);
  return r;
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
  if (intent.type === "add-diamond" || intent.type === "add-item") who.converted?.("add-to-cart");
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
  // Fresh prices make fresh quotes; applying them reconciles the chosen plans (§4).
  const cart = await view(env, who, await refreshed(env, cartStub(env, who.visitorId), now), now);
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

type OrderRow = {
  order_number: string;
  created_at: number;
  email: string;
  payment_method: OrderDraft["paymentMethod"];
  price_lock_id: string | null;
  subtotal_cents: number;
  discount_cents: number;
  care_plans_cents: number;
  lock_savings_cents: number;
  total_cents: number;
  tax_cents: number;
  cart_link: string;
  shipping_json: string;
  lines_json: string;
};

const orderOf = (r: OrderRow): OrderDraft => ({
  orderNumber: r.order_number,
  status: "drafted",
  createdAt: r.created_at,
  lines: JSON.parse(r.lines_json) as OrderDraft["lines"],
  subtotal: r.subtotal_cents,
  discount: r.discount_cents,
  carePlans: r.care_plans_cents,
  lockSavings: r.lock_savings_cents,
  priceLockId: r.price_lock_id,
  total: r.total_cents,
  tax: r.tax_cents,
  totalWithTax: r.total_cents + r.tax_cents,
  paymentMethod: r.payment_method,
  email: r.email,
  shippingAddress: JSON.parse(r.shipping_json) as OrderDraft["shippingAddress"],
  cartLink: r.cart_link,
});

/** A new order number: 'LP' and 10 random digits. */
function orderNumber(): string {
  const digits = crypto.getRandomValues(new Uint32Array(2));
  return `LP${String(digits[0]! % 100_000).padStart(5, "0")}${String(digits[1]! % 100_000).padStart(5, "0")}`;
}

/**
 * Drafts the order of the visitor's cart as it is now (checkout, §7 orders/draft): catalogue prices read
 * afresh, a valid price lock honoured, the tax for the shipping address. A cart that is not ready (§
 * checkoutProblems) answers 409 with each problem; the same cart revision drafted twice answers the same
 * order (201 the first time, 200 after).
 */
export async function draftOrder(env: CartBindings, who: Shopper, now = Date.now()): Promise<{ created: boolean; order: OrderDraft; cart: CartView }> {
  const stub = cartStub(env, who.visitorId);
  const cart = await view(env, who, await refreshed(env, stub, now), now);
  const problems = checkoutProblems(cart);
  if (problems.length) throw new ApiError(409, "The order is not ready: " + problems.map((p) => p.message).join("; "), problems);
  const shipping = cart.ShippingAddress!;
  const lines = viewLines(cart).map((l) => ({ lineId: l.lineId, name: l.name, quantity: l.quantity, total: l.total }));
  const find = env.DB.prepare("SELECT * FROM orders WHERE visitor_id = ? AND cart_revision = ?").bind(who.visitorId, cart.Revision);
  const [inserted, found] = await env.DB.batch<OrderRow>([
    env.DB.prepare(
      `INSERT INTO orders (order_number, visitor_id, cart_revision, status, created_at, email, payment_method, price_lock_id, subtotal_cents, discount_cents,
         care_plans_cents, lock_savings_cents, total_cents, tax_cents, cart_link, shipping_json, lines_json)
       VALUES (?, ?, ?, 'drafted', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (visitor_id, cart_revision) DO NOTHING`,
    ).bind(
      orderNumber(),
      who.visitorId,
      cart.Revision,
      now,
      shipping.email || cart.UserEmail!,
      cart.PaymentMethod,
      cart.LockedPrice?.id ?? null,
      cart.Subtotal,
      cart.Discount,
      cart.CarePlansTotal,
      cart.LockSavings,
      cart.Total,
      cart.Tax,
      cart.CartLink,
      JSON.stringify(shipping),
      JSON.stringify(lines),
    ),
    find,
  ]);
  const order = orderOf(found!.results[0]!);
  if ((inserted!.meta.changes ?? 0) > 0) who.converted?.("checkout");
  const marked = await stub.apply([{ type: "order-drafted", orderNumber: order.orderNumber, revision: cart.Revision }], now);
  // A change that landed between the read and the mark: the order stands for the cart it was drafted from.
  return { created: (inserted!.meta.changes ?? 0) > 0, order, cart: marked.ok ? await view(env, who, marked, now) : cart };
}
