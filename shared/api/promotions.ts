/** §7 retailers and promotions: the filters' retailer list, running campaigns and the best code for one item. */
import * as v from "valibot";
import { ValidPromotionResponse } from "../cart/schemas";
import { RetailerDirectory, RetailersQuery } from "../retailers/schemas";
import { PromoCodeVariation, PromotionGroups, RetailerList } from "../schemas";
import { json, operation, refusal } from "./operation";

/** `promoCodeVariation` (Promocode_Variation_Global's variant): which running codes are offered; without it the visitor's own variant decides (and the answer is private). */
export const PromoQuery = v.object({
  promoCodeVariation: v.optional(
    v.pipe(PromoCodeVariation, v.description("Promocode_Variation_Global's variant; without it the visitor's own variant decides (and the answer is private)")),
  ),
});

/** An item id in a path. */
export const ItemIdParam = v.object({
  id: v.pipe(v.string(), v.maxLength(10), v.regex(/^[1-9]\d{0,9}$/, "id must be a positive integer"), v.transform(Number)),
});

function validPromotion<const P extends string, const I extends string>(path: P, what: string, operationId: I) {
  return operation({
    method: "GET",
    path,
    operationId,
    summary: `The running promo code that takes the most off one ${what}; data.data is null when none applies`,
    params: ItemIdParam,
    query: PromoQuery,
    responses: { 200: json("The best promotion", ValidPromotionResponse), 404: refusal("No such item") },
  });
}

export const promotionOperations = {
  listRetailers: operation({
    method: "GET",
    path: "/retailers",
    operationId: "listRetailers",
    summary: "Visible retailers and what they sell; with type, fields, embed or postalCode the directory (§7: only those with a logo, nearest first)",
    query: RetailersQuery,
    responses: {
      200: json(
        "Without a query the search filters' list; with one the directory (fallback: true when the upstream was unreachable)",
        v.union([RetailerList, RetailerDirectory]),
      ),
      502: refusal("The upstream retailer directory failed (e.g. an error answer or invalid JSON)"),
    },
  }),
  promotionGroups: operation({
    method: "GET",
    path: "/promotion-group",
    operationId: "promotionGroups",
    summary: "The promotion campaigns running now, offered to the promoCodeVariation",
    query: PromoQuery,
    responses: { 200: json("Promotion groups", PromotionGroups) },
  }),
  validDiamondPromotion: validPromotion("/get-valid-promotion-code/{id}", "diamond", "validDiamondPromotion"),
  validDiamondPromotionInCart: validPromotion(
    "/get-valid-promotion-code/{id}/true",
    "diamond (codes with a minimum subtotal count as if the cart reached it)",
    "validDiamondPromotionInCart",
  ),
  validSettingPromotion: validPromotion("/settings/get-valid-promotion-code/{id}", "setting", "validSettingPromotion"),
  validJewelryPromotion: validPromotion("/jewellery/get-valid-promotion-code/{id}", "jewelry item", "validJewelryPromotion"),
} as const;
