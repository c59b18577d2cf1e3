/**
 * The cart (§7 Orders, shared/api/cart.ts): `GET /cart` answers the whole cart; `POST /cart` takes one
 * intent and answers the whole cart; `POST /orders/price-lock` locks its total; `POST /orders/draft`
 * drafts its order; `POST /care-plan/quote/cart` quotes care plans. A cart belongs to the signed
 * visitor-id cookie, so every answer is private and never stored (refusals: no-store, worker/http/errors.ts).
 */
import type { Context } from "hono";
import { cartOperations as ops } from "#shared/api/cart.ts";
import { lockView } from "#shared/cart/view.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { serverTiming, type Timings } from "../lib/timings";
import { shopperOf } from "../middleware/shopper";
import { draftOrder } from "./orders";
import { checkoutCart } from "./remembered-address";
import { shopperCart, changeCart, getCart, lockPrice, quoteCarePlans } from "./service";

/** The visitor's shopper, and the answer marked private (never cached or shared). */
function privateShopper(c: Context<AppEnv>) {
  c.header("Cache-Control", "private, no-store");
  return shopperOf(c);
}

export const cartRoutes = [
  handle(ops.getCart, async (_, c) => ({ status: 200, body: await getCart(c.env, await privateShopper(c)) })),
  handle(ops.checkoutCart, async (_, c) => ({ status: 200, body: await checkoutCart(c.env, await privateShopper(c)) })),
  handle(ops.cartVersion, async (_, c) => ({ status: 200, body: { schemaVersion: await shopperCart(c.env, await privateShopper(c)).schemaVersion() } })),
  handle(ops.changeCart, async ({ body }, c) => {
    const timings: Timings = {};
    const cart = await changeCart(c.env, await privateShopper(c), body, Date.now(), timings);
    c.header("Server-Timing", serverTiming(timings));
    return { status: 200, body: cart };
  }),
  handle(ops.lockPrice, async (_, c) => {
    const r = await lockPrice(c.env, await privateShopper(c));
    const body = { lock: lockView(r.lock), created: r.created, cart: r.cart };
    return r.created ? { status: 201, body } : { status: 200, body };
  }),
  handle(ops.draftOrder, async (_, c) => {
    const r = await draftOrder(c.env, await privateShopper(c));
    return r.created ? { status: 201, body: r } : { status: 200, body: r };
  }),
  handle(ops.quoteCarePlans, async (_, c) => ({ status: 200, body: await quoteCarePlans(c.env, await privateShopper(c)) })),
];
