/** §7 setting, wedding band and jewelry calls, and similar rings (shared/api/settings.ts). */
import type { Context } from "hono";
import { settingOperations as ops } from "#shared/api/settings.ts";
import { refused } from "#shared/refusal.ts";
import { NO_FILTERS_FOUND } from "#shared/schemas.ts";
import type { SettingSearchKind } from "#shared/settings/pages.ts";
import { SettingFilterEntries, type SettingSearchRequest, type SettingSearchResponse } from "#shared/settings/schemas.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { signedInUser } from "../middleware/session";
import { markFavoriteSettings } from "../my-stuff/favorites";
import { cacheByVariant } from "../promotions/routes";
import { promoVariantOf } from "../promotions/store";
import {
  bestSellingSettings,
  getJewelryVariant,
  getSettingDetail,
  loadSettingSearch,
  popularEngagementRings,
  restoreSettingSearch,
  runSettingSearch,
  saveSettingSearch,
  studSettings,
} from "./service";
import { similarRings } from "./similar-rings";

const FILTER_KEYS = new Set(Object.keys(SettingFilterEntries));
/** A search answer as the caller sees it: a signed-in customer's favourites of the kind marked `isFavorite`. */
async function asSeenBy(c: Context<AppEnv>, kind: SettingSearchKind, response: SettingSearchResponse): Promise<SettingSearchResponse> {
  const user = await signedInUser(c);
  if (!user) return response;
  const settings = await markFavoriteSettings(c.env.DB, user.id, kind, response.result.settings);
  return { ...response, result: { ...response.result, settings } };
}

const waitUntilOf = (c: Context<AppEnv>) => (p: Promise<unknown>) => c.executionCtx.waitUntil(p);

/**
 * `POST /search/settingsv2` and `POST /search/jewellery` (§7): a saved search's `id` or the filters, not
 * both; then paging (20 or 19 a page). An unknown `id` is the §8 404 'No filters found'.
 */
function search(kind: SettingSearchKind) {
  return async ({ body: req }: { body: SettingSearchRequest }, c: Context<AppEnv>) => {
    const raw = (await c.req.json()) as Record<string, unknown>;
    const named = Object.keys(raw).filter((k) => FILTER_KEYS.has(k));
    if (req.id && named.length > 0) {
      refused(
        "bad_request",
        "Give a saved search id or filters, not both",
        named.map((path) => ({ path, message: "not allowed with id" })),
      );
    }
    const variation = promoVariantOf(c.get("variants"), req.promoCodeVariation);
    const options = { kind, pageNumber: req.pageNumber, pageSize: req.pageSize, variation, onlyDiamondHolders: req.IsB2CDiamondSelected === true };
    c.header("Cache-Control", "no-store");
    if (req.id) {
      const restored = (await restoreSettingSearch(c.env.DB, req.id, options, waitUntilOf(c))) ?? refused("not_found", NO_FILTERS_FOUND);
      return { status: 200 as const, body: await asSeenBy(c, kind, restored) };
    }
    const { id: _id, pageNumber: _p, pageSize: _s, promoCodeVariation: _v, IsB2CDiamondSelected: _b, ...filters } = req;
    return { status: 200 as const, body: await asSeenBy(c, kind, await runSettingSearch(c.env.DB, filters, options)) };
  };
}

function save(kind: SettingSearchKind) {
  return async ({ body }: { body: Parameters<typeof saveSettingSearch>[2] }, c: Context<AppEnv>) => {
    const saved = await saveSettingSearch(c.env.DB, kind, body, Date.now());
    c.header("Cache-Control", "no-store");
    return { status: 200 as const, body: { searchId: saved.searchId, kind, filters: saved.filters } };
  };
}

