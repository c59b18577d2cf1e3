import { Hono, type Context } from "hono";
import * as v from "valibot";
import { NO_FILTERS_FOUND, PromoCodeVariation, SearchIdParam } from "#shared/schemas.ts";
import type { SettingSearchKind } from "#shared/settings/pages.ts";
import { SettingFilterEntries, SettingFilters, SettingSearchRequest, SettingVariantParams, StudSettingsRequest } from "#shared/settings/schemas.ts";
import { promoVariation } from "../catalogue/promotions";
import {
  bestSellingSettings,
  getJewelleryVariant,
  getSettingDetail,
  loadSettingSearch,
  popularEngagementRings,
  restoreSettingSearch,
  runSettingSearch,
  saveSettingSearch,
  studSettings,
} from "../catalogue/settings";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { jsonBody, pathParams, queryParams } from "./validate";

const PromoQuery = v.object({ promoCodeVariation: v.optional(PromoCodeVariation) });
const PageQuery = v.object({
  promoCodeVariation: v.optional(PromoCodeVariation),
  pageNumber: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/, "pageNumber must be 1-9999"), v.transform(Number)), "1"),
});
const SavedPageParams = v.object({
  id: SearchIdParam.entries.id,
  page: v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/, "page must be 1-9999"), v.transform(Number)),
});
const IdParam = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, "id must be a positive integer"), v.transform(Number)) });

const FILTER_KEYS = new Set(Object.keys(SettingFilterEntries));

/** Answers cached per promo variant when the call names it; private to the visitor when their own variant decided. */
function cacheFor(c: Context<AppEnv>, param: string | undefined, seconds = 60) {
  c.header("Cache-Control", param ? `public, max-age=${seconds}` : "private, no-store");
}

/**
 * `POST /search/settingsv2` and `POST /search/jewellery` (§7): a saved search's `id` or the filters, not
 * both; then paging (20 or 19 a page). An unknown `id` is the §8 404 'No filters found'.
 */
function searchRoute(kind: SettingSearchKind) {
  return [
    ...jsonBody(SettingSearchRequest),
    async (c: Context<AppEnv>) => {
      const req = (c.req.valid as (t: "json") => v.InferOutput<typeof SettingSearchRequest>)("json");
      const raw = (await c.req.json()) as Record<string, unknown>;
      const named = Object.keys(raw).filter((k) => FILTER_KEYS.has(k));
      if (req.id && named.length > 0) {
        throw new ApiError(400, "Give a saved search id or filters, not both", named.map((path) => ({ path, message: "not allowed with id" })));
      }
      const param = req.promoCodeVariation === undefined ? undefined : String(req.promoCodeVariation);
      const options = { kind, pageNumber: req.pageNumber, pageSize: req.pageSize, variation: promoVariation(c, param), onlyDiamondHolders: req.IsB2CDiamondSelected === true };
      c.header("Cache-Control", "no-store");
      if (req.id) {
        const restored = await restoreSettingSearch(c.env.DB, req.id, options, (p) => c.executionCtx.waitUntil(p));
        if (!restored) throw new ApiError(404, NO_FILTERS_FOUND);
        return c.json(restored);
      }
      const { id: _id, pageNumber: _p, pageSize: _s, promoCodeVariation: _v, IsB2CDiamondSelected: _b, ...filters } = req;
      return c.json(await runSettingSearch(c.env.DB, filters, options));
    },
  ] as const;
}

