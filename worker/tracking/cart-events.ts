/**
 * The events the worker emits itself when it performs the action (decision 041): add_to_cart and
 * remove_from_cart (POST /cart's add and remove intents), add_shipping_info (a shipping address given),
 * add_shipping_info_user_data (the contact email or phone given), initiate_checkout (a new order drafted).
 * Built from the cart the change produced (or, for a removal, the cart before it); the event id is the cart's
 * revision (or the order number), so the same change is never two events.
 */
import type { CartIntent, CartView } from "#shared/cart/schemas.ts";
import type { TrackingEvent, TrackingEventName } from "#shared/tracking/event.ts";
import { conversionEvent, type PlainUserData, type RequestFacts, sha256Hex } from "./build";
import { cartLines, itemsOfLines, type LineKind } from "./products";

/** What the cart service tells the tracking side (worker/cart/service.ts, worker/cart/orders.ts). */
export type CartActivity =
  | { kind: "changed"; intent: CartIntent; before: CartView | null; after: CartView }
  | { kind: "drafted"; orderNumber: string; cart: CartView };

type Line = ReturnType<typeof cartLines>[number];
/** The request's facts and the catalogue the items are read from. */
type Facts = RequestFacts & { db: D1Database };

/** The event a change is, and the lines it is about; null for changes that are no conversion event. */
function changeEvent(intent: CartIntent, before: CartView | null, after: CartView): { name: TrackingEventName; lines: Line[]; cart: CartView } | null {
  switch (intent.type) {
    case "add-diamond": {
      const ids = [intent.diamondId, intent.pairId].filter((id) => id !== undefined);
      const lines = cartLines(after).filter((l) => (l.kind === "diamond" || l.kind === "paired-diamond") && ids.includes(l.line.productId));
      return lines.length ? { name: "add_to_cart", lines, cart: after } : null;
    }
    case "add-item": {
      const lines = cartLines(after).filter((l) => l.kind !== "diamond" && l.kind !== "paired-diamond" && l.line.variantId === intent.variantId);
      return lines.length ? { name: "add_to_cart", lines, cart: after } : null;
    }
    case "remove": {
      const lines = before ? cartLines(before).filter((l) => l.line.lineId === intent.lineId) : [];
      return lines.length ? { name: "remove_from_cart", lines, cart: before! } : null;
    }
    case "set-addresses":
      return intent.shippingAddress ? { name: "add_shipping_info", lines: cartLines(after), cart: after } : null;
    case "set-contact":
      return intent.userEmail || intent.phoneNumber ? { name: "add_shipping_info_user_data", lines: cartLines(after), cart: after } : null;
    default:
      return null;
  }
}

/** The shopper's details the cart holds (contact, shipping address). */
function cartUser(cart: CartView): PlainUserData {
  const ship = cart.ShippingAddress;
  const [firstName, ...rest] = (ship?.name ?? "").trim().split(/\s+/);
  return {
    email: cart.UserEmail ?? (ship?.email || null),
    phone: cart.PhoneNumber ?? (ship?.phone || null),
    firstName: firstName || null,
    lastName: rest.join(" ") || null,
    zip: ship?.postalCode ?? null,
    state: ship?.state ?? null,
    city: ship?.city ?? null,
    country: ship?.countryCode ?? null,
  };
}

async function eventOf(name: TrackingEventName, eventId: string, lines: Line[], cart: CartView, facts: Facts, extra = {}): Promise<TrackingEvent> {
  const { items, diamonds } = await itemsOfLines(
    facts.db,
    lines.map((l) => ({
      productId: l.line.productId,
      kind: l.kind satisfies LineKind,
      name: l.line.name,
      quantity: l.line.quantity,
      totalCents: l.line.total,
    })),
  );
  const paired = lines.some((l) => l.kind === "paired-diamond") || diamonds.some((d) => d.pairId !== null);
  return conversionEvent(
    {
      name,
      eventId,
      items,
      user: cartUser(cart),
      extra: {
        promo_code: cart.PromoCode,
        ...(diamonds.length
          ? {
              diamond_type: paired ? ("paired-diamond" as const) : ("diamond" as const),
              diamond_origin: diamonds[0]!.lab ? ("lab" as const) : ("natural" as const),
            }
          : {}),
        ...extra,
      },
    },
    facts,
  );
}

/** The conversion event of a cart activity, or null when it is none. `cartKey` names the cart (visitor or customer). */
export async function cartActivityEvent(activity: CartActivity, cartKey: string, facts: Facts): Promise<TrackingEvent | null> {
  if (activity.kind === "drafted")
    return eventOf("initiate_checkout", `initiate_checkout-${activity.orderNumber}`, cartLines(activity.cart), activity.cart, facts, {
      order_id: activity.orderNumber,
    });
  const found = changeEvent(activity.intent, activity.before, activity.after);
  if (!found) return null;
  // The revision the change made (a removal's too: `after`), in a cart named by a digest (no visitor id leaves).
  const eventId = `${found.name}-${(await sha256Hex(cartKey)).slice(0, 16)}-${activity.after.Revision}`;
  return eventOf(found.name, eventId, found.lines, found.cart, facts);
}
