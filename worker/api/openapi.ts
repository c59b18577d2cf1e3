import { Hono } from "hono";
import { toJsonSchema } from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";
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
  SimilarDiamondsRequest,
  SimilarDiamondsResponse,
} from "#shared/schemas.ts";
import type { AppEnv } from "../env";

function schema(s: GenericSchema) {
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
            { name: "promoCodeVariation", in: "query", required: false, schema: { type: "string", enum: ["0", "1"] } },
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
        get: { operationId: "promotionGroups", summary: "The promotion campaigns running now", responses: { 200: { description: "Promotion groups", content: json("PromotionGroups") } } },
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
        DiamondFilters: schema(DiamondFilters),
        SaveSearchResponse: schema(SaveSearchResponse),
        SavedSearch: schema(SavedSearch),
        RetailerList: schema(RetailerList),
        PromotionGroups: schema(PromotionGroups),
        ErrorEnvelope: schema(ErrorEnvelope),
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
