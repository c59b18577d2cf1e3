/** §7 "Search and catalogue": one diamond, similar diamonds and view logging. */
import { Diamond, DiamondIdParam, DiamondQuery, SimilarDiamondsRequest, SimilarDiamondsResponse } from "../schemas";
import { empty, json, operation, refusal } from "./operation";

export const diamondOperations = {
  getDiamond: operation({
    method: "GET",
    path: "/diamonds/{id}",
    operationId: "getDiamond",
    auth: "optional",
    summary: "One diamond with every field",
    description: "With promoCodeVariation (Promocode_Variation_Global's variant) the answer adds the promo code offered on it to that variant.",
    params: DiamondIdParam,
    query: DiamondQuery,
    responses: { 200: json("The diamond", Diamond), 404: refusal("No such diamond") },
  }),
  similarDiamonds: operation({
    method: "POST",
    path: "/diamonds/get-similar",
    operationId: "similarDiamonds",
    auth: "optional",
    summary: "Up to 5 available diamonds like the given one (same shape and origin, carat ±15 %, colour and clarity ±1 grade)",
    body: SimilarDiamondsRequest,
    responses: { 200: json("Similar diamonds, closest first", SimilarDiamondsResponse) },
  }),
  logDiamondView: operation({
    method: "GET",
    path: "/logging/diamonds/views/{id}",
    operationId: "logDiamondView",
    auth: "optional",
    summary: "Counts one view of a diamond; for a signed-in customer also records it in their recently viewed (6 kept)",
    params: DiamondIdParam,
    responses: { 204: empty("Counted"), 404: refusal("No such diamond") },
  }),
} as const;
