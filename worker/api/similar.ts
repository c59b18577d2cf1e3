import { Hono } from "hono";
import { SimilarRingsRequest } from "#shared/rings.ts";
import { similarRings } from "../catalogue/similar-rings";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { jsonBody } from "./validate";

/** §7 "POST similar-searches": engagement rings like a setting or for a diamond shape. */
export const similarApi = new Hono<AppEnv>().post("/similar-searches", ...jsonBody(SimilarRingsRequest), async (c) => {
  const req = c.req.valid("json");
  const rings = await similarRings(c.env.DB, req);
  if (!rings) throw new ApiError(404, `Setting ${req.itemId} not found`);
  c.header("Cache-Control", "no-store");
  return c.json({ rings });
});

export type SimilarApi = typeof similarApi;
