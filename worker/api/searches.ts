import { Hono } from "hono";
import * as v from "valibot";
import { DiamondFilters, DiamondsBySearchQuery, NO_FILTERS_FOUND, PromoCodeVariation, SEARCH_ID_PATTERN } from "#shared/schemas.ts";
import { promoVariation } from "../catalogue/promotions";
import { searchIndex } from "../catalogue/diamonds";
import { activePromotionGroups, listRetailers } from "../catalogue/retailers";
import { loadSearch, restoreSearch, saveSearch } from "../catalogue/searches";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { jsonBody, queryParams } from "./validate";

/**
 * §7 saved searches and catalogue lists: `POST /diamond-filter` saves a filter state and returns its
 * searchId, `GET /searches/{id}` returns the filters, `GET /diamonds?searchId=` runs them;
 * `GET /retailers` and `GET /promotion-group` feed the filters and banners.
 */
export const searchesApi = new Hono<AppEnv>()
  .post("/diamond-filter", ...jsonBody(DiamondFilters), async (c) => {
    const filters = c.req.valid("json");
    const searchId = await saveSearch(c.env.DB, filters, Date.now());
    c.header("Cache-Control", "no-store");
    return c.json({ searchId, filters });
  })
  .get("/searches/:id", async (c) => {
    const id = c.req.param("id");
    const saved = SEARCH_ID_PATTERN.test(id) ? await loadSearch(c.env.DB, id) : null;
    if (!saved) throw new ApiError(404, NO_FILTERS_FOUND);
    c.header("Cache-Control", "private, max-age=60");
    return c.json(saved);
  })
  .get("/diamonds", async (c, next) => {
    // Without searchId this is not a saved-search call: a clear 400 says what is missing.
    if (!c.req.query("searchId")) throw new ApiError(400, "Invalid query", [{ path: "searchId", message: "searchId is required" }]);
    await next();
  }, queryParams(DiamondsBySearchQuery), async (c) => {
    const q = c.req.valid("query");
    const includeFacets = q.includeFacets === "true" || q.includeFacets === "1";
    const restored = await restoreSearch(c.env, q.searchId, { pageNumber: q.pageNumber, pageSize: q.pageSize, includeFacets }, (p) => c.executionCtx.waitUntil(p));
    if (!restored) throw new ApiError(404, NO_FILTERS_FOUND);
    c.header("Cache-Control", "no-store");
    return c.json({ ...restored.result, searchId: restored.saved.searchId, filters: restored.saved.filters });
  })
  .get("/search/status", async (c) => {
    // For operators and the benchmark: which catalogue version the index holds, its size and load time.
    c.header("Cache-Control", "no-store");
    return c.json(await searchIndex(c.env).describe());
  })
  .get("/retailers", async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ retailers: await listRetailers(c.env.DB) });
  })
  .get("/promotion-group", queryParams(v.object({ promoCodeVariation: v.optional(PromoCodeVariation) })), async (c) => {
    const { promoCodeVariation } = c.req.valid("query");
    // Without promoCodeVariation the visitor's own Promocode_Variation_Global variant decides: private then.
    c.header("Cache-Control", promoCodeVariation ? "public, max-age=60" : "private, no-store");
    return c.json(await activePromotionGroups(c.env.DB, Date.now(), promoVariation(c, promoCodeVariation)));
  });
