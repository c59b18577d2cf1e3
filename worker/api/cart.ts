import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { lockView } from "#shared/cart/view.ts";
import * as v from "valibot";
import { CartIntent } from "#shared/cart/schemas.ts";
import { offeredPromotion, promoVariation } from "../catalogue/promotions";
import { PromoCodeVariation } from "#shared/schemas.ts";
import { serverTiming, type Timings } from "../timings";
import { cartStub, changeCart, draftOrder, getCart, lockPrice, quoteCarePlans, shopperOf } from "../cart/service";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { jsonBody, pathParams, queryParams } from "./validate";

/** A cart belongs to the visitor's cookie: its answers are never cached or shared. */
const noStore = createMiddleware(async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

const PromoQuery = v.object({ promoCodeVariation: v.optional(PromoCodeVariation) });
const IdParam = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, "id must be a positive integer"), v.transform(Number)) });

/**
 * The cart (§7 Orders): `GET /cart` answers the whole cart; `POST /cart` takes one intent (add, remove,
 * update, ring size, promo, engraving, care plan, addresses, payment method, instructions, contact, item
 * notes, clear) and answers the whole cart; `POST /orders/price-lock` locks its total; `POST
 * /care-plan/quote/cart` quotes care plans; the get-valid-promotion-code calls give the best running code
 * for one item. A cart belongs to the signed visitor-id cookie, so every answer is private.
 */
export const cartApi = new Hono<AppEnv>()
  .use("/cart", noStore)
  .use("/cart/*", noStore)
  .use("/orders/price-lock", noStore)
  .use("/orders/draft", noStore)
  .use("/care-plan/quote/cart", noStore)
  .get("/cart", async (c) => c.json(await getCart(c.env, shopperOf(c))))
  // The visitor's cart object's storage schema version: the cheapest call to it (operators; the bench's baseline).
  .get("/cart/version", async (c) => c.json({ schemaVersion: await cartStub(c.env, c.get("visitorId")).schemaVersion() }))
  .post("/cart", ...jsonBody(CartIntent), async (c) => {
    const timings: Timings = {};
    const cart = await changeCart(c.env, shopperOf(c), c.req.valid("json"), Date.now(), timings);
    c.header("Server-Timing", serverTiming(timings));
    return c.json(cart);
  })
  .post("/orders/price-lock", async (c) => {
    const r = await lockPrice(c.env, shopperOf(c));
    return c.json({ lock: lockView(r.lock), created: r.status === 201, cart: r.cart }, r.status);
  })
  .post("/orders/draft", async (c) => {
    const r = await draftOrder(c.env, shopperOf(c));
    return c.json(r, r.created ? 201 : 200);
  })
  .post("/care-plan/quote/cart", async (c) => c.json(await quoteCarePlans(c.env, shopperOf(c))))
  .get("/get-valid-promotion-code/:id", pathParams(IdParam), queryParams(PromoQuery), (c) => bestPromotion(c, "diamond", c.req.valid("param").id, c.req.valid("query").promoCodeVariation))
  .get("/get-valid-promotion-code/:id/true", pathParams(IdParam), queryParams(PromoQuery), (c) => bestPromotion(c, "diamond", c.req.valid("param").id, c.req.valid("query").promoCodeVariation, true))
  .get("/settings/get-valid-promotion-code/:id", pathParams(IdParam), queryParams(PromoQuery), (c) => bestPromotion(c, "setting", c.req.valid("param").id, c.req.valid("query").promoCodeVariation))
  .get("/jewellery/get-valid-promotion-code/:id", pathParams(IdParam), queryParams(PromoQuery), (c) => bestPromotion(c, "jewellery", c.req.valid("param").id, c.req.valid("query").promoCodeVariation));

/** §7 get-valid-promotion-code: the best code offered on one item to the visitor's promoCodeVariation, in `data.data`. */
async function bestPromotion(c: Context<AppEnv>, kind: "diamond" | "setting" | "jewellery", id: number, promoCodeVariation: "0" | "1" | undefined, withMinimum = false) {
  const best = await offeredPromotion(c.env.DB, kind, id, { variation: promoVariation(c, promoCodeVariation), withMinimum });
  if (best === undefined) throw new ApiError(404, `No ${kind} ${id}`);
  // Varies with the visitor's variant unless the caller named it.
  c.header("Cache-Control", promoCodeVariation ? "public, max-age=60" : "private, no-store");
  return c.json({ data: { data: best } });
}
