/**
 * The deal score of an inventory diamond (issue 21; docs/decisions/026-deal-score.md): its price against
 * comparable stones in the live inventory, from the search index.
 */
import { DealScore } from "../reports/schemas";
import { DiamondIdParam } from "../schemas";
import { json, operation, refusal } from "./operation";

export const dealScoreOperations = {
  diamondDealScore: operation({
    method: "GET",
    path: "/diamonds/{id}/deal-score",
    operationId: "getDiamondDealScore",
    auth: "optional",
    summary: "The deal score of an available diamond: its price against comparable stones listed now",
    description:
      "Comparable stones: same shape and origin, carat within ±5 %, colour, clarity and cut within one grade, each price adjusted to this stone's carat and grades by the price model. The score (0-10) is the share of comparables that cost more; no score with fewer than 5. Lists the 24 nearest comparables.",
    params: DiamondIdParam,
    responses: { 200: json("The deal score and the nearest comparables", DealScore), 404: refusal("No such available diamond (unknown or sold)") },
  }),
} as const;
