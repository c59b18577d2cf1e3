import { Hono } from "hono";
import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import {
  Diamond,
  DiamondFilters,
  DiamondSearchRequest,
  DiamondSearchResponse,
  ErrorEnvelope,
  PromotionGroups,
  RetailerList,
  SavedSearch,
  SaveSearchResponse,
  SEARCH_ID_PATTERN,
  SimilarDiamondsRequest,
  SimilarDiamondsResponse,
} from "#shared/schemas.ts";
import { SimilarRingsRequest, SimilarRingsResponse } from "#shared/rings.ts";
import { CarePlanQuotesResponse, CartIntent, CartView, OrderDraftResponse, PriceLockResponse, ValidPromotionResponse } from "#shared/cart/schemas.ts";
import { TrafficAlert } from "#shared/content.ts";
import { ExperimentOverride } from "#shared/experiments/overrides.ts";
import { ExperimentAssignments, ExperimentEvent, ExperimentReport } from "#shared/experiments/schemas.ts";
import { CONTENT_PAGE_IDS, JEWELLERY_PAGE_SIZE, MAX_SETTINGS_PAGE_SIZE, SETTINGS_PAGE_SIZE } from "#shared/settings/pages.ts";
import { SearchHeading } from "#shared/content.ts";
import {
  SavedSettingSearch,
  SettingDetail,
  SettingFilters,
  SettingSearchRequest,
  SettingSearchResponse,
  SettingSummaryList,
  StudSettingsRequest,
} from "#shared/settings/schemas.ts";
import type { AppEnv } from "../env";

function schema(s: v.GenericSchema) {
  // Refinements (v.check) cannot be expressed in JSON Schema; they are described in the operation text.
  const json = toJsonSchema(s, { errorMode: "ignore", target: "openapi-3.0" }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** JSON content of a named component schema. */
const json = (name: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${name}` } } });

const errorResponse = (description: string) => ({ description, content: json("ErrorEnvelope") });

/** A JSON-body operation: its request schema and the errors every JSON body can get (api/validate.ts, body limit). */
const jsonRequest = (name: string) => ({
  requestBody: { required: true, content: json(name) },
  errors: {
    400: errorResponse("Invalid request body"),
    413: errorResponse("Request body too large"),
    415: errorResponse("Content-Type is not application/json"),
  },
});

/** `promoCodeVariation` (Promocode_Variation_Global): which running codes are offered. */
const PROMO_PARAM = { name: "promoCodeVariation", in: "query", required: false, description: "Promocode_Variation_Global's variant; without it the visitor's own variant decides (and the answer is private)", schema: { type: "string", enum: ["0", "1"] } };

/** A saved search's id in a path. */
const SEARCH_ID_PARAM = { name: "id", in: "path", required: true, schema: { type: "string", pattern: SEARCH_ID_PATTERN.source } };


/** The two setting searches (§7 POST search/settingsv2 and search/jewellery): one body, different defaults. */
function settingSearchOperation(operationId: string, what: string, defaults: string, pageSize: number) {
  return {
    post: {
      operationId,
      summary: `${what}: a saved search's id or the filters (not both), then one page (${pageSize} by default, at most ${MAX_SETTINGS_PAGE_SIZE})`,
      description:
        `${defaults} Each card lists the setting's available metals that match metals and the price bounds (whole US dollars; prices are cents), cheapest first, with the promo code Promocode_Variation_Global's variant is offered (promoCodeVariation, else the visitor's own). ` +
        "Styles: 1, 2, 4, 8 and 32/128 are style bits, 9 (Hidden Halo) the bit 16, 10 (Unique) and 11 (Vintage) match keywords, 0 the presets; several styles match any. " +
        "Order: sortBy (sortingOrder, the cheapest listed metal's price, or name) in sortOrder, then id. priceRange is the price slider's range with every filter but price. " +
        "IsB2CDiamondSelected true keeps only items that hold a diamond the shopper chooses (Setting, Pendant, Stud). Every min must not exceed its max. An id of another kind or unknown is 404 'No filters found'.",
      requestBody: jsonRequest("SettingSearchRequest").requestBody,
      responses: {
        200: { description: "A page of settings, the total and the filters applied (searchId when restored)", content: json("SettingSearchResponse") },
        ...jsonRequest("SettingSearchRequest").errors,
        404: errorResponse("No filters found"),
      },
    },
  };
}

