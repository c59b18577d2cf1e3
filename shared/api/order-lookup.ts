/**
 * §7 Orders around an order once placed (issue 18 points 3 and 7): looking one up by number and email, its
 * confirmation email, a guest order joining an account, its expiry, changing an unpaid order's addresses,
 * the offers for the cart, and the operator's "wire received". docs/decisions/015-orders-and-payments.md
 */
import * as v from "valibot";
import { ApprovalResult, OrderKeyQuery, OrderNumber, OrderView } from "../orders/schemas";
import {
  BestOffers,
  EmailOrderRequest,
  EmailOrderResult,
  OrderExpiration,
  PaymentOrderUpdate,
  SaveOrderRequest,
  TrackingParams,
  TrackingResult,
} from "../orders/lookup";
import { json, operation, refusal } from "./operation";

const notOwn = refusal(
  "No such order of this shopper (placed in this browser, or by the signed-in customer), nor its key given, nor an operator (docs/decisions/052-order-ownership.md)",
);

export const orderLookupOperations = {
  trackOrder: operation({
    method: "POST",
    path: "/orders/tracking-order-details/{orderNumber}/{email}",
    operationId: "trackOrder",
    summary: "Looks an order up by its number and email (compared case-insensitively); the answer is read from result",
    description:
      "A wrong email and a missing order answer exactly the same (result null). Each client address may try 10 times in 15 minutes; the 11th try answers 429 with Retry-After.",
    params: TrackingParams,
    responses: {
      200: json("The order's status, items and the city it ships to; null when no order has this number and email", TrackingResult),
      429: refusal("Too many lookups from this address: Retry-After says when to try again"),
    },
  }),
  emailOrder: operation({
    method: "POST",
    path: "/orders/EmailOrder",
    operationId: "emailOrder",
    credentials: ["orderKey", "visitor", "session", "admin"],
    summary: "Sends the shopper's own order's confirmation email again (items, amount, status and its link) through the outbox",
    description:
      "Counted as asked-for mail, apart from the order's own transactional emails (which it can never crowd out): 5 an hour to one address, 20 an hour from one client address, and the site's hourly total (docs/decisions/053-email-limits-and-unsubscribe.md). Past a limit it answers 429 with Retry-After.",
    body: EmailOrderRequest,
    responses: {
      200: json("Queued", EmailOrderResult),
      404: notOwn,
      429: refusal("Too many emails asked for this hour (to this address, from this client, or in all): Retry-After says when to try again"),
    },
  }),
  saveOrder: operation({
    method: "POST",
    path: "/orders/Save",
    operationId: "saveOrder",
    credentials: [["session", "orderKey"]],
    summary: "A guest order joins the signed-in customer's account; its key (from the emailed link) proves it",
    auth: "user",
    body: SaveOrderRequest,
    responses: {
      200: json("The order, now the customer's", OrderView),
      404: refusal("No such order, a wrong key, or the order of another account"),
    },
  }),
  orderExpiration: operation({
    method: "POST",
    path: "/orders/get-order-expiration/{n}",
    operationId: "orderExpiration",
    credentials: ["orderKey", "visitor", "session", "admin"],
    summary: "When the shopper's own unpaid order expires, and whether it has",
    params: v.object({ n: OrderNumber }),
    query: OrderKeyQuery,
    responses: { 200: json("The expiry", OrderExpiration), 404: notOwn },
  }),
  paymentOrderUpdate: operation({
    method: "PUT",
    path: "/orders/payment-order-update/{id}",
    operationId: "paymentOrderUpdate",
    credentials: ["orderKey", "visitor", "session", "admin"],
    summary: "Changes an unpaid order's shipping and billing address and instructions; the tax and so the amount due follow the new address",
    description:
      "An open payment of the old amount is cancelled, so the next payment collects the new amount. Items and SSID are accepted and ignored: an order's items are fixed when it is placed.",
    params: v.object({ id: OrderNumber }),
    query: OrderKeyQuery,
    body: PaymentOrderUpdate,
    responses: {
      200: json("The order as it is now", OrderView),
      404: notOwn,
      409: refusal("The order is paid, expired or cancelled, or its payment is being confirmed right now"),
    },
  }),
  bestOffers: operation({
    method: "POST",
    path: "/orders/best-offers",
    operationId: "bestOffers",
    credentials: ["visitor", "session"],
    summary: "The running promotions offered to this shopper that would take something off their cart now, the largest saving first",
    responses: { 200: json("The offers (none for an empty cart)", BestOffers) },
  }),
  wireReceived: operation({
    method: "POST",
    path: "/orders/{id}/wire-received",
    operationId: "wireReceived",
    summary: "Operator: the bank wire for this order arrived; its payment is captured and the order paid (once, however often it is called)",
    admin: true,
    params: v.object({ id: OrderNumber }),
    responses: {
      200: json("The order paid (or already paid)", ApprovalResult),
      202: json("Another request is recording this wire right now", ApprovalResult),
      404: refusal("No such order, or no wire payment waiting for it"),
      409: refusal("The order cannot take a payment now (cancelled)"),
    },
  }),
} as const;
