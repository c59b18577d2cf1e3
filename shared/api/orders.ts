/**
 * §7 Orders (issue 18): placing an order from the cart and paying it. The approve calls never take the
 * browser's word: the server asks the provider (or its verified webhook) and applies the answer once. Each call
 * naming an order needs its key (`?key=`), its shopper (this browser, the signed-in customer) or an operator;
 * the number alone answers 404 and changes nothing (docs/decisions/052-order-ownership.md).
 */
import * as v from "valibot";
import { ApprovalResult, ClientToken, OrderKeyQuery, OrderNumber, OrderNumberParam, OrderView, PaymentRequestView, PlacedOrder } from "../orders/schemas";
import { PayWithMethod } from "../orders/pay-again";
import { json, operation, refusal } from "./operation";

const ProviderRef = v.pipe(v.string(), v.maxLength(200), v.regex(/^[\w-]{3,200}$/, "not a payment reference"));
const notReady = refusal("The cart is not ready to order: each problem names the item or field (a sold or missing item, no address)");
const unavailable = refusal("The payment provider could not be reached; the order is saved and nothing was charged");
const approved = {
  200: json("What the provider says: paid, declined (pay again), pending; the order as it is now", ApprovalResult),
  202: json("Another request is confirming this payment right now; the order as it is now", ApprovalResult),
  404: refusal("No such order, or not the caller's (no key of it, not its shopper, not an operator), or no such payment of it"),
  409: refusal("The order cannot take a payment now (cancelled, expired)"),
  502: unavailable,
} as const;

