/**
 * §7 Orders after payment (issue 22 point 4; docs/decisions/035-availability-and-substitutes.md): retailers
 * confirm their stones, a shopper whose stone is unavailable chooses a substitute or a refund, a retailer's
 * stone by its stock number, and the operator's "contact the customer" flag.
 */
import * as v from "valibot";
import {
  AvailabilityAnswers,
  AvailabilityResult,
  ChoiceResult,
  ContactFlag,
  ContactFlagParams,
  OrderNumberN,
  RetailerDiamond,
  SkuLookup,
  SubstituteChoice,
  SubstitutesQuery,
  SubstitutesView,
} from "../orders/care";
import { OrderNumber } from "../orders/schemas";
import { json, operation, refusal } from "./operation";

const notFound = refusal("No such order (or not the caller's: a wrong key, another retailer's line), or no such line");

export const orderCareOperations = {
  confirmAvailability: operation({
    method: "PUT",
    path: "/orders/confirm-order-items-availability/{n}",
    operationId: "confirmOrderItemsAvailability",
    credentials: ["retailerKey", "admin"],
    summary:
      "A retailer (its retailerId and key from the email) or an operator (Cloudflare Access; locally the admin token) says whether each of its lines is available",
    description:
      "Every line confirmed: the order is availability_confirmed. A line unavailable: a paid order waits for the shopper's choice (item_unavailable) and the shopper is emailed a link to choose a substitute or a refund. The same answer twice changes nothing; a different answer for a line already answered is 409.",
    params: OrderNumberN,
    body: AvailabilityAnswers,
    responses: {
      200: json("The order's status now and the caller's lines", AvailabilityResult),
      404: notFound,
      409: refusal("The order is not paid, or a line was already answered otherwise"),
      429: refusal("APP_ENV local: too many wrong admin tokens from this address"),
    },
  }),
  substitutes: operation({
    method: "GET",
    path: "/orders/{n}/substitutes",
    operationId: "orderSubstitutes",
    credentials: ["orderKey", "visitor", "session"],
    summary: "The order's unavailable stones, each with up to 5 similar available stones and the price difference (the emailed key, or the owner)",
    params: v.object({ n: OrderNumber }),
    query: SubstitutesQuery,
    responses: { 200: json("The lines waiting for a choice and the choices made", SubstitutesView), 404: notFound },
  }),
  chooseSubstitute: operation({
    method: "POST",
    path: "/orders/{n}/substitutes",
    operationId: "chooseSubstitute",
    credentials: ["orderKey", "visitor", "session"],
    summary: "The shopper takes a similar stone for an unavailable one ({lineId, diamondId}) or their money back ({lineId, refund: true})",
    description:
      "A dearer stone opens a payment request for the difference (paid on /orders/approve-payment/{n}); a cheaper one refunds the difference through the provider. Once per line: of concurrent choices one is made, the others answer 409 (or 200 with the same choice when it is the same).",
    params: v.object({ n: OrderNumber }),
    body: SubstituteChoice,
    responses: {
      200: json("The choice and what it did", ChoiceResult),
      404: notFound,
      409: refusal("The line is not waiting for a choice, or that stone is no longer offered"),
      502: refusal("The payment provider could not be reached: the choice is recorded, the refund will be made again"),
    },
  }),
  retailerDiamondBySku: operation({
    method: "POST",
    path: "/orders/get-retailer-diamond-by-sku/{n}",
    operationId: "getRetailerDiamondBySku",
    credentials: ["retailerKey", "admin"],
    summary: "A retailer's stone by its stock number (the certificate number): the catalogue facts and whether it can still be sold",
    description: "A retailer sends its retailerId and key for the order; an operator looks among the order's retailers.",
    params: OrderNumberN,
    body: SkuLookup,
    responses: {
      200: json("The stone", RetailerDiamond),
      404: refusal("No such order or stone (or a wrong key)"),
      429: refusal("APP_ENV local: too many wrong admin tokens from this address"),
    },
  }),
  setContactCustomer: operation({
    method: "POST",
    path: "/orders/set-contact-customer/{n}/{flag}",
    operationId: "setContactCustomer",
    summary: "Operator: the shop should (true, 1) or need not (false, 0) call the shopper about this order; recorded with who and when",
    admin: true,
    params: ContactFlagParams,
    responses: { 200: json("The flag now, and whether this call changed it", ContactFlag), 404: refusal("No such order") },
  }),
} as const;
