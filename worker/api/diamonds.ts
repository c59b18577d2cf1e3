import { Hono } from "hono";
import { DiamondIdParam, DiamondQuery, DiamondSearchRequest, SimilarDiamondsRequest } from "#shared/schemas.ts";
import { getDiamond, logDiamondView, searchDiamonds, similarDiamonds } from "../catalogue/diamonds";
import { offeredPromotion, promoVariation } from "../catalogue/promotions";
import { serverTiming, type Timings } from "../timings";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { jsonBody, pathParams, queryParams } from "./validate";

/** §7 "Search and catalogue": diamond search, detail, similar diamonds and view logging. */
export const diamondsApi = new Hono<AppEnv>()
  .post("/diamonds2", ...jsonBody(DiamondSearchRequest), async (c) => {
    const timings: Timings = {};
    const result = await searchDiamonds(c.env, c.req.valid("json"), Date.now(), timings);
    c.header("Server-Timing", serverTiming(timings));
    c.header("Cache-Control", "no-store");
    return c.json(result);
  })
  .post("/diamonds/get-similar", ...jsonBody(SimilarDiamondsRequest), async (c) => {
    const diamonds = await similarDiamonds(c.env, c.req.valid("json"));
    c.header("Cache-Control", "no-store");
    return c.json({ diamonds });
  })
  .get("/logging/diamonds/views/:id", pathParams(DiamondIdParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await logDiamondView(c.env.DB, id, Date.now()))) throw new ApiError(404, `Diamond ${id} not found`);
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  })
  .get("/diamonds/:id", pathParams(DiamondIdParam), queryParams(DiamondQuery), async (c) => {
    const { id } = c.req.valid("param");
    const { promoCodeVariation } = c.req.valid("query");
    // With promoCodeVariation (Promocode_Variation_Global's variant): the promo code offered on it to that variant.
    const [diamond, offered] = await Promise.all([
      getDiamond(c.env.DB, id),
      promoCodeVariation ? offeredPromotion(c.env.DB, "diamond", id, { variation: promoVariation(c, promoCodeVariation) }) : undefined,
    ]);
    if (!diamond) throw new ApiError(404, `Diamond ${id} not found`);
    c.header("Cache-Control", "public, max-age=60");
    return c.json(offered === undefined ? diamond : { ...diamond, offeredPromotion: offered });
  });

export type DiamondsApi = typeof diamondsApi;
