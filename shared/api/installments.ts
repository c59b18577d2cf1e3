/**
 * §7 Orders, pay over time (issue 22 points 1 and 2): the approvals of an Affirm loan and of a Splitit plan.
 * They never take the browser's word: the server asks the provider (Affirm authorises the checkout token and
 * captures; Splitit's plan is read and started) and applies the answer once. docs/decisions/033-affirm-and-splitit.md
 * The caller gives the order's key (`?key=`), is its shopper, or an operator; the number alone is a 404
 * (docs/decisions/052-order-ownership.md).
 */
import * as v from "valibot";
import { ApprovalResult, OrderKeyQuery, OrderNumber } from "../orders/schemas";
import { json, operation, refusal } from "./operation";

/** A provider's reference as it comes back in a path: letters, digits, `_` and `-`. */
const Ref = v.pipe(v.string(), v.maxLength(200), v.regex(/^[\w-]{3,200}$/, "not a payment reference"));

const approved = {
  200: json("What the provider says: paid, declined (pay again), pending, cancelled; the order as it is now", ApprovalResult),
  202: json("Another request is confirming this payment right now; the order as it is now", ApprovalResult),
  404: refusal(
    "No such order, or not the caller's (no key of it, not its shopper, not an operator), or it has no payment through this provider (the provider is not configured here)",
  ),
  409: refusal("The order cannot take a payment now (cancelled, expired)"),
  502: refusal("The provider could not be reached; the order is saved and nothing was charged"),
} as const;

export const installmentOperations = {
  approveAffirm: operation({
    method: "PUT",
    path: "/orders/{id}/affirm/{x}/approve",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approveAffirm",
    summary:
      "The shopper came back from Affirm with checkout token x: the server authorises it at Affirm, checks the amount and captures (Idempotency-Key: once)",
    params: v.object({ id: OrderNumber, x: Ref }),
    query: OrderKeyQuery,
    responses: approved,
  }),
  approveAffirmWithReference: operation({
    method: "PUT",
    path: "/orders/{id}/affirm/{x}/approve/{y}",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approveAffirmWithReference",
    summary: "As approveAffirm; y is Affirm's checkout id or reference (recorded, not trusted)",
    params: v.object({ id: OrderNumber, x: Ref, y: Ref }),
    query: OrderKeyQuery,
    responses: approved,
  }),
  approveSplitit: operation({
    method: "PUT",
    path: "/orders/{id}/splitit/{x}/approve",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approveSplitit",
    summary:
      "The shopper completed Splitit's form for installment plan x: the server reads the plan at Splitit and starts it (the first instalment charged, once)",
    params: v.object({ id: OrderNumber, x: Ref }),
    query: OrderKeyQuery,
    responses: approved,
  }),
} as const;
