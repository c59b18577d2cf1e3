import { Hono } from "hono";
import { DiamondIdParam, DiamondQuery, DiamondSearchRequest, SimilarDiamondsRequest } from "#shared/schemas.ts";
import { getDiamond, logDiamondView, searchDiamonds, similarDiamonds } from "../catalogue/diamonds";
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
    const diamond = await getDiamond(c.env.DB, id);
    if (!diamond) throw new ApiError(404, `Diamond ${id} not found`);
    c.header("Cache-Control", "public, max-age=60");
    return c.json(diamond);
  });

export type DiamondsApi = typeof diamondsApi;
