/** §7 content services: traffic alerts and search headings from the content store; visitor preferences. */
import * as v from "valibot";
import { SearchHeading, TrafficAlert, TrafficAlertId } from "../content";
import { CONTENT_PAGE_IDS } from "../settings/pages";
import { empty, json, operation, refusal } from "./operation";

const PageIdParam = v.object({ pageId: v.picklist(CONTENT_PAGE_IDS, "pageId must be a search page or collection id") });

/** The theme form (works without JavaScript: a form POST answers 303 back to `returnTo`). */
export const ThemeForm = v.object({ theme: v.picklist(["light", "dark"], "theme must be light or dark"), returnTo: v.optional(v.string(), "/") });

export const contentOperations = {
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