export const orderOperations = {
  placeOrder: operation({
    method: "POST",
    path: "/orders",
    operationId: "placeOrder",
    credentials: ["visitor", "session"],
    summary: "Places the order of the visitor's cart (prices read afresh, a valid price lock honoured) and starts its payment",
    description:
      "The same cart placed twice answers the same order and payment (201 the first time, 200 after). The amount comes from the server's order, never from the browser.",
    responses: {
      200: json("The order already placed from this cart", PlacedOrder),
      201: json("A new order, waiting for payment", PlacedOrder),
      409: notReady,
      501: refusal("The cart's payment method is not available on this site"),
      502: unavailable,
    },
  }),
  orderPayment: operation({
    method: "POST",
    path: "/orders/payment/{id}",
    operationId: "orderPayment",
    credentials: ["orderKey", "visitor", "session", "admin"],
    summary: "Starts (or resumes) the payment of an unpaid order of this shopper: re-payment after a decline",
    params: OrderNumberParam,
    query: OrderKeyQuery,
    responses: {
      200: json("The order and where to pay", PlacedOrder),
      404: refusal("No such order of this shopper (nor its key given, nor an operator)"),
      409: refusal("The order does not wait for a payment"),
      501: refusal("The order's payment method is not available on this site"),
      502: unavailable,
    },
  }),
  orderPaymentWithMethod: operation({
    method: "POST",
    path: "/orders/payment/{id}/method",
    operationId: "orderPaymentWithMethod",
    credentials: ["orderKey", "visitor", "session", "admin"],
    summary: "Pays an unpaid order of this shopper with the payment method chosen: the order's method changes and a payment of it starts",
    description:
      "The order's own method is a plain re-payment (as orderPayment). Another method the order may use becomes its method, its open payments of the old method are cancelled in the same write, and a payment of the new one starts. A bank wire can be chosen only on an order placed by wire; PayPal up to its limit.",
    params: OrderNumberParam,
    query: OrderKeyQuery,
    body: PayWithMethod,
    responses: {
      200: json("The order (its new method) and where to pay", PlacedOrder),
      400: refusal("A method this order may not use, or that this site does not offer (details: paymentMethod); the order is unchanged"),
      404: refusal("No such order of this shopper (nor its key given, nor an operator)"),
      409: refusal("The order does not wait for a payment, or one of its payments is being processed; the order is unchanged"),
      501: refusal("The order's payment method is not available on this site"),
      502: unavailable,
    },
  }),
  approveLocal: operation({
    method: "PUT",
    path: "/orders/{id}/local/{x}/approve",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approveLocalPayment",
    summary: "The embedded test gateway's approval: the server captures at the gateway (APP_ENV local only)",
    params: v.object({ id: OrderNumber, x: ProviderRef }),
    query: OrderKeyQuery,
    responses: approved,
  }),
  approvePayPal: operation({
    method: "PUT",
    path: "/orders/{id}/paypal/{x}/approve",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approvePayPal",
    summary: "The buyer approved PayPal order x: the server captures it at PayPal (PayPal-Request-Id: one capture)",
    params: v.object({ id: OrderNumber, x: ProviderRef }),
    query: OrderKeyQuery,
    responses: approved,
  }),
  approvePayPalPayer: operation({
    method: "PUT",
    path: "/orders/{id}/paypal/{x}/approve/{y}",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approvePayPalWithPayer",
    summary: "As approvePayPal; y is PayPal's payer id (recorded, not trusted)",
    params: v.object({ id: OrderNumber, x: ProviderRef, y: ProviderRef }),
    query: OrderKeyQuery,
    responses: approved,
  }),
  approveStripe: operation({
    method: "PUT",
    path: "/orders/stripe/{id}/approve",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approveStripe",
    summary: "The browser confirmed Stripe PaymentIntent id: the server reads it back from Stripe and applies it",
    params: v.object({ id: ProviderRef }),
    query: OrderKeyQuery,
    responses: approved,
  }),
  approveBraintree: operation({
    method: "PUT",
    path: "/orders/{id}/braintree/{nonce}/approve",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approveBraintree",
    summary: "A card, Apple Pay or Google Pay nonce from Braintree's client: the server makes the sale for the order's amount",
    params: v.object({ id: OrderNumber, nonce: ProviderRef }),
    query: OrderKeyQuery,
    responses: approved,
  }),
  approveBraintreeDescribed: operation({
    method: "PUT",
    path: "/orders/{id}/braintree/{nonce}/approve/{y}",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approveBraintreeDescribed",
    summary: "As approveBraintree; y is the paymentMethodDescription (CreditCard, ApplePayCard, GooglePay), checked against the nonce",
    params: v.object({ id: OrderNumber, nonce: ProviderRef, y: v.picklist(["CreditCard", "ApplePayCard", "GooglePay"]) }),
    query: OrderKeyQuery,
    responses: approved,
  }),
  clientToken: operation({
    method: "GET",
    path: "/orders/GenerateClientToken",
    operationId: "generateClientToken",
    summary: "A Braintree client token for the card, Apple Pay and Google Pay fields",
    responses: { 200: json("The token", ClientToken), 501: refusal("Card payments through Braintree are not configured"), 502: unavailable },
  }),
  operatorEvent: operation({
    method: "POST",
    path: "/orders/{id}/status",
    operationId: "operatorOrderEvent",
    summary: "Operator: the order's availability is confirmed, an item is unavailable, it shipped, it was delivered, or an unpaid order is cancelled",
    admin: true,
    params: OrderNumberParam,
    body: v.object({
      event: v.picklist(
        ["availability_confirmed", "item_unavailable", "shipped", "delivered", "cancel"],
        "event is one of availability_confirmed, item_unavailable, shipped, delivered, cancel",
      ),
    }),
    responses: {
      200: json("The order now (the same when it already was there)", OrderView),
      404: refusal("No such order"),
      409: refusal("The order's status does not allow this (the message says why)"),
    },
  }),
  createPaymentRequest: operation({
    method: "POST",
    path: "/orders/{id}/payment-requests",
    operationId: "createPaymentRequest",
    summary: "Operator: asks the shopper of a paid order for an extra amount (a resize, an upgrade), shown on /orders/approve-payment/{n}",
    admin: true,
    params: OrderNumberParam,
    body: v.object({
      amount: v.pipe(v.number(), v.integer("amount is whole cents"), v.minValue(1, "amount must be positive"), v.maxValue(100_000_000, "amount is too large")),
      reason: v.pipe(v.string(), v.trim(), v.minLength(1, "say what the payment is for"), v.maxLength(200)),
    }),
    responses: { 201: json("The request, open", PaymentRequestView), 404: refusal("No such order"), 409: refusal("The order is not paid") },
  }),
  payPaymentRequest: operation({
    method: "POST",
    path: "/orders/{id}/payment-requests/{requestId}/pay",
    operationId: "payPaymentRequest",
    credentials: ["orderKey", "visitor", "session", "admin"],
    summary: "The shopper approves a payment request of their order: a payment of its amount through the order's method",
    params: v.object({ id: OrderNumber, requestId: v.pipe(v.string(), v.maxLength(36), v.regex(/^prq_[0-9a-f]{32}$/, "not a payment request")) }),
    query: OrderKeyQuery,
    responses: {
      200: json("The order and where to pay the request", PlacedOrder),
      404: refusal("No such order of this shopper (nor its key given, nor an operator), or no such request"),
      409: refusal("The request is paid or cancelled"),
      501: refusal("The order's payment method is not available on this site"),
      502: unavailable,
    },
  }),
} as const;
