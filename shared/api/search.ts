/** §7 "Search and catalogue": the diamond search, saved diamond searches and the index status. */
import * as v from "valibot";
import {
  DiamondFilters,
  DiamondSearchRequest,
  DiamondSearchResponse,
  DiamondsBySearchQuery,
  NO_FILTERS_FOUND,
  SaveSearchResponse,
  SavedSearch,
} from "../schemas";
import { json, operation, refusal } from "./operation";

/** `GET /api/search/status`: what the search index holds. */
export const SearchIndexStatus = v.object({
  version: v.string(),
  diamonds: v.number(),
  skipped: v.number(),
  bytes: v.number(),
  loadMs: v.number(),
  loadedAt: v.pipe(v.number(), v.description("epoch ms")),
});
export type SearchIndexStatus = v.InferOutput<typeof SearchIndexStatus>;

/** `GET /api/diamonds?searchId=` answer: a page of results with the saved search's id and filters. */
export const SavedSearchResults = v.object({ ...DiamondSearchResponse.entries, searchId: v.string(), filters: DiamondFilters });

const NO_FILTERS = refusal(NO_FILTERS_FOUND);

export const searchOperations = {
  searchDiamonds: operation({
    method: "POST",
    path: "/diamonds2",
    operationId: "searchDiamonds",
    auth: "optional",
    summary: "Filtered diamond search",
    description:
      "Every min must not exceed its max (price, carat, depth, table, ratio). Sold diamonds are excluded. Order: the sort key in the asked direction, then sortingOrder ascending, then id ascending. With includeFacets the response adds facet counts (each value's total with every other filter applied) and the price histogram (every filter but price).",
    body: DiamondSearchRequest,
    responses: { 200: json("A page of diamonds and the exact total", DiamondSearchResponse) },
  }),
  saveDiamondSearch: operation({
    method: "POST",
    path: "/diamond-filter",
    operationId: "saveDiamondSearch",
    summary: "Saves a filter state; the searchId is derived from the filters (same filters, same id)",
    body: DiamondFilters,
    responses: { 200: json("The searchId and the stored filters", SaveSearchResponse) },
  }),
  getSavedSearch: operation({
    method: "GET",
    path: "/searches/{id}",
    operationId: "getSavedSearch",
    summary: "A saved search's filters (an id that is not a searchId is not found either)",
    params: v.object({ id: v.pipe(v.string(), v.maxLength(64)) }),
    responses: { 200: json("The saved search", SavedSearch), 404: NO_FILTERS },
  }),
  searchDiamondsBySearchId: operation({
    method: "GET",
    path: "/diamonds",
    operationId: "searchDiamondsBySearchId",
    auth: "optional",
    summary: "Runs a saved search",
    query: DiamondsBySearchQuery,
    responses: { 200: json("The page of results, with searchId and filters", SavedSearchResults), 404: NO_FILTERS },
  }),
  searchIndexStatus: operation({
    method: "GET",
    path: "/search/status",
    operationId: "searchIndexStatus",
    summary: "The search index: catalogue version, diamonds, bytes, load time (operators and the bench)",
    responses: { 200: json("Index status", SearchIndexStatus) },
  }),
} as const;