export const settingRoutes = [
  handle(ops.searchSettings, search("setting")),
  handle(ops.searchJewelry, search("jewellery")),
  handle(ops.saveSettingSearch, save("setting")),
  handle(ops.saveJewelrySearch, save("jewellery")),
  handle(ops.getSavedSettingSearch, async ({ params }, c) => {
    const saved = (await loadSettingSearch(c.env.DB, params.id, "setting")) ?? refused("not_found", NO_FILTERS_FOUND);
    c.header("Cache-Control", "private, max-age=60");
    return { status: 200, body: saved };
  }),
  handle(ops.getSavedWeddingBandSearch, async ({ params }, c) => {
    const saved = await loadSettingSearch(c.env.DB, params.id, "setting");
    const bands =
      saved && (saved.filters.itemTypeNames.length > 0 ? saved.filters.itemTypeNames.every((n) => n === "WeddingBands") : saved.filters.itemType === 0);
    if (!saved || !bands) refused("not_found", NO_FILTERS_FOUND);
    c.header("Cache-Control", "private, max-age=60");
    return { status: 200, body: saved };
  }),
  handle(ops.runSavedSettingSearch, async ({ params, query }, c) => {
    const variation = promoVariantOf(c.get("variants"), query.promoCodeVariation);
    const restored = await restoreSettingSearch(c.env.DB, params.id, { kind: "setting", pageNumber: params.page, variation }, waitUntilOf(c));
    c.header("Cache-Control", "no-store");
    return { status: 200, body: await asSeenBy(c, "setting", restored ?? refused("not_found", NO_FILTERS_FOUND)) };
  }),
  handle(ops.runSavedJewelrySearch, async ({ params, query }, c) => {
    const variation = promoVariantOf(c.get("variants"), query.promoCodeVariation);
    const restored = await restoreSettingSearch(c.env.DB, params.id, { kind: "jewellery", pageNumber: query.pageNumber, variation }, waitUntilOf(c));
    c.header("Cache-Control", "no-store");
    return { status: 200, body: await asSeenBy(c, "jewellery", restored ?? refused("not_found", NO_FILTERS_FOUND)) };
  }),
  handle(ops.bestSellingSettings, async ({ query }, c) => {
    cacheByVariant(c, query.promoCodeVariation, 300);
    return { status: 200, body: { settings: await bestSellingSettings(c.env.DB, promoVariantOf(c.get("variants"), query.promoCodeVariation)) } };
  }),
  handle(ops.popularEngagementRings, async ({ query }, c) => {
    cacheByVariant(c, query.promoCodeVariation, 300);
    return { status: 200, body: { settings: await popularEngagementRings(c.env.DB, promoVariantOf(c.get("variants"), query.promoCodeVariation)) } };
  }),
  handle(ops.getSetting, async ({ params, query }, c) => {
    const detail = await getSettingDetail(c.env.DB, params.id, undefined, promoVariantOf(c.get("variants"), query.promoCodeVariation));
    if (!detail) refused("not_found", `Setting ${params.id} not found`);
    cacheByVariant(c, query.promoCodeVariation);
    return { status: 200, body: detail };
  }),
  handle(ops.getSettingInMetal, async ({ params, query }, c) => {
    const { id, metal } = params;
    const detail = await getSettingDetail(c.env.DB, id, metal, promoVariantOf(c.get("variants"), query.promoCodeVariation));
    if (!detail) {
      const exists = await getSettingDetail(c.env.DB, id, undefined, 0);
      refused("not_found", exists ? `Setting ${id} does not come in metal ${metal}` : `Setting ${id} not found`);
    }
    cacheByVariant(c, query.promoCodeVariation);
    return { status: 200, body: detail };
  }),
  handle(ops.getJewelryVariant, async ({ params, query }, c) => {
    const detail = await getJewelryVariant(c.env.DB, params.variantId, promoVariantOf(c.get("variants"), query.promoCodeVariation));
    if (!detail) refused("not_found", `Jewellery variant ${params.variantId} not found`);
    cacheByVariant(c, query.promoCodeVariation);
    return { status: 200, body: detail };
  }),
  handle(ops.studSettings, async ({ body }, c) => {
    c.header("Cache-Control", "no-store");
    return { status: 200, body: { settings: await studSettings(c.env.DB, body, promoVariantOf(c.get("variants"), undefined)) } };
  }),
  handle(ops.similarRings, async ({ body }, c) => {
    const rings = (await similarRings(c.env.DB, body)) ?? refused("not_found", `Setting ${body.itemId} not found`);
    c.header("Cache-Control", "no-store");
    return { status: 200, body: { rings } };
  }),
];
