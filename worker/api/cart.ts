import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { lockView } from "#shared/cart/view.ts";
import * as v from "valibot";
import { CartIntent } from "#shared/cart/schemas.ts";
import { productFacts, validPromotions } from "../cart/catalogue";
import { serverTiming, type Timings } from "../timings";
import { cartStub, changeCart, draftOrder, getCart, lockPrice, quoteCarePlans, shopperOf } from "../cart/service";
import { promotionDiscount } from "#shared/cart/pricing.ts";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { jsonBody, pathParams } from "./validate";

/** A cart belongs to the visitor's cookie: its answers are never cached or shared. */
const noStore = createMiddleware(async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

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
  .get("/get-valid-promotion-code/:id", pathParams(IdParam), async (c) => c.json(await bestPromotion(c.env.DB, "diamond", c.req.valid("param").id, false)))
  .get("/get-valid-promotion-code/:id/true", pathParams(IdParam), async (c) => c.json(await bestPromotion(c.env.DB, "diamond", c.req.valid("param").id, true)))
  .get("/settings/get-valid-promotion-code/:id", pathParams(IdParam), async (c) => c.json(await bestPromotion(c.env.DB, "setting", c.req.valid("param").id, false)))
  .get("/jewellery/get-valid-promotion-code/:id", pathParams(IdParam), async (c) => c.json(await bestPromotion(c.env.DB, "jewellery", c.req.valid("param").id, false)));

/**
 * The running promotion that takes the most off one item (§7 get-valid-promotion-code, answer in
 * `data.data`; null when none applies). Codes with a minimum subtotal the item alone does not reach count
 * only with `withMinimum` (the `/true` form: "with the rest of a cart").
 */
async function bestPromotion(db: D1Database, kind: "diamond" | "setting" | "jewellery", id: number, withMinimum: boolean) {
  const now = Date.now();
  const product = await productFacts(db, kind, id);
  if (!product) throw new ApiError(404, `No ${kind} ${id}`);
  let best: { promoCode: string; description: string; percentage: number | null; amount: number; endsAt: number; appliesTo: typeof product.category[] } | null = null;
  for (const promo of await validPromotions(db, now)) {
    const line = { category: product.category, totalCents: product.priceCents };
    const subtotal = withMinimum ? Math.max(product.priceCents, promo.minSubtotalCents) : product.priceCents;
    const { amountCents } = promotionDiscount(promo, [line], subtotal, now);
    if (amountCents <= 0 || (best && best.amount >= amountCents)) continue;
    const rule = promo.rules.find((r) => r.appliesTo.length === 0 || r.appliesTo.includes(product.category))!;
    best = {
      promoCode: promo.code,
      description: promo.description,
      percentage: rule.kind === "percent" ? rule.value : null,
      amount: amountCents,
      endsAt: promo.endsAt,
      appliesTo: [...new Set(promo.rules.flatMap((r) => r.appliesTo))],
    };
  }
  return { data: { data: best } };
}
