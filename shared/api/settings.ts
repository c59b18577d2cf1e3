/** §7 setting, wedding band and jewelry calls, and similar rings. */
import * as v from "valibot";
import { SimilarRingsRequest, SimilarRingsResponse } from "../rings";
import { NO_FILTERS_FOUND, SearchIdParam } from "../schemas";
import { JEWELRY_PAGE_SIZE, MAX_SETTINGS_PAGE_SIZE, SETTINGS_PAGE_SIZE } from "../settings/pages";
import {
  SavedSettingSearch,
  SettingDetail,
  SettingFilters,
  SettingSearchRequest,
  SettingSearchResponse,
  SettingSummaryList,
  SettingVariantParams,
  StudSettingsRequest,
} from "../settings/schemas";
import { json, operation, refusal } from "./operation";
import { PromoQuery } from "./promotions";

const pageNumber = (name: string) => v.pipe(v.string(), v.maxLength(4), v.regex(/^[1-9]\d{0,3}$/, `${name} must be 1-9999`), v.transform(Number));
const SettingIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(9), v.regex(/^[1-9]\d{0,8}$/, "id must be a positive integer"), v.transform(Number)) });
const SavedPageParams = v.object({ id: SearchIdParam.entries.id, page: pageNumber("page") });
const PageQuery = v.object({ ...PromoQuery.entries, pageNumber: v.optional(pageNumber("pageNumber"), "1") });
const NO_FILTERS = refusal(NO_FILTERS_FOUND);

/** The two setting searches (§7 POST search/settingsv2 and search/jewellery): one body, different defaults. */
function settingSearch<const P extends string, const I extends string>(path: P, operationId: I, what: string, defaults: string, pageSize: number) {
  return operation({
    method: "POST",
    path,
    operationId,
    summary: `${what}: a saved search's id or the filters (not both), then one page (${pageSize} by default, at most ${MAX_SETTINGS_PAGE_SIZE})`,
    description:
      `${defaults} Each card lists the setting's available metals that match metals and the price bounds (whole US dollars; prices are cents), cheapest first, with the promo code Promocode_Variation_Global's variant is offered (promoCodeVariation, else the visitor's own). ` +
      "Styles: 1, 2, 4, 8 and 32/128 are style bits, 9 (Hidden Halo) the bit 16, 10 (Unique) and 11 (Vintage) match keywords, 0 the presets; several styles match any. " +
      "Order: sortBy (sortingOrder, the cheapest listed metal's price, or name) in sortOrder, then id. priceRange is the price slider's range with every filter but price. " +
      "IsB2CDiamondSelected true keeps only items that hold a diamond the shopper chooses (Setting, Pendant, Stud). Every min must not exceed its max. An id of another kind or unknown is 404 'No filters found'.",
    body: SettingSearchRequest,
    // Signed in: the customer's favourite settings or jewellery are marked isFavorite.
    auth: "optional",
    responses: { 200: json("A page of settings, the total and the filters applied (searchId when restored)", SettingSearchResponse), 404: NO_FILTERS },
  });
}

/** The two saves (§7 POST search-request/settings2 and search-request/jewellery). */
function saveSettingSearch<const P extends string, const I extends string>(path: P, operationId: I, kind: string, extra: string) {
  return operation({
    method: "POST",
    path,
    operationId,
    summary: `Saves a ${kind} filter state; the searchId is derived from the kind and the filters (same filters, same id)${extra}`,
    body: SettingFilters,
    responses: { 200: json("The searchId, the kind and the stored filters", SavedSettingSearch) },
  });
}

const detailAnswer = json("The setting in that metal with its variants, matching band and offered promotion", SettingDetail);

