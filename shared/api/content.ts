/** §7 content services: traffic alerts and search headings from the content store; visitor preferences. */
import * as v from "valibot";
import { SearchHeading, TrafficAlert, TrafficAlertId } from "../content";
import { Faq } from "../content/faq";
import { AnyContentItem, ContentCards, ProductShipping, SurveyQuestions } from "../content/items";
import { CONTENT_PAGE_IDS } from "../settings/pages";
import { empty, json, operation, refusal } from "./operation";

const PageIdParam = v.object({ pageId: v.picklist(CONTENT_PAGE_IDS, "pageId must be a search page or collection id") });

/** The theme form (works without JavaScript: a form POST answers 303 back to `returnTo`). */
export const ThemeForm = v.object({
  theme: v.picklist(["light", "dark"], "theme must be light or dark"),
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048)), "/"),
});

const ItemName = v.object({ name: v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "name must be letters, digits, - and _")) });
const unknownItem = refusal("No content item with this name");
/** §9 content cache: items answer with `Cache-Control: public, max-age=300` (none when the source failed: null). */
const item = <S extends v.GenericSchema>(summary: string, schema: S) => ({
  summary,
  responses: { 200: json(`${summary}; null when the content source failed (§8)`, v.nullable(schema)) },
});

export const contentOperations = {
  contentItem: operation({
    method: "GET",
    path: "/content/item/{name}",
    operationId: "contentItem",
    summary: "A content item by name (home, MarketingConfigurations, Timer, Productpills, dynamicsearchpageheadingsubheading, …); null when its source failed",
    params: ItemName,
    responses: { 200: json("The item", AnyContentItem), 404: unknownItem },
  }),
  contentTree: operation({
    method: "GET",
    path: "/content/tree/{name}",
    operationId: "contentTree",
    summary: "A content item read as a tree (`?tree=1`): SurveyQuestions",
    params: ItemName,
    query: v.object({ tree: v.optional(v.picklist(["1", "true"], "tree must be 1"), "1") }),
    responses: { 200: json("The post-purchase survey; null when its source failed", v.nullable(SurveyQuestions)), 404: unknownItem },
  }),
  productShipping: operation({
    method: "GET",
    path: "/product-shippings/{id}",
    operationId: "productShipping",
    params: v.object({ id: v.pipe(v.string(), v.maxLength(6), v.regex(/^\d{1,6}$/, "id must be a number"), v.transform(Number)) }),
    summary: "Shipping options by id (1)",
    responses: {
      200: json("Shipping options; null when the content source failed (§8)", v.nullable(ProductShipping)),
      404: refusal("No shipping options with this id"),
    },
  }),
  bannerSingles: operation({ method: "GET", path: "/banner-singles", operationId: "bannerSingles", ...item("Single banners", ContentCards) }),
  popUpCards: operation({ method: "GET", path: "/pop-up-cards", operationId: "popUpCards", ...item("Pop-up cards", ContentCards) }),
  checkoutFaq: operation({ method: "GET", path: "/checkoutfaq", operationId: "checkoutFaq", ...item("The checkout FAQ", Faq) }),
  searchHeading: operation({
    method: "GET",
    path: "/content/search-heading/{pageId}",
    operationId: "searchHeading",
    summary: "A search page's or collection's heading and subheading from the content store, or null (the page shows its own)",
    params: PageIdParam,
    responses: { 200: json("The heading, or null", SearchHeading) },
  }),
  trafficAlert: operation({
    method: "GET",
    path: "/content/traffic-alert/{id}",
    operationId: "trafficAlert",
    summary: "A running traffic alert (the layout fetches tariff-2026, or holiday-shipping-2026 for Hide_Tariff_Alert_V2's test variant)",
    params: TrafficAlertId,
    responses: { 200: json("The alert", TrafficAlert), 404: refusal("No running alert with this id") },
  }),
  setTheme: operation({
    method: "POST",
    path: "/preferences/theme",
    operationId: "setTheme",
    summary: "Sets the visitor's theme cookie (365 days): JSON answers the theme, a form 303s back to returnTo (a local path)",
    body: ThemeForm,
    bodyType: "json-or-form",
    responses: { 200: json("The theme set", v.object({ theme: v.picklist(["light", "dark"]) })), 303: empty("Back to returnTo (a form post)") },
  }),
  openapi: operation({
    method: "GET",
    path: "/openapi.json",
    operationId: "openapi",
    summary: "This document",
    responses: { 200: json("The OpenAPI 3.1 document", v.record(v.string(), v.unknown())) },
  }),
} as const;