/** The two saves (§7 POST search-request/settings2 and search-request/jewellery). */
function saveSettingSearchOperation(operationId: string, kind: string, extra: string) {
  return {
    post: {
      operationId,
      summary: `Saves a ${kind} filter state; the searchId is derived from the kind and the filters (same filters, same id)${extra}`,
      requestBody: jsonRequest("SettingFilters").requestBody,
      responses: { 200: { description: "The searchId, the kind and the stored filters", content: json("SavedSettingSearch") }, ...jsonRequest("SettingFilters").errors },
    },
  };
}

/** A setting or jewellery item in one metal. */
const settingDetailResponses = (notFound: string) => ({
  200: { description: "The setting in that metal with its variants, matching band and offered promotion", content: json("SettingDetail") },
  400: errorResponse("Invalid id, metal or promoCodeVariation"),
  404: errorResponse(notFound),
});

/** The OpenAPI 3.0 document, generated from the shared valibot schemas once per isolate. */
function buildDocument() {
  return {
    openapi: "3.0.3",
    info: {
      title: "Loupe API",
      version: "1.0.0",
      description:
        "Loupe marketplace API. Money in responses is integer US cents; price filters are whole US dollars. Every error uses the envelope {error:{code,message,details}}.",
    },
    servers: [{ url: "/api" }],
    paths: {
      "/diamonds2": {
        post: {
          operationId: "searchDiamonds",
          summary: "Filtered diamond search",
          description:
            "Every min must not exceed its max (price, carat, depth, table, ratio). Sold diamonds are excluded. Order: the sort key in the asked direction, then sortingOrder ascending, then id ascending. With includeFacets the response adds facet counts (each value's total with every other filter applied) and the price histogram (every filter but price).",
          requestBody: jsonRequest("DiamondSearchRequest").requestBody,
          responses: {
            200: { description: "A page of diamonds and the exact total", content: json("DiamondSearchResponse") },
            ...jsonRequest("DiamondSearchRequest").errors,
          },
        },
      },
      "/diamonds/{id}": {
        get: {
          operationId: "getDiamond",
          summary: "One diamond with every field",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
            { name: "embed", in: "query", required: false, schema: { type: "string" } },
            PROMO_PARAM,
            { name: "IsB2CDiamondSelected", in: "query", required: false, schema: { type: "string", enum: ["true", "false"] } },
          ],
          responses: {
            200: { description: "The diamond", content: json("Diamond") },
            400: errorResponse("Invalid id or query"),
            404: errorResponse("No such diamond"),
          },
        },
      },
      "/diamonds/get-similar": {
        post: {
          operationId: "similarDiamonds",
          summary: "Up to 5 available diamonds like the given one (same shape and origin, carat ±15 %, colour and clarity ±1 grade)",
          requestBody: jsonRequest("SimilarDiamondsRequest").requestBody,
          responses: {
            200: { description: "Similar diamonds, closest first", content: json("SimilarDiamondsResponse") },
            ...jsonRequest("SimilarDiamondsRequest").errors,
          },
        },
      },
      "/similar-searches": {
        post: {
          operationId: "similarRings",
          summary: "Up to `pageSize` (1-12, default 6) available engagement rings (item types 1 and 5), one variant each: the asked metal where the ring has it, else its cheapest",
          description:
            "itemId or shape is required. With itemId (a setting id): the other rings sharing a style bit or a diamond shape with that setting, most shared style bits first. With shape: only rings taking that shape. Then sortingOrder ascending, then id. Prices in integer US cents.",
          requestBody: jsonRequest("SimilarRingsRequest").requestBody,
          responses: {
            200: { description: "Similar rings, most alike first", content: json("SimilarRingsResponse") },
            ...jsonRequest("SimilarRingsRequest").errors,
            404: errorResponse("No such engagement ring setting"),
          },
        },
      },
      "/logging/diamonds/views/{id}": {
        get: {
          operationId: "logDiamondView",
          summary: "Counts one view of a diamond",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
          responses: { 204: { description: "Counted" }, 400: errorResponse("Invalid id"), 404: errorResponse("No such diamond") },
        },
      },
      "/diamond-filter": {
        post: {
          operationId: "saveDiamondSearch",
          summary: "Saves a filter state; the searchId is derived from the filters (same filters, same id)",
          requestBody: jsonRequest("DiamondFilters").requestBody,
          responses: { 200: { description: "The searchId and the stored filters", content: json("SaveSearchResponse") }, ...jsonRequest("DiamondFilters").errors },
        },
      },
      "/searches/{id}": {
        get: {
          operationId: "getSavedSearch",
          summary: "A saved search's filters",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", pattern: "^[0-9a-z]{12}$" } }],
          responses: { 200: { description: "The saved search", content: json("SavedSearch") }, 404: errorResponse("No filters found") },
        },
      },
      "/diamonds": {
        get: {
          operationId: "searchDiamondsBySearchId",
          summary: "Runs a saved search",
          parameters: [
            { name: "searchId", in: "query", required: true, schema: { type: "string", pattern: "^[0-9a-z]{12}$" } },
            { name: "pageNumber", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 10000 } },
            { name: "pageSize", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100 } },
            { name: "includeFacets", in: "query", required: false, schema: { type: "string", enum: ["true", "false", "1", "0"] } },
          ],
          responses: {
            200: { description: "The page of results, with searchId and filters", content: json("DiamondSearchResponse") },
            400: errorResponse("Missing or invalid query"),
            404: errorResponse("No filters found"),
          },
        },
      },
      "/retailers": { get: { operationId: "listRetailers", summary: "Visible retailers and what they sell", responses: { 200: { description: "Retailers", content: json("RetailerList") } } } },
      "/promotion-group": {
        get: {
          operationId: "promotionGroups",
          summary: "The promotion campaigns running now, offered to the promoCodeVariation",
          parameters: [PROMO_PARAM],
          responses: { 200: { description: "Promotion groups", content: json("PromotionGroups") }, 400: errorResponse("Invalid promoCodeVariation") },
        },
      },
      "/content/traffic-alert/{id}": {
        get: {
          operationId: "trafficAlert",
          summary: "A running traffic alert (the layout fetches tariff-2026, or holiday-shipping-2026 for Hide_Tariff_Alert_V2's test variant)",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", pattern: "^[a-z0-9-]{1,64}$" } }],
          responses: { 200: { description: "The alert", content: json("TrafficAlert") }, 400: errorResponse("Invalid id"), 404: errorResponse("No running alert with this id") },
        },
      },
      "/experiments/assignments": {
        get: {
          operationId: "experimentAssignments",
          summary: "Every experiment with the visitor's variant, how it was decided, the experience they get and whether its event is due (private)",
          responses: { 200: { description: "Assignments", content: json("ExperimentAssignments") } },
        },
      },
      "/experiments/events": {
        post: {
          operationId: "experimentEvent",
          summary: "The browser saw the visitor's variant of a running experiment: stored once per visitor and variant (201 new, 200 already stored)",
          requestBody: jsonRequest("ExperimentEvent").requestBody,
          responses: {
            200: { description: "Already stored" },
            201: { description: "Stored" },
            ...jsonRequest("ExperimentEvent").errors,
            409: errorResponse("The experiment is not running for the visitor, or the variant is not theirs"),
          },
        },
      },
      "/experiments/report": {
        get: {
          operationId: "experimentReport",
          summary: "Admin (Authorization: Bearer ADMIN_TOKEN): every experiment's state, rules, exc/exv links and per-variant visitors, add-to-cart and checkout events",
          responses: { 200: { description: "The report", content: json("ExperimentReport") }, 404: errorResponse("Without the admin token") },
        },
      },
      "/experiments/{name}/override": {
        put: {
          operationId: "setExperimentOverride",
          summary: "Admin: stores an override of the experiment's §3 fields in the content store (live within 30 s, no deploy)",
          parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
          requestBody: jsonRequest("ExperimentOverride").requestBody,
          responses: { 200: { description: "Stored" }, ...jsonRequest("ExperimentOverride").errors, 404: errorResponse("No such experiment, or without the admin token") },
        },
        delete: {
          operationId: "deleteExperimentOverride",
          summary: "Admin: removes the experiment's override",
          parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
          responses: { 204: { description: "Removed" }, 404: errorResponse("No override, no such experiment, or without the admin token") },
        },
      },
      "/cart": {
        get: {
          operationId: "getCart",
          summary: "The visitor's whole cart (by the signed visitor-id cookie), priced from the catalogue",
          description:
            "Money in integer cents (shown in whole USD rounded up). Catalogue prices are at most 30 s old. A sold or missing item stays on its line with status sold/missing and counts nothing. Total is the pre-tax total with an honoured price lock (LockedPrice: an unexpired lock made for the same items).",
          responses: { 200: { description: "The cart", content: json("CartView") } },
        },
        post: {
          operationId: "changeCart",
          summary: "One cart change, as a discriminated intent (type): add-diamond, add-item, remove, update, set-ring-size, apply-promo, remove-promo, set-engraving, remove-engraving, choose-care-plan, set-addresses, set-tax-region, set-payment-method, set-instructions, set-contact, set-item-data, clear, restore",
          description:
            "Prices never come from the client. Rules (§4): adding a setting or diamond keeps the other half; changing the setting clears the ring size; changing the matching band clears its size; removing either half clears the paired diamond, removing both empties the ring list; clear resets everything; one engraving per item (replaced); care plans reconciled with the latest quotes. 404 for an unknown item or line, 409 for a sold item or a full cart; a refused change leaves the cart as it was.",
          requestBody: jsonRequest("CartIntent").requestBody,
          responses: {
            200: { description: "The cart after the change", content: json("CartView") },
            ...jsonRequest("CartIntent").errors,
            404: errorResponse("Unknown item, line or engraving"),
            409: errorResponse("Sold item, full cart, or a ring size without a setting"),
          },
        },
      },
      "/orders/price-lock": {
        post: {
          operationId: "lockPrice",
          summary: "Locks the cart's current pre-tax total for 72 hours",
          description:
            "A new lock is added only when fewer than 4 are stored and the total differs from every stored one (a stored total answers 200 with that lock); at most 3 locks per UTC calendar day. Prices are read fresh from the catalogue first.",
          responses: {
            201: { description: "A new lock", content: json("PriceLockResponse") },
            200: { description: "The lock already holding this total", content: json("PriceLockResponse") },
            409: errorResponse("Empty cart, or 4 locks already stored"),
            429: errorResponse("Daily limit of 3 price locks reached"),
          },
        },
      },
      "/care-plan/quote/cart": {
        post: {
          operationId: "quoteCarePlans",
          summary: "Care-plan quotes per product of the cart (applicablePlanDuration in months, cost, planSku, planRetailPrice); chosen plans are reconciled with them",
          responses: { 200: { description: "Quotes and the cart", content: json("CarePlanQuotesResponse") } },
        },
      },
      ...Object.fromEntries(
        [
          ["/get-valid-promotion-code/{id}", "diamond", "validDiamondPromotion"],
          ["/get-valid-promotion-code/{id}/true", "diamond (codes with a minimum subtotal count as if the cart reached it)", "validDiamondPromotionInCart"],
          ["/settings/get-valid-promotion-code/{id}", "setting", "validSettingPromotion"],
          ["/jewellery/get-valid-promotion-code/{id}", "jewellery item", "validJewelleryPromotion"],
        ].map(([path, what, operationId]) => [
          path,
          {
            get: {
              operationId,
              summary: `The running promo code that takes the most off one ${what}; data.data is null when none applies`,
              parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }, PROMO_PARAM],
              responses: { 200: { description: "The best promotion", content: json("ValidPromotionResponse") }, 400: errorResponse("Invalid id or promoCodeVariation"), 404: errorResponse("No such item") },
            },
          },
        ]),
      ),
      "/search/settingsv2": settingSearchOperation(
        "searchSettings",
        "Setting and wedding band search",
        `Without filters it lists ring settings (itemType 1); itemTypeNames, when given, replace itemType (e.g. ["WeddingBands"] with gender and eternity for the band pages).`,
        SETTINGS_PAGE_SIZE,
      ),
      "/search/jewellery": settingSearchOperation(
        "searchJewellery",
        "Jewellery search",
        "Without itemTypeNames it covers every jewellery type: Bracelet, Necklace, PresetEarrings and PresetEngagementRing.",
        JEWELLERY_PAGE_SIZE,
      ),
      "/search-request/settings2": saveSettingSearchOperation("saveSettingSearch", "setting (or wedding band)", ""),
      "/search-request/jewellery": saveSettingSearchOperation("saveJewellerySearch", "jewellery", "; without itemTypeNames every jewellery type is stored"),
      "/search-request/settings/{id}": {
        get: {
          operationId: "getSavedSettingSearch",
          summary: "A saved setting search's filters",
          parameters: [SEARCH_ID_PARAM],
          responses: { 200: { description: "The saved search", content: json("SavedSettingSearch") }, 400: errorResponse("Malformed id"), 404: errorResponse("No filters found (unknown, or not a setting search)") },
        },
      },
      "/search-request/wedding-bands/{id}": {
        get: {
          operationId: "getSavedWeddingBandSearch",
          summary: "A saved wedding band search's filters (a setting search whose item types are only WeddingBands, or itemType 0)",
          parameters: [SEARCH_ID_PARAM],
          responses: { 200: { description: "The saved search", content: json("SavedSettingSearch") }, 400: errorResponse("Malformed id"), 404: errorResponse("No filters found (unknown, or not a band search)") },
        },
      },
      "/settings/searches/{id}/{page}": {
        get: {
          operationId: "runSavedSettingSearch",
          summary: `Runs a saved setting search: page {page} of ${SETTINGS_PAGE_SIZE}`,
          parameters: [SEARCH_ID_PARAM, { name: "page", in: "path", required: true, schema: { type: "integer", minimum: 1, maximum: 9999 } }, PROMO_PARAM],
          responses: {
            200: { description: "The page of results, with searchId and filters", content: json("SettingSearchResponse") },
            400: errorResponse("Malformed id, page or promoCodeVariation"),
            404: errorResponse("No filters found"),
          },
        },
      },
      "/jewellery/searches/{id}": {
        get: {
          operationId: "runSavedJewellerySearch",
          summary: `Runs a saved jewellery search: page pageNumber of ${JEWELLERY_PAGE_SIZE}`,
          parameters: [SEARCH_ID_PARAM, { name: "pageNumber", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 9999, default: 1 } }, PROMO_PARAM],
          responses: {
            200: { description: "The page of results, with searchId and filters", content: json("SettingSearchResponse") },
            400: errorResponse("Malformed id, pageNumber or promoCodeVariation"),
            404: errorResponse("No filters found"),
          },
        },
      },
      "/settings/{id}": {
        get: {
          operationId: "getSetting",
          summary: "A setting (or band, or jewellery item) in its default metal: 14K white gold when available, else its first available metal",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }, PROMO_PARAM],
          responses: settingDetailResponses("No such setting"),
        },
      },
      "/settings/{id}/{metal}": {
        get: {
          operationId: "getSettingInMetal",
          summary: "A setting in one metal (§7 settings/{id}/{variant}: the metal code the page URLs carry)",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
            { name: "metal", in: "path", required: true, schema: { type: "integer", minimum: 0, maximum: 999 } },
            PROMO_PARAM,
          ],
          responses: settingDetailResponses("No such setting, or it does not come in that metal"),
        },
      },
      "/jewellery/jewellery-variant/{variantId}": {
        get: {
          operationId: "getJewelleryVariant",
          summary: "A jewellery item (not a ring setting, preset engagement ring or band) in the metal of one of its variants",
          parameters: [{ name: "variantId", in: "path", required: true, schema: { type: "integer", minimum: 1 } }, PROMO_PARAM],
          responses: settingDetailResponses("No such jewellery variant"),
        },
      },
      "/settings/best-selling": {
        get: {
          operationId: "bestSellingSettings",
          summary: "Up to 8 engagement ring settings by popularity (sortingOrder), each with its available metals, 14K white gold first",
          parameters: [PROMO_PARAM],
          responses: { 200: { description: "Settings", content: json("SettingSummaryList") }, 400: errorResponse("Invalid promoCodeVariation") },
        },
      },
      "/setting/engagement-rings": {
        get: {
          operationId: "popularEngagementRings",
          summary: "Up to 8 preset engagement rings (itemType 5) by popularity, each with its available metals, 14K white gold first",
          parameters: [PROMO_PARAM],
          responses: { 200: { description: "Preset engagement rings", content: json("SettingSummaryList") }, 400: errorResponse("Invalid promoCodeVariation") },
        },
      },
      "/studsettings": {
        post: {
          operationId: "studSettings",
          summary: "Stud earring mountings (itemTypeName Stud) for a pair of diamonds of this shape: the retailer's own first, halo mountings after the others above 1.5 ct, then by popularity",
          description: "Each in the asked metal when it comes in it, else in all its available metals, cheapest first. size is the carat weight of one diamond of the pair.",
          requestBody: jsonRequest("StudSettingsRequest").requestBody,
          responses: { 200: { description: "Stud mountings", content: json("SettingSummaryList") }, ...jsonRequest("StudSettingsRequest").errors },
        },
      },
      "/content/search-heading/{pageId}": {
        get: {
          operationId: "searchHeading",
          summary: "A search page's or collection's heading and subheading from the content store, or null (the page shows its own)",
          parameters: [{ name: "pageId", in: "path", required: true, schema: { type: "string", enum: [...CONTENT_PAGE_IDS] } }],
          responses: { 200: { description: "The heading, or null", content: json("SearchHeading") }, 400: errorResponse("Not a search page or collection id") },
        },
      },
      "/search/status": { get: { operationId: "searchIndexStatus", summary: "The search index: catalogue version, diamonds, bytes, load time", responses: { 200: { description: "Index status" } } } },
      "/openapi.json": { get: { operationId: "openapi", summary: "This document", responses: { 200: { description: "OpenAPI document" } } } },
    },
    components: {
      schemas: {
        DiamondSearchRequest: schema(DiamondSearchRequest),
        DiamondSearchResponse: schema(DiamondSearchResponse),
        Diamond: schema(Diamond),
        SimilarDiamondsRequest: schema(SimilarDiamondsRequest),
        SimilarDiamondsResponse: schema(SimilarDiamondsResponse),
        SimilarRingsRequest: schema(SimilarRingsRequest),
        SimilarRingsResponse: schema(SimilarRingsResponse),
        DiamondFilters: schema(DiamondFilters),
        SaveSearchResponse: schema(SaveSearchResponse),
        SavedSearch: schema(SavedSearch),
        RetailerList: schema(RetailerList),
        PromotionGroups: schema(PromotionGroups),
        ErrorEnvelope: schema(ErrorEnvelope),
        CartIntent: schema(CartIntent),
        CartView: schema(CartView),
        PriceLockResponse: schema(PriceLockResponse),
        OrderDraftResponse: schema(OrderDraftResponse),
        CarePlanQuotesResponse: schema(CarePlanQuotesResponse),
        ValidPromotionResponse: schema(ValidPromotionResponse),
        TrafficAlert: schema(TrafficAlert),
        ExperimentAssignments: schema(ExperimentAssignments),
        ExperimentEvent: schema(ExperimentEvent),
        ExperimentReport: schema(ExperimentReport),
        ExperimentOverride: schema(ExperimentOverride),
        SettingFilters: schema(SettingFilters),
        SettingSearchRequest: schema(SettingSearchRequest),
        SettingSearchResponse: schema(SettingSearchResponse),
        SavedSettingSearch: schema(SavedSettingSearch),
        SettingDetail: schema(SettingDetail),
        SettingSummaryList: schema(SettingSummaryList),
        StudSettingsRequest: schema(StudSettingsRequest),
        SearchHeading: schema(SearchHeading),
      },
    },
  };
}

let cached: ReturnType<typeof buildDocument> | undefined;

export const openapiApi = new Hono<AppEnv>().get("/openapi.json", (c) => {
  cached ??= buildDocument();
  c.header("Cache-Control", "public, max-age=300");
  return c.json(cached);
});