export const settingOperations = {
  searchSettings: settingSearch(
    "/search/settingsv2",
    "searchSettings",
    "Setting and wedding band search",
    `Without filters it lists ring settings (itemType 1); itemTypeNames, when given, replace itemType (e.g. ["WeddingBands"] with gender and eternity for the band pages).`,
    SETTINGS_PAGE_SIZE,
  ),
  searchJewelry: settingSearch(
    "/search/jewellery",
    "searchJewelry",
    "Jewelry search",
    "Without itemTypeNames it covers every jewelry type: Bracelet, Necklace, PresetEarrings and PresetEngagementRing.",
    JEWELRY_PAGE_SIZE,
  ),
  saveSettingSearch: saveSettingSearch("/search-request/settings2", "saveSettingSearch", "setting (or wedding band)", ""),
  saveJewelrySearch: saveSettingSearch("/search-request/jewellery", "saveJewelrySearch", "jewelry", "; without itemTypeNames every jewelry type is stored"),
  getSavedSettingSearch: operation({
    method: "GET",
    path: "/search-request/settings/{id}",
    operationId: "getSavedSettingSearch",
    summary: "A saved setting search's filters",
    params: SearchIdParam,
    responses: { 200: json("The saved search", SavedSettingSearch), 404: refusal("No filters found (unknown, or not a setting search)") },
  }),
  getSavedWeddingBandSearch: operation({
    method: "GET",
    path: "/search-request/wedding-bands/{id}",
    operationId: "getSavedWeddingBandSearch",
    summary: "A saved wedding band search's filters (a setting search whose item types are only WeddingBands, or itemType 0)",
    params: SearchIdParam,
    responses: { 200: json("The saved search", SavedSettingSearch), 404: refusal("No filters found (unknown, or not a band search)") },
  }),
  runSavedSettingSearch: operation({
    method: "GET",
    path: "/settings/searches/{id}/{page}",
    operationId: "runSavedSettingSearch",
    auth: "optional",
    summary: `Runs a saved setting search: page {page} of ${SETTINGS_PAGE_SIZE}`,
    params: SavedPageParams,
    query: PromoQuery,
    responses: { 200: json("The page of results, with searchId and filters", SettingSearchResponse), 404: NO_FILTERS },
  }),
  runSavedJewelrySearch: operation({
    method: "GET",
    path: "/jewellery/searches/{id}",
    operationId: "runSavedJewelrySearch",
    auth: "optional",
    summary: `Runs a saved jewelry search: page pageNumber of ${JEWELRY_PAGE_SIZE}`,
    params: SearchIdParam,
    query: PageQuery,
    responses: { 200: json("The page of results, with searchId and filters", SettingSearchResponse), 404: NO_FILTERS },
  }),
  getSetting: operation({
    method: "GET",
    path: "/settings/{id}",
    operationId: "getSetting",
    summary: "A setting (or band, or jewelry item) in its default metal: 14K white gold when available, else its first available metal",
    params: SettingIdParam,
    query: PromoQuery,
    responses: { 200: detailAnswer, 404: refusal("No such setting") },
  }),
  getSettingInMetal: operation({
    method: "GET",
    path: "/settings/{id}/{metal}",
    operationId: "getSettingInMetal",
    summary: "A setting in one metal (§7 settings/{id}/{variant}: the metal code the page URLs carry)",
    params: SettingVariantParams,
    query: PromoQuery,
    responses: { 200: detailAnswer, 404: refusal("No such setting, or it does not come in that metal") },
  }),
  getJewelryVariant: operation({
    method: "GET",
    path: "/jewellery/jewellery-variant/{variantId}",
    operationId: "getJewelryVariant",
    summary: "A jewelry item (not a ring setting, preset engagement ring or band) in the metal of one of its variants",
    params: v.object({ variantId: SettingIdParam.entries.id }),
    query: PromoQuery,
    responses: { 200: detailAnswer, 404: refusal("No such jewelry variant") },
  }),
  bestSellingSettings: operation({
    method: "GET",
    path: "/settings/best-selling",
    operationId: "bestSellingSettings",
    summary: "Up to 8 engagement ring settings by popularity (sortingOrder), each with its available metals, 14K white gold first",
    query: PromoQuery,
    responses: { 200: json("Settings", SettingSummaryList) },
  }),
  popularEngagementRings: operation({
    method: "GET",
    path: "/setting/engagement-rings",
    operationId: "popularEngagementRings",
    summary: "Up to 8 preset engagement rings (itemType 5) by popularity, each with its available metals, 14K white gold first",
    query: PromoQuery,
    responses: { 200: json("Preset engagement rings", SettingSummaryList) },
  }),
  studSettings: operation({
    method: "POST",
    path: "/studsettings",
    operationId: "studSettings",
    summary:
      "Stud earring mountings (itemTypeName Stud) for a pair of diamonds of this shape: the retailer's own first, halo mountings after the others above 1.5 ct, then by popularity",
    description:
      "Each in the asked metal when it comes in it, else in all its available metals, cheapest first. size is the carat weight of one diamond of the pair.",
    body: StudSettingsRequest,
    responses: { 200: json("Stud mountings", SettingSummaryList) },
  }),
  similarRings: operation({
    method: "POST",
    path: "/similar-searches",
    operationId: "similarRings",
    summary:
      "Up to `pageSize` (1-12, default 6) available engagement rings (item types 1 and 5), one variant each: the asked metal where the ring has it, else its cheapest",
    description:
      "itemId or shape is required. With itemId (a setting id): the other rings sharing a style bit or a diamond shape with that setting, most shared style bits first. With shape: only rings taking that shape. Then sortingOrder ascending, then id. Prices in integer US cents.",
    body: SimilarRingsRequest,
    responses: { 200: json("Similar rings, most alike first", SimilarRingsResponse), 404: refusal("No such engagement ring setting") },
  }),
} as const;