/** §7 setting, wedding band and jewellery calls. */
export const settingsApi = new Hono<AppEnv>()
  .post("/search/settingsv2", ...searchRoute("setting"))
  .post("/search/jewellery", ...searchRoute("jewellery"))
  .post("/search-request/settings2", ...jsonBody(SettingFilters), async (c) => {
    const saved = await saveSettingSearch(c.env.DB, "setting", c.req.valid("json"), Date.now());
    c.header("Cache-Control", "no-store");
    return c.json({ searchId: saved.searchId, kind: "setting", filters: saved.filters });
  })
  .post("/search-request/jewellery", ...jsonBody(SettingFilters), async (c) => {
    const saved = await saveSettingSearch(c.env.DB, "jewellery", c.req.valid("json"), Date.now());
    c.header("Cache-Control", "no-store");
    return c.json({ searchId: saved.searchId, kind: "jewellery", filters: saved.filters });
  })
  .get("/search-request/settings/:id", pathParams(SearchIdParam), async (c) => {
    const saved = await loadSettingSearch(c.env.DB, c.req.valid("param").id, "setting");
    if (!saved) throw new ApiError(404, NO_FILTERS_FOUND);
    c.header("Cache-Control", "private, max-age=60");
    return c.json(saved);
  })
  .get("/search-request/wedding-bands/:id", pathParams(SearchIdParam), async (c) => {
    const saved = await loadSettingSearch(c.env.DB, c.req.valid("param").id, "setting");
    const bands = saved && (saved.filters.itemTypeNames.length > 0 ? saved.filters.itemTypeNames.every((n) => n === "WeddingBands") : saved.filters.itemType === 0);
    if (!saved || !bands) throw new ApiError(404, NO_FILTERS_FOUND);
    c.header("Cache-Control", "private, max-age=60");
    return c.json(saved);
  })
  .get("/settings/searches/:id/:page", pathParams(SavedPageParams), queryParams(PromoQuery), async (c) => {
    const { id, page } = c.req.valid("param");
    const param = c.req.valid("query").promoCodeVariation;
    const restored = await restoreSettingSearch(c.env.DB, id, { kind: "setting", pageNumber: page, variation: promoVariation(c, param) }, (p) => c.executionCtx.waitUntil(p));
    if (!restored) throw new ApiError(404, NO_FILTERS_FOUND);
    c.header("Cache-Control", "no-store");
    return c.json(restored);
  })
  .get("/jewellery/searches/:id", pathParams(SearchIdParam), queryParams(PageQuery), async (c) => {
    const { pageNumber, promoCodeVariation } = c.req.valid("query");
    const restored = await restoreSettingSearch(
      c.env.DB,
      c.req.valid("param").id,
      { kind: "jewellery", pageNumber, variation: promoVariation(c, promoCodeVariation) },
      (p) => c.executionCtx.waitUntil(p),
    );
    if (!restored) throw new ApiError(404, NO_FILTERS_FOUND);
    c.header("Cache-Control", "no-store");
    return c.json(restored);
  })
  .get("/settings/best-selling", queryParams(PromoQuery), async (c) => {
    const param = c.req.valid("query").promoCodeVariation;
    cacheFor(c, param, 300);
    return c.json({ settings: await bestSellingSettings(c.env.DB, promoVariation(c, param)) });
  })
  .get("/setting/engagement-rings", queryParams(PromoQuery), async (c) => {
    const param = c.req.valid("query").promoCodeVariation;
    cacheFor(c, param, 300);
    return c.json({ settings: await popularEngagementRings(c.env.DB, promoVariation(c, param)) });
  })
  .get("/settings/:id{[0-9]+}", pathParams(IdParam), queryParams(PromoQuery), async (c) => {
    const { id } = c.req.valid("param");
    const param = c.req.valid("query").promoCodeVariation;
    const detail = await getSettingDetail(c.env.DB, id, undefined, promoVariation(c, param));
    if (!detail) throw new ApiError(404, `Setting ${id} not found`);
    cacheFor(c, param);
    return c.json(detail);
  })
  .get("/settings/:id{[0-9]+}/:variant", pathParams(SettingVariantParams), queryParams(PromoQuery), async (c) => {
    const { id, variant } = c.req.valid("param");
    const param = c.req.valid("query").promoCodeVariation;
    const detail = await getSettingDetail(c.env.DB, id, variant, promoVariation(c, param));
    if (!detail) {
      const exists = await getSettingDetail(c.env.DB, id, undefined, 0);
      throw new ApiError(404, exists ? `Setting ${id} does not come in metal ${variant}` : `Setting ${id} not found`);
    }
    cacheFor(c, param);
    return c.json(detail);
  })
  .get("/jewellery/jewellery-variant/:id", pathParams(IdParam), queryParams(PromoQuery), async (c) => {
    const { id } = c.req.valid("param");
    const param = c.req.valid("query").promoCodeVariation;
    const detail = await getJewelleryVariant(c.env.DB, id, promoVariation(c, param));
    if (!detail) throw new ApiError(404, `Jewellery variant ${id} not found`);
    cacheFor(c, param);
    return c.json(detail);
  })
  .post("/studsettings", ...jsonBody(StudSettingsRequest), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ settings: await studSettings(c.env.DB, c.req.valid("json"), promoVariation(c, undefined)) });
  });

export type SettingsApi = typeof settingsApi;
