import { Hono } from "hono";
import { DiamondIdParam, DiamondQuery, DiamondSearchRequest } from "#shared/schemas.ts";
import { getDiamond, searchDiamonds } from "../catalogue/diamonds";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { jsonBody, pathParams, queryParams } from "./validate";

/** §7 "Search and catalogue": diamond search and diamond detail. */
export const diamondsApi = new Hono<AppEnv>()
  .post("/diamonds2", ...jsonBody(DiamondSearchRequest), async (c) => {
    const result = await searchDiamonds(c.env.DB, c.req.valid("json"));
    c.header("Cache-Control", "no-store");
    return c.json(result);
  })
  .get("/diamonds/:id", pathParams(DiamondIdParam), queryParams(DiamondQuery), async (c) => {
    const { id } = c.req.valid("param");
    const diamond = await getDiamond(c.env.DB, id);
    if (!diamond) throw new ApiError(404, `Diamond ${id} not found`);
    c.header("Cache-Control", "public, max-age=60");
    return c.json(diamond);
  });

export type DiamondsApi = typeof diamondsApi;
