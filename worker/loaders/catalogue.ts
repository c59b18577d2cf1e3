/**
 * The catalogue as the server's page loaders read it (client/context.ts `CatalogueService`): the same
 * services the API calls, given this request's visitor. Input the loaders built from a URL is validated as
 * the API would; invalid setting filters become a 400 route error.
 */
import { data } from "react-router";
import * as v from "valibot";
import type { CatalogueService } from "#client/context.ts";
import type { Variants } from "#shared/experiments/bucketing.ts";
import { SimilarRingsRequest } from "#shared/rings.ts";
import { DiamondSearchRequest, SimilarDiamondsRequest } from "#shared/schemas.ts";
import { SettingFilters, StudSettingsRequest } from "#shared/settings/schemas.ts";
import { searchHeading } from "../content/headings";
import { getDiamond } from "../diamonds/service";
import type { Bindings } from "../env";
import { offeredPromotion } from "../promotions/offers";
import { promoVariantOf } from "../promotions/store";
import { listRetailers } from "../retailers/service";
import { restoreSearch } from "../search/saved";
import { searchDiamonds, similarDiamonds } from "../search/service";
import {
  bestSellingSettings,
  getSettingDetail,
  popularEngagementRings,
  restoreSettingSearch,
  runSettingSearch,
  saveSettingSearch,
  studSettings,
} from "../settings/service";
import { similarRings } from "../settings/similar-rings";

/** What a loader service knows of the request. */
export interface LoaderRequest {
  env: Bindings;
  /** Every experiment's variant for the visitor (Promocode_Variation_Global decides the codes offered). */
  variants: Variants;
  waitUntil(p: Promise<unknown>): void;
}

/** Filters a page loader built from its URL, validated as the API would: a 400 route error when they are not valid. */
function settingFilters(input: unknown): SettingFilters {
  const parsed = v.safeParse(SettingFilters, input);
  if (!parsed.success) throw data(parsed.issues[0]?.message ?? "Invalid filters", { status: 400 });
  return parsed.output;
}

/** The server's catalogue for one request. */
export function serverCatalogue({ env, variants, waitUntil }: LoaderRequest): CatalogueService {
  const db = env.DB;
  const promo = promoVariantOf(variants, undefined);
  return {
    searchDiamonds: (req) => searchDiamonds(env, v.parse(DiamondSearchRequest, req)),
    restoreSearch: async (searchId, page) => {
      const restored = await restoreSearch(env, searchId, { pageNumber: page, includeFacets: true }, waitUntil);
      return restored && { filters: restored.saved.filters, result: restored.result };
    },
    listRetailers: () => listRetailers(db),
    getDiamond: (id) => getDiamond(db, id),
    similarDiamonds: (d) => similarDiamonds(env, v.parse(SimilarDiamondsRequest, d)),
    similarRings: async (r) => (await similarRings(db, v.parse(SimilarRingsRequest, r))) ?? [],
    offeredPromotion: async (id, variation) => (await offeredPromotion(db, "diamond", id, { variation })) ?? null,
    searchSettings: async (kind, input, page, variation) => runSettingSearch(db, settingFilters(input), { kind, ...page, variation }),
    saveSettingSearch: async (kind, input) => (await saveSettingSearch(db, kind, settingFilters(input), Date.now())).searchId,
    restoreSettingSearch: (kind, searchId, pageNumber, variation) => restoreSettingSearch(db, searchId, { kind, pageNumber, variation }, waitUntil),
    getSetting: (id, metal, variation) => getSettingDetail(db, id, metal, variation),
    bestSellingSettings: () => bestSellingSettings(db, promo),
    popularEngagementRings: () => popularEngagementRings(db, promo),
    studSettings: (req) => studSettings(db, v.parse(StudSettingsRequest, req), promo),
    searchHeading: (pageId) => searchHeading(db, pageId),
  };
}
