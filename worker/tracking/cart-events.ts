/**
 * The events the worker emits itself when it performs the action (decision 041): add_to_cart and
 * remove_from_cart (POST /cart's add and remove intents), add_shipping_info (a shipping address given),
 * add_shipping_info_user_data (the contact email or phone given), initiate_checkout (a new order drafted).
 * Built from the cart the change produced (or, for a removal, the cart before it); the event id is the cart's
 * revision (or the order number), so the same change is never two events.
 */
import type { CartIntent, CartView } from "#shared/cart/schemas.ts";
import type { TrackingEvent } from "#shared/tracking/event.ts";
import { conversionEvent, type PlainUserData, type RequestFacts, sha256Hex } from "./build";
import { cartLines, itemsOfCartLines } from "./products";

/** What the cart service tells the tracking side (worker/cart/service.ts, worker/cart/orders.ts). */
export type CartActivity =
  | { kind: "changed"; intent: CartIntent; before: CartView | null; after: CartView }
  | { kind: "drafted"; orderNumber: string; cart: CartView };

type Line = ReturnType<typeof cartLines>[number];
/** The request's facts and the catalogue the items are read from. */
type Facts = RequestFacts & { db: D1Database };

/** The event a change is, and the lines it is about; null for changes that are no conversion event. */
function changeEvent(intent: CartIntent, before: CartView | null, after: CartView): { name: CartEventName; lines: Line[]; cart: CartView } | null {
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
    em: cart.UserEmail ?? (ship?.email || null),
    ph: cart.PhoneNumber ?? (ship?.phone || null),
    fn: firstName || null,
    ln: rest.join(" ") || null,
    zp: ship?.postalCode ?? null,
    st: ship?.state ?? null,
    ct: ship?.city ?? null,
    country: ship?.countryCode ?? null,
  };
}

type CartEventName = "add_to_cart" | "remove_from_cart" | "initiate_checkout" | "add_shipping_info" | "add_shipping_info_user_data";

async function eventOf(name: CartEventName, eventId: string, lines: Line[], cart: CartView, facts: Facts): Promise<TrackingEvent> {
  const items = await itemsOfCartLines(facts.db, lines);
  return conversionEvent({ name, eventId, items, user: cartUser(cart) }, facts);
}

/** The conversion event of a cart activity, or null when it is none. `cartKey` names the cart (visitor or customer). */
export async function cartActivityEvent(activity: CartActivity, cartKey: string, facts: Facts): Promise<TrackingEvent | null> {
  if (activity.kind === "drafted")
    return eventOf("initiate_checkout", `initiate_checkout-${activity.orderNumber}`, cartLines(activity.cart), activity.cart, facts);
  const found = changeEvent(activity.intent, activity.before, activity.after);
  if (!found) return null;
  // The revision the change made (a removal's too: `after`), in a cart named by a digest (no visitor id leaves).
  const eventId = `${found.name}-${(await sha256Hex(cartKey)).slice(0, 16)}-${activity.after.Revision}`;
  return eventOf(found.name, eventId, found.lines, found.cart, facts);
}
