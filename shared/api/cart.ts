/** §7 Orders: the visitor's cart, its price locks, order drafts and care-plan quotes. */
import * as v from "valibot";
import { CarePlanQuotesResponse, CartIntent, CartView, OrderDraftResponse, PriceLockResponse } from "../cart/schemas";
import { json, operation, refusal } from "./operation";

/** `GET /api/cart/version`: the cart object's storage schema version. */
export const CartVersion = v.object({ schemaVersion: v.number() });

export const cartOperations = {
  getCart: operation({
    method: "GET",
    path: "/cart",
    operationId: "getCart",
    credentials: ["visitor", "session"],
    summary: "The visitor's whole cart (by the signed visitor-id cookie), priced from the catalogue",
    description:
      "Money in integer cents (shown in whole USD rounded up). Catalogue prices are at most 30 s old. A sold or missing item stays on its line with status sold/missing and counts nothing. Total is the pre-tax total with an honoured price lock (LockedPrice: an unexpired lock made for the same items).",
    responses: { 200: json("The cart", CartView) },
  }),
  checkoutCart: operation({
    method: "GET",
    path: "/cart/checkout",
    operationId: "checkoutCart",
    credentials: ["visitor", "session"],
    summary: "The cart for the checkout page: a signed-in customer's cart without a shipping address is first given their last order's",
    description:
      "As getCart. For a signed-in customer whose cart has no shipping address, the shipping address (with its email) and billing address of their last placed order are set first, as set-addresses would; a guest's cart, or one with an address, is answered as it is. Private, never stored.",
    responses: { 200: json("The cart", CartView) },
  }),
  cartVersion: operation({
    method: "GET",
    path: "/cart/version",
    operationId: "cartVersion",
    credentials: ["visitor", "session"],
    summary: "The visitor's cart object's storage schema version: the cheapest call to it (operators; the cart bench's baseline)",
    responses: { 200: json("The schema version", CartVersion) },
  }),
  changeCart: operation({
    method: "POST",
    path: "/cart",
    operationId: "changeCart",
    credentials: ["visitor", "session"],
    summary:
      "One cart change, as a discriminated intent (type): add-diamond, add-item, remove, update, set-ring-size, apply-promo, remove-promo, set-engraving, remove-engraving, choose-care-plan, set-addresses, set-tax-region, set-payment-method, set-instructions, set-contact, set-item-data, clear, restore",
    description:
      "Prices never come from the client. Rules (§4): adding a setting or diamond keeps the other half; changing the setting clears the ring size; changing the matching band clears its size; removing either half clears the paired diamond, removing both empties the ring list; clear resets everything; one engraving per item (replaced); care plans reconciled with the latest quotes. 404 for an unknown item or line, 409 for a sold item or a full cart; a refused change leaves the cart as it was.",
    body: CartIntent,
    responses: {
      200: json("The cart after the change", CartView),
      404: refusal("Unknown item, line or engraving"),
      409: refusal("Sold item, full cart, or a ring size without a setting"),
    },
  }),
  lockPrice: operation({
    method: "POST",
    path: "/orders/price-lock",
    operationId: "lockPrice",
    credentials: ["visitor", "session"],
    summary: "Locks the cart's current pre-tax total for 72 hours",
    description:
      "A new lock is added only when fewer than 4 are stored and the total differs from every stored one (a stored total answers 200 with that lock); at most 3 locks per UTC calendar day. Prices are read fresh from the catalogue first.",
    responses: {
      200: json("The lock already holding this total", PriceLockResponse),
      201: json("A new lock", PriceLockResponse),
      409: refusal("Empty cart, or 4 locks already stored"),
      429: refusal("Daily limit of 3 price locks reached"),
    },
  }),
  draftOrder: operation({
    method: "POST",
    path: "/orders/draft",
    operationId: "draftOrder",
    credentials: ["visitor", "session"],
    summary: "Drafts the order of the cart as it is: fresh catalogue prices, a valid price lock honoured, tax for the shipping address",
    description:
      "The same cart revision drafted again answers the same order (201 the first time, 200 after). A cart that is not ready answers 409 with each missing thing in details.",
    responses: {
      200: json("The order already drafted for this cart revision", OrderDraftResponse),
      201: json("A new order draft", OrderDraftResponse),
      409: refusal("The order is not ready (details: what is missing)"),
    },
  }),
  quoteCarePlans: operation({
    method: "POST",
    path: "/care-plan/quote/cart",
    operationId: "quoteCarePlans",
    credentials: ["visitor", "session"],
    summary:
      "Care-plan quotes per product of the cart (applicablePlanDuration in months, cost, planSku, planRetailPrice); chosen plans are reconciled with them",
    responses: { 200: json("Quotes and the cart", CarePlanQuotesResponse) },
  }),
} as const;
