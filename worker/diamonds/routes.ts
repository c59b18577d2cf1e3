/** §7 one diamond, similar diamonds and view logging (shared/api/diamonds.ts). */
import { diamondOperations as ops } from "#shared/api/diamonds.ts";
import { refused } from "#shared/refusal.ts";
import { handle } from "../http/routes";
import { signedInUser } from "../middleware/session";
import { markFavoriteDiamonds } from "../my-stuff/favorites";
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
    const user = await signedInUser(c);
    // A signed-in customer's answer says whether they saved it: theirs alone, never kept by a shared cache.
    c.header("Cache-Control", user ? "private, no-store" : "public, max-age=60");
    const [mine] = await markFavoriteDiamonds(c.env.DB, user?.id ?? null, [diamond]);
    return { status: 200, body: offered === undefined ? mine! : { ...mine!, offeredPromotion: offered } };
  }),
  handle(ops.similarDiamonds, async ({ body }, c) => {
    const diamonds = await markFavoriteDiamonds(c.env.DB, (await signedInUser(c))?.id ?? null, await similarDiamonds(c.env, body));
    c.header("Cache-Control", "no-store");
    return { status: 200, body: { diamonds } };
  }),
  handle(ops.logDiamondView, async ({ params }, c) => {
    // Signed in: also the customer's recently viewed (my stuff's history).
    if (!(await logDiamondView(c.env.DB, params.id, Date.now(), (await signedInUser(c))?.id ?? null))) refused("not_found", `Diamond ${params.id} not found`);
    c.header("Cache-Control", "no-store");
    return { status: 204, body: null };
  }),
];
