/**
 * The operator's view of orders (issue 22 point 6; admin token, like /experiments; docs/decisions/038-operator-orders.md):
 * orders by state with counts, one order with its items, payments, refunds, transitions, actions and emails, and the
 * operator's actions — confirm availability, a wire received, shipped with its tracking number, delivered, cancel,
 * refund through the provider that took the money, resend an email. Every action names its operator and is recorded.
 */
import * as v from "valibot";
import { OperatorAction, OperatorActionResult, OperatorOrderDetail, OperatorOrderList, OperatorOrdersQuery } from "../orders/operator";
import { OrderNumber } from "../orders/schemas";
import { json, operation, refusal } from "./operation";

const OrderParam = v.object({ n: OrderNumber });

export const operatorOrderOperations = {
  operatorOrders: operation({
    method: "GET",
    path: "/operator/orders",
    operationId: "operatorOrders",
    summary: "Orders newest first, by state (?status=), searched by order number or email (?q=), 50 a page (?page=), with the count of every state",
    description:
      "Without a status every order but drafts (carts at checkout) is listed. `q` starting with LP matches order numbers from the start; anything else is part of an email.",
    admin: true,
    query: OperatorOrdersQuery,
    responses: { 200: json("A page of orders and the counts per state", OperatorOrderList) },
  }),
  operatorOrder: operation({
    method: "GET",
    path: "/operator/orders/{n}",
    operationId: "operatorOrder",
    summary: "One order as the operator sees it: items with their availability, payments with what was refunded, refunds, transitions, actions, emails",
    admin: true,
    params: OrderParam,
    responses: { 200: json("The order", OperatorOrderDetail), 404: refusal("No such order") },
  }),
  operatorOrderAction: operation({
    method: "POST",
    path: "/operator/orders/{n}/actions",
    operationId: "operatorOrderAction",
    summary: "An operator's action on the order, recorded with the operator's name and the time (a refused action is not recorded)",
    description:
      "confirm-availability (every line confirmed, the order confirmed), wire-received, shipped {carrier, trackingNumber} (the shopper is emailed the tracking number), delivered, cancel (an unpaid order), refund {amountCents?, reason} (through the provider that took the money, once), resend-email {template: confirmation | shipping}.",
    admin: true,
    params: OrderParam,
    body: OperatorAction,
    responses: {
      200: json("Done: what happened and the order now", OperatorActionResult),
      202: json("Another request is making this refund or recording this wire right now; the order as it is", OperatorActionResult),
      404: refusal("No such order (or no wire payment waiting for it)"),
      409: refusal("The order's state does not allow the action (already shipped, not paid, nothing left to refund, an unavailable item…)"),
      429: refusal("The address reached its hourly email limit (worker/email/gate.ts)"),
      502: refusal("The payment provider could not be reached: the refund is recorded and will be finished with the same key"),
    },
  }),
} as const;
