/** §7 promotions: the campaigns running now and the best code for one item (shared/api/promotions.ts). */
import { promotionOperations as ops } from "#shared/api/promotions.ts";
import { refused } from "#shared/refusal.ts";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { offeredPromotion } from "./offers";
import { activePromotionGroups, promoVariantOf } from "./store";

/** Answers cached when the call names the variant; private to the visitor when their own variant decided. */
export function cacheByVariant(c: Context<AppEnv>, promoCodeVariation: string | undefined, seconds = 60): void {
  c.header("Cache-Control", promoCodeVariation ? `public, max-age=${seconds}` : "private, no-store");
}

/** §7 get-valid-promotion-code: the best code offered on one item to the visitor's promoCodeVariation, in `data.data`. */
function bestPromotion(kind: "diamond" | "setting" | "jewellery", withMinimum = false) {
  return async ({ params, query }: { params: { id: number }; query: { promoCodeVariation?: "0" | "1" } }, c: Context<AppEnv>) => {
    const variation = promoVariantOf(c.get("variants"), query.promoCodeVariation);
    const best = await offeredPromotion(c.env.DB, kind, params.id, { variation, withMinimum });
    if (best === undefined) refused("not_found", `No ${kind} ${params.id}`);
    cacheByVariant(c, query.promoCodeVariation);
    return { status: 200 as const, body: { data: { data: best } } };
  };
}

export const promotionRoutes = [
  handle(ops.promotionGroups, async ({ query }, c) => {
    cacheByVariant(c, query.promoCodeVariation);
    return { status: 200, body: await activePromotionGroups(c.env.DB, Date.now(), promoVariantOf(c.get("variants"), query.promoCodeVariation)) };
  }),
  handle(ops.validDiamondPromotion, bestPromotion("diamond")),
  handle(ops.validDiamondPromotionInCart, bestPromotion("diamond", true)),
  handle(ops.validSettingPromotion, bestPromotion("setting")),
  handle(ops.validJewelryPromotion, bestPromotion("jewellery")),
];
