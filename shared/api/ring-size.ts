/**
 * §7 orders/missing-ring-size/{n} and orders/add-missing-ring-size/{n} (issue 22 point 4): the ring sizes a
 * paid order still misses, asked for by an emailed link (`/orders/missing-ring-size/{n}?key=…`).
 * docs/decisions/036-missing-ring-size-and-expiry.md
 */
import * as v from "valibot";
import { AddMissingRingSizeRequest, AddMissingRingSizeResult, MissingRingSizeRequest, MissingRingSizes } from "../orders/ring-size";
import { OrderNumber } from "../orders/schemas";
import { json, operation, refusal } from "./operation";

const notFound = refusal("No such order of this shopper, or the key is not the order's (the same answer for both)");

export const ringSizeOperations = {
  missingRingSize: operation({
    method: "POST",
    path: "/orders/missing-ring-size/{n}",
    operationId: "missingRingSize",
    credentials: ["orderKey", "visitor", "session"],
    summary: "The lines of an order still missing a ring or band size (for the order's key holder or its own shopper)",
    params: v.object({ n: OrderNumber }),
    body: MissingRingSizeRequest,
    responses: { 200: json("The lines still missing a size (none when every size is known)", MissingRingSizes), 404: notFound },
  }),
  addMissingRingSize: operation({
    method: "POST",
    path: "/orders/add-missing-ring-size/{n}",
    operationId: "addMissingRingSize",
    credentials: ["orderKey"],
    summary: "Gives the missing sizes of an order's lines (3-13 in quarter sizes), recorded in the order's actions",
    description:
      "All or nothing: a line that already has a size is refused (409) and nothing is saved; of concurrent calls giving the same line, one saves it.",
    params: v.object({ n: OrderNumber }),
    body: AddMissingRingSizeRequest,
    responses: {
      200: json("Saved: the sizes, and what is still missing", AddMissingRingSizeResult),
      400: refusal("A size that is not 3-13 in quarter sizes, a line that takes no size, or an order number that is not the path's"),
      404: refusal("No such order, a wrong key, or no such line in the order"),
      409: refusal("A line already has its size, or the order can no longer change (shipped, cancelled, expired or refunded)"),
    },
  }),
} as const;
