/**
 * The cart page's forms post plain fields (so they work without JavaScript): `_type` names the intent and
 * the other fields its values. This turns them into the intent object `POST /api/cart` takes; the schema
 * (shared/cart/schemas.ts) then validates it like any other body.
 */
import { data, redirect, type Params, type ShouldRevalidateFunction } from "react-router";
import { namesNothing, parseCartLink } from "#shared/cart/link.ts";
import type { CartIntentInput } from "#shared/cart/schemas.ts";
import { refuse, statusOf } from "#shared/refusal.ts";
import { similarOfRefusal } from "#shared/availability.ts";
import type { CartActionData } from "./components/cart-parts";
import { cartToast } from "./cart-toast";
import type { CartResult, CartService } from "./context";

/** Fields that carry numbers; an empty value means null (no ring size, no care plan). */
const NUMBERS = new Set(["diamondId", "pairId", "variantId", "quantity", "size", "ringSize", "applicablePlanDuration"]);
const NULLABLE = new Set(["size", "ringSize", "applicablePlanDuration"]);
const ADDRESS = ["name", "line1", "apt", "city", "state", "postalCode", "countryCode", "email", "phone"] as const;

/** The intent a cart form posts, "lock" for the price-lock button, "draft" for placing the order, or null without a `_type`. */
export function intentFromForm(form: FormData): CartIntentInput | "lock" | "draft" | null {
  const type = form.get("_type");
  if (typeof type !== "string" || type === "") return null;
  if (type === "lock-price") return "lock";
  if (type === "draft-order") return "draft";
  const out: Record<string, unknown> = { type };
  if (type === "set-tax-region") {
    // The picker offers US states; an empty choice goes back to the visitor's location.
    const state = String(form.get("state") ?? "");
    out.taxRegion = state === "" ? null : { countryCode: "US", state };
    return out as CartIntentInput;
  }
  if (type === "set-addresses") {
    const address = Object.fromEntries(ADDRESS.map((k) => [k, String(form.get(`shipping.${k}`) ?? "")]));
    out.shippingAddress = address;
    out.billingSameAsShipping = form.get("billingSameAsShipping") !== null;
    return out as CartIntentInput;
  }
  // "I don't know my size yet" is a value of the ring's (or a band's) size select.
  if ((type === "set-ring-size" && form.get("ringSize") === "later") || (type === "update" && form.get("size") === "later"))
    return { type: "set-ring-size-later", lineId: String(form.get("lineId") ?? "setting") } as CartIntentInput;
  for (const [key, raw] of form.entries()) {
    if (key === "_type" || typeof raw !== "string") continue;
    if (NUMBERS.has(key)) out[key] = raw === "" && NULLABLE.has(key) ? null : raw === "" ? undefined : Number(raw);
    else out[key] = raw;
  }
  return out as CartIntentInput;
}

/**
 * Runs a cart or checkout form post: the change, the price lock or the order draft it names. Refusals
 * answer their status with the message for the form; without JavaScript (the server ran the action) a
 * success redirects back to the page (post/redirect/get).
 */
export async function submitCartForm(request: Request, cart: CartService, page: "/cart" | "/checkout") {
  const form = await request.formData();
  const intent = intentFromForm(form);
  const r: CartResult =
    intent === null
      ? refuse("bad_request", "Nothing to change")
      : intent === "lock"
        ? await cart.lockPrice()
        : intent === "draft"
          ? await cart.draftOrder()
          : await cart.change(intent);
  const toast = typeof document === "undefined" ? null : cartToast(intent, r);
  if (toast) import("./notifications/store").then((m) => m.notifications.notify(toast)).catch(() => undefined);
  if (!r.ok) return data<CartActionData>({ error: r.message, cart: null, similar: similarOfRefusal(r.details) }, { status: statusOf(r) });
  if (typeof document === "undefined") throw redirect(page);
  return { error: null, cart: r.cart } satisfies CartActionData;
}

/**
 * A cart or checkout address naming items (`/cart/{settingId}/{variantId}/{diamondId}?wb=…&fj=…`) is a
 * shared cart link (§2): it rebuilds that cart, then redirects to the page's plain address. An address
 * naming nothing returns; a malformed one is a 404.
 */
export async function restoreSharedLink(request: Request, params: Params, cart: CartService, page: "/cart" | "/checkout"): Promise<void> {
  const url = new URL(request.url);
  const segments = [params.a, params.b, params.c].filter((s): s is string => s !== undefined && s !== "");
  const items = parseCartLink(segments, url.searchParams);
  if (!items) throw data("This cart link is not valid", { status: 404 });
  if (namesNothing(items)) return;
  // The link's path is the cart's own form (/cart/…), whichever page it was opened on.
  const r = await cart.change({ type: "restore", link: "/cart" + url.pathname.slice(page.length) + url.search });
  if (!r.ok) throw data(r.message, { status: statusOf(r) });
  throw redirect(page);
}

/** A change made on this page answers with the whole cart: the page needs no second read of it. */
export function revalidateUnlessAnswered(page: "/cart" | "/checkout"): ShouldRevalidateFunction {
  return ({ actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) =>
    (actionResult as Partial<CartActionData> | undefined)?.cart && currentUrl.pathname === page && nextUrl.pathname === page ? false : defaultShouldRevalidate;
}
