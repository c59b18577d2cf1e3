/** §7 one diamond, similar diamonds and view logging (shared/api/diamonds.ts). */
import { diamondOperations as ops } from "#shared/api/diamonds.ts";
import { refused } from "#shared/refusal.ts";
import { handle } from "../http/routes";
import { offeredPromotion } from "../promotions/offers";
import { promoVariantOf } from "../promotions/store";
import { similarDiamonds } from "../search/service";
import { getDiamond, logDiamondView } from "./service";

export const diamondRoutes = [
  handle(ops.getDiamond, async ({ params, query }, c) => {
    const { promoCodeVariation } = query;
    // With promoCodeVariation (Promocode_Variation_Global's variant): the promo code offered on it to that variant.
    const [diamond, offered] = await Promise.all([
      getDiamond(c.env.DB, params.id),
      promoCodeVariation ? offeredPromotion(c.env.DB, "diamond", params.id, { variation: promoVariantOf(c.get("variants"), promoCodeVariation) }) : undefined,
    ]);
    if (!diamond) refused("not_found", `Diamond ${params.id} not found`);
    c.header("Cache-Control", "public, max-age=60");
    return { status: 200, body: offered === undefined ? diamond : { ...diamond, offeredPromotion: offered } };
  }),
  handle(ops.similarDiamonds, async ({ body }, c) => {
    const diamonds = await similarDiamonds(c.env, body);
    c.header("Cache-Control", "no-store");
    return { status: 200, body: { diamonds } };
  }),
  handle(ops.logDiamondView, async ({ params }, c) => {
    if (!(await logDiamondView(c.env.DB, params.id, Date.now()))) refused("not_found", `Diamond ${params.id} not found`);
    c.header("Cache-Control", "no-store");
    return { status: 204, body: null };
  }),
];
